/**
 * The published versions of the reference for pages: the current description's model, and each published earlier
 * major's, loaded once per build from its release file and published below its own path (reference/versions.ts).
 * A site with no earlier major has the current version alone, and loads nothing more.
 */
import { type ApiChange, apiChanges } from '../changes/api-changes.ts';
import { apiReleasesDir, listReleases } from '../changes/releases.ts';
import { type ApiModel, enclosingOperation, loadApiModel } from '../openapi/index.ts';
import { loadApiOfSite } from '../reference/api-of-site.ts';
import { type MigrationStep, migrationStep } from '../reference/changelog/migration.ts';
import { publishReferenceAt } from '../reference/routes.ts';
import { type ReferenceVersion, referenceVersions } from '../reference/versions.ts';
import { listedAs } from '../site/listed-api.ts';
import { type PortalApi, portalApis } from '../site/portal-apis.ts';
import { loadPortalConfig } from '../site/portal-config.ts';
import { getApiModels, getPortalApis } from './api-model.ts';
import { perDescription } from './per-description.ts';

export interface PublishedVersion {
  version: ReferenceVersion;
  model: ApiModel;
}

/** One API of the site with its published versions (the current one first). */
export interface SiteApi {
  api: PortalApi;
  versions: PublishedVersion[];
}

/** Each API of the site, in its order, with its published versions. */
export const getSiteApis: () => Promise<SiteApi[]> = perDescription(async () => {
  const [apis, models] = [getPortalApis(), await getApiModels()];
  const sites: SiteApi[] = [];
  for (const [i, api] of apis.entries()) {
    sites.push({ api, versions: await loadReferenceVersions(api, models[i] as ApiModel) });
  }
  return sites;
});

/**
 * The site's APIs with their published versions, loaded outside Astro's pages (the build's integrations, the MCP
 * server) from the site whose build description is `specPath`: each model published at its API's base.
 */
export async function loadSiteApis(specPath: string): Promise<SiteApi[]> {
  const sites: SiteApi[] = [];
  for (const api of portalApis(specPath, loadPortalConfig(specPath))) {
    sites.push({ api, versions: await loadReferenceVersions(api, await loadApiOfSite(api)) });
  }
  return sites;
}

/** The first API's versions, the current one first, then the earlier majors, newest first. */
export const getReferenceVersions = (): Promise<PublishedVersion[]> =>
  getSiteApis().then(([first]) => first?.versions ?? []);

/**
 * Loads the published versions of `api`, whose current model is `current`. Throws a VersionSettingError when its
 * `publishedMajors` names a major with no release, and a SpecError when an earlier major's release file is unusable
 * (the build's start, src/integration/, reports both).
 */
export async function loadReferenceVersions(api: PortalApi, current: ApiModel): Promise<PublishedVersion[]> {
  const dir = apiReleasesDir(api);
  const versions = referenceVersions(
    current.info.version,
    dir ? listReleases(dir) : [],
    api.publishedMajors,
    { config: api.configPath, releases: dir ?? '(no releases folder)' },
    api.base,
  );
  return Promise.all(
    versions.map(async (version) => {
      if (version.current || !version.file) return { version, model: current };
      const model = await loadApiModel(version.file);
      publishReferenceAt(model, version.base, api.base);
      // An earlier major's console calls its API's sandbox, as the current one's does.
      return { version, model: listedAs(model, api.id) };
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
  const sites = await getSiteApis();
  const own = sites.find(({ versions }) => versions.some(({ model }) => model === earlier));
  const current = own?.versions[0]?.model ?? earlier;
  const inCurrent = new Set(current.operations.map((operation) => operation.pointer));
  const both = new Set(earlier.operations.map((operation) => operation.pointer).filter((p) => inCurrent.has(p)));
  const changed = new Set<string>();
  for (const change of changesBetween(earlier, current)) {
    const operation = enclosingOperation(change.pointer, both);
    if (operation) changed.add(operation);
  }
  return new Set([...both].filter((pointer) => !changed.has(pointer)));
}

/**
 * Each API's published earlier majors' steps to the next published version (1.x → 2.x, 2.x → current), newest
 * first, the APIs in the site's order, with the API each is of (its page is at `migrationPath(step.from)`, beside
 * its API's changelog).
 */
export async function getMigrationSteps(): Promise<{ step: MigrationStep; api: SiteApi }[]> {
  return (await getSiteApis()).flatMap((api) =>
    api.versions.slice(1).map((from, i) => {
      const to = api.versions[i] as PublishedVersion;
      return { step: migrationStep(from, to, changesBetween(from.model, to.model)), api };
    }),
  );
}
