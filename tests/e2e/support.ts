/** What browser tests share: the spec's model (so expectations come from the spec) and its reference URLs. */
import path from 'node:path';
import { loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { referenceUrls } from '../../src/reference/routes.ts';

export const model = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..')));
export const urls = referenceUrls(model);

export function operation(id: string) {
  const found = model.operations.find((o) => o.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}
