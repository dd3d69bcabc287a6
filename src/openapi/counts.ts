/** What a set of operations holds, in words, so the pages and `spec:check` count operations and webhooks alike. */
import { operationById } from './lookups.ts';
import type { ApiModel } from './model.ts';

/** "1 webhook", "3 operations": a count and its noun, plural when it is not one. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** ", leaving out 2 internal operations and 1 tag": what `x-internal`/`x-hidden` kept from the site, or nothing. */
export function hiddenCount(model: ApiModel): string {
  const hidden = model.hidden;
  if (!hidden) return '';
  const parts = [
    hidden.operations > 0 ? countOf(hidden.operations, 'internal operation') : '',
    hidden.tags > 0 ? countOf(hidden.tags, 'internal tag') : '',
    hidden.components > 0 ? `${countOf(hidden.components, 'component')} only they use` : '',
  ].filter(Boolean);
  return `, leaving out ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`}`;
}

/** "3 operations", "1 webhook", "2 operations and 1 webhook": what a list of operationIds (default: all) holds. */
export function operationCount(
  model: ApiModel,
  operationIds: readonly string[] = model.operations.map((o) => o.operationId),
): string {
  const ids = new Set(operationIds);
  // Each listed operation looked up by id: the introduction counts every tag's, and scanning every operation for
  // each tag grew with tags × operations.
  let webhooks = 0;
  let callbacks = 0;
  for (const id of ids) {
    const operation = operationById(model, id);
    if (operation?.webhook) webhooks++;
    if (operation?.callback) callbacks++;
  }
  const served = ids.size - webhooks - callbacks;
  const parts = [
    served > 0 || (webhooks === 0 && callbacks === 0) ? countOf(served, 'operation') : '',
    webhooks > 0 ? countOf(webhooks, 'webhook') : '',
    callbacks > 0 ? countOf(callbacks, 'callback') : '',
  ].filter(Boolean);
  return parts.length === 1 ? (parts[0] as string) : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
