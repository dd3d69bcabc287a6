/**
 * What the reference's one page route (`pages/reference/[...slug].astro`) computes: its static paths, and for each
 * page everything `<StarlightPage>` and the page's view are given (title, description, head, headings, sidebar, the
 * version switcher and notice, the view's props). The route only loads the build's inputs and renders; this is
 * pure but for what the inputs load, so that unit tests can check every page's props.
 */
import type { Changelog, History } from '../changes/changelog.ts';
import type { ConsoleTarget } from '../contracts/console-target.ts';
import { guideSandbox } from '../guides/sandbox-address.ts';
import type { ApiModel, ApiOperation } from '../openapi/index.ts';
import { type ConsoleSandbox, consoleSandbox } from '../publishing/console-sandbox.ts';
import type { DescriptionFile } from '../publishing/description-files.ts';
import { siteSidebar } from '../publishing/site-sidebar.ts';
import { markdownToTextForPage } from '../render/markdown.ts';
import { type HeadEntry, versionFilterEntry } from '../search/version-filter.ts';
import { pageHistory } from './changelog-sections.ts';
import { consoleTarget, tryItWhereServed } from './console-target.ts';
import type { ErrorCatalogOutline } from './errors-outline.ts';
import type { IntroductionOutline } from './introduction-outline.ts';
import type { ModelOutline } from './model-outline.ts';
import type { ModelsIndexOutline } from './models-index-outline.ts';
import { referenceSidebar, type SidebarItem } from './navigation.ts';
import type { OperationOutline } from './operation-outline.ts';
import { type PageHeading, pageHeadings, pageOutline } from './page-outline.ts';
import { descriptionDownloadPath, type ReferenceRoute, referenceRoutes, referenceUrls, twinOf } from './routes.ts';
import { sitePath } from './site-path.ts';
import type { TagOutline } from './tag-outline.ts';
import {
  matchingPage,
  pageSubject,
  type ReferenceVersion,
  type Removal,
  removalOf,
  type SwitcherEntry,
  switcherEntries,
  tryItOnEarlierMajor,
  versionFilterValue,
} from './versions.ts';

/** One published version of the reference: its version and its model. */
export interface PublishedReference {
  version: ReferenceVersion;
  model: ApiModel;
}

/** What the reference's pages are built from, loaded once per build by the route (`data/`). */
export interface ReferenceInputs {
  /** The published versions, the current one first. */
  versions: readonly PublishedReference[];
  changelog: Changelog | undefined;
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

/** Each published version's pages: the current one's at /reference/, an earlier major's below /reference/1.x/. */
export function referencePaths(
  versions: readonly PublishedReference[],
): { params: { slug: string | undefined }; props: ReferencePathProps }[] {
  return versions.flatMap(({ version, model }) =>
    referenceRoutes(model).map((route) => ({
      params: { slug: route.path.replace(/^reference\/?/, '') || undefined },
      props: { route, base: version.base },
    })),
  );
}

/** What the view of each kind of page is given. */
export type PageView =
  | {
      type: 'introduction';
      outline: IntroductionOutline;
      files: (DescriptionFile & { href: string })[];
      authenticationGuide: string | undefined;
    }
  | { type: 'tag'; outline: TagOutline }
  | {
      type: 'operation';
      /** The operation as its page shows it: Try it as this build and version can serve it. */
      operation: ApiOperation;
      outline: OperationOutline;
      consoleTarget: ConsoleTarget | undefined;
      schemaHref: (name: string) => string | undefined;
      history: Partial<History>;
    }
  | { type: 'schemas'; outline: ModelsIndexOutline }
  | {
      type: 'schema';
      outline: ModelOutline;
      schemaHref: (name: string) => string | undefined;
      history: Partial<History>;
    }
  | { type: 'errors'; outline: ErrorCatalogOutline };

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
  const { versions, changelog, guides, dev } = inputs;
  const [current] = versions;
  if (!current) throw new Error('The reference has no published version.');
  const reading = versions.find(({ version }) => version.base === base) ?? current;
  const { model } = reading;
  const older = !reading.version.current;
  // With more than one version: the switcher; on an earlier major's page, the notice and its canonical, the current page.
  const subject = pageSubject(route);
  const switcher = versions.length > 1 ? switcherEntries(versions, reading.version, subject) : undefined;
  const currentPage = older ? matchingPage(current.model, subject) : undefined;
  const canonical = currentPage && inputs.site ? new URL(currentPage, inputs.site).href : undefined;
  // The page's plan: its view renders it and its table of contents is derived from it, as its Markdown twin is.
  // The sandbox the introduction names: the one the console calls, which implements the current description.
  const page = pageOutline(model, route, guideSandbox(current.model, dev));
  // Linked from the introduction and the console only where the site ships the guide.
  const authenticationGuide = guides.find((guide) => guide.id === 'guides/authentication')?.path;
  // What the changelog says of this operation or model: the releases that added and last changed it. The changelog
  // follows the current version, so an earlier major's pages say nothing of it.
  const history = (found: Parameters<typeof pageHistory>[1]) => (older ? {} : pageHistory(changelog, found));
  const schemaHref = (name: string) => referenceUrls(model).schema(name);

  let view: PageView;
  let removal: Removal | undefined;
  switch (page.type) {
    case 'introduction': {
      const files = (await inputs.descriptionFiles(model)).map((file) => ({
        ...file,
        href: descriptionDownloadPath(model, file.name),
      }));
      view = { type: 'introduction', outline: page.outline, files, authenticationGuide };
      break;
    }
    case 'operation': {
      if (route.type !== 'operation') throw new Error('An operation outline for another kind of page.');
      if (older && !currentPage)
        removal = removalOf(route.operation, reading.version.version, current.model, changelog);
      const sandbox = consoleSandbox(model, { dev });
      const operation = await shownOperation(route.operation, sandbox, { reading, current, currentPage, inputs });
      view = {
        type: 'operation',
        operation,
        outline: page.outline,
        consoleTarget: operation.tryIt.enabled
          ? consoleTarget(model, operation, sandbox, authenticationGuide, { passThrough: inputs.passThrough })
          : undefined,
        schemaHref,
        history: history(changelog?.operations.get(route.operation.pointer)),
      };
      break;
    }
    case 'schema': {
      if (route.type !== 'schema') throw new Error('A model outline for another kind of page.');
      view = {
        type: 'schema',
        outline: page.outline,
        schemaHref,
        history: history(changelog?.models.get(route.schema.name)),
      };
      break;
    }
    default:
      view = page;
  }

  return {
    frontmatter: {
      title: route.title,
      ...(await metaDescription(model, route)),
      ...(page.type === 'operation' ? { pageLayout: 'operation' as const } : {}),
      // A tag's further pages of operations are left out of search: each operation's own page is in it.
      ...(route.type === 'tag' && route.listing.number > 1 ? { pagefind: false as const } : {}),
      // Every page announces its Markdown twin, for agents and tools that prefer it.
      head: [
        {
          tag: 'link' as const,
          attrs: { rel: 'alternate', type: 'text/markdown', href: twinOf(sitePath(`/${route.path}/`)) },
        },
        // An earlier major's page defers to the current one, where there is one (Starlight's own canonical gives way).
        ...(canonical ? [{ tag: 'link' as const, attrs: { rel: 'canonical', href: canonical } }] : []),
        // Search's version filter (Pagefind reads it from the head): a reader can keep to one version's pages.
        ...(switcher ? [versionFilterEntry(versionFilterValue(reading.version))] : []),
        // An earlier major's result in search names its version, beside the current page's of the same title.
        ...(older
          ? [
              {
                tag: 'meta' as const,
                attrs: { 'data-pagefind-meta': 'title[content]', content: `${route.title} (${reading.version.label})` },
              },
            ]
          : []),
      ],
    },
    headings: pageHeadings(page),
    sidebar: [
      ...siteSidebar(guides),
      ...referenceSidebar(model, openTags(route), route.type === 'operation' ? route.operation.operationId : undefined),
    ],
    switcher,
    notice: older
      ? {
          reading: reading.version,
          current: current.version,
          currentModel: current.model,
          currentPage,
          withChangelog: changelog !== undefined,
          removal,
        }
      : undefined,
    view,
  };
}

/** The tags whose operations the page's sidebar lists open. */
function openTags(route: ReferenceRoute): Set<string> {
  return new Set(route.type === 'operation' ? route.operation.tags : route.type === 'tag' ? [route.tag.name] : []);
}

/** The meta description: the start of the page's description, as text (none where that is empty). */
async function metaDescription(model: ApiModel, route: ReferenceRoute): Promise<{ description?: string }> {
  const opening = async (text: string | undefined) => (await markdownToTextForPage(text ?? '')).slice(0, 200);
  const description =
    route.type === 'operation'
      ? `${route.operation.method.toUpperCase()} ${route.operation.path} — ${await opening(route.operation.description)}`
      : route.type === 'tag'
        ? await opening(route.tag.description)
        : route.type === 'schema'
          ? await opening(route.schema.schema.description)
          : await opening(model.info.description);
  return description ? { description } : {};
}

/**
 * The operation as its page shows it, and where Try it sends it. The sandbox implements the current description: on
 * an earlier major, Try it only for what the current one has unchanged. `npm run dev` calls the local sandbox; a
 * build, the hosted one when SANDBOX_URL names it. Where the console would have nothing to call (no sandbox, no
 * server with a host), Try it is off and the page says why.
 */
async function shownOperation(
  operation: ApiOperation,
  sandbox: ConsoleSandbox | undefined,
  {
    reading,
    current,
    currentPage,
    inputs,
  }: {
    reading: PublishedReference;
    current: PublishedReference;
    currentPage: string | undefined;
    inputs: ReferenceInputs;
  },
): Promise<ApiOperation> {
  const shown = reading.version.current
    ? operation
    : {
        ...operation,
        tryIt: tryItOnEarlierMajor(operation, {
          current: current.version.version,
          unchanged: (await inputs.unchangedInCurrent(reading.model)).has(operation.pointer),
          inCurrent: currentPage !== undefined,
        }),
      };
  const served = tryItWhereServed(shown, sandbox);
  return served === shown.tryIt ? shown : { ...shown, tryIt: served };
}
