/**
 * Each API's changelog in a site of several (reference/changelog-sections.ts `changelogPaths`): two APIs with
 * releases and an earlier major each, `garden` (tests/fixtures/changelog/) and `plants` (tests/fixtures/versions/),
 * published below /reference/garden/ and /reference/plants/. Every link to a changelog (a page's "Added in" and
 * "Changed in", the feed's own links, the migration pages, the sidebar, the feed announced in the head) leads to
 * its own API's, and a one-API site's stays at /changelog/.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Changelog } from '../../src/changes/changelog.ts';
import { loadChangelog } from '../../src/changes/load-changelog.ts';
import { loadReferenceVersions } from '../../src/data/reference-versions.ts';
import { type ApiModel, loadApiModel } from '../../src/openapi/index.ts';
import { publishedAs } from '../../src/reference/api-of-site.ts';
import { changelogFeed, changelogFeedLink } from '../../src/reference/changelog/changelog-feed.ts';
import {
  changelogPaths,
  changelogPathsAt,
  changelogSections,
  changelogTitle,
  changelogUrl,
  pageHistoryOf,
} from '../../src/reference/changelog/changelog-sections.ts';
import { migrationPath, migrationStep, migrationTitle } from '../../src/reference/changelog/migration.ts';
import { type ApiReference, referencePageProps, referencePaths } from '../../src/reference/page-props.ts';
import { publishReferenceAt, referenceUrls } from '../../src/reference/routes.ts';
import type { SidebarItem } from '../../src/reference/site-lists/navigation.ts';
import { sidebarOfApiPage } from '../../src/reference/site-lists/site-sidebar.ts';
import type { ReferenceVersion } from '../../src/reference/versions.ts';
import type { PortalApi } from '../../src/site/portal-apis.ts';
import { minimalSpec, modelOf } from './support/check.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');

/** A listed API of a site of several, as portal-apis.ts makes it. */
function listed(id: string, folder: string): PortalApi {
  const specPath = path.join(fixtures, folder, 'openapi.yaml');
  const releases = path.join(fixtures, folder, 'releases');
  return { id, specPath, releases, base: `reference/${id}`, publishedMajors: undefined, configPath: 'portal.json' };
}

/** An API as the reference route gets it: published at its base, its versions and its changelog. */
async function referenceOf(api: PortalApi): Promise<ApiReference> {
  const model = publishedAs(api, await loadApiModel(api.specPath));
  const versions = await loadReferenceVersions(api, model);
  return { id: api.id, versions, changelog: loadChangelog(api.specPath, api.releases) };
}

const garden = await referenceOf(listed('garden', 'changelog'));
const plants = await referenceOf(listed('plants', 'versions'));
const apis = [garden, plants];
const currentOf = (api: ApiReference) => api.versions[0]?.model as ApiModel;
const earlierOf = (api: ApiReference) => api.versions[1]?.model as ApiModel;
const site = new URL('https://docs.example.com/');

/** The sidebar's links, however deep. */
const links = (items: readonly unknown[]): string[] =>
  items.flatMap((item) => {
    const entry = item as { link?: string; items?: unknown[] };
    return entry.items ? links(entry.items) : entry.link ? [entry.link] : [];
  });

describe("each API's changelog in a site of several", () => {
  it('is beside its reference, for every version of it, and a one-API site’s stays at /changelog/', () => {
    expect(changelogPathsAt('reference')).toMatchObject({
      page: '/changelog/',
      feed: '/changelog/feed.xml',
      twin: '/changelog.md',
    });
    expect(changelogPathsAt('reference').migration('1.x')).toBe('/changelog/from-1.x/');
    for (const [api, id] of [
      [garden, 'garden'],
      [plants, 'plants'],
    ] as const) {
      const paths = changelogPaths(currentOf(api));
      expect(paths).toMatchObject({
        page: `/reference/${id}/changelog/`,
        feed: `/reference/${id}/changelog/feed.xml`,
        twin: `/reference/${id}/changelog.md`,
      });
      // An earlier major's model is its API's, though its reference is below /reference/<id>/1.x/.
      expect(referenceUrls(earlierOf(api)).introduction).toBe(`/reference/${id}/1.x/`);
      expect(changelogPaths(earlierOf(api)).page).toBe(`/reference/${id}/changelog/`);
      expect(migrationPath(api.versions[1]?.version as ReferenceVersion)).toBe(`/reference/${id}/changelog/from-1.x/`);
      expect(changelogUrl(currentOf(api), '2.0.0')).toBe(`/reference/${id}/changelog/#v2-0-0`);
    }
  });

  it('names its API in its title, where a one-API site says "Changelog"', () => {
    expect(changelogTitle('Pet Store API', true)).toBe('Pet Store API changelog');
    expect(changelogTitle('Pet Store API', false)).toBe('Changelog');
  });

  it('has a feed whose own links are its API’s', () => {
    const model = currentOf(garden);
    const xml = changelogFeed(model, changelogSections(model, garden.changelog as Changelog), site);
    expect(xml).toContain('<id>https://docs.example.com/reference/garden/changelog/</id>');
    expect(xml).toContain('<link rel="alternate" href="https://docs.example.com/reference/garden/changelog/"');
    expect(xml).toContain('<link rel="self" href="https://docs.example.com/reference/garden/changelog/feed.xml"');
    expect(xml).toContain('https://docs.example.com/reference/garden/changelog/#v2-0-0');
    expect(xml).not.toMatch(/docs\.example\.com\/(changelog|reference\/plants)/);
    // Its entries link the changed pages of its own reference.
    expect(xml).toContain('https://docs.example.com/reference/garden/plants/list-plants/');
    expect(changelogFeedLink(currentOf(plants)).attrs).toEqual({
      rel: 'alternate',
      type: 'application/atom+xml',
      title: `${currentOf(plants).info.title} changelog`,
      href: '/reference/plants/changelog/feed.xml',
    });
  });

  it('is what a page’s "Added in" and "Changed in" link into', () => {
    const changelog = garden.changelog as Changelog;
    const history = (pointer: string) => pageHistoryOf(currentOf(garden), changelog, changelog.operations.get(pointer));
    expect(history('/paths/~1plants~1{plantId}~1waterings/get')).toEqual({
      addedIn: '1.1.0',
      changelog: '/reference/garden/changelog/',
    });
    expect(history('/paths/~1plants/get')).toEqual({ changedIn: '2.0.0', changelog: '/reference/garden/changelog/' });
    // Nothing to say, nothing to link.
    expect(pageHistoryOf(currentOf(garden), undefined, { addedIn: '1.0.0' })).toEqual({});
  });

  it('gives every page of an API its own changelog: history links, feed in the head, sidebar entry', async () => {
    const inputs = {
      apis,
      guides: [],
      dev: false,
      site,
      passThrough: undefined,
      unchangedInCurrent: async () => new Set<string>(),
      descriptionFiles: async () => [],
    };
    const seen = new Set<string>();
    for (const { params, props } of referencePaths(apis)) {
      const id = props.base.split('/')[1] as string;
      const own = `/reference/${id}/changelog/`;
      const page = await referencePageProps(props, inputs);
      const feeds = page.frontmatter.head.filter((entry) => entry.attrs?.type === 'application/atom+xml');
      expect(
        feeds.map((entry) => entry.attrs?.href),
        params.slug,
      ).toEqual([`${own}feed.xml`]);
      // Its API's group lists its changelog; the other API is one link to its introduction.
      const sidebar = links(page.sidebar);
      expect(sidebar).toContain(own);
      expect(sidebar.filter((link) => link.includes('/changelog/'))).toEqual([own]);
      const { view } = page;
      if ((view.type === 'operation' || view.type === 'schema') && view.history.changelog) {
        expect(view.history.changelog).toBe(own);
        seen.add(id);
      }
      if (page.notice) {
        expect(migrationPath(page.notice.reading)).toBe(`${own}from-1.x/`);
        expect(changelogUrl(page.notice.currentModel)).toBe(own);
      }
    }
    // The garden's pages say when things were added or changed; the plants' too.
    expect([...seen].sort()).toEqual(['garden', 'plants']);
  });

  it('gives its changelog and migration pages its own group, open, with its changelog entry', () => {
    const sidebarApis = apis.map((api) => ({ id: api.id, model: currentOf(api), changelog: true }));
    const sidebar = sidebarOfApiPage([], sidebarApis, currentOf(plants)) as unknown as SidebarItem[];
    // The site's Overview, then one entry per API in the site's order (both fixtures are a "Garden API").
    const [, gardenEntry, plantsEntry] = sidebar;
    // Both fixtures are titled alike, so the sidebar names each by its id too (apiLabels).
    expect(currentOf(plants).info.title).toBe(currentOf(garden).info.title);
    expect(gardenEntry).toEqual({ label: `${currentOf(garden).info.title} (garden)`, link: '/reference/garden/' });
    expect(plantsEntry && 'items' in plantsEntry && links(plantsEntry.items)).toContain('/reference/plants/changelog/');
    // No site-wide "Changelog" entry: each API's is in its group.
    expect(sidebar.some((item) => item.label === 'Changelog')).toBe(false);
  });

  it('links a migration page’s changes to its own API’s pages', () => {
    const [current, earlier] = plants.versions;
    if (!current || !earlier) throw new Error('the plants fixture publishes 1.x');
    const step = migrationStep(earlier, current, []);
    expect(migrationPath(step.from)).toBe('/reference/plants/changelog/from-1.x/');
    // Its title names the API in a site of several, where two APIs may each have a 1.x.
    expect(migrationTitle(step, 'Garden API')).toBe('Migrating the Garden API from 1.x to 2.0.0');
    expect(migrationTitle(step)).toBe('Migrating from 1.x to 2.0.0');
  });
});

/** A list's first item, which the test's description has. */
function first<T>(items: readonly T[]): T {
  const [item] = items;
  if (item === undefined) throw new Error('expected an item');
  return item;
}

describe('a tag named changelog', () => {
  const text = minimalSpec.replace('tags: [Things]', 'tags: [Changelog]');

  it('keeps its page on a one-API site, where the changelog is at /changelog/', async () => {
    const model = await modelOf(text);
    expect(referenceUrls(model).tag(first(model.tags))).toBe('/reference/changelog/');
  });

  it('moves aside below /reference/<id>/, for the API’s changelog, in every version', async () => {
    const model = await modelOf(text.replace('title: Tiny', 'title: Tiny listed'));
    publishReferenceAt(model, 'reference/tiny');
    expect(referenceUrls(model).tag(first(model.tags))).toBe('/reference/tiny/changelog-tag/');
    expect(referenceUrls(model).operation(first(model.operations))).toBe('/reference/tiny/changelog-tag/list-things/');
    const earlier = await modelOf(text.replace('version: 1.0.0', 'version: 0.9.0'));
    publishReferenceAt(earlier, 'reference/tiny/0.x', 'reference/tiny');
    expect(referenceUrls(earlier).tag(first(earlier.tags))).toBe('/reference/tiny/0.x/changelog-tag/');
    // A one-API site's earlier major keeps it.
    const oneApiEarlier = await modelOf(text.replace('version: 1.0.0', 'version: 0.8.0'));
    publishReferenceAt(oneApiEarlier, 'reference/0.x', 'reference');
    expect(referenceUrls(oneApiEarlier).tag(first(oneApiEarlier.tags))).toBe('/reference/0.x/changelog/');
  });
});
