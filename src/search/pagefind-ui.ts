/**
 * Pagefind's UI in the search dialog, with Starlight's look for it: loaded by site-search.ts when a reader goes to
 * search, so neither its script nor its styles (search-results.css, Pagefind's own) cost a page that is only read.
 */
import { PagefindUI } from '@pagefind/default-ui';
// By URL, linked below: a stylesheet imported here would be linked from every page, as a script's own styles are.
import resultsStylesheet from './search-results.css?url';
import { pageStartingFilters } from './starting-filters.ts';

/**
 * The ranking Starlight tunes for documentation (its Pagefind config's defaults). Starlight passes it only when it
 * runs Pagefind itself; this site indexes in a step of its own (`pagefind: false` in astro.config.mjs).
 */
const starlightRanking = {
  pageLength: 0.1,
  termFrequency: 0.1,
  termSaturation: 2,
  termSimilarity: 9,
  diacriticSimilarity: 0.8,
};

/** Draws Pagefind's search box and results into `element` (a selector), as Starlight configures it. */
export function startPagefindUi(element: string, translations: Record<string, string>): void {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = resultsStylesheet;
  document.head.append(link);
  // On a site with several versions (or APIs), results start as the page's own version's (and API's), each filter
  // open to widen them.
  const { openFilters, selected } = pageStartingFilters(document);
  const ui = new PagefindUI({
    element,
    ranking: starlightRanking,
    baseUrl: import.meta.env.BASE_URL,
    bundlePath: `${import.meta.env.BASE_URL.replace(/\/$/, '')}/pagefind/`,
    showImages: false,
    showSubResults: true,
    translations,
    ...(openFilters.length > 0 ? { openFilters } : {}),
  });
  if (openFilters.length > 0) ui.triggerFilters(selected);
}
