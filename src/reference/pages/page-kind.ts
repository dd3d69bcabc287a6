/** What a kind of reference page is made of (`page-kinds.ts` lists them), and the types its module uses. */
import type { Changelog, History } from '../../changes/changelog.ts';
import type { ApiModel } from '../../openapi/index.ts';
import { type PageHistory, pageHistoryOf } from '../changelog-sections.ts';
import type { BuildSandbox } from '../introduction-outline.ts';
import type { TwinInputs } from '../page-markdown.ts';
import type { PublishedReference, ReferenceInputs } from '../page-props.ts';
import type { ReferenceRoute } from '../routes.ts';
import type { Removal } from '../versions.ts';

/** An entry of a page's table of contents, as Starlight takes it. */
export interface PageHeading {
  depth: number;
  slug: string;
  text: string;
}

export type PageType = ReferenceRoute['type'];
export type RouteOf<T extends PageType> = Extract<ReferenceRoute, { type: T }>;

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

/** One kind of reference page. */
export interface PageKind<T extends PageType, Outline, Subject extends object, View extends object> {
  /** The page's plan; `sandbox`: the build's, which the introduction names. */
  outline(model: ApiModel, route: RouteOf<T>, sandbox: BuildSandbox | undefined): Outline;
  /** The page's table of contents. */
  headings(outline: Outline): PageHeading[];
  /** What its view is given besides `type`. */
  view(route: RouteOf<T>, outline: Outline, context: PageContext): View | Promise<View>;
  /** Its Markdown twin. */
  twin(model: ApiModel, route: RouteOf<T>, inputs: TwinInputs): string;
  /** What the page is about, in terms another version can look up. */
  subject(route: RouteOf<T>): Subject;
  /** The page of `model` about `subject` (a URL under the site's base path), or undefined when it has none. */
  pageAbout(model: ApiModel, subject: Subject): string | undefined;
  /** The Markdown whose opening is the page's meta description, and what goes before it. */
  summary(model: ApiModel, route: RouteOf<T>): { lead?: string; markdown: string | undefined };
  /** Where its frontmatter differs from a reference page's: its layout, whether search indexes it. */
  frontmatter?(route: RouteOf<T>): PageFrontmatter;
  /** What the sidebar opens and marks on this page (else it opens no tag). */
  sidebarFocus?(route: RouteOf<T>): SidebarFocus;
  /** On an earlier major's page the current version lacks: where its subject went (the notice says). */
  removal?(route: RouteOf<T>, context: PageContext): Removal | undefined;
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
