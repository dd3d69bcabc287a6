/**
 * What the reference's one page route (`pages/reference/[...slug].astro`) computes: its static paths, and for each
 * page everything `<StarlightPage>` and the page's view are given (title, description, head, headings, sidebar, the
 * version switcher and notice, the view's props). The route only loads the build's inputs and renders; this is
 * pure but for what the inputs load, so that unit tests can check every page's props.
 */
import type { Changelog } from '../changes/changelog.ts';
import type { ApiModel } from '../openapi/index.ts';
import { markdownToTextForPage } from '../render/markdown.ts';
import { apiFilterEntry, apiFilterValues, type FilteredApi } from '../search/api-filter.ts';
import { type HeadEntry, versionFilterEntry } from '../search/version-filter.ts';
import type { DescriptionFile } from '../site/description-files.ts';
import { guideSandbox } from '../site/sandbox-address.ts';
import { changelogFeedLink } from './changelog/changelog-feed.ts';
import {
  matchingPage,
  type PageHeading,
  type PageView,
  pageFrontmatter,
  pageHeadings,
  pageOutline,
  pageRemoval,
  pageSubject,
  pageSummary,
  pageView,
  referenceRoutes,
  sidebarFocus,
} from './page-kinds.ts';
import { type ReferenceRoute, twinOf } from './routes.ts';
import { apisSidebar, referenceSidebar, type SidebarItem } from './site-lists/navigation.ts';
import { type SidebarApi, siteSidebar } from './site-lists/site-sidebar.ts';
import { sitePath } from './site-path.ts';
import {
  type ReferenceVersion,
  type Removal,
  type SwitcherEntry,
  siteVersionFilterValue,
  switcherEntries,
} from './versions.ts';

/** One published version of the reference: its version and its model. */
export interface PublishedReference {
  version: ReferenceVersion;
  model: ApiModel;
}

/** One API of the site as its reference is published: its versions and its changelog. */
export interface ApiReference {
  /** Its id in a site of several (its pages are below `/reference/<id>/`); undefined for a one-API site's. */
  id: string | undefined;
  /** The published versions, the current one first. */
  versions: readonly PublishedReference[];
  changelog: Changelog | undefined;
}

/** What the reference's pages are built from, loaded once per build by the route (`data/`). */
export interface ReferenceInputs {
  /** The site's APIs, in its order: one for a one-API site. */
  apis: readonly ApiReference[];
  /** The guides the site ships, in reading order (`publishing/guide-outline.ts`). */
  guides: readonly { id: string; title: string; path: string }[];
  /** `astro dev`: the console calls the local sandbox. */
  dev: boolean;
  /** The site's address (Astro's `site`), for an earlier major's canonical link. */
  site: URL | undefined;
  /** The portal's `tryIt.passThrough` setting. */
  passThrough: boolean | undefined;
  /** The operations of an earlier version's model (by pointer) that the current version has unchanged. */
  unchangedInCurrent: (model: ApiModel) => Promise<Set<string>>;
  /** A version's description downloads. */
  descriptionFiles: (model: ApiModel) => Promise<DescriptionFile[]>;
}

/** The props every page of the route gets from `getStaticPaths`. */
export interface ReferencePathProps {
  route: ReferenceRoute;
  /** Which version's page it is (ReferenceVersion.base). */
  base: string;
}

/**
 * Each API's published versions' pages: the current one's at /reference/ (below /reference/<id>/ in a site of
 * several), an earlier major's below /reference/1.x/ (/reference/<id>/1.x/).
 */
export function referencePaths(
  apis: readonly Pick<ApiReference, 'versions'>[],
): { params: { slug: string | undefined }; props: ReferencePathProps }[] {
  return apis
    .flatMap(({ versions }) => versions)
    .flatMap(({ version, model }) =>
      referenceRoutes(model).map((route) => ({
        params: { slug: route.path.replace(/^reference\/?/, '') || undefined },
        props: { route, base: version.base },
      })),
    );
}

/** `OlderVersionNotice`'s props: on an earlier major's page, what the current version has of it. */
export interface OlderVersionNotice {
  reading: ReferenceVersion;
  current: ReferenceVersion;
  currentModel: ApiModel;
  currentPage: string | undefined;
  withChangelog: boolean;
  removal: Removal | undefined;
}

/** Everything one reference page is rendered from. */
export interface ReferencePageProps {
  /** `<StarlightPage frontmatter>`. */
  frontmatter: {
    title: string;
    description?: string;
    pageLayout?: 'operation';
    pagefind?: false;
    head: (HeadEntry & { tag: 'link' | 'meta' })[];
  };
  headings: PageHeading[];
  sidebar: (ReturnType<typeof siteSidebar>[number] | SidebarItem)[];
  /** With more than one version: the version switcher's entries. */
  switcher: SwitcherEntry[] | undefined;
  /** On an earlier major's page. */
  notice: OlderVersionNotice | undefined;
  view: PageView;
}

/** The props of `route`'s page in the version published at `base`. */
export async function referencePageProps(
  { route, base }: ReferencePathProps,
  inputs: ReferenceInputs,
): Promise<ReferencePageProps> {
  const { guides, dev } = inputs;
  const api = inputs.apis.find(({ versions }) => versions.some(({ version }) => version.base === base));
  const [current] = api?.versions ?? [];
  if (!api || !current) throw new Error(`No API of the site publishes its reference at /${base}/.`);
  const { versions, changelog } = api;
  const reading = versions.find(({ version }) => version.base === base) ?? current;
  const { model } = reading;
  const older = !reading.version.current;
  // With more than one version: the switcher; on an earlier major's page, the notice and its canonical, the current page.
  const subject = pageSubject(route);
  const switcher =
    versions.length > 1
      ? switcherEntries(versions, reading.version, (other) => matchingPage(other, subject))
      : undefined;
  const currentPage = older ? matchingPage(current.model, subject) : undefined;
  // Search's filters (Pagefind reads them from the head): a reader can keep to one version's, one API's pages.
  const searchVersion = siteVersionFilterValue(inputs.apis, reading.version);
  const searchApi = apiFilterValues(inputs.apis.map(filteredApi))[inputs.apis.indexOf(api)];
  // A result in search names what the current page's of the same title lacks: its API, an earlier major's version.
  const resultTitle = [
    ...(searchApi !== undefined && route.type !== 'introduction' ? [searchApi] : []),
    ...(older ? [reading.version.label] : []),
  ].join(' ');
  const canonical = currentPage && inputs.site ? new URL(currentPage, inputs.site).href : undefined;
  // The page's plan: its view renders it and its table of contents is derived from it, as its Markdown twin is.
  // The sandbox the introduction names: the one the console calls, which implements the current description.
  const page = pageOutline(model, route, guideSandbox(current.model, dev));
  // Linked from the introduction and the console only where the site ships the guide.
  const authenticationGuide = guides.find((guide) => guide.id === 'guides/authentication')?.path;
  const context = { model, inputs, changelog, reading, current, currentPage, authenticationGuide };
  const view = await pageView(route, page, context);
  const focus = sidebarFocus(route);

  return {
    frontmatter: {
      title: route.title,
      ...(await metaDescription(model, route)),
      ...pageFrontmatter(route),
      // Every page announces its Markdown twin, for agents and tools that prefer it.
      head: [
        {
          tag: 'link' as const,
          attrs: { rel: 'alternate', type: 'text/markdown', href: twinOf(sitePath(`/${route.path}/`)) },
        },
        // In a site of several, its API's changelog feed (a one-API site's pages all announce the one feed).
        ...(api.id !== undefined && changelog ? [changelogFeedLink(current.model)] : []),
        // An earlier major's page defers to the current one, where there is one (Starlight's own canonical gives way).
        ...(canonical ? [{ tag: 'link' as const, attrs: { rel: 'canonical', href: canonical } }] : []),
        ...(searchVersion !== undefined ? [versionFilterEntry(searchVersion)] : []),
        ...(searchApi !== undefined ? [apiFilterEntry(searchApi)] : []),
        ...(resultTitle
          ? [
              {
                tag: 'meta' as const,
                attrs: { 'data-pagefind-meta': 'title[content]', content: `${route.title} (${resultTitle})` },
              },
            ]
          : []),
      ],
    },
    headings: pageHeadings(page),
    sidebar: [
      ...siteSidebar(guides, inputs.apis.map(sidebarApi)),
      ...(api.id === undefined
        ? referenceSidebar(model, new Set(focus.openTags), focus.operationId)
        : apisSidebar(
            inputs.apis.map((other) => ({
              id: other.id,
              model: other === api ? model : (other.versions[0] as PublishedReference).model,
              changelog: other.changelog !== undefined,
            })),
            model,
            new Set(focus.openTags),
            focus.operationId,
          )),
    ],
    switcher,
    notice: older
      ? {
          reading: reading.version,
          current: current.version,
          currentModel: current.model,
          currentPage,
          withChangelog: changelog !== undefined,
          removal: pageRemoval(route, context),
        }
      : undefined,
    view,
  };
}

/** An API as search's API filter names it: by its current version's title. */
const filteredApi = ({ id, versions }: ApiReference): FilteredApi => ({
  id,
  title: (versions[0] as PublishedReference).model.info.title,
});

/** An API as the sidebar lists it: its current model. */
export const sidebarApi = ({ id, versions, changelog }: ApiReference): SidebarApi => ({
  id,
  model: (versions[0] as PublishedReference).model,
  changelog: changelog !== undefined,
});

/** The meta description: the start of the page's description, as text (none where that is empty). */
async function metaDescription(model: ApiModel, route: ReferenceRoute): Promise<{ description?: string }> {
  const { lead = '', markdown } = pageSummary(model, route);
  const description = `${lead}${(await markdownToTextForPage(markdown ?? '')).slice(0, 200)}`;
  return description ? { description } : {};
}
