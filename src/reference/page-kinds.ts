/**
 * The reference's kinds of page, in one table: for each, its routes (which pages it has, at which paths), how its
 * outline is made (which its view renders and from which its table of contents and Markdown twin are derived), what
 * its view is given, its twin, and what it is about for another version to look up. Each kind is one module
 * (`pages/`), which declares its route; the reference's routes are derived from the table. Its view is found by
 * its name (`components/reference/page-views.ts`). Pure: no Astro imports, so the build's scripts and the MCP
 * server use it.
 */
import type { ApiModel } from '../openapi/index.ts';
import { errorsPage } from './pages/errors-page.ts';
import type { BuildSandbox } from './pages/introduction-outline.ts';
import { introductionPage } from './pages/introduction-page.ts';
import { modelPage } from './pages/model-page.ts';
import { modelsIndexPage } from './pages/models-index-page.ts';
import { operationPage } from './pages/operation-page.ts';
import type { PageContext, PageFrontmatter, PageHeading, PageKind, SidebarFocus } from './pages/page-kind.ts';
import { tagPage } from './pages/tag-page.ts';
import type { TwinInputs } from './twins/page-markdown.ts';
import type { Removal } from './versions.ts';

export type { PageContext, PageHeading } from './pages/page-kind.ts';

/** The table, checked: each kind's routes carry its key as `type`, which `kindOf` relies on. */
const kindsTable = <K extends { [T in keyof K]: { routes(model: ApiModel): { type: T }[] } }>(kinds: K) => kinds;

/** Every kind of reference page, in reading order; a route's `type` is its key. */
export const pageKinds = kindsTable({
  introduction: introductionPage,
  tag: tagPage,
  operation: operationPage,
  schemas: modelsIndexPage,
  schema: modelPage,
  errors: errorsPage,
});

type Kinds = typeof pageKinds;
/** A kind of reference page: its key in the table. */
export type PageType = keyof Kinds;
/** The route of a page of kind `T`, as its module declares it. */
export type RouteOf<T extends PageType> = ReturnType<Kinds[T]['routes']>[number];
/** Every reference page's route: a union whose `type` names its kind. */
export type ReferenceRoute = { [T in PageType]: RouteOf<T> }[PageType];
type OutlineOf<T extends PageType> = ReturnType<Kinds[T]['outline']>;
type SubjectOf<T extends PageType> = ReturnType<Kinds[T]['subject']>;
type ViewOf<T extends PageType> = Awaited<ReturnType<Kinds[T]['view']>>;

/** A page's outline, tagged with its kind. */
export type PageOutline = { [T in PageType]: { type: T; outline: OutlineOf<T> } }[PageType];
/** What a reference page is about, in terms another version can look up. */
export type PageSubject = { [T in PageType]: { kind: T } & SubjectOf<T> }[PageType];
/** What the view of a page is given, tagged with its kind. */
export type PageView = { [T in PageType]: { type: T } & ViewOf<T> }[PageType];
/** What the view of a page of kind `T` is given: each view's `Props`. */
export type ViewProps<T extends PageType> = ViewOf<T>;

/**
 * The kind of page `type`, typed by it. TypeScript cannot follow a route's `type` to the table's entry for it (each
 * entry's functions take their own kind's route), hence the one cast here.
 */
function kindOf<T extends PageType>(type: T): PageKind<RouteOf<T>, OutlineOf<T>, SubjectOf<T>, ViewOf<T>> {
  return pageKinds[type] as unknown as PageKind<RouteOf<T>, OutlineOf<T>, SubjectOf<T>, ViewOf<T>>;
}

/** Every reference page, in reading order: each kind's pages, in the table's order. */
export function referenceRoutes(model: ApiModel): ReferenceRoute[] {
  return Object.values(pageKinds).flatMap((kind): ReferenceRoute[] => kind.routes(model));
}

/** The outline of a route's page; `sandbox`: the build's, which the introduction names. */
export function pageOutline(model: ApiModel, route: ReferenceRoute, sandbox?: BuildSandbox): PageOutline {
  return { type: route.type, outline: kindOf(route.type).outline(model, route, sandbox) } as PageOutline;
}

/** The page's table of contents. */
export function pageHeadings(page: PageOutline): PageHeading[] {
  return kindOf(page.type).headings(page.outline);
}

/** What the view of the page is given. */
export async function pageView(route: ReferenceRoute, page: PageOutline, context: PageContext): Promise<PageView> {
  const view = await kindOf(route.type).view(route, page.outline, context);
  return { type: route.type, ...view } as PageView;
}

/** The Markdown twin of any reference page. */
export function pageMarkdown(model: ApiModel, route: ReferenceRoute, inputs: TwinInputs): string {
  return kindOf(route.type).twin(model, route, inputs);
}

/** What a page is about, in terms another version can look up. */
export function pageSubject(route: ReferenceRoute): PageSubject {
  return { kind: route.type, ...kindOf(route.type).subject(route) } as PageSubject;
}

/** The page of `model` about `subject` (a URL under the site's base path), or undefined when it has none. */
export function matchingPage(model: ApiModel, subject: PageSubject): string | undefined {
  return kindOf(subject.kind).pageAbout(model, subject);
}

/** The Markdown whose opening is the page's meta description, and what goes before it. */
export function pageSummary(model: ApiModel, route: ReferenceRoute): { lead?: string; markdown: string | undefined } {
  return kindOf(route.type).summary(model, route);
}

/** Where the page's frontmatter differs from a reference page's. */
export function pageFrontmatter(route: ReferenceRoute): PageFrontmatter {
  return kindOf(route.type).frontmatter?.(route) ?? {};
}

/** What the page's sidebar opens and marks. */
export function sidebarFocus(route: ReferenceRoute): SidebarFocus {
  return kindOf(route.type).sidebarFocus?.(route) ?? { openTags: [] };
}

/** On an earlier major's page the current version lacks: where its subject went. */
export function pageRemoval(route: ReferenceRoute, context: PageContext): Removal | undefined {
  return kindOf(route.type).removal?.(route, context);
}
