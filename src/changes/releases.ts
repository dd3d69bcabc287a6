/**
 * Released descriptions are files: `spec/releases/<version>.yaml`, one per release, in a `releases` folder beside
 * the working description (`spec/openapi.yaml`). The build needs no git history (static hosts build shallow clones).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { defaultParseLimits, parseSource, SpecError, startOfDay } from '../openapi/index.ts';
import { BesideFileError, confinedFile, readBesideText } from '../publishing/beside-files.ts';

/**
 * Where the releases of the description at `specPath` are kept: `$PETSTORE_RELEASES` if set (other layouts), else
 * the `releases` folder beside it, so that a site built from another description never shows the Pet Store's.
 */
export function releasesDir(specPath: string, env: Record<string, string | undefined> = process.env): string {
  return env.PETSTORE_RELEASES?.trim() || path.join(path.dirname(specPath), 'releases');
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
  const data = parsed.source.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
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
  return { data: data as Record<string, unknown>, locate: parsed.source.locate, text };
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
  const dir = releasesDir(specPath);
  return existsSync(dir) && readdirSync(dir).some((name) => releaseFileName.test(name));
}

const releaseFileName = /\.(ya?ml|json)$/;
