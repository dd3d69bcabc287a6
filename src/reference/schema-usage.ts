/** Which operations use each component schema (directly or inside an inline schema), computed once per model. */
import { isRecord } from '../openapi/json-pointer.ts';
import type { ApiModel, ApiOperation } from '../openapi/model.ts';

const usageByModel = new WeakMap<ApiModel, Map<string, ApiOperation[]>>();

/** Operations whose parameters, body or responses refer to the schema at `pointer` (e.g. `/components/schemas/Pet`). */
export function operationsUsing(model: ApiModel, pointer: string): ApiOperation[] {
  let usage = usageByModel.get(model);
  if (!usage) {
    usage = new Map();
    for (const operation of model.operations) {
      const refs = new Set<string>();
      collectRefs([operation.parameters, operation.requestBody, operation.responses], refs);
      for (const ref of refs) usage.set(ref, [...(usage.get(ref) ?? []), operation]);
    }
    usageByModel.set(model, usage);
  }
  return usage.get(`#${pointer}`) ?? [];
}

function collectRefs(value: unknown, into: Set<string>): void {
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) stack.push(...current);
    else if (isRecord(current)) {
      if (typeof current.$ref === 'string') into.add(current.$ref);
      stack.push(...Object.values(current));
    }
  }
}
