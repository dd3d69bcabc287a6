/**
 * Starlight route middleware: on a site with several versions of the reference, every page that is not an
 * earlier major's (guides, the changelog, the home page) is filed under the current version in search, as the
 * current reference pages are, so that search started there keeps to the current version and still finds them.
 */
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { getReferenceVersions } from '../data/reference-versions.ts';
import { versionFilterValue } from '../reference/versions.ts';
import { filesVersion, versionFilterEntry } from '../search/version-filter.ts';

export const onRequest = defineRouteMiddleware(async (context) => {
  const route = context.locals.starlightRoute;
  // Reference pages file themselves under the version they belong to.
  if (filesVersion(route.head)) return;
  const [current, ...earlier] = await getReferenceVersions();
  if (!current || earlier.length === 0) return;
  route.head.push(versionFilterEntry(versionFilterValue(current.version)));
});
