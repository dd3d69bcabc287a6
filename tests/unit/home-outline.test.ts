/**
 * The home page is planned from what the site has (src/home/home-outline.ts): the docs team's `home.md` words or the
 * description's own, then only what the site ships. The page (HomeView) and its twin (`/index.md`) render the same
 * outline: these tests render both and fail where a heading of the page is missing from the twin, or where the page
 * promises a changelog, a sandbox or guides the site does not have.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import { hasReleases } from '../../src/changes/releases.ts';
import HomeView from '../../src/components/home/HomeView.astro';
import { openingBudget } from '../../src/home/description-opening.ts';
import { homeMarkdown } from '../../src/home/home-markdown.ts';
import { type HomeOutline, homeOutline } from '../../src/home/home-outline.ts';
import { type ApiModel, loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { guideOutline } from '../../src/publishing/guide-outline.ts';
import { readHomeWords } from '../../src/publishing/home-words.ts';
import { BesideFileError } from '../../src/site/beside-files.ts';
import { loadPortalConfig } from '../../src/site/portal-config.ts';
import { guideSandbox } from '../../src/site/sandbox-address.ts';

const root = path.resolve(import.meta.dirname, '../..');
const container = await AstroContainer.create();

/** The outline a build of `file` plans, as `data/home-outline.ts` gathers it (a build: no `astro dev` sandbox). */
async function plannedFor(file: string): Promise<{ model: ApiModel; outline: HomeOutline }> {
  const model = await loadApiModel(file);
  const outline = homeOutline(model, {
    guides: guideOutline(model, loadPortalConfig(file)),
    changelog: hasReleases(file),
    sandbox: guideSandbox(model, false),
    words: readHomeWords(model),
  });
  return { model, outline };
}

/** A description in a folder of its own, with `files` beside it. */
function describedIn(description: object, files: Record<string, string> = {}): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'home-'));
  const file = path.join(folder, 'openapi.json');
  writeFileSync(file, JSON.stringify(description));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
  return file;
}

const decode = (text: string) =>
  text
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
/** The text of a page's `h2`–`h6` headings, in order. */
const pageHeadings = (html: string) =>
  [...html.matchAll(/<h([2-6])[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => decode(m[2] ?? ''));
/** A twin's `##`–`######` headings' text. */
const twinHeadings = (markdown: string) =>
  [...markdown.matchAll(/^#{2,6} (.+)$/gm)].map((m) => (m[1] ?? '').replace(/\\(.)/g, '$1'));
const render = (outline: HomeOutline) => container.renderToString(HomeView, { props: { outline } });

const paths = {
  '/tools': { get: { operationId: 'listTools', tags: ['Tools'], responses: { '200': { description: 'OK' } } } },
};
const bare = describedIn({
  openapi: '3.1.0',
  info: {
    title: 'Bare API',
    version: '1.0.0',
    summary: 'Tools, listed.',
    description: 'Lists the **tools** of the workshop.\n\n## Details\n\nMore than the home page shows.',
  },
  servers: [{ url: 'https://api.bare.example' }],
  paths,
});

const petStore = await plannedFor(resolveSpecPath(root, {}));

describe('the home page of the Pet Store', () => {
  const { outline } = petStore;

  it('has the words of spec/home.md, its title and tagline, and links to all the site has', async () => {
    expect(outline.title).toBe('Pet Store API documentation');
    expect(outline.tagline).toMatch(/^Everything you need to call the Pet Store API/);
    expect(outline.words?.from).toBe('home.md');
    const html = await render(outline);
    expect(pageHeadings(html)).toEqual([
      'What this portal is',
      'Pet Store API at a glance',
      'Guides',
      'Changelog',
      'Try it against the local sandbox',
    ]);
    expect(html).toContain('href="/guides/rate-limits/"');
    expect(html).toContain('href="/changelog/"');
    expect(html).toContain('href="/reference/schemas/"');
    // The portal's own words to its public say nothing of how it is made (a guide it ships may).
    expect(outline.words?.markdown).not.toMatch(/docs team/i);
  });
});

const bareSite = await plannedFor(bare);

describe('the home page of a description without releases, sandbox or guides of its own', () => {
  const { model, outline } = bareSite;

  it('says the description title, summary and opening, and promises nothing the site lacks', async () => {
    expect(outline.title).toBe('Bare API documentation');
    expect(outline.tagline).toBe('Tools, listed.');
    expect(outline.words).toEqual({ markdown: 'Lists the **tools** of the workshop.', from: 'description' });
    expect(outline.more?.href).toBe('/reference/#about');
    expect(outline.changelog).toBeUndefined();
    expect(outline.sandbox).toBeUndefined();
    const html = await render(outline);
    const twin = homeMarkdown(outline);
    for (const text of [html, twin]) {
      expect(text).not.toMatch(/changelog|sandbox|console|try it|docs team/i);
      expect(text).toContain('tools');
    }
    // The guides it lists are the ones this site ships, and only those.
    const shipped = guideOutline(model, loadPortalConfig(bare)).map((guide) => guide.path);
    const linked = [...html.matchAll(/href="(\/guides\/[^"]+)"/g)].map((m) => m[1]);
    expect(linked).toEqual(shipped);
    if (shipped.length === 0) expect(pageHeadings(html)).not.toContain('Guides');
  });

  it('cuts a long description between blocks, and links to where it is whole', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} of the manual, with some words in it.`);
    const { outline } = await plannedFor(
      describedIn({ openapi: '3.1.0', info: { title: 'Long', version: '1', description: long.join('\n\n') }, paths }),
    );
    expect(outline.words?.markdown.length).toBeLessThanOrEqual(openingBudget);
    expect(outline.words?.markdown).toMatch(/^Paragraph 0 of the manual, with some words in it\.\n\nParagraph 1 /);
    expect(outline.words?.markdown.endsWith('with some words in it.')).toBe(true);
    expect(outline.more).toEqual({ label: 'The whole description: About this API', href: '/reference/#about' });
  });
});

const worded = describedIn(
  { openapi: '3.1.0', info: { title: 'Worded API', version: '1.0.0', description: 'Not shown here.' }, paths },
  {
    'home.md':
      '---\ntitle: Welcome to Worded\ndescription: The one line.\n---\n\n## Start here\n\nRead <script>alert(1)</script> **this**.\n\n### Then\n\nMore.\n',
  },
);
const wordedSite = await plannedFor(worded);

describe('the home page with home.md beside the description', () => {
  const { outline } = wordedSite;

  it('has its words, title and line, rendered safely, and no opening of the description', async () => {
    expect(outline.title).toBe('Welcome to Worded');
    expect(outline.tagline).toBe('The one line.');
    expect(outline.description).toBe('The one line.');
    expect(outline.more).toBeUndefined();
    const html = await render(outline);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('Not shown here');
    expect(html).toContain('<strong>this</strong>');
    expect(pageHeadings(html).slice(0, 2)).toEqual(['Start here', 'Then']);
    expect(homeMarkdown(outline)).not.toContain('<script>');
  });

  it('is refused in one line when it is a link out of the folder, or its frontmatter is wrong', () => {
    const outside = path.join(mkdtempSync(path.join(tmpdir(), 'elsewhere-')), 'secret.md');
    writeFileSync(outside, 'secret');
    const folder = mkdtempSync(path.join(tmpdir(), 'linked-'));
    symlinkSync(outside, path.join(folder, 'home.md'));
    const linked = () => readHomeWords({ files: [path.join(folder, 'openapi.yaml')] });
    expect(linked).toThrow(BesideFileError);
    expect(linked).toThrow(/home\.md: it is a symbolic link to a file outside .*; it is not read\.$/);
    const bad = mkdtempSync(path.join(tmpdir(), 'bad-'));
    mkdirSync(bad, { recursive: true });
    writeFileSync(path.join(bad, 'home.md'), '---\ndescription: fine\ntitle: [1, 2]\n---\nWords.\n');
    expect(() => readHomeWords({ files: [path.join(bad, 'openapi.yaml')] })).toThrow(
      /home\.md:3: its frontmatter's title is not a line of text\.$/,
    );
  });
});

describe.each([
  ['the Pet Store', resolveSpecPath(root, {})],
  ['a bare description', bare],
  ['the events 3.2 fixture', path.join(root, 'tests/fixtures/events-3.2/openapi.yaml')],
])("the home page's twin, for %s", (_, file) => {
  it('has every heading of the page, in the same order', async () => {
    const { outline } = await plannedFor(file);
    const shown = pageHeadings(await render(outline));
    expect(shown.length).toBeGreaterThan(0);
    expect(twinHeadings(homeMarkdown(outline))).toEqual(shown);
    expect(homeMarkdown(outline).startsWith(`# ${outline.title}\n`)).toBe(true);
  });
});
