/**
 * The shell's bytes per page: what every page repeats around its content (head, header, search, theme select,
 * the sidebar's frame, the table of contents, previous/next), measured in a build of the Pet Store on a few pages of
 * each kind, so the figure lives here and a shell that grows back fails. The page's own content (`<main>`) and the
 * sidebar's entries (derived from the description) are left out: they are the page, not its shell. Also pinned:
 * the shell draws no inline SVG, writes only the inline scripts it needs before the first paint, and every page
 * names one script file, the same on every page (the shell's and the page's behaviour), loaded after the first
 * paint, none fetched before it; a guide with code blocks adds Expressive Code's (its Copy buttons); and the one
 * stylesheet, gzipped, fits in a connection's first round trip.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { referenceUrls } from '../../src/reference/routes.ts';
import { buildSite, root, run } from './support/programs.ts';

/** Bytes of shell allowed per page, by kind: a little over what each measures, well under what it was. */
const shellBudgets = {
  home: 6_650,
  introduction: 7_950,
  operation: 7_600,
  guide: 7_600,
  models: 7_300,
};

/**
 * ThemeProvider's, the (one) theme select's, and the head's two (own-inline-scripts.ts): the flag that scripts run
 * and the loader of the page's script after its first paint.
 */
const inlineScriptsAllowed = 4;

let outDir = '';
const pages: Record<keyof typeof shellBudgets, string> = {
  home: '/',
  introduction: '',
  operation: '',
  guide: '/guides/getting-started/',
  models: '',
};

beforeAll(async () => {
  outDir = path.join(mkdtempSync(path.join(tmpdir(), 'petstore-shell-')), 'dist');
  const { status, output } = run(buildSite, ['--outDir', outDir]);
  expect(status, output.slice(-2000)).toBe(0);
  const model = await loadApiModel(resolveSpecPath(root));
  const urls = referenceUrls(model);
  const first = model.operations[0];
  if (!first) throw new Error('the Pet Store has no operations');
  pages.introduction = urls.introduction;
  pages.operation = urls.operation(first);
  pages.models = urls.schemas;
}, 300_000);

/** Where an element that opens at `start` ends, nested elements of the same name counted. */
function elementEnd(html: string, start: number, tag: string): number {
  let depth = 0;
  for (const match of html.slice(start).matchAll(new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g'))) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return start + (match.index ?? 0) + match[0].length;
  }
  throw new Error(`<${tag}> at ${start} never closes`);
}

/** The page without its content (`<main>`) and the sidebar's entries (`ul.pst-nav`): its shell. */
function shellOf(html: string): string {
  let shell = html;
  for (const [opening, tag] of [
    [/<main\b/, 'main'],
    [/<ul class="pst-nav"/, 'ul'],
  ] as const) {
    const start = shell.search(opening);
    if (start === -1) throw new Error(`no ${opening} in the page`);
    shell = shell.slice(0, start) + shell.slice(elementEnd(shell, start, tag));
  }
  return shell;
}

function pageHtml(url: string): string {
  return readFileSync(path.join(outDir, url, 'index.html'), 'utf8');
}

describe("the shell's bytes per page", () => {
  for (const kind of Object.keys(shellBudgets) as (keyof typeof shellBudgets)[]) {
    it(`stays within its budget on the ${kind} page`, () => {
      const shell = shellOf(pageHtml(pages[kind]));
      expect(Buffer.byteLength(shell), pages[kind]).toBeLessThanOrEqual(shellBudgets[kind]);
      expect(shell, 'an inline SVG').not.toContain('<svg');
      expect(shell.match(/<script>/g) ?? [], 'inline scripts').toHaveLength(inlineScriptsAllowed);
      // Starlight wrote one in the header and a second in the phone menu's footer.
      expect(shell.match(/<starlight-theme-select>/g) ?? [], 'theme selects').toHaveLength(1);
    });
  }

  it('names one script file on every page, the same file, loaded after the first paint', () => {
    const scriptFiles = (url: string) =>
      [...pageHtml(url).matchAll(/<script type="text\/plain" data-after-paint="([^"]+)"/g)].map(
        (match) => match[1] ?? '',
      );
    // A script the browser fetches while it reads the page competes with what the first paint needs.
    for (const url of Object.values(pages)) expect(pageHtml(url), url).not.toMatch(/<script\b[^>]*\ssrc=/);
    const [behaviour] = scriptFiles('/');
    expect(behaviour).toMatch(/^\/_astro\/[\w-]+\.js$/);
    for (const url of Object.values(pages)) {
      const files = scriptFiles(url);
      // Expressive Code's script (its code blocks' Copy buttons) on a guide that has code blocks.
      const others = files.filter((file) => file !== behaviour && !/\/ec\.[\w-]+\.js$/.test(file));
      expect(files, url).toContain(behaviour);
      expect(others, url).toEqual([]);
    }
    expect(scriptFiles(pages.operation), 'an operation page').toEqual([behaviour]);
  });

  it("links one stylesheet on every page kind, the same file (a guide with code blocks adds Expressive Code's)", () => {
    // Each render-blocking stylesheet is a request the first paint waits for: Starlight's Steps styles were a
    // stylesheet of their own on every page, and its components barrel brought every component's (Icon's).
    const stylesheets = (url: string) =>
      [...pageHtml(url).matchAll(/<link rel="stylesheet" href="([^"]+)"(?! media="print")/g)].map(
        (match) => match[1] ?? '',
      );
    const [site] = stylesheets('/');
    expect(site).toMatch(/^\/_astro\/[\w.-]+\.css$/);
    for (const url of Object.values(pages)) {
      const others = stylesheets(url).filter((file) => !/\/ec\.[\w-]+\.css$/.test(file));
      expect(others, url).toEqual([site]);
    }
    expect(stylesheets(pages.operation), 'an operation page').toEqual([site]);
  });

  it("gzipped, the site's stylesheet fits in the first round trip of a connection", () => {
    // A new connection sends 10 segments before it waits for the reader's acknowledgement (RFC 6928's initial
    // window, 14,600 bytes), about 1 KB of it the response's headers (the CSP among them): a stylesheet past that
    // takes a round trip more, and the first paint waits for it. The shell's icons written into it took it there.
    const [site] = [...pageHtml('/').matchAll(/<link rel="stylesheet" href="\/([^"]+)"/g)].map(
      (match) => match[1] ?? '',
    );
    const stylesheet = readFileSync(path.join(outDir, site ?? 'missing'));
    expect(gzipSync(stylesheet).byteLength).toBeLessThanOrEqual(13_000);
  });

  it('writes the table of contents once on every page and draws previous/next arrows without SVG', () => {
    // Starlight wrote two on other pages than operations: the wide screen's column and the phone's bar.
    for (const url of Object.values(pages).filter((url) => url !== '/')) {
      expect(pageHtml(url).match(/<(mobile-)?starlight-toc\b/g), url).toHaveLength(1);
    }
    const guide = pageHtml(pages.guide);
    const pagination = guide.search(/<div class="pst-pagination\b/);
    expect(pagination).toBeGreaterThan(-1);
    expect(guide.slice(pagination, elementEnd(guide, pagination, 'div'))).not.toContain('<svg');
  });
});
