/**
 * Data derived from the model once and reused: every page of a build asks
 * for the same links, sidebar parts and usage maps.
 */
import type { ApiModel } from '../openapi/index.ts';

export function oncePerModel<T>(derive: (model: ApiModel) => T): (model: ApiModel) => T {
  const byModel = new WeakMap<ApiModel, T>();
  return (model) => {
    if (!byModel.has(model)) byModel.set(model, derive(model));
    return byModel.get(model) as T;
  };
}
