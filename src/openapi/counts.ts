/** What a set of operations holds, in words, so the pages and `spec:check` count operations and webhooks alike. */
import type { ApiModel } from './model.ts';

/** "1 webhook", "3 operations": a count and its noun, plural when it is not one. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** "3 operations", "1 webhook", "2 operations and 1 webhook": what a list of operationIds (default: all) holds. */
export function operationCount(
  model: ApiModel,
  operationIds: readonly string[] = model.operations.map((o) => o.operationId),
): string {
  const ids = new Set(operationIds);
  const webhooks = model.operations.filter((o) => o.webhook && ids.has(o.operationId)).length;
  const served = ids.size - webhooks;
  if (webhooks === 0) return countOf(served, 'operation');
  return served === 0
    ? countOf(webhooks, 'webhook')
    : `${countOf(served, 'operation')} and ${countOf(webhooks, 'webhook')}`;
}
