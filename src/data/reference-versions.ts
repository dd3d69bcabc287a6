/**
 * The published versions of the reference for pages: the current description's model, and each published earlier
 * major's, loaded once per build from its release file and published below its own path (reference/versions.ts).
 * A site with no earlier major has the current version alone, and loads nothing more.
 */
import { type ApiChange, apiChanges } from '../changes/api-changes.ts';
import { listReleases, releasesDir } from '../changes/releases.ts';
import { type ApiModel, enclosingOperation, loadApiModel, resolveSpecPath } from '../openapi/index.ts';
import { type MigrationStep, migrationStep } from '../reference/changelog/migration.ts';
import { publishReferenceAt } from '../reference/routes.ts';
import { type ReferenceVersion, referenceVersions } from '../reference/versions.ts';
import { portalConfigPath } from '../site/portal-config.ts';
import { getApiModel } from './api-model.ts';
import { perDescription } from './per-description.ts';
import { getPortalConfig } from './portal-config.ts';

export interface PublishedVersion {
  version: ReferenceVersion;
  model: ApiModel;
}

/** The current version first, then the earlier majors, newest first. */
export const getReferenceVersions: () => Promise<PublishedVersion[]> = perDescription(() =>
  getApiModel().then((current) =>
    loadReferenceVersions(resolveSpecPath(process.cwd()), current, getPortalConfig().publishedMajors),
  ),
);

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

const diffs = new WeakMap<ApiModel, Map<ApiModel, ApiChange[]>>();

/** The changes from an earlier version's description to a later one's (the gate's and the changelog's diff), once. */
function changesBetween(earlier: ApiModel, later: ApiModel): ApiChange[] {
  const known = diffs.get(earlier) ?? new Map<ApiModel, ApiChange[]>();
  diffs.set(earlier, known);
  let changes = known.get(later);
  if (!changes) {
    changes = apiChanges(earlier.source, later.source);
    known.set(later, changes);
  }
  return changes;
}

/**
 * The operations of an earlier version's model (by pointer) that the current version has unchanged: the diff the
 * changelog uses finds no change inside them.
 */
export async function operationsUnchangedInCurrent(earlier: ApiModel): Promise<Set<string>> {
  const current = await getApiModel();
  const inCurrent = new Set(current.operations.map((operation) => operation.pointer));
  const both = new Set(earlier.operations.map((operation) => operation.pointer).filter((p) => inCurrent.has(p)));
  const changed = new Set<string>();
  for (const change of changesBetween(earlier, current)) {
    const operation = enclosingOperation(change.pointer, both);
    if (operation) changed.add(operation);
  }
  return new Set([...both].filter((pointer) => !changed.has(pointer)));
}

/** Each published earlier major's step to the next published version (1.x → 2.x, 2.x → current), newest first. */
export async function getMigrationSteps(): Promise<MigrationStep[]> {
  const versions = await getReferenceVersions();
  return versions.slice(1).map((from, i) => {
    const to = versions[i] as PublishedVersion;
    return migrationStep(from, to, changesBetween(from.model, to.model));
  });
}
