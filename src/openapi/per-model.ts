/**
 * Data derived from the model once and reused: every page of a build asks
 * for the same lookups, links, sidebar parts and usage maps.
 */
import type { ApiModel } from './model.ts';

export function oncePerModel<T>(derive: (model: ApiModel) => T): (model: ApiModel) => T {
  const byModel = new WeakMap<ApiModel, T>();
  // A build has one model: the last one answers without a lookup (millions of calls at 10,000 operations).
  let last: { model: ApiModel; value: T } | undefined;
  return (model) => {
    if (last?.model === model) return last.value;
    if (!byModel.has(model)) byModel.set(model, derive(model));
    const value = byModel.get(model) as T;
    last = { model, value };
    return value;
  };
}
