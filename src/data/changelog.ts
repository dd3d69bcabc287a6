/**
 * The changelog for pages: derived once per build from the release files beside the description the site is built
 * from (src/changes/). Undefined when the description has no releases: then there is no changelog page or feed.
 */
import type { Changelog } from '../changes/changelog.ts';
import { loadChangelog } from '../changes/load-changelog.ts';
import { resolveSpecPath } from '../openapi/index.ts';

let pending: Promise<Changelog | undefined> | undefined;

export function getChangelog(): Promise<Changelog | undefined> {
  pending ??= Promise.resolve().then(() => loadChangelog(resolveSpecPath(process.cwd())));
  return pending;
}
