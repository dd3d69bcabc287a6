/**
 * The changelog of the description at `specPath`, from its release files (releases.ts): read them, put the working
 * description in its place in the history, and derive the entries (changelog.ts). A description with no releases
 * has no changelog.
 */
import semver from 'semver';
import type { SpecProblem } from '../openapi/index.ts';
import { buildChangelog, type Changelog, type ReleasedDescription } from './changelog.ts';
import { listReleases, readDescription, readReleaseText, releaseDate, releasesDir, versionOf } from './releases.ts';

/**
 * `working`: the working description as readers see it, joined from its files (readJoinedDescription); by default
 * its root file alone, which is the whole of a one-file description.
 */
export function loadChangelog(
  specPath: string,
  dir: string = releasesDir(specPath),
  working?: Record<string, unknown>,
): Changelog | undefined {
  const releases = listReleases(dir);
  if (releases.length === 0) return undefined;
  const history: ReleasedDescription[] = releases.map((release) => {
    const { data, text } = readDescription(release.file, true);
    const date = releaseDate(text, release.file);
    return { version: release.version, released: true, document: data, ...(date ? { date } : {}) };
  });
  return buildChangelog(withWorkingDescription(history, working ?? readDescription(specPath).data));
}

/**
 * What the build checks before it starts (src/integration/), so that a problem is reported, not thrown from a
 * page: a release file whose date is no calendar date is a SpecError naming the file and line (releaseDate); a
 * working description whose `info.version` is no version is a warning, and its changelog still builds (see
 * withWorkingDescription). `version` is the model's: the description is read again only to place that warning.
 */
export function checkChangelog(specPath: string, version: string, dir: string = releasesDir(specPath)): SpecProblem[] {
  const releases = listReleases(dir);
  const last = releases.at(-1);
  if (!last) return [];
  for (const release of releases) releaseDate(readReleaseText(release.file), release.file);
  if (isVersion(version)) return [];
  return [unplacedVersion(version, last.version, readDescription(specPath).locate('/info/version'))];
}

/** Whether the changelog can place a working description of this version among the releases (semver, loosely). */
const isVersion = (version: string) => semver.valid(version, true) !== null;

function unplacedVersion(version: string, last: string, position: SpecProblem['position']): SpecProblem {
  const next = semver.inc(last, 'minor') ?? last;
  return {
    severity: 'warning',
    pointer: '/info/version',
    ...(position ? { position } : {}),
    message: `\`info.version\` is "${version}", which is not a semantic version (MAJOR.MINOR.PATCH, as releases are named), so the changelog cannot tell which release it is: it shows this description after the last release, ${last}, as not released yet.`,
    hint: `Write the version this description is released as: ${last} if it is that release, or a later one such as ${next}. npm run spec:release needs one too.`,
  };
}

/**
 * The site shows the working description, so the history ends with it: it stands for the release of its version
 * (later releases are left out: the site documents that version), or, when its version has not been cut yet (or is
 * no version, which checkChangelog warns of), it follows the last release as "not yet released".
 */
function withWorkingDescription(
  history: ReleasedDescription[],
  working: Record<string, unknown>,
): ReleasedDescription[] {
  const version = versionOf(working);
  const at = isVersion(version) ? history.findIndex((release) => semver.eq(release.version, version, true)) : -1;
  if (at >= 0) {
    const release = history[at] as ReleasedDescription;
    return [...history.slice(0, at), { ...release, document: working }];
  }
  return [...history, { version, released: false, document: working }];
}
