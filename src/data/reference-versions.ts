/**
 * The published versions of the reference for pages: the current description's model, and each published earlier
 * major's, loaded once per build from its release file and published below its own path (reference/versions.ts).
 * A site with no earlier major has the current version alone, and loads nothing more.
 */
import { apiChanges } from '../changes/api-changes.ts';
import { listReleases, releasesDir } from '../changes/releases.ts';
import { type ApiModel, enclosingOperation, loadApiModel, resolveSpecPath } from '../openapi/index.ts';
import { portalConfigPath } from '../publishing/portal-config.ts';
import { publishReferenceAt } from '../reference/routes.ts';
import { type ReferenceVersion, referenceVersions } from '../reference/versions.ts';
import { getApiModel } from './api-model.ts';
import { getPortalConfig } from './portal-config.ts';

export interface PublishedVersion {
  version: ReferenceVersion;
  model: ApiModel;
}

let pending: Promise<PublishedVersion[]> | undefined;

/** The current version first, then the earlier majors, newest first. */
export function getReferenceVersions(): Promise<PublishedVersion[]> {
  pending ??= getApiModel().then((current) =>
    loadReferenceVersions(resolveSpecPath(process.cwd()), current, getPortalConfig().publishedMajors),
  );
  return pending;
}

/**
 * Loads the published versions of the description at `specPath`, whose model is `current`. Throws a
 * VersionSettingError when `publishedMajors` names a major with no release, and a SpecError when an earlier
 * major's release file is unusable (the build's start, src/integration/, reports both).
 */
export async function loadReferenceVersions(
  specPath: string,
  current: ApiModel,
  publishedMajors: readonly number[] | undefined,
): Promise<PublishedVersion[]> {
  const dir = releasesDir(specPath);
  const versions = referenceVersions(current.info.version, listReleases(dir), publishedMajors, {
    config: portalConfigPath(specPath),
    releases: dir,
  });
  return Promise.all(
    versions.map(async (version) => {
      if (version.current || !version.file) return { version, model: current };
      const model = await loadApiModel(version.file);
      publishReferenceAt(model, version.base);
      return { version, model };
    }),
  );
}

const unchanged = new WeakMap<ApiModel, Promise<Set<string>>>();

/**
 * The operations of an earlier version's model (by pointer) that the current version has unchanged: the diff the
 * changelog uses finds no change inside them. Derived once per version, when its first operation page asks.
 */
export function operationsUnchangedInCurrent(earlier: ApiModel): Promise<Set<string>> {
  let found = unchanged.get(earlier);
  if (!found) {
    found = getApiModel().then((current) => {
      const inCurrent = new Set(current.operations.map((operation) => operation.pointer));
      const both = new Set(earlier.operations.map((operation) => operation.pointer).filter((p) => inCurrent.has(p)));
      const changed = new Set<string>();
      for (const change of apiChanges(earlier.source, current.source)) {
        const operation = enclosingOperation(change.pointer, both);
        if (operation) changed.add(operation);
      }
      return new Set([...both].filter((pointer) => !changed.has(pointer)));
    });
    unchanged.set(earlier, found);
  }
  return found;
}
