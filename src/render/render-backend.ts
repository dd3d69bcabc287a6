/**
 * Where the costly pure renderings of a page run: Shiki highlighting and
 * description Markdown, as HTML or as text (together, much of a large
 * build's time).
 * During `astro build` the integration installs a backend that runs them in
 * a worker thread, on the second core, while this thread renders pages
 * (`render-worker.ts`); without one (dev server, tests) they run
 * in this thread.
 */

/** Options for {@link renderMarkdown}. */
export interface RenderMarkdownOptions {
  /** Unwrap a lone paragraph, for table cells and one-line summaries. Longer text stays block HTML. */
  inline?: boolean;
  /**
   * The level the description's highest heading becomes, keeping their order: one below the section it sits
   * in (2 for a page's own description, under its h1). Default 4, for text inside the pages' h3 sections.
   */
  highestHeading?: number;
  /**
   * The site relative links (`/docs/x`) belong to: they are resolved against it. Without one they become text, as
   * they would lead into the portal, where nothing is at that address (see `openapi/relative-links.ts`).
   */
  linkBase?: string;
  /**
   * Where links written in another docs tool's form (`#tag/Orders`, `#operation/placeOrder`: `savedLinkFragment`)
   * go, with their fragment: the reference's introduction, which takes them to the page they mean.
   */
  savedLinksAt?: string;
  /**
   * Keep search to the opening (up to the first paragraph): later top-level blocks are marked for Pagefind to skip (see
   * `reference/site-lists/search-scope.ts`). Readers see them all.
   */
  searchOpeningOnly?: boolean;
  /**
   * Give the headings ids, each this prefix and the slug of its text (unique within the text), so that a page's
   * "On this page" can list a long description's sections (`markdownHeadings` gives the same ids).
   */
  headingIds?: string;
  /**
   * Put this after `user-content-` in the description's own ids (its footnotes') and its links to them, so that
   * two descriptions on one page don't share ids: see `idPrefixFor`. Letters, digits and `-` only.
   */
  idPrefix?: string;
}

/** Renders elsewhere; the same results as `highlightHere`, `renderMarkdown` and `markdownToText`. */
export interface RenderBackend {
  highlight(code: string, language: string): Promise<string>;
  markdown(text: string, options: RenderMarkdownOptions): Promise<string>;
  /** Markdown as plain text, as `markdownToText`. */
  text(markdown: string): Promise<string>;
}

// On globalThis because the integration and the pages load this module separately (Node and Vite's bundle).
const backendKey = Symbol.for('petstore.render-backend');
type WithBackend = { [backendKey]?: RenderBackend | undefined };

/** Sends rendering to `backend` from now on (undefined: back to this thread). */
export function useRenderBackend(backend: RenderBackend | undefined): void {
  (globalThis as WithBackend)[backendKey] = backend;
}

export function renderBackend(): RenderBackend | undefined {
  return (globalThis as WithBackend)[backendKey];
}
