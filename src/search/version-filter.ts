/**
 * Search's version filter on a site with several versions of the reference: every page is filed under one
 * version in its head (Pagefind reads the filter from there), and search starts on the version of the page being
 * read. The build writes the entry (reference pages, then version-search-route-data.ts for the rest); the search
 * dialog reads it back (pagefind-ui.ts). Nothing here knows which versions exist.
 */

/** The filter's name, as the search dialog shows it. */
export const versionFilterName = 'Version';

const filterAttribute = `${versionFilterName}[content]`;

/** A head entry in Starlight's shape. */
export interface HeadEntry {
  tag: string;
  attrs?: Record<string, string | boolean | undefined> | undefined;
}

/** The head entry that files a page under `value` (`2.0.0 (current)`, `1.x`). */
export function versionFilterEntry(value: string): HeadEntry & { tag: 'meta' } {
  return { tag: 'meta', attrs: { 'data-pagefind-filter': filterAttribute, content: value } };
}

/** Whether a head already files its page under a version. */
export const filesVersion = (head: readonly HeadEntry[]): boolean =>
  head.some((entry) => entry.tag === 'meta' && entry.attrs?.['data-pagefind-filter'] === filterAttribute);

/** The version the page being read is filed under; none on a site with one version. */
export function pageVersion(document: Document): string | undefined {
  const meta = document.head.querySelector(`meta[data-pagefind-filter="${filterAttribute}"]`);
  return meta?.getAttribute('content') || undefined;
}
