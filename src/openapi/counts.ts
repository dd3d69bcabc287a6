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
  const callbacks = model.operations.filter((o) => o.callback && ids.has(o.operationId)).length;
  const served = ids.size - webhooks - callbacks;
  const parts = [
    served > 0 || (webhooks === 0 && callbacks === 0) ? countOf(served, 'operation') : '',
    webhooks > 0 ? countOf(webhooks, 'webhook') : '',
    callbacks > 0 ? countOf(callbacks, 'callback') : '',
  ].filter(Boolean);
  return parts.length === 1 ? (parts[0] as string) : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
