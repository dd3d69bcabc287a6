/**
 * Every supported major readable side by side (reference/versions.ts): which versions a site publishes, which page
 * of one answers to a page of another, and a build of tests/fixtures/versions/ (releases 1.0.0 and 1.1.0, a 2.0.0
 * that removes, moves and renames operations) with both references, the switcher, the notice and the canonicals.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceVersion, referenceVersions, VersionSettingError } from '../../src/reference/versions.ts';
import { brokenLinks, twinProblems, walk } from '../support/built-site.ts';
import { buildSite, root, run } from './support/programs.ts';

const fixture = path.join(root, 'tests/fixtures/versions/openapi.yaml');
const where = { config: 'site/portal.json', releases: 'site/releases' };
const releases = ['0.9.0', '1.0.0', '1.1.0', '2.0.0', '2.1.0'].map((version) => ({ version, file: `${version}.yaml` }));
const summary = (versions: ReferenceVersion[]) => versions.map((v) => [v.label, v.version, v.base, v.file]);

describe('the published versions', () => {
  it('are the current description, then the last release of each earlier major, newest first', () => {
    expect(summary(referenceVersions('3.0.0', releases, undefined, where))).toEqual([
      ['3.0.0', '3.0.0', 'reference', undefined],
      ['2.x', '2.1.0', 'reference/2.x', '2.1.0.yaml'],
      ['1.x', '1.1.0', 'reference/1.x', '1.1.0.yaml'],
      ['0.x', '0.9.0', 'reference/0.x', '0.9.0.yaml'],
    ]);
  });

  it('are the current one alone while there is no earlier major (the releases of its own major are not others)', () => {
    expect(summary(referenceVersions('1.2.0', releases.slice(1, 3), undefined, where))).toEqual([
      ['1.2.0', '1.2.0', 'reference', undefined],
    ]);
    // A working description that is an earlier release's version documents that version: later ones are not older.
    expect(summary(referenceVersions('2.0.0', releases, undefined, where)).map(([label]) => label)).toEqual([
      '2.0.0',
      '1.x',
      '0.x',
    ]);
    expect(summary(referenceVersions('next', releases, undefined, where))).toHaveLength(1);
  });

  it('are those the site config keeps, when it names them', () => {
    expect(summary(referenceVersions('3.0.0', releases, [2, 3], where)).map(([label]) => label)).toEqual([
      '3.0.0',
      '2.x',
    ]);
    expect(summary(referenceVersions('3.0.0', releases, [], where))).toHaveLength(1);
  });

  it('refuse, in one line naming the config, a major that has no release file', () => {
    const refused = () => referenceVersions('3.0.0', releases, [1, 4], where);
    expect(refused).toThrow(VersionSettingError);
    expect(refused).toThrow(
      'site/portal.json: publishedMajors names 4.x, which has no release file in site/releases (releases: 0.9.0, 1.0.0, 1.1.0, 2.0.0, 2.1.0).',
    );
  });
});

describe('a build with an earlier major', () => {
  let outDir: string;
  const page = (url: string) => readFileSync(path.join(outDir, url, 'index.html'), 'utf8');
  /** The version switcher's links: [label, href, whether it is the version read]. */
  const switcher = (url: string) => {
    const nav = /<nav class="pst-versions" aria-label="API versions"[^>]*>([\s\S]*?)<\/nav>/.exec(page(url))?.[1] ?? '';
    return [...nav.matchAll(/<a href="([^"]+)"([^>]*)>([^<]*)<\/a>/g)].map((m) => [
      m[3],
      m[1],
      (m[2] ?? '').includes('aria-current="page"'),
    ]);
  };
  const canonical = (url: string) => /<link rel="canonical" href="([^"]+)"/.exec(page(url))?.[1];
  const text = (url: string) =>
    page(url)
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');

  beforeAll(() => {
    outDir = path.join(mkdtempSync(path.join(tmpdir(), 'petstore-versions-')), 'dist');
    const env = { PETSTORE_SPEC: fixture, SITE_URL: 'https://docs.garden.example' };
    const { status, output } = run(buildSite, ['--outDir', outDir], env);
    expect(status, output.slice(-3000)).toBe(0);
  }, 300_000);

  it('builds the current reference at /reference/ and 1.x, from its last release, at /reference/1.x/', () => {
    const pages = walk(path.join(outDir, 'reference'))
      .filter((file) => file.endsWith('index.html'))
      .map((file) => `/${path.relative(outDir, path.dirname(file))}/`);
    expect(pages).toEqual(
      expect.arrayContaining([
        '/reference/',
        '/reference/plants/fetch-plant/',
        '/reference/errors/',
        '/reference/schemas/plant/',
        '/reference/1.x/',
        '/reference/1.x/plants/',
        '/reference/1.x/plants/get-plant/',
        '/reference/1.x/plants/delete-plant/',
        '/reference/1.x/schemas/plant/',
        '/reference/1.x/errors/',
      ]),
    );
    expect(pages).not.toContain('/reference/plants/delete-plant/');
    // Its introduction offers its own description for download, the release it is built from.
    expect(page('/reference/1.x/')).toContain('href="/reference/1.x/openapi.yaml"');
    expect(readFileSync(path.join(outDir, 'reference/1.x/openapi.yaml'), 'utf8')).toMatch(/version: 1\.1\.0/);
    expect(page('/reference/')).toContain('href="/openapi.yaml"');
    // 1.1.0's Plant still has the field 2.0.0 dropped.
    expect(text('/reference/1.x/schemas/plant/')).toContain('nickname');
    expect(text('/reference/schemas/plant/')).not.toContain('nickname');
  });

  it('leaves no internal link unresolved in either version, nor a page without its Markdown twin', () => {
    expect(brokenLinks(outDir)).toEqual([]);
    expect(twinProblems(outDir)).toEqual([]);
  });

  it('switches to the same operation: by operationId, else by method and path, else to the introduction', () => {
    // archivePlant moved to another path in 2.0.0: found by its operationId.
    expect(switcher('/reference/plants/archive-plant/')).toEqual([
      ['2.0.0 (current)', '/reference/plants/archive-plant/', true],
      ['1.x', '/reference/1.x/plants/archive-plant/', false],
    ]);
    // getPlant is fetchPlant in 2.0.0, at the same method and path.
    expect(switcher('/reference/1.x/plants/get-plant/')).toEqual([
      ['2.0.0 (current)', '/reference/plants/fetch-plant/', false],
      ['1.x', '/reference/1.x/plants/get-plant/', true],
    ]);
    // deletePlant is gone: the current version's introduction.
    expect(switcher('/reference/1.x/plants/delete-plant/')[0]).toEqual(['2.0.0 (current)', '/reference/', false]);
    expect(switcher('/reference/1.x/schemas/watering/')[0]?.[1]).toBe('/reference/schemas/watering/');
    expect(switcher('/reference/errors/')[1]?.[1]).toBe('/reference/1.x/errors/');
  });

  it('says on an earlier major that it is not current, linking to the same page and to the changelog', () => {
    const notice = text('/reference/1.x/plants/get-plant/');
    expect(notice).toContain('You are reading 1.x (1.1.0); 2.0.0 is current');
    expect(page('/reference/1.x/plants/get-plant/')).toContain(
      '<a href="/reference/plants/fetch-plant/">This page in 2.0.0</a>',
    );
    expect(page('/reference/1.x/plants/get-plant/')).toContain(
      '<a href="/changelog/#v2-0-0">What changed from 1.1.0 to 2.0.0</a>',
    );
    expect(text('/reference/plants/fetch-plant/')).not.toContain('is current');
  });

  it('says on a removed operation’s page in which release it went and what replaces it', () => {
    expect(text('/reference/1.x/plants/delete-plant/')).toContain(
      'This operation was removed in 2.0.0. Use Archive a plant instead.',
    );
    expect(page('/reference/1.x/plants/delete-plant/')).toContain('Use <a href="/reference/plants/archive-plant/">');
  });

  it('points an earlier major’s canonical at the current page, where there is one', () => {
    const at = (url: string) => `https://docs.garden.example${url}`;
    expect(canonical('/reference/1.x/plants/get-plant/')).toBe(at('/reference/plants/fetch-plant/'));
    expect(canonical('/reference/1.x/')).toBe(at('/reference/'));
    expect(canonical('/reference/1.x/plants/delete-plant/')).toBe(at('/reference/1.x/plants/delete-plant/'));
    expect(canonical('/reference/plants/fetch-plant/')).toBe(at('/reference/plants/fetch-plant/'));
    expect(page('/reference/1.x/plants/get-plant/').match(/rel="canonical"/g)).toHaveLength(1);
  });

  it('has a migration page from 1.x: each breaking change with what to do, linking both versions’ pages', () => {
    const migration = text('/changelog/from-1.x/');
    expect(migration).toContain('Migrating from 1.x to 2.0.0');
    expect(migration).toContain('Removed the operation. Call Archive a plant (POST /archived-plants) instead.');
    expect(migration).toContain('Removed the operation. It moved: call POST /archived-plants instead.');
    expect(migration).toMatch(/Removed field nickname from the 200 response\. Stop reading it/);
    const html = page('/changelog/from-1.x/');
    expect(html).toContain('<a href="/reference/1.x/plants/delete-plant/">In 1.x</a>');
    expect(html).toContain('<a href="/reference/plants/archive-plant/">In 2.0.0</a>');
    expect(page('/reference/1.x/plants/get-plant/')).toContain('<a href="/changelog/from-1.x/">Migrating from 1.x</a>');
    expect(readFileSync(path.join(outDir, 'changelog/from-1.x.md'), 'utf8')).toContain(
      '- Removed the operation. Call Archive a plant (POST /archived-plants) instead. [In 1.x](/reference/1.x/plants/delete-plant/) · [In 2.0.0](/reference/plants/archive-plant/)',
    );
    // Words and code stay apart in the twin as on the page.
    expect(readFileSync(path.join(outDir, 'changelog/from-1.x.md'), 'utf8')).toContain(
      '- Removed field `nickname` from the 200 response.',
    );
  });

  it('lists the current version first in the sitemap and in llms.txt, each earlier major after it', () => {
    const file = (name: string) => readFileSync(path.join(outDir, name), 'utf8');
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const at = (url: string) => `https://docs.garden.example${url}`;
    expect(locs(file('sitemap-index.xml'))).toEqual([at('/sitemap-current-0.xml'), at('/sitemap-1.x-0.xml')]);
    const current = locs(file('sitemap-current-0.xml'));
    expect(current).toEqual(expect.arrayContaining([at('/'), at('/changelog/'), at('/reference/plants/fetch-plant/')]));
    expect(current.filter((url) => url?.includes('/1.x/'))).toEqual([]);
    const earlier = locs(file('sitemap-1.x-0.xml'));
    expect(earlier).toContain(at('/reference/1.x/plants/delete-plant/'));
    expect(earlier.every((url) => url?.startsWith(at('/reference/1.x/')))).toBe(true);

    const llms = file('llms.txt');
    const where = (text: string) => llms.indexOf(text);
    expect(where('(https://docs.garden.example/reference/plants/fetch-plant.md)')).toBeGreaterThan(0);
    expect(llms).toContain(
      '- [Reference 1.x](https://docs.garden.example/reference/1.x.md): 1.1.0, the last 1.x release, for clients not yet on 2.0.0',
    );
    expect(llms).toContain('- [Migrating from 1.x](https://docs.garden.example/changelog/from-1.x.md)');
    expect(where('## Earlier versions')).toBeGreaterThan(where('## Reference'));
    expect(where('## Earlier versions')).toBeGreaterThan(
      where('(https://docs.garden.example/reference/plants/fetch-plant.md)'),
    );
  });

  it('keeps the current pages byte for byte those of a site with one version, apart from the switcher and the search version', () => {
    // The fixture again, as a site with one version (`publishedMajors: []`).
    const dir = mkdtempSync(path.join(tmpdir(), 'petstore-versions-alone-'));
    const portal = path.join(dir, 'portal.json');
    writeFileSync(portal, JSON.stringify({ publishedMajors: [] }));
    const alone = path.join(dir, 'dist');
    const env = { PETSTORE_SPEC: fixture, SITE_URL: 'https://docs.garden.example', PETSTORE_PORTAL: portal };
    const { status, output } = run(buildSite, ['--outDir', alone], env);
    expect(status, output.slice(-3000)).toBe(0);

    const pages = (root: string) =>
      walk(root)
        .filter((file) => file.endsWith('.html'))
        .map((file) => path.relative(root, file))
        .filter((file) => !file.startsWith('reference/1.x/') && !file.startsWith('changelog/from-'))
        .sort();
    expect(pages(outDir)).toEqual(pages(alone));
    expect(pages(alone)).toContain('reference/plants/fetch-plant/index.html');
    const withoutVersions = (html: string) =>
      html
        .replace(/<meta data-pagefind-filter="Version\[content\]" content="[^"]*"\/?>/, '')
        .replace(/<nav class="pst-versions" aria-label="API versions"[\s\S]*?<\/nav>(<style>[\s\S]*?<\/style>)?/, '');
    const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');
    const changed = pages(alone).filter((file) => withoutVersions(read(outDir, file)) !== read(alone, file));
    expect(changed).toEqual([]);
    // What is taken out is there: the current reference pages have the switcher.
    expect(read(outDir, 'reference/plants/fetch-plant/index.html')).toContain('aria-label="API versions"');
  }, 300_000);

  it('turns Try it off on an earlier major’s changed operation, with the reason, and keeps it on an unchanged one', () => {
    expect(page('/reference/1.x/plants/list-waterings/')).toContain('Try it');
    expect(text('/reference/1.x/plants/list-plants/')).not.toMatch(/Try it — send/);
    expect(text('/reference/1.x/plants/list-plants/')).toContain(
      'The sandbox implements the current version, 2.0.0, in which this operation has changed',
    );
    expect(text('/reference/plants/list-plants/')).toMatch(/Try it — send/);
  });
});

describe('a setting that names a major with no release file', () => {
  it('stops the build with one line saying so', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'petstore-versions-config-'));
    const config = path.join(dir, 'portal.json');
    writeFileSync(config, JSON.stringify({ publishedMajors: [1, 3] }));
    const { status, output } = run(buildSite, ['--outDir', path.join(dir, 'dist')], {
      PETSTORE_SPEC: fixture,
      PETSTORE_PORTAL: config,
    });
    expect(status).not.toBe(0);
    const lines = output.split('\n').filter((line) => line.includes('publishedMajors'));
    expect(lines).toEqual([
      `${config}: publishedMajors names 3.x, which has no release file in ${path.join(root, 'tests/fixtures/versions/releases')} (releases: 1.0.0, 1.1.0).`,
    ]);
    expect(output).not.toMatch(/\n\s+at /);
  }, 120_000);
});
