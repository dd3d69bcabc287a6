/**
 * The changelogs for pages: derived once per build from each API's release files (src/changes/). An API without
 * releases has none: then there is no changelog page or feed for it.
 */
import type { Changelog } from '../changes/changelog.ts';
import { loadChangelog } from '../changes/load-changelog.ts';
import { apiReleasesDir, hasReleasesIn, readJoinedDescription } from '../changes/releases.ts';
import type { ApiModel } from '../openapi/index.ts';
import { type ChangelogPaths, changelogPathsAt } from '../reference/changelog/changelog-sections.ts';
import { referenceBase } from '../reference/routes.ts';
import type { PortalApi } from '../site/portal-apis.ts';
import { getApiModels, getPortalApis } from './api-model.ts';
import { perDescription } from './per-description.ts';

/** An API with releases, as its changelog's pages are built from it. */
export interface ApiChangelog {
  api: PortalApi;
  /** Its current model, published at its base. */
  model: ApiModel;
  changelog: Changelog;
  /** Where its changelog's pages are (`/changelog/`, `/reference/<id>/changelog/`). */
  paths: ChangelogPaths;
  /** Whether the site documents several APIs: then its pages name it. */
  several: boolean;
}

/** Each API of the site that has releases, in the site's order: each has a changelog page, feed and twin. */
export const getApiChangelogs: () => Promise<ApiChangelog[]> = perDescription(async () => {
  const apis = getPortalApis();
  const [models, changelogs] = await Promise.all([getApiModels(), getChangelogs()]);
  const several = apis.some((api) => api.id !== undefined);
  return apis.flatMap((api, i) => {
    const [model, changelog] = [models[i], changelogs[i]];
    return model && changelog ? [{ api, model, changelog, paths: changelogPathsAt(api.base), several }] : [];
  });
});

/**
 * The leading rest parameter of the changelog's routes (`src/pages/[...at]/changelog/`, `[...at]/[changelog].md`)
 * for the API whose base is `apiBase`: none for a one-API site's `/changelog/`, `reference/<id>` for a listed API's.
 */
export const changelogRouteAt = (apiBase: string): string | undefined =>
  apiBase === referenceBase ? undefined : apiBase;

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
