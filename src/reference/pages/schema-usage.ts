/** Which operations use each component schema (directly or inside an inline schema), computed once per model. */

import { type ApiModel, type ApiOperation, isRecord, oncePerModel } from '../../openapi/index.ts';

const usageOf = oncePerModel((model) => {
  const usage = new Map<string, ApiOperation[]>();
  for (const operation of model.operations) {
    const refs = new Set<string>();
    collectRefs([operation.parameters, operation.requestBody, operation.responses], refs);
    for (const ref of refs) usage.set(ref, [...(usage.get(ref) ?? []), operation]);
  }
  return usage;
});

/** Operations whose parameters, body or responses refer to the schema at `pointer` (e.g. `/components/schemas/Pet`). */
export function operationsUsing(model: ApiModel, pointer: string): ApiOperation[] {
  return usageOf(model).get(`#${pointer}`) ?? [];
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
