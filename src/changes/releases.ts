/**
 * Released descriptions are files: `spec/releases/<version>.yaml`, one per release, next to the working
 * `spec/openapi.yaml`. The build needs no git history (static hosts build shallow clones).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { parseSource, SpecError } from '../openapi/index.ts';

export const defaultReleasesDir = 'spec/releases';

/** Where releases are kept: `$PETSTORE_RELEASES` if set (tests, other layouts), else spec/releases. */
export function releasesDir(env: Record<string, string | undefined> = process.env): string {
  return env.PETSTORE_RELEASES?.trim() || defaultReleasesDir;
}

export interface Release {
  version: string;
  file: string;
}

/** The releases in `dir`, oldest first; a file whose name is not a version is an error. */
export function listReleases(dir: string = releasesDir()): Release[] {
  if (!existsSync(dir)) return [];
  const releases = readdirSync(dir)
    .filter((name) => /\.(ya?ml|json)$/.test(name))
    .map((name) => {
      const version = name.replace(/\.(ya?ml|json)$/, '');
      if (semver.valid(version) === null) {
        throw new Error(
          `${path.join(dir, name)}: a release is named after its version (1.2.0.yaml); "${version}" is not one.`,
        );
      }
      return { version, file: path.join(dir, name) };
    });
  return releases.sort((a, b) => semver.compare(a.version, b.version));
}

/** A description file, parsed, with a way back from a pointer to its line. */
export function readDescription(file: string) {
  const text = readFileSync(file, 'utf8');
  const parsed = parseSource(text);
  if (!parsed.ok) throw new SpecError(file, parsed.problems);
  const data = parsed.source.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error(`${file}: not an OpenAPI description (its top level is not a mapping).`);
  }
  return { data: data as Record<string, unknown>, locate: parsed.source.locate, text };
}

/** `info.version` of a parsed description. */
export function versionOf(document: Record<string, unknown>): string {
  const info = document.info;
  const version = typeof info === 'object' && info !== null ? (info as { version?: unknown }).version : undefined;
  return typeof version === 'string' ? version : String(version ?? '');
}
