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
  const bundlePath = `${import.meta.env.BASE_URL.replace(/\/$/, '')}/pagefind/`;
  const ui = new PagefindUI({
    element,
    ranking: starlightRanking,
    baseUrl: import.meta.env.BASE_URL,
    bundlePath,
    showImages: false,
    showSubResults: true,
    translations,
    ...(openFilters.length > 0 ? { openFilters } : {}),
  });
  if (openFilters.length === 0) return;
  // Ticked once every filter is loaded: a search with a filter ticked loads only that filter's data, and Pagefind UI
  // keeps the filters of its first results, so one not ticked (API, on a guide of a site with versions) could be
  // left out of the panel for good. Until then (a moment), results are unfiltered.
  const tick = () => ui.triggerFilters(selected);
  allFiltersLoaded(bundlePath).then(tick, tick);
}

/**
 * Resolves once Pagefind has loaded every filter's data: through its own module (the one the UI imports, so the
 * same instance), whose `filters()` loads them all.
 */
async function allFiltersLoaded(bundlePath: string): Promise<void> {
  const pagefind = (await import(/* @vite-ignore */ `${bundlePath}pagefind.js`)) as { filters(): Promise<unknown> };
  await pagefind.filters();
}
