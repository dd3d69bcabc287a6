/**
 * Released descriptions are files: `spec/releases/<version>.yaml`, one per release, in a `releases` folder beside
 * the working description (`spec/openapi.yaml`). The build needs no git history (static hosts build shallow clones).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { dump } from 'js-yaml';
import semver from 'semver';
import {
  defaultParseLimits,
  type JoinedDescription,
  parseSource,
  readJoinedDescription as readJoined,
  SpecError,
  startOfDay,
} from '../openapi/index.ts';
import { BesideFileError, confinedFile, readBesideText } from '../site/beside-files.ts';
import type { PortalApi } from '../site/portal-apis.ts';

/**
 * Where the releases of the description at `specPath` are kept: `$PETSTORE_RELEASES` if set (other layouts), else
 * the `releases` folder beside it, so that a site built from another description never shows the Pet Store's.
 */
export function releasesDir(specPath: string, env: Record<string, string | undefined> = process.env): string {
  return env.PETSTORE_RELEASES?.trim() || path.join(path.dirname(specPath), 'releases');
}

/**
 * Where an API of the site keeps its releases: the folder portal.json names for a listed API (none if it names
 * none), the description's own rule (`releasesDir`) for a one-API site's.
 */
export function apiReleasesDir(api: PortalApi): string | undefined {
  return api.releases ?? (api.id === undefined ? releasesDir(api.specPath) : undefined);
}

/** The comment `spec:release` writes first in a release file: the release date, which the changelog shows. */
export function releaseHeader(version: string, date: string): string {
  return `# Released ${version} on ${date} (npm run spec:release).\n`;
}

/**
 * The release date the first line of the release file `file` gives (`YYYY-MM-DD`), if it gives one. A date that is
 * no day of the calendar (`2026-02-30`) is a SpecError naming the file and the line: the changelog shows the date,
 * and a typo in it is not guessed at.
 */
export function releaseDate(text: string, file: string): string | undefined {
  const match = /^(# Released (\S+) on )(\d{4}-\d{2}-\d{2})\b/.exec(text);
  if (!match) return undefined;
  const [, lead = '', version = '', date = ''] = match;
  try {
    startOfDay(date);
  } catch {
    throw new SpecError(file, [
      {
        severity: 'error',
        pointer: '',
        position: { line: 1, column: lead.length + 1 },
        message: `The release date "${date}" on the first line is not a real calendar date.`,
        hint: `Correct it to the day ${version} was released, as YYYY-MM-DD: "${releaseHeader(version, 'YYYY-MM-DD').trim()}"`,
      },
    ]);
  }
  return date;
}

export interface Release {
  version: string;
  file: string;
}

/**
 * The releases in `dir`, oldest first; a file whose name is not a version is an error, and so is one that is not a
 * regular file inside `dir` (a folder named like a release, a FIFO, a symbolic link out of it): none is opened.
 */
export function listReleases(dir: string): Release[] {
  if (!existsSync(dir)) return [];
  const releases = readdirSync(dir)
    .filter((name) => releaseFileName.test(name))
    .map((name) => {
      const version = name.replace(releaseFileName, '');
      if (semver.valid(version) === null) {
        throw new SpecError(path.join(dir, name), [
          {
            severity: 'error',
            pointer: '',
            message: `A release file is named after the version it releases; "${version}" is not a version.`,
            hint: `Rename it after its \`info.version\` (for example 1.2.0.yaml), or move it out of ${dir}.`,
          },
        ]);
      }
      const file = path.join(dir, name);
      asSpecError(() => confinedFile(file, releaseFile(dir)));
      return { version, file };
    });
  return releases.sort((a, b) => semver.compare(a.version, b.version));
}

/** How a release file is read: a regular file inside the releases folder, no larger than a description may be. */
function releaseFile(dir: string) {
  return { within: [dir], maxBytes: defaultParseLimits.maxBytes };
}

/** A file's problem as a SpecError naming it, as the build and spec:check report a description's. */
function asSpecError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof BesideFileError)) throw error;
    throw new SpecError(error.file, [
      { severity: 'error', pointer: '', message: error.problem.replace(/^./, (c) => c.toUpperCase()) },
    ]);
  }
}

/** The text of a release file in `dir` (listReleases's), read as listReleases checked it. */
export function readReleaseText(file: string): string {
  return asSpecError(() => readBesideText(file, releaseFile(path.dirname(file))) ?? '');
}

/**
 * A description file, parsed, with a way back from a pointer to its line. `release`: the file is a release file,
 * read only from inside its folder.
 */
export function readDescription(file: string, release = false) {
  const text = asSpecError(
    () =>
      readBesideText(
        file,
        release ? releaseFile(path.dirname(file)) : { within: [], maxBytes: defaultParseLimits.maxBytes },
      ) ?? readMissing(file),
  );
  const parsed = parseSource(text);
  if (!parsed.ok) throw new SpecError(file, parsed.problems);
  return { data: asDocument(parsed.source.data, file), locate: parsed.source.locate, text };
}

function asDocument(data: unknown, file: string): Record<string, unknown> {
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) return data as Record<string, unknown>;
  throw new SpecError(file, [
    {
      severity: 'error',
      pointer: '',
      position: { line: 1, column: 1 },
      message: 'This is not an OpenAPI description: its top level is not a mapping.',
      hint: 'A release file is a copy of the description as released, which npm run spec:release writes.',
    },
  ]);
}

/**
 * The description at `file` with every file its `$ref`s lead to joined in, as the build reads it: the gate and the
 * releases compare what readers saw, so a change made in a referenced file counts, and a schema moved into a file
 * of its own is no change at all. Throws SpecError when the files cannot be read.
 */
export async function readJoinedDescription(
  file: string,
): Promise<JoinedDescription & { data: Record<string, unknown> }> {
  const joined = await readJoined(file);
  return { ...joined, data: asDocument(joined.data, file) };
}

/**
 * What a release file holds: the description as written when it is one file; else its files joined into one
 * self-contained document (every `$ref` local), so that the release does not change when those files do, and an
 * earlier major still builds after they are moved or gone.
 */
export function releaseText(description: JoinedDescription, specFile: string): string {
  if (description.files === 1) return description.text;
  const note = `# Joined from the ${description.files} files of ${specFile}: every $ref is local.\n`;
  return note + dump(description.data, { noRefs: true, lineWidth: -1 });
}

function readMissing(file: string): never {
  throw new BesideFileError(file, 'it does not exist.');
}

/** `info.version` of a parsed description. */
export function versionOf(document: Record<string, unknown>): string {
  const info = document.info;
  const version = typeof info === 'object' && info !== null ? (info as { version?: unknown }).version : undefined;
  return typeof version === 'string' ? version : String(version ?? '');
}

/**
 * Whether the description at `specPath` has releases (and so a changelog). Only whether there are release files:
 * the site config asks before the description is checked, and a misnamed file is reported by that check.
 */
export function hasReleases(specPath: string): boolean {
  return hasReleasesIn(releasesDir(specPath));
}

/** Whether the releases folder `dir` (none: undefined) holds release files. */
export function hasReleasesIn(dir: string | undefined): boolean {
  return dir !== undefined && existsSync(dir) && readdirSync(dir).some((name) => releaseFileName.test(name));
}

const releaseFileName = /\.(ya?ml|json)$/;
