/**
 * The APIs a site documents. A one-API site documents the description it is built from, at `/reference/` (the
 * URLs it always had). A portal.json with `apis` makes a site of several: each API's description (and releases
 * folder) named relative to portal.json, its reference under `/reference/<id>/`. The description the build was
 * pointed at (`PETSTORE_SPEC`) then only says where portal.json is: it may name portal.json itself.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { resolveSpecPath } from '../openapi/index.ts';
import { configProblems, loadPortalConfig, portalConfigFile, portalConfigPath } from './portal-config.ts';
import type { SiteConfig, SiteConfigProblem } from './site-config.ts';

export interface PortalApi {
  /** Its path segment under `/reference/`; undefined for a one-API site's API. */
  id: string | undefined;
  /** Its description's root file. */
  specPath: string;
  /**
   * The releases folder portal.json names for it; undefined for a one-API site (releases.ts's own rule: beside the
   * description, or PETSTORE_RELEASES) and for a listed API that names none (it has no changelog).
   */
  releases: string | undefined;
  /** Where its reference lives, from the site's root: `reference`, `reference/payments`. */
  base: string;
  /** The earlier majors it keeps published (unset: every one with a release). */
  publishedMajors: readonly number[] | undefined;
  /** The portal.json that lists it, or would sit beside it: where messages about its settings point. */
  configPath: string;
}

/** Whether the site config lists several APIs (a portal.json with `apis`). */
export const listsApis = (config: SiteConfig): boolean => config.apis !== undefined;

/**
 * The site's folder: where the site's own files are found (`home.md`, the team's `guides/`, `favicon.svg`). A
 * one-API site keeps them beside its description, as it always has; a site of several beside portal.json, whichever
 * API comes first. `specPath` is the description the build was pointed at (for a site of several, possibly
 * portal.json itself), `config` the site config loaded for it.
 */
export function siteFolder(specPath: string, config: SiteConfig): string {
  if (!listsApis(config)) return path.dirname(specPath);
  return path.dirname(portalConfigFile(config) ?? portalConfigPath(specPath));
}

/** The site's folder of the site built in the project at `root` (PETSTORE_SPEC, else spec/openapi.yaml). */
export function siteFolderOf(root: string): string {
  const spec = resolveSpecPath(root);
  return siteFolder(spec, loadPortalConfig(spec));
}

/**
 * The APIs of the site whose build description is `specPath` and whose config is `config`, in portal.json's order.
 * A listed description or releases folder that is not there is a SiteConfigError at its line of portal.json.
 */
export function portalApis(specPath: string, config: SiteConfig): PortalApi[] {
  const configPath = portalConfigFile(config) ?? portalConfigPath(specPath);
  if (!config.apis) {
    const publishedMajors = config.publishedMajors;
    return [{ id: undefined, specPath, releases: undefined, base: 'reference', publishedMajors, configPath }];
  }
  const folder = path.dirname(configPath);
  const problems: SiteConfigProblem[] = [];
  const apis = config.apis.map((api, i): PortalApi => {
    const file = path.resolve(folder, api.spec);
    if (!isFile(file)) problems.push({ path: ['apis', i, 'spec'], message: `${api.spec} is not a file beside it` });
    const releases = api.releases === undefined ? undefined : path.resolve(folder, api.releases);
    if (releases !== undefined && !isFolder(releases)) {
      problems.push({ path: ['apis', i, 'releases'], message: `${api.releases} is not a folder beside it` });
    }
    const base = `reference/${api.id}`;
    return { id: api.id, specPath: file, releases, base, publishedMajors: api.publishedMajors, configPath };
  });
  if (problems.length > 0) throw configProblems(config, problems);
  return apis;
}

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();
const isFolder = (dir: string) => existsSync(dir) && statSync(dir).isDirectory();
