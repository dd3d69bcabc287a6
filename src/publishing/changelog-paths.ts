/**
 * Where an API's changelog page and feed are published, for what links to them from outside the page (`llms.txt`,
 * the API catalog): a one-API site's at `/changelog/`, as it always was; a listed API's beside its reference,
 * `/reference/<id>/changelog/`. One function, so that where the changelog pages are is said once.
 */
import type { ApiModel } from '../openapi/index.ts';
import { changelogPaths } from '../reference/changelog/changelog-sections.ts';
import { sitePath } from '../reference/site-path.ts';

/** The changelog's page and Atom feed of an API's current model, as site paths (under the base path). */
export function apiChangelogPaths(model: ApiModel): { page: string; feed: string } {
  const { page, feed } = changelogPaths(model);
  return { page: sitePath(page), feed: sitePath(feed) };
}
