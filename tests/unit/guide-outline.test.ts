/**
 * The guide outline (src/publishing/guide-outline.ts) is the one list of guides: which ship, in which order, with
 * which title, description and paths. The MCP server's search reads it, and a build's sidebar, guide pages, twins
 * and `llms.txt` must say the same.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { searchableGuides } from '../../src/mcp/guides.ts';
import { loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { guideOutline, guidesFolder } from '../../src/publishing/guide-outline.ts';
import { loadPortalConfig } from '../../src/site/portal-config.ts';
import { defineSiteConfig } from '../../src/site/site-config.ts';
import { buildSite, root, run } from './support/programs.ts';

const spec = resolveSpecPath(root, {});
const model = await loadApiModel(spec);
const config = loadPortalConfig(spec);

/** A guide file's `sidebar.order`, read plainly from its frontmatter. */
const orderOf = (file: string) => Number(/^\s+order:\s*(\d+)/m.exec(readFileSync(file, 'utf8'))?.[1]);

describe("a guide's links to other guides", () => {
  /** What a guide's frontmatter `requires`: the facts without which the site leaves it out. */
  const requiresOf = (file: string) =>
    new Set(
      (/^requires:\s*\[(.*)\]$/m.exec(readFileSync(file, 'utf8'))?.[1] ?? '')
        .split(',')
        .map((f) => f.trim().replace(/'/g, '')),
    );

  it('lead only to guides that ship wherever the linking guide does', () => {
    const broken: string[] = [];
    for (const name of readdirSync(guidesFolder).filter((n) => n.endsWith('.mdx'))) {
      const file = path.join(guidesFolder, name);
      const needs = requiresOf(file);
      for (const [, target] of readFileSync(file, 'utf8').matchAll(/\]\(\.\.\/([\w-]+)\/[^)]*\)/g)) {
        const targetNeeds = requiresOf(path.join(guidesFolder, `${target}.mdx`));
        const missing = [...targetNeeds].filter((fact) => fact && !needs.has(fact));
        // A site without these facts ships the linking guide and not the linked one: a broken link there.
        if (missing.length > 0) broken.push(`${name} → ../${target}/ (needs ${missing.join(', ')})`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('the guide outline', () => {
  const outline = guideOutline(model, config);

  it('lists every Pet Store guide once, in the order their frontmatter gives, with a title, description and paths', () => {
    const files = readdirSync(guidesFolder).filter((name) => name.endsWith('.mdx'));
    const byOrder = [...files].sort(
      (a, b) => orderOf(path.join(guidesFolder, a)) - orderOf(path.join(guidesFolder, b)),
    );
    expect(outline.map((guide) => guide.id)).toEqual(byOrder.map((name) => `guides/${name.replace(/\.mdx$/, '')}`));
    for (const guide of outline) {
      expect(guide.title, guide.id).not.toBe('');
      expect(guide.description, guide.id).toMatch(/\.$/);
      expect(guide.path).toBe(`/${guide.id}/`);
      expect(guide.twinPath).toBe(`/${guide.id}.md`);
    }
    expect(outline.find((guide) => guide.id === 'guides/rate-limits')?.headings).toContain('The headers');
    // Prose only: no MDX component (SpecHeaders' list of names made it text) or expression left in.
    for (const guide of outline) expect(guide.prose, guide.id).not.toMatch(/<[A-Z]|[{}]/);
    // List items stay apart, as on the page.
    expect(outline.find((guide) => guide.id === 'guides/errors')?.prose).toContain('branch on it. message is');
  });

  it('leaves out the guides whose requires a site does not meet', async () => {
    const withoutDocsTeam = guideOutline(model, defineSiteConfig({}));
    expect(withoutDocsTeam.map((guide) => guide.id)).not.toContain('guides/publishing');
    expect(withoutDocsTeam.map((guide) => guide.id)).not.toContain('guides/custom-domains');
    const events = await loadApiModel(path.join(root, 'tests/fixtures/events-3.2/openapi.yaml'));
    expect(guideOutline(events, defineSiteConfig({}))).toEqual([]);
  });

  it('is what search_docs searches: the same guides, in the same order, by their twins', () => {
    const searched = searchableGuides(model, config);
    expect(searched.map((page) => [page.title, page.path])).toEqual(
      outline.map((guide) => [guide.title, guide.twinPath]),
    );
  });
});

describe('a build', () => {
  it("has the outline's guides, no other, in its order in the sidebar and llms.txt, each page with its title, headings and twin", () => {
    const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'petstore-guides-')), 'dist');
    const { status, output } = run(buildSite, ['--outDir', outDir]);
    expect(status, output.slice(-2000)).toBe(0);
    const outline = guideOutline(model, config);

    const pages = readdirSync(path.join(outDir, 'guides'), { withFileTypes: true }).filter((f) => f.isDirectory());
    expect(pages.map((page) => `guides/${page.name}`).sort()).toEqual(outline.map((guide) => guide.id).sort());

    // The sidebar, as the home page draws it.
    const home = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const sidebar = home.slice(
      home.indexOf('<nav class="sidebar'),
      home.indexOf('</nav>', home.indexOf('<nav class="sidebar')),
    );
    const sidebarGuides = [...sidebar.matchAll(/<a href="(\/guides\/[^"]+)"[^>]*>([^<]+)</g)];
    expect(sidebarGuides.map((m) => [m[1], m[2]])).toEqual(outline.map((guide) => [guide.path, guide.title]));

    // llms.txt's Guides section: each guide's twin with its one line.
    const llms = readFileSync(path.join(outDir, 'llms.txt'), 'utf8');
    const section = llms.slice(llms.indexOf('## Guides'), llms.indexOf('\n## ', llms.indexOf('## Guides') + 1));
    const listed = [...section.matchAll(/^- \[([^\]]+)\]\(https?:\/\/[^/]+([^)]+)\): (.+)$/gm)];
    expect(listed.map((m) => [m[1], m[2], m[3]])).toEqual(
      outline.map((guide) => [guide.title, guide.twinPath, guide.description]),
    );

    for (const guide of outline) {
      const html = readFileSync(path.join(outDir, guide.path, 'index.html'), 'utf8');
      expect(html).toContain(`<title>${guide.title} |`);
      expect(html).toContain(`<link rel="alternate" type="text/markdown" href="${guide.twinPath}"`);
      const twin = readFileSync(path.join(outDir, guide.twinPath), 'utf8');
      expect(twin.startsWith(`# ${guide.title}\n\n${guide.description}\n`), guide.id).toBe(true);
      // The headings the MDX writes are the page's, in order (components may draw more between them).
      const shown = [...html.matchAll(/<h([2-4])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) =>
        (m[2] ?? '')
          .replace(/<[^>]+>/g, '')
          .replaceAll('&amp;', '&')
          .replaceAll('&#39;', "'")
          .trim(),
      );
      const positions = guide.headings.map((heading) => shown.indexOf(heading));
      expect(
        guide.headings.filter((_, i) => (positions[i] ?? -1) < 0),
        guide.id,
      ).toEqual([]);
      expect(positions, guide.id).toEqual([...positions].sort((a, b) => a - b));
    }
  }, 300_000);
});
