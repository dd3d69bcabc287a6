/**
 * Timeouts the browser tests share, apart from `support.ts`: that module loads the Pet Store's model at import,
 * publishing its links at /reference/, which a test of a site where the Pet Store is a listed API must not do first.
 */

/**
 * How long a search may take to show its results. Pagefind loads its index in pieces; with the other browser worker
 * running the axe crawl on two cores, results came a little after the 5 s default, already in the list.
 */
export const searchResultTimeout = 20_000;
