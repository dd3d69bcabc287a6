/** Finding things in the model by name. */
import type { ApiModel, ApiOperation } from './model.ts';

/** Each model's operations by operationId, built on first use: pages look operations up by id thousands of times. */
const operationsById = new WeakMap<ApiModel, Map<string, ApiOperation>>();

export function operationById(model: ApiModel, operationId: string | undefined): ApiOperation | undefined {
  if (operationId === undefined) return undefined;
  let byId = operationsById.get(model);
  if (!byId) {
    byId = new Map(model.operations.map((o) => [o.operationId, o]));
    operationsById.set(model, byId);
  }
  return byId.get(operationId);
}
