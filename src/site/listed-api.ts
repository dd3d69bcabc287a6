/**
 * Which API of a site of several a model is: the `id` portal.json's `apis` gives it. Marked where a listed API's
 * model is loaded (`reference/api-of-site.ts`, each earlier major's in `data/reference-versions.ts`, the sandbox
 * service); a one-API site's model has none. What is served per API reads it: the sandbox service serves each API
 * below `/<id>`, so its console calls the sandbox there (`console-sandbox.ts`).
 */
import type { ApiModel } from '../openapi/index.ts';

const listed = new WeakMap<ApiModel, string>();

/** Marks `model` as the listed API `id`'s (undefined: a one-API site's, which is left unmarked). Returns the model. */
export function listedAs(model: ApiModel, id: string | undefined): ApiModel {
  if (id !== undefined) listed.set(model, id);
  return model;
}

/** The id of the listed API `model` is one of, undefined for a one-API site's. */
export const listedApiId = (model: ApiModel): string | undefined => listed.get(model);
