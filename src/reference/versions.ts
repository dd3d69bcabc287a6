/**
 * The versions of the reference a site publishes, and which page of one version answers to a page of another.
 * The current description is the reference at `/reference/`; each earlier major with a release file is published
 * from its last release below `/reference/<major>.x/`, unless the site config's `publishedMajors` leaves it out.
 * Pure data: no Astro, no files (src/data/reference-versions.ts loads the models).
 */
import semver from 'semver';
import type { Changelog } from '../changes/changelog.ts';
import { type ApiModel, type ApiOperation, oncePerModel, operationById, type TryItPolicy } from '../openapi/index.ts';
import { referenceBase, referenceUrls } from './routes.ts';

export interface ReferenceVersion {
  /** The description's version: `2.0.0`, `1.1.0`. */
  version: string;
  /** What a reader calls it: `1.x` for an earlier major, the version itself for the current one. */
  label: string;
  current: boolean;
  /** Where its reference lives, from the site's root: `reference`, `reference/1.x`. */
  base: string;
  /** The release file an earlier major is built from. */
  file?: string;
}

export interface Release {
  version: string;
  file: string;
}

/** A `publishedMajors` that names a major with no release file: the build stops with this one line. */
export class VersionSettingError extends Error {
  override name = 'VersionSettingError';
}

/**
 * The current version first, then each published earlier major (its last release), newest first. `published` is
 * the site config's `publishedMajors` (unset: every earlier major with a release); `where` names the config and the
 * releases folder in the error for a major that has no release.
 */
export function referenceVersions(
  currentVersion: string,
  releases: readonly Release[],
  published: readonly number[] | undefined,
  where: { config: string; releases: string },
  base: string = referenceBase,
): ReferenceVersion[] {
  const current = semver.valid(currentVersion, true) ? semver.major(currentVersion, true) : undefined;
  const lastOfMajor = new Map<number, Release>();
  for (const release of releases) {
    const major = semver.major(release.version);
    const last = lastOfMajor.get(major);
    if (!last || semver.gt(release.version, last.version)) lastOfMajor.set(major, release);
  }
  const missing = (published ?? []).filter((major) => major !== current && !lastOfMajor.has(major));
  if (missing.length > 0) {
    const names = missing.map((major) => `${major}.x`).join(', ');
    const have = releases.map((release) => release.version).join(', ') || 'none';
    throw new VersionSettingError(
      `${where.config}: publishedMajors names ${names}, which has no release file in ${where.releases} (releases: ${have}).`,
    );
  }
  const older = [...lastOfMajor]
    .filter(([major]) => current !== undefined && major < current && (published?.includes(major) ?? true))
    .sort(([a], [b]) => b - a)
    .map(([major, release]) => ({
      version: release.version,
      label: `${major}.x`,
      current: false,
      base: `${base}/${major}.x`,
      file: release.file,
    }));
  return [{ version: currentVersion, label: currentVersion, current: true, base }, ...older];
}

/**
 * Where the API a version belongs to has its reference: the current version's own base (`reference`,
 * `reference/payments`), or the one an earlier major is published below (`reference/payments/1.x` →
 * `reference/payments`; see `referenceVersions`).
 */
export function apiBaseOfVersion(version: Pick<ReferenceVersion, 'base' | 'label' | 'current'>): string {
  const own = `/${version.label}`;
  return !version.current && version.base.endsWith(own) ? version.base.slice(0, -own.length) : version.base;
}

/** The operation of `model` that answers to one of another version: same operationId, else same method and path. */
export function matchingOperation(
  model: ApiModel,
  operation: { operationId?: string | undefined; method: string; path: string },
): ApiOperation | undefined {
  return operationById(model, operation.operationId) ?? byCall(model).get(callOf(operation));
}

const callOf = (operation: Pick<ApiOperation, 'method' | 'path'>) =>
  `${operation.method.toUpperCase()} ${operation.path}`;
const byCall = oncePerModel((model) => new Map(model.operations.map((operation) => [callOf(operation), operation])));

export interface SwitcherEntry {
  label: string;
  version: string;
  current: boolean;
  /** The version being read. */
  reading: boolean;
  /** The same page in that version, else its introduction. */
  href: string;
  /** Whether `href` is the same page (not the introduction, for want of one). */
  samePage: boolean;
}

/**
 * The version switcher's entries for a page read in `reading`: one per published version, each linking `pageIn` its
 * model (the same page, `page-kinds.ts`'s matchingPage).
 */
export function switcherEntries(
  versions: readonly { version: ReferenceVersion; model: ApiModel }[],
  reading: ReferenceVersion,
  pageIn: (model: ApiModel) => string | undefined,
): SwitcherEntry[] {
  return versions.map(({ version, model }) => {
    const page = pageIn(model);
    return {
      label: version.label,
      version: version.version,
      current: version.current,
      reading: version.base === reading.base,
      href: page ?? referenceUrls(model).introduction,
      samePage: page !== undefined,
    };
  });
}

/** Where an operation of an earlier version went: the release that removed it, and what replaces it if it says. */
export interface Removal {
  /** The release whose changes remove it (in the changelog); unknown when the changelog does not say. */
  removedIn?: string;
  /** Its successor (`x-successor`) in the current version, when it names one that is there. */
  successor?: ApiOperation;
}

/** What an earlier version's operation that the current version lacks says of where it went. */
export function removalOf(
  operation: ApiOperation,
  readVersion: string,
  current: ApiModel,
  changelog: Changelog | undefined,
): Removal {
  const call = callOf(operation);
  // Oldest first: the first release after the version read that removes it.
  const entry = [...(changelog?.entries ?? [])]
    .reverse()
    .find(
      (candidate) =>
        semver.valid(candidate.version, true) !== null &&
        semver.gt(candidate.version, readVersion, true) &&
        candidate.changes.some(
          (change) =>
            change.subject === 'operation' &&
            change.action === 'remove' &&
            change.operation !== undefined &&
            callOf(change.operation) === call,
        ),
    );
  const successorId = operation.deprecation?.successor;
  const successor = successorId ? operationById(current, successorId) : undefined;
  return { ...(entry ? { removedIn: entry.version } : {}), ...(successor ? { successor } : {}) };
}

/**
 * Try it on an earlier major's operation: the sandbox implements the current description only, so the console stays
 * on for an operation the current version has unchanged (`unchanged`), and is off, with the reason, for the rest.
 */
export function tryItOnEarlierMajor(
  operation: Pick<ApiOperation, 'tryIt'>,
  facts: { current: string; unchanged: boolean; inCurrent: boolean },
): TryItPolicy {
  if (!operation.tryIt.enabled || facts.unchanged) return operation.tryIt;
  const why = facts.inCurrent ? 'in which this operation has changed' : 'which does not have this operation';
  return {
    enabled: false,
    reason: `The sandbox implements the current version, ${facts.current}, ${why}: try it there.`,
    source: 'version',
  };
}

/** A version as search's filter names it: `2.0.0 (current)`, `1.x`. */
export const versionFilterValue = (version: ReferenceVersion): string =>
  version.current ? `${version.label} (current)` : version.label;

/** The value search's Version filter gives every current page of a site of several APIs, and every other page. */
export const currentVersionsFilterValue = 'Current';

/**
 * The Version filter's value for a page of `reading` (a version of one of the site's `apis`), or, with `reading`
 * undefined, for a page outside the reference, which counts as current; none when no API has an earlier major.
 * A one-API site names the current version (`2.0.0 (current)`); a site of several, whose APIs' current versions
 * differ, files them all and the other pages under `Current`. An earlier major is `1.x` (the API filter says whose).
 */
export function siteVersionFilterValue(
  apis: readonly { id: string | undefined; versions: readonly { version: ReferenceVersion }[] }[],
  reading?: ReferenceVersion,
): string | undefined {
  if (!apis.some(({ versions }) => versions.length > 1)) return undefined;
  const [only] = apis;
  if (apis.length === 1 && only?.id === undefined) {
    const version = reading ?? only?.versions[0]?.version;
    return version && versionFilterValue(version);
  }
  return reading && !reading.current ? reading.label : currentVersionsFilterValue;
}
