/**
 * The changelogs for pages: derived once per build from each API's release files (src/changes/). An API without
 * releases has none: then there is no changelog page or feed for it.
 */
import type { Changelog } from '../changes/changelog.ts';
import { loadChangelog } from '../changes/load-changelog.ts';
import { apiReleasesDir, hasReleasesIn, readJoinedDescription } from '../changes/releases.ts';
import type { PortalApi } from '../site/portal-apis.ts';
import { getPortalApis } from './api-model.ts';
import { perDescription } from './per-description.ts';

/** Each API's changelog, in the site's order (undefined for one without releases). */
export const getChangelogs: () => Promise<(Changelog | undefined)[]> = perDescription(async () => {
  const changelogs: (Changelog | undefined)[] = [];
  for (const api of getPortalApis()) changelogs.push(await changelogOf(api));
  return changelogs;
});

/** The first API's changelog: a one-API site's. */
export const getChangelog = (): Promise<Changelog | undefined> => getChangelogs().then(([first]) => first);

async function changelogOf(api: PortalApi): Promise<Changelog | undefined> {
  const dir = apiReleasesDir(api);
  if (!hasReleasesIn(dir)) return undefined;
  // The working description joined from its files, as the releases are (npm run spec:release).
  return loadChangelog(api.specPath, dir, (await readJoinedDescription(api.specPath)).data);
}
