/** Finding things in the model by name. */
import type { ApiModel, ApiOperation } from './model.ts';

export function operationById(model: ApiModel, operationId: string | undefined): ApiOperation | undefined {
  return operationId === undefined ? undefined : model.operations.find((o) => o.operationId === operationId);
}
