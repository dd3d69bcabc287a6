/**
 * Search's API filter on a site of several APIs (portal.json's `apis`): every reference page of an API, in each of
 * its versions, is filed under it in its head (Pagefind reads the filter from there), and search started on one of
 * them starts on its API. Pages outside the reference (guides, the home page) are filed under none, so that search
 * from them sees every API. A one-API site has no such filter. The build writes the entry
 * (`reference/page-props.ts`); the search dialog reads it back (`pagefind-ui.ts`, `starting-filters.ts`).
 */
import { apiLabels } from '../site/api-labels.ts';
import type { HeadEntry } from './version-filter.ts';

/** The filter's name, as the search dialog shows it. */
export const apiFilterName = 'API';

const filterAttribute = `${apiFilterName}[content]`;

/** One API of the site, as the filter needs it: its id (undefined for a one-API site's) and its title. */
export interface FilteredApi {
  id: string | undefined;
  title: string;
}

/**
 * What the filter calls each of `apis`, in their order: its title, or where two or more APIs share it, its title
 * and its id (`Payments API (payments-v2)`), so that no two APIs are one value. None on a one-API site.
 */
export function apiFilterValues(apis: readonly FilteredApi[]): (string | undefined)[] {
  if (!apis.some(({ id }) => id !== undefined)) return apis.map(() => undefined);
  return apiLabels(apis);
}

/** The head entry that files a page under the API `value`. */
export function apiFilterEntry(value: string): HeadEntry & { tag: 'meta' } {
  return { tag: 'meta', attrs: { 'data-pagefind-filter': filterAttribute, content: value } };
}

/** The API the page being read is filed under; none outside the reference or on a one-API site. */
export function pageApi(document: Document): string | undefined {
  const meta = document.head.querySelector(`meta[data-pagefind-filter="${filterAttribute}"]`);
  return meta?.getAttribute('content') || undefined;
}
