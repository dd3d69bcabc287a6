/**
 * Starlight route middleware: on a site with several versions of the reference, every page that is not an
 * earlier major's (guides, the changelog, the home page) is filed under the current version in search, as the
 * current reference pages are, so that search started there keeps to the current version and still finds them.
 * In a site of several APIs where one has earlier majors, "current" is every API's current version (`Current`).
 */
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { getSiteApis } from '../data/reference-versions.ts';
import { siteVersionFilterValue } from '../reference/versions.ts';
import { filesVersion, versionFilterEntry } from '../search/version-filter.ts';

export const onRequest = defineRouteMiddleware(async (context) => {
  const route = context.locals.starlightRoute;
  // Reference pages file themselves under the version they belong to.
  if (filesVersion(route.head)) return;
  const value = siteVersionFilterValue((await getSiteApis()).map(({ api, versions }) => ({ id: api.id, versions })));
  if (value !== undefined) route.head.push(versionFilterEntry(value));
});
