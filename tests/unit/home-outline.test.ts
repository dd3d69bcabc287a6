/**
 * The home page is planned from what the site has (src/home/home-outline.ts): the docs team's `home.md` words or the
 * description's own, then only what the site ships. The page (HomeView) and its twin (`/index.md`) render the same
 * outline: these tests render both and fail where a heading of the page is missing from the twin, or where the page
 * promises a changelog, a sandbox or guides the site does not have.
 */
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import { apiReleasesDir, hasReleases, hasReleasesIn } from '../../src/changes/releases.ts';
import HomeView from '../../src/components/home/HomeView.astro';
import { openingBudget } from '../../src/home/description-opening.ts';
import { homeMarkdown } from '../../src/home/home-markdown.ts';
import { type HomeOutline, homeOutline, siteHomeOutline } from '../../src/home/home-outline.ts';
import { type ApiModel, loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { guideOutline } from '../../src/publishing/guide-outline.ts';
import { readHomeWords } from '../../src/publishing/home-words.ts';
import { ownIcon } from '../../src/publishing/site-icon.ts';
import { loadApiOfSite } from '../../src/reference/api-of-site.ts';
import { BesideFileError } from '../../src/site/beside-files.ts';
import { portalApis, siteFolder } from '../../src/site/portal-apis.ts';
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
    words: readHomeWords(path.dirname(file)),
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
/** A twin's `##`–`######` headings' text (a heading that is a link, its text). */
const twinHeadings = (markdown: string) =>
  [...markdown.matchAll(/^#{2,6} (.+)$/gm)].map((m) =>
    (m[1] ?? '').replace(/^\[(.*)\]\(<?[^()]*>?\)$/, '$1').replace(/\\(.)/g, '$1'),
  );
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
    const linked = () => readHomeWords(folder);
    expect(linked).toThrow(BesideFileError);
    expect(linked).toThrow(/home\.md: it is a symbolic link to a file outside .*; it is not read\.$/);
    const bad = mkdtempSync(path.join(tmpdir(), 'bad-'));
    mkdirSync(bad, { recursive: true });
    writeFileSync(path.join(bad, 'home.md'), '---\ndescription: fine\ntitle: [1, 2]\n---\nWords.\n');
    expect(() => readHomeWords(bad)).toThrow(/home\.md:3: its frontmatter's title is not a line of text\.$/);
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

/**
 * A site of several APIs in a folder of its own: three fixtures, each copied into a folder of its own (so that their
 * models are not the ones other tests publish at /reference/), listed by portal.json beside `home.md`, a `guides/`
 * folder and a `favicon.svg`; the first API's folder holds decoys of all three, which the site must not read.
 */
function severalApis(): string {
  const site = mkdtempSync(path.join(tmpdir(), 'several-'));
  const fixtures = { kennels: 'swagger-2.0', events: 'events-3.2', garden: 'changelog' };
  for (const [id, fixture] of Object.entries(fixtures)) {
    mkdirSync(path.join(site, id));
    copyFileSync(path.join(root, 'tests/fixtures', fixture, 'openapi.yaml'), path.join(site, id, 'openapi.yaml'));
  }
  const releases = path.relative(site, path.join(root, 'tests/fixtures/changelog/releases'));
  const apis = Object.keys(fixtures).map((id) => ({
    id,
    spec: `${id}/openapi.yaml`,
    ...(id === 'garden' && { releases }),
  }));
  writeFileSync(path.join(site, 'portal.json'), JSON.stringify({ title: 'Three of a kind', apis }));
  writeFileSync(path.join(site, 'home.md'), "## Welcome\n\nThe site's own words.\n");
  mkdirSync(path.join(site, 'guides'));
  writeFileSync(path.join(site, 'guides', 'hello.md'), '---\ntitle: Hello from the site\n---\n\nHello.\n');
  const icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
  writeFileSync(path.join(site, 'favicon.svg'), icon);
  const first = path.join(site, 'kennels');
  writeFileSync(path.join(first, 'home.md'), "---\ntitle: The first API's words\n---\n\n## Not these\n");
  mkdirSync(path.join(first, 'guides'));
  writeFileSync(path.join(first, 'guides', 'decoy.md'), '---\ntitle: Not this guide\n---\n\nNo.\n');
  writeFileSync(path.join(first, 'favicon.svg'), icon.replace('<rect', '<circle'));
  return path.join(site, 'portal.json');
}

/** The outline a build of the site at `portalFile` plans, as `data/home-outline.ts` gathers it. */
async function plannedSite(portalFile: string) {
  const config = loadPortalConfig(portalFile, {});
  const apis = portalApis(portalFile, config);
  const models: ApiModel[] = [];
  for (const api of apis) models.push(await loadApiOfSite(api));
  const folder = siteFolder(portalFile, config);
  const guides = guideOutline(models[0] as ApiModel, config);
  const homeApis = apis.map((api, i) => ({
    model: models[i] as ApiModel,
    base: api.base,
    changelog: hasReleasesIn(apiReleasesDir(api)),
    sandbox: guideSandbox(models[i] as ApiModel, false),
  }));
  const inputs = { guides, words: readHomeWords(folder), siteTitle: config.title };
  return { folder, guides, outline: siteHomeOutline(homeApis, inputs), homeApis, inputs };
}

const several = await plannedSite(severalApis());

describe('the home page of a site of several APIs', () => {
  const { outline } = several;

  it('is named after the site, says how many APIs, and lists each linked under its prefix', async () => {
    expect(outline.title).toBe('Three of a kind');
    expect(outline.tagline).toBe('The reference and guides of 3 APIs.');
    expect(outline.glance).toBeUndefined();
    expect(outline.sandbox).toBeUndefined();
    expect(outline.apis?.items.map((api) => [api.title, api.href])).toEqual([
      ['Kennel Booking API', '/reference/kennels/'],
      ['Event Hub API', '/reference/events/'],
      ['Garden API', '/reference/garden/'],
    ]);
    const [kennels, events, garden] = outline.apis?.items ?? [];
    // The summary, else the start of the description as text.
    expect(events?.summary).toBe('Publish events, search them, and be told when they arrive.');
    expect(kennels?.summary).toBe('Book a stay for your pet at a partner kennel.');
    expect(garden?.facts[0]).toBe('Version 2.0.0');
    expect(garden?.facts[1]).toMatch(/^\d+ operations$/);
    expect(garden?.facts[2]).toMatch(/^\d+ models?$/);
    // Only the API with releases has a changelog.
    expect(outline.apis?.items.map((api) => api.changelog?.href)).toEqual([
      undefined,
      undefined,
      '/reference/garden/changelog/',
    ]);
    // Built without SANDBOX_URL, and none names a sandbox server: no API has a sandbox to link.
    expect(outline.apis?.items.map((api) => api.sandbox)).toEqual([undefined, undefined, undefined]);
    const html = await render(outline);
    for (const href of ['/reference/kennels/', '/reference/events/', '/reference/garden/']) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain('href="/reference/garden/changelog/"');
    expect(html).not.toMatch(/href="\/reference\/"|href="\/changelog\/"/);
    expect(pageHeadings(html)).toEqual([
      'Welcome',
      'APIs',
      'Kennel Booking API',
      'Event Hub API',
      'Garden API',
      'Guides',
    ]);
  });

  it("links each API's sandbox section where its console calls one, as a build with SANDBOX_URL has", async () => {
    const hosted = siteHomeOutline(
      several.homeApis.map((api) => ({
        ...api,
        sandbox: { hosted: true, url: `https://sandbox.example.org/${api.base.split('/').at(-1)}` },
      })),
      several.inputs,
    );
    const links = ['/reference/kennels/#sandbox', '/reference/events/#sandbox', '/reference/garden/#sandbox'];
    expect(hosted.apis?.items.map((api) => api.sandbox?.href)).toEqual(links);
    const html = await render(hosted);
    const twin = homeMarkdown(hosted);
    for (const href of links) {
      expect(html).toContain(`<a href="${href}">Sandbox</a>`);
      expect(twin).toContain(`[Sandbox](${href})`);
    }
  });

  it('has a twin with every heading of the page, in the same order, and the same links', async () => {
    const html = await render(outline);
    const twin = homeMarkdown(outline);
    expect(twinHeadings(twin)).toEqual(pageHeadings(html));
    expect(twin.startsWith('# Three of a kind\n')).toBe(true);
    expect(twin).toContain('### [Garden API](/reference/garden/)');
    expect(twin).toContain('[Changelog](/reference/garden/changelog/)');
    expect(twin).not.toMatch(/sandbox|at a glance/i);
  });

  it("reads the site's own files beside portal.json, not beside the first API's description", () => {
    const { folder, guides } = several;
    expect(outline.words).toEqual({ markdown: "## Welcome\n\nThe site's own words.", from: 'home.md' });
    expect(guides.map((guide) => guide.title)).toContain('Hello from the site');
    expect(guides.map((guide) => guide.title)).not.toContain('Not this guide');
    expect(ownIcon(folder)?.svg).toContain('<rect');
  });
});
