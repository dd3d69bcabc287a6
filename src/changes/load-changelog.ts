/**
 * The changelog of the description at `specPath`, from its release files (releases.ts): read them, put the working
 * description in its place in the history, and derive the entries (changelog.ts). A description with no releases
 * has no changelog.
 */
import semver from 'semver';
import { buildChangelog, type Changelog, type ReleasedDescription } from './changelog.ts';
import { listReleases, readDescription, releaseDate, releasesDir, versionOf } from './releases.ts';

export function loadChangelog(specPath: string, dir: string = releasesDir(specPath)): Changelog | undefined {
  const releases = listReleases(dir);
  if (releases.length === 0) return undefined;
  const history: ReleasedDescription[] = releases.map((release) => {
    const { data, text } = readDescription(release.file);
    const date = releaseDate(text);
    return { version: release.version, released: true, document: data, ...(date ? { date } : {}) };
  });
  return buildChangelog(withWorkingDescription(history, readDescription(specPath).data));
}

/**
 * The site shows the working description, so the history ends with it: it stands for the release of its version
 * (later releases are left out: the site documents that version), or, when its version has not been cut yet, it
 * follows the last release as "not yet released".
 */
function withWorkingDescription(
  history: ReleasedDescription[],
  working: Record<string, unknown>,
): ReleasedDescription[] {
  const version = versionOf(working);
  const at = history.findIndex((release) => semver.valid(release.version) && semver.eq(release.version, version, true));
  if (at >= 0) {
    const release = history[at] as ReleasedDescription;
    return [...history.slice(0, at), { ...release, document: working }];
  }
  return [...history, { version, released: false, document: working }];
}
