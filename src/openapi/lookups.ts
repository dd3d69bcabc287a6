/** Finding things in the model by name. */
import type { ApiModel, ApiOperation, ApiTag } from './model.ts';
import { oncePerModel } from './per-model.ts';

/** Each model's operations by operationId: pages look operations up by id thousands of times. */
const operationsById = oncePerModel((model) => new Map(model.operations.map((o) => [o.operationId, o])));

export function operationById(model: ApiModel, operationId: string | undefined): ApiOperation | undefined {
  return operationId === undefined ? undefined : operationsById(model).get(operationId);
}

/** Each model's tags by name: every operation page names its tags. */
const tagsByName = oncePerModel((model) => new Map(model.tags.map((tag) => [tag.name, tag])));

export function tagByName(model: ApiModel, name: string): ApiTag | undefined {
  return tagsByName(model).get(name);
}
