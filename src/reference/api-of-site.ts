/**
 * An API of the site as the reference publishes it: its model, with every link to its pages under its API's base
 * (`/reference/<id>/` in a site of several). Every reader of a listed API's model loads it here, so that no link
 * to it is made before its base is known (`referenceUrls` is made once per model).
 */
import { type ApiModel, loadApiModel } from '../openapi/index.ts';
import { listedAs } from '../site/listed-api.ts';
import type { PortalApi } from '../site/portal-apis.ts';
import { publishReferenceAt, referenceBase } from './routes.ts';

/** `model` as `api`'s: published at its base, and known as its (`site/listed-api.ts`). Returns the model. */
export function publishedAs(api: PortalApi, model: ApiModel): ApiModel {
  if (api.base !== referenceBase) publishReferenceAt(model, api.base);
  return listedAs(model, api.id);
}

/** Loads `api`'s description (once per process, as loadApiModel caches) and publishes it at its base. */
export async function loadApiOfSite(api: PortalApi): Promise<ApiModel> {
  return publishedAs(api, await loadApiModel(api.specPath));
}
