/**
 * Search's filters in a site of several APIs: which API and which version a page is filed under
 * (search/api-filter.ts, reference/versions.ts), what the search dialog starts with (search/starting-filters.ts), and
 * the head entries of every reference page of a three-API site (reference/page-props.ts): the Garden API with its
 * 1.x (tests/fixtures/versions), the Kennel Booking API (Swagger 2.0) and the Event Hub API (3.2).
 */
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadReferenceVersions } from '../../src/data/reference-versions.ts';
import { loadApiOfSite } from '../../src/reference/api-of-site.ts';
import { type ApiReference, referencePageProps, referencePaths } from '../../src/reference/page-props.ts';
import { type ReferenceVersion, siteVersionFilterValue } from '../../src/reference/versions.ts';
import { apiFilterValues } from '../../src/search/api-filter.ts';
import { startingFilters } from '../../src/search/starting-filters.ts';
import { portalApis } from '../../src/site/portal-apis.ts';
import { loadPortalConfig } from '../../src/site/portal-config.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe("the API filter's values", () => {
  it('are none on a one-API site', () => {
    expect(apiFilterValues([{ id: undefined, title: 'Pet Store API' }])).toEqual([undefined]);
  });

  it("are the APIs' titles, with the id only where titles are shared", () => {
    expect(
      apiFilterValues([
        { id: 'payments', title: 'Payments API' },
        { id: 'trains', title: 'Train Travel API' },
        { id: 'payments-v2', title: 'Payments API' },
      ]),
    ).toEqual(['Payments API (payments)', 'Train Travel API', 'Payments API (payments-v2)']);
    expect(apiFilterValues([{ id: 'solo', title: 'Solo API' }])).toEqual(['Solo API']);
  });
});

describe("the Version filter's value", () => {
  const version = (label: string, current: boolean): ReferenceVersion => ({
    version: current ? '2.0.0' : '1.1.0',
    label,
    current,
    base: current ? 'reference' : 'reference/1.x',
  });
  const current = { version: version('2.0.0', true) };
  const earlier = { version: version('1.x', false) };

  it('is none where no API has an earlier major', () => {
    expect(siteVersionFilterValue([{ id: undefined, versions: [current] }], current.version)).toBeUndefined();
    expect(siteVersionFilterValue([{ id: undefined, versions: [current] }])).toBeUndefined();
    const several = [
      { id: 'a', versions: [current] },
      { id: 'b', versions: [current] },
    ];
    expect(siteVersionFilterValue(several, current.version)).toBeUndefined();
    expect(siteVersionFilterValue(several)).toBeUndefined();
  });

  it('names the current version on a one-API site, for its current pages and every other page', () => {
    const apis = [{ id: undefined, versions: [current, earlier] }];
    expect(siteVersionFilterValue(apis, current.version)).toBe('2.0.0 (current)');
    expect(siteVersionFilterValue(apis, earlier.version)).toBe('1.x');
    expect(siteVersionFilterValue(apis)).toBe('2.0.0 (current)');
  });

  it("is Current for every API's current pages and every other page of a site of several with an earlier major", () => {
    const apis = [
      { id: 'a', versions: [current] },
      { id: 'b', versions: [current, earlier] },
    ];
    expect(siteVersionFilterValue(apis, current.version)).toBe('Current');
    expect(siteVersionFilterValue(apis, earlier.version)).toBe('1.x');
    expect(siteVersionFilterValue(apis)).toBe('Current');
  });
});

describe('the search dialog', () => {
  it('starts with nothing ticked on a page filed under no filter', () => {
    expect(startingFilters({ API: undefined, Version: undefined })).toEqual({ openFilters: [], selected: {} });
  });

  it("ticks the page's API, its version, or both, each open", () => {
    expect(startingFilters({ API: 'Train Travel API', Version: undefined })).toEqual({
      openFilters: ['API'],
      selected: { API: 'Train Travel API' },
    });
    expect(startingFilters({ API: undefined, Version: '2.0.0 (current)' })).toEqual({
      openFilters: ['Version'],
      selected: { Version: '2.0.0 (current)' },
    });
    expect(startingFilters({ API: 'Garden API', Version: '1.x' })).toEqual({
      openFilters: ['API', 'Version'],
      selected: { API: 'Garden API', Version: '1.x' },
    });
  });
});

/** Every reference page's route and head, in a site of three APIs. */
async function threeApiPages() {
  // Copies, so that the models (published below /reference/<id>/) are not the ones other tests load at /reference/.
  const dir = mkdtempSync(path.join(tmpdir(), 'petstore-search-filters-'));
  cpSync(path.join(root, 'tests/fixtures/versions'), path.join(dir, 'garden'), { recursive: true });
  cpSync(path.join(root, 'tests/fixtures/swagger-2.0'), path.join(dir, 'kennel'), { recursive: true });
  cpSync(path.join(root, 'tests/fixtures/events-3.2'), path.join(dir, 'events'), { recursive: true });
  const portal = path.join(dir, 'portal.json');
  writeFileSync(
    portal,
    JSON.stringify({
      apis: [
        { id: 'garden', spec: 'garden/openapi.yaml', releases: 'garden/releases' },
        { id: 'kennel', spec: 'kennel/openapi.yaml' },
        { id: 'events', spec: 'events/openapi.yaml' },
      ],
    }),
  );
  const apis: ApiReference[] = [];
  for (const api of portalApis(portal, loadPortalConfig(portal))) {
    apis.push({
      id: api.id,
      versions: await loadReferenceVersions(api, await loadApiOfSite(api)),
      changelog: undefined,
    });
  }
  const inputs = {
    apis,
    guides: [],
    dev: false,
    site: undefined,
    passThrough: undefined,
    unchangedInCurrent: async () => new Set<string>(),
    descriptionFiles: async () => [],
  };
  return Promise.all(
    referencePaths(apis).map(async ({ props }) => ({
      route: props.route,
      head: (await referencePageProps(props, inputs)).frontmatter.head,
    })),
  );
}

const pages = await threeApiPages();

describe('the reference pages of a site of three APIs', () => {
  const filedUnder = (head: (typeof pages)[number]['head'], filter: string) =>
    head.filter((entry) => entry.attrs?.['data-pagefind-filter'] === `${filter}[content]`).map((e) => e.attrs?.content);
  const resultTitle = (head: (typeof pages)[number]['head']) =>
    head.find((entry) => entry.attrs?.['data-pagefind-meta'] === 'title[content]')?.attrs?.content;

  it('file every page, of every version, under its API', () => {
    const byApi = new Map<string, number>();
    for (const { route, head } of pages) {
      const [api] = filedUnder(head, 'API');
      const id = route.path.split('/')[1];
      const expected = { garden: 'Garden API', kennel: 'Kennel Booking API', events: 'Event Hub API' }[id ?? ''];
      expect(filedUnder(head, 'API'), route.path).toEqual([expected]);
      byApi.set(api as string, (byApi.get(api as string) ?? 0) + 1);
    }
    expect([...byApi.keys()]).toEqual(['Garden API', 'Kennel Booking API', 'Event Hub API']);
    expect(pages.some(({ route }) => route.path.startsWith('reference/garden/1.x/'))).toBe(true);
  });

  it("file every API's current pages under Current (one API has an earlier major), the earlier major's under 1.x", () => {
    for (const { route, head } of pages) {
      const earlier = route.path.startsWith('reference/garden/1.x');
      expect(filedUnder(head, 'Version'), route.path).toEqual([earlier ? '1.x' : 'Current']);
    }
  });

  it('name their API in their result title (and an earlier major its version), but for an introduction', () => {
    const titles = new Map(pages.map(({ route, head }) => [route.path, [route.title, resultTitle(head)]]));
    expect(titles.get('reference/kennel')).toEqual(['Kennel Booking API reference', undefined]);
    expect(titles.get('reference/garden/1.x')).toEqual(['Garden API reference', 'Garden API reference (1.x)']);
    const operation = pages.find(
      ({ route }) => route.type === 'operation' && route.path.startsWith('reference/kennel'),
    );
    expect(resultTitle(operation?.head ?? [])).toBe(`${operation?.route.title} (Kennel Booking API)`);
    expect(titles.get('reference/garden/1.x/plants/get-plant')).toEqual([
      'Get a plant',
      'Get a plant (Garden API 1.x)',
    ]);
  });
});
