/**
 * Where an API's changelog page and feed are published, for what links to them from outside the page (`llms.txt`,
 * the API catalog): a one-API site's at `/changelog/`, as it always was; a listed API's beside its reference,
 * `/reference/<id>/changelog/`. One function, so that where the changelog pages are is said once.
 */
import type { ApiModel } from '../openapi/index.ts';
import { changelogFeedPath, changelogPath } from '../reference/changelog-sections.ts';
import { referenceBase, referenceBaseOf } from '../reference/routes.ts';
import { sitePath } from '../reference/site-path.ts';

/** The changelog's page and Atom feed of an API's current model, as site paths (under the base path). */
export function apiChangelogPaths(model: ApiModel): { page: string; feed: string } {
  const base = referenceBaseOf(model);
  if (base === referenceBase) return { page: sitePath(changelogPath), feed: sitePath(changelogFeedPath) };
  return { page: sitePath(`/${base}/changelog/`), feed: sitePath(`/${base}/changelog/feed.xml`) };
}
