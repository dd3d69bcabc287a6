/**
 * The reference route's props (`reference/page-props.ts`), for every page of the Pet Store, of a small description of
 * events and of a versioned description (tests/fixtures/versions: 2.0.0 current, 1.x published below /reference/1.x/):
 * each path's page has its route's kind, title, sidebar and head, and no other path is produced.
 */
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadReferenceVersions } from '../../src/data/reference-versions.ts';
import { type ApiModel, loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { loadApiOfSite } from '../../src/reference/api-of-site.ts';
import { referenceRoutes } from '../../src/reference/page-kinds.ts';
import {
  type ApiReference,
  type PublishedReference,
  type ReferenceInputs,
  type ReferencePageProps,
  referencePageProps,
  referencePaths,
} from '../../src/reference/page-props.ts';
import { referencePaths as sidebarPaths } from '../../src/reference/routes.ts';
import type { SidebarItem } from '../../src/reference/site-lists/navigation.ts';
import { type PortalApi, portalApis } from '../../src/site/portal-apis.ts';
import { loadPortalConfig } from '../../src/site/portal-config.ts';
import { defineSiteConfig } from '../../src/site/site-config.ts';

const root = path.resolve(import.meta.dirname, '../..');
const petStore = await loadApiModel(resolveSpecPath(root, {}));
const events = await loadApiModel(path.join(root, 'tests/fixtures/events-3.2/openapi.yaml'));
const versionedSpec = path.join(root, 'tests/fixtures/versions/openapi.yaml');
const versioned = await loadReferenceVersions(oneApi(versionedSpec), await loadApiModel(versionedSpec));

/** The one API of a site built from `specPath`. */
function oneApi(specPath: string): PortalApi {
  return portalApis(specPath, defineSiteConfig({}))[0] as PortalApi;
}

const onlyVersion = (model: ApiModel): PublishedReference[] => [
  { version: { version: model.info.version, label: model.info.version, current: true, base: 'reference' }, model },
];

/** A one-API site's inputs, or a site of several's when given its APIs. */
const inputs = (apis: readonly ApiReference[]): ReferenceInputs => ({
  apis,
  guides: [{ id: 'guides/authentication', title: 'Authentication', path: '/guides/authentication/' }],
  dev: false,
  site: new URL('https://docs.example.com/'),
  passThrough: undefined,
  unchangedInCurrent: async () => new Set(),
  descriptionFiles: async () => [],
});

/** A one-API site's API. */
const only = (versions: readonly PublishedReference[]): ApiReference[] => [
  { id: undefined, versions, changelog: undefined },
];

/** Every page's path and props, as the route gets them. */
async function pagesOf(versions: readonly PublishedReference[] | readonly ApiReference[]) {
  const apis = versions.every((entry) => 'versions' in entry)
    ? (versions as readonly ApiReference[])
    : only(versions as readonly PublishedReference[]);
  return Promise.all(
    referencePaths(apis).map(async ({ params, props }) => ({
      slug: params.slug,
      route: props.route,
      page: await referencePageProps(props, inputs(apis)),
    })),
  );
}

/** The sidebar's links, however deep. */
const links = (items: readonly (SidebarItem | { label: string; link?: string; items?: unknown })[]): string[] =>
  items.flatMap((item) =>
    'items' in item && Array.isArray(item.items) ? links(item.items) : 'link' in item && item.link ? [item.link] : [],
  );
/** The labels of the sidebar's open groups. */
const openGroups = (items: readonly SidebarItem[]): string[] =>
  items.flatMap((item) =>
    'items' in item ? [...(item.collapsed === false ? [item.label] : []), ...openGroups(item.items)] : [],
  );
const twinLink = (page: ReferencePageProps) =>
  page.frontmatter.head.find((entry) => entry.attrs?.type === 'text/markdown')?.attrs?.href;

describe.each([
  ['the Pet Store', petStore],
  ['a 3.2 description of events', events],
])("the reference's pages, for %s", (_, model) => {
  const versions = onlyVersion(model);

  it('are one per route, each at its route path, and no other', async () => {
    const pages = await pagesOf(versions);
    const routes = referenceRoutes(model);
    expect(pages.map(({ slug }) => `reference${slug ? `/${slug}` : ''}`)).toEqual(routes.map((route) => route.path));
    expect(new Set(pages.map(({ slug }) => slug)).size).toBe(pages.length);
    expect(pages.map(({ slug }) => slug)).not.toContain('no-such-page');
    expect(pages[0]?.slug).toBeUndefined();
  });

  it("have their route's kind and title, and announce their Markdown twin", async () => {
    for (const { route, page } of await pagesOf(versions)) {
      expect(page.view.type).toBe(route.type);
      expect(page.frontmatter.title).toBe(route.title);
      expect(twinLink(page)).toBe(`/${route.path}.md`);
      expect(page.frontmatter.pageLayout).toBe(route.type === 'operation' ? 'operation' : undefined);
      // One version: no switcher, no notice, no canonical of another version.
      expect(page.switcher).toBeUndefined();
      expect(page.notice).toBeUndefined();
      expect(page.frontmatter.head.some((entry) => entry.attrs?.rel === 'canonical')).toBe(false);
      // Nor any search filter (version or API), nor a result title of its own.
      expect(page.frontmatter.head.filter((entry) => entry.tag === 'meta')).toEqual([]);
    }
  });

  it("have the site's sidebar, then the reference's with the page's own tag open", async () => {
    const urls = sidebarPaths(model);
    for (const { route, page } of await pagesOf(versions)) {
      expect(page.sidebar[0]).toEqual({ label: 'Overview', link: '/' });
      expect(links(page.sidebar)).toContain('/guides/authentication/');
      if (route.type === 'operation') {
        expect(openGroups(page.sidebar as SidebarItem[])).toContain(route.tag.summary ?? route.tag.name);
        expect(links(page.sidebar)).toContain(urls.operation(route.operation));
      } else if (route.type !== 'tag') {
        expect(openGroups(page.sidebar as SidebarItem[])).toEqual([]);
      }
    }
  });

  it("give each kind's view what it shows", async () => {
    for (const { route, page } of await pagesOf(versions)) {
      const { view } = page;
      if (view.type === 'operation' && route.type === 'operation') {
        expect(view.operation.operationId).toBe(route.operation.operationId);
        expect(
          page.frontmatter.description?.startsWith(
            `${route.operation.method.toUpperCase()} ${route.operation.path} — `,
          ),
        ).toBe(true);
        expect(page.headings.map((heading) => heading.slug)).toContain('request');
      }
      if (view.type === 'introduction') {
        expect(view.authenticationGuide).toBe('/guides/authentication/');
      }
    }
  });
});

describe('a versioned reference', () => {
  const [current, earlier] = versioned;

  it('publishes the current version at /reference/ and an earlier major below its own prefix', async () => {
    expect(current?.version.base).toBe('reference');
    expect(earlier?.version.base).toBe('reference/1.x');
    const pages = await pagesOf(versioned);
    const slugs = (base: string | undefined) =>
      referencePaths(only(versioned))
        .filter(({ props }) => props.base === base)
        .map(({ params }) => params.slug);
    expect(slugs('reference/1.x').every((slug) => slug === '1.x' || slug?.startsWith('1.x/'))).toBe(true);
    expect(slugs('reference').some((slug) => slug?.startsWith('1.x'))).toBe(false);
    expect(slugs('reference/1.x')).toContain('1.x');
    expect(pages.length).toBe(
      referenceRoutes(current?.model as ApiModel).length + referenceRoutes(earlier?.model as ApiModel).length,
    );
  });

  it("gives an earlier major's pages the notice, the switcher, its version in search and the current page as canonical", async () => {
    for (const { route, page } of await pagesOf(versioned)) {
      expect(page.switcher?.length).toBe(2);
      const older = route.path.startsWith('reference/1.x');
      expect(page.notice !== undefined).toBe(older);
      const canonical = page.frontmatter.head.find((entry) => entry.attrs?.rel === 'canonical')?.attrs?.href;
      if (older) {
        expect(page.notice?.reading.label).toBe('1.x');
        expect(canonical).toBe(
          page.notice?.currentPage ? new URL(page.notice.currentPage, 'https://docs.example.com/').href : undefined,
        );
        expect(page.frontmatter.head).toContainEqual({
          tag: 'meta',
          attrs: { 'data-pagefind-meta': 'title[content]', content: `${route.title} (1.x)` },
        });
      } else {
        expect(canonical).toBeUndefined();
      }
    }
  });
});

// Copies of the Pet Store and the Swagger 2.0 fixture, listed in a portal.json: their models are not the ones the
// cases above publish at /reference/ (a process keeps one model per file).
const folder = mkdtempSync(path.join(tmpdir(), 'pst-page-props-apis-'));
copyFileSync(path.join(root, 'spec/openapi.yaml'), path.join(folder, 'petstore.yaml'));
copyFileSync(path.join(root, 'tests/fixtures/swagger-2.0/openapi.yaml'), path.join(folder, 'kennel.yaml'));
const config = path.join(folder, 'portal.json');
writeFileSync(
  config,
  JSON.stringify({
    apis: [
      { id: 'petstore', spec: 'petstore.yaml' },
      { id: 'kennel', spec: 'kennel.yaml' },
    ],
  }),
);
const apis: ApiReference[] = [];
for (const api of portalApis(config, loadPortalConfig(config))) {
  const model = await loadApiOfSite(api);
  apis.push({ id: api.id, versions: await loadReferenceVersions(api, model), changelog: undefined });
}
const [petstore, kennel] = apis.map((api) => (api.versions[0] as PublishedReference).model) as [ApiModel, ApiModel];

describe('a site of several APIs', () => {
  it("publishes each API's pages of every kind below /reference/<id>/, and no other", async () => {
    const pages = await pagesOf(apis);
    for (const [id, model] of [
      ['petstore', petstore],
      ['kennel', kennel],
    ] as const) {
      const routes = referenceRoutes(model);
      expect(
        routes.every((route) => route.path === `reference/${id}` || route.path.startsWith(`reference/${id}/`)),
      ).toBe(true);
      const own = pages.filter(({ slug }) => slug === id || slug?.startsWith(`${id}/`));
      expect(own.map(({ slug }) => `reference/${slug}`)).toEqual(routes.map((route) => route.path));
    }
    expect(pages.length).toBe(referenceRoutes(petstore).length + referenceRoutes(kennel).length);
    // Every kind of page, each rendered with its own kind's view.
    expect(new Set(pages.map(({ page }) => page.view.type))).toEqual(
      new Set(['introduction', 'tag', 'operation', 'schemas', 'schema', 'errors']),
    );
    for (const { route, page } of pages) {
      expect(page.view.type).toBe(route.type);
      expect(twinLink(page)).toBe(`/${route.path}.md`);
    }
  });

  it('shows the API read as a group named after it, its tag open, and the other API as one link', async () => {
    const kennelUrls = sidebarPaths(kennel);
    const petstoreUrls = sidebarPaths(petstore);
    for (const { route, page } of await pagesOf(apis)) {
      const reading = route.path.startsWith('reference/kennel') ? kennel : petstore;
      const other = reading === kennel ? petstore : kennel;
      const group = page.sidebar.find((item) => item.label === reading.info.title);
      expect(group && 'items' in group, route.path).toBe(true);
      expect(page.sidebar).toContainEqual({ label: other.info.title, link: sidebarPaths(other).introduction });
      if (route.type === 'operation') {
        expect(openGroups(page.sidebar as SidebarItem[])).toContain(route.tag.summary ?? route.tag.name);
        expect(links(page.sidebar)).toContain(sidebarPaths(reading).operation(route.operation));
      }
    }
    expect(kennelUrls.introduction).toBe('/reference/kennel/');
    expect(petstoreUrls.errors).toBe('/reference/petstore/errors/');
  });
});
