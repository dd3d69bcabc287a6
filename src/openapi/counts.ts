/** What a set of operations holds, in words, so the pages and `spec:check` count operations and webhooks alike. */
import type { ApiModel } from './model.ts';

/** "3 operations", "1 webhook", "2 operations and 1 webhook": what a list of operationIds holds. */
export function operationCount(model: ApiModel, operationIds: readonly string[]): string {
  const ids = new Set(operationIds);
  const webhooks = model.operations.filter((o) => o.webhook && ids.has(o.operationId)).length;
  const served = ids.size - webhooks;
  const words = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  if (webhooks === 0) return words(served, 'operation');
  return served === 0 ? words(webhooks, 'webhook') : `${words(served, 'operation')} and ${words(webhooks, 'webhook')}`;
}
