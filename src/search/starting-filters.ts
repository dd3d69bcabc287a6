/**
 * What the search dialog starts with: the filters the page being read is filed under (its version on a site with
 * several, its API on a site of several APIs) ticked, each open so that the reader sees it and can widen the search.
 * Both together narrow to one API's one version: Pagefind keeps a result only if it is filed under every ticked
 * filter.
 */
import { apiFilterName, pageApi } from './api-filter.ts';
import { pageVersion, versionFilterName } from './version-filter.ts';

/** Pagefind UI's options for them, and the filters to tick (`triggerFilters`); none ticked on an unfiled page. */
export interface StartingFilters {
  openFilters: string[];
  selected: Record<string, string>;
}

/** The filters to start with for a page filed under `filed` (filter name → value, undefined where it is not). */
export function startingFilters(filed: Readonly<Record<string, string | undefined>>): StartingFilters {
  const selected = Object.fromEntries(
    Object.entries(filed).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
  return { openFilters: Object.keys(selected), selected };
}

/** The filters the page being read starts search with. */
export const pageStartingFilters = (document: Document): StartingFilters =>
  startingFilters({ [apiFilterName]: pageApi(document), [versionFilterName]: pageVersion(document) });
