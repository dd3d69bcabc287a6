/**
 * The changelog for pages: derived once per build from the release files beside the description the site is built
 * from (src/changes/). Undefined when the description has no releases: then there is no changelog page or feed.
 */
import type { Changelog } from '../changes/changelog.ts';
import { loadChangelog } from '../changes/load-changelog.ts';
import { hasReleases, readJoinedDescription } from '../changes/releases.ts';
import { resolveSpecPath } from '../openapi/index.ts';
import { perDescription } from './per-description.ts';

export const getChangelog: () => Promise<Changelog | undefined> = perDescription(() =>
  // The working description joined from its files, as the releases are (npm run spec:release).
  Promise.resolve(resolveSpecPath(process.cwd())).then(async (spec) =>
    hasReleases(spec) ? loadChangelog(spec, undefined, (await readJoinedDescription(spec)).data) : undefined,
  ),
);
