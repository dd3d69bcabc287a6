/** What a kind of reference page is made of (`page-kinds.ts` lists them), and the types its module uses. */
import type { Changelog, History } from '../../changes/changelog.ts';
import type { ApiModel } from '../../openapi/index.ts';
import { type PageHistory, pageHistoryOf } from '../changelog/changelog-sections.ts';
import type { PublishedReference, ReferenceInputs } from '../page-props.ts';
import type { TwinInputs } from '../twins/page-markdown.ts';
import type { Removal } from '../versions.ts';
import type { BuildSandbox } from './introduction-outline.ts';

/** An entry of a page's table of contents, as Starlight takes it. */
export interface PageHeading {
  depth: number;
  slug: string;
  text: string;
}

/**
 * What every page's route has. Its kind declares the rest (`TagRoute`, …); the reference's routes are the union of
 * the kinds' (`ReferenceRoute`, derived from the table in `page-kinds.ts`).
 */
export interface PageRoute {
  /** The kind of page: its key in the table of kinds. */
  type: string;
  /** Its URL path relative to the site's base path, without slashes at either end (Astro adds the base). */
  path: string;
  title: string;
}

/** What a page's view is given beyond its outline: the build's inputs, and where the page stands among versions. */
export interface PageContext {
  /** The model of the version the page is of. */
  model: ApiModel;
  inputs: ReferenceInputs;
  /** The changelog of the API the page is of. */
  changelog: Changelog | undefined;
  reading: PublishedReference;
  current: PublishedReference;
  /** On an earlier major's page: the same page in the current version, if it has one. */
  currentPage: string | undefined;
  /** The authentication guide's path, where the site ships it. */
  authenticationGuide: string | undefined;
}

/** One kind of reference page, whose routes are `Route`. */
export interface PageKind<Route extends PageRoute, Outline, Subject extends object, View extends object> {
  /** Every page of the kind, in reading order. */
  routes(model: ApiModel): Route[];
  /** The page's plan; `sandbox`: the build's, which the introduction names. */
  outline(model: ApiModel, route: Route, sandbox: BuildSandbox | undefined): Outline;
  /** The page's table of contents. */
  headings(outline: Outline): PageHeading[];
  /** What its view is given besides `type`. */
  view(route: Route, outline: Outline, context: PageContext): View | Promise<View>;
  /** Its Markdown twin. */
  twin(model: ApiModel, route: Route, inputs: TwinInputs): string;
  /** What the page is about, in terms another version can look up. */
  subject(route: Route): Subject;
  /** The page of `model` about `subject` (a URL under the site's base path), or undefined when it has none. */
  pageAbout(model: ApiModel, subject: Subject): string | undefined;
  /** The Markdown whose opening is the page's meta description, and what goes before it. */
  summary(model: ApiModel, route: Route): { lead?: string; markdown: string | undefined };
  /** Where its frontmatter differs from a reference page's: its layout, whether search indexes it. */
  frontmatter?(route: Route): PageFrontmatter;
  /** What the sidebar opens and marks on this page (else it opens no tag). */
  sidebarFocus?(route: Route): SidebarFocus;
  /** On an earlier major's page the current version lacks: where its subject went (the notice says). */
  removal?(route: Route, context: PageContext): Removal | undefined;
}

/** A page's own frontmatter, for `<StarlightPage>`. */
export interface PageFrontmatter {
  pageLayout?: 'operation';
  pagefind?: false;
}

/** The tags whose operations the sidebar lists open, and the operation (its operationId) it marks as current. */
export interface SidebarFocus {
  openTags: readonly string[];
  operationId?: string;
}

/** Outline headings (`{ depth, id, title }`) as a table of contents. */
export const asPageHeadings = (headings: readonly { depth: number; id: string; title: string }[]): PageHeading[] =>
  headings.map(({ depth, id, title }) => ({ depth, slug: id, text: title }));

/** A page about nothing another version must look up but its kind (the introduction, the models index, the errors). */
export type KindOnly = Record<never, never>;

/**
 * What the changelog says of a page's subject: the releases that added and last changed it. The changelog follows
 * the current version, so an earlier major's pages say nothing of it.
 */
export function historyOn(context: PageContext, history: History | undefined): PageHistory {
  return context.reading.version.current ? pageHistoryOf(context.model, context.changelog, history) : {};
}
