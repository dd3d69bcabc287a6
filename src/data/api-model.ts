/**
 * The models for pages and components: loaded once per build from the same descriptions the integration checked,
 * so every page sees the same data. In `astro dev`, a description broken by an edit leaves pages on the last
 * version that built; the dev server's watcher prints what is wrong, and its next good save is loaded for the next
 * page.
 */
import { type ApiModel, lastBuiltModel, resolveSpecPath } from '../openapi/index.ts';
import { loadApiOfSite, publishedAs } from '../reference/api-of-site.ts';
import { type PortalApi, portalApis } from '../site/portal-apis.ts';
import { perDescription } from './per-description.ts';
import { getPortalConfig } from './portal-config.ts';

/** The APIs the site documents (`site/portal-apis.ts`): the one it is built from, or those portal.json lists. */
export const getPortalApis: () => PortalApi[] = perDescription(() =>
  portalApis(resolveSpecPath(process.cwd()), getPortalConfig()),
);

/** Each API's current model, in the site's order, each published at its API's base (`/reference/<id>/`). */
export const getApiModels: () => Promise<ApiModel[]> = perDescription(async () => {
  const models: ApiModel[] = [];
  // One after another: a site of many APIs parses one description at a time.
  for (const api of getPortalApis()) models.push(await load(api));
  return models;
});

/**
 * The first API's model: the only one of a one-API site, and the one a site of several quotes where a page speaks
 * of one API (the portal's own guides).
 */
export const getApiModel = (): Promise<ApiModel> => getApiModels().then(([first]) => first as ApiModel);

async function load(api: PortalApi): Promise<ApiModel> {
  try {
    return await loadApiOfSite(api);
  } catch (error) {
    const previous = import.meta.env.DEV ? lastBuiltModel(api.specPath) : undefined;
    if (previous) return publishedAs(api, await previous);
    throw error;
  }
}
