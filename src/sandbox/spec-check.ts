/**
 * The sandbox refuses to start when the spec and it disagree: an operation without a handler or a handler without
 * an operation, an error code missing from the catalog, or no demo keys to say what a keyless caller may do.
 */
import { type ApiModel, anonymousQuota, servedOperations } from '../openapi/index.ts';
import type { Quota } from '../rate-limits/rate-limiter.ts';
import { sandboxErrorCodes } from './api-error.ts';
import { handlers } from './handlers/index.ts';
import { keyHandlers } from './handlers/sandbox-keys.ts';

/**
 * Whether the hand-written rules (`handlers/`) are this description's: it has every operation they handle. A
 * description without them gets a sandbox made from the description itself (`described/`); one with all of them
 * and more, or with them all but a code or the demo keys, is the Pet Store's gone out of step, which
 * `checkAgainstSpec` names.
 */
export function hasHandwrittenRules(model: ApiModel): boolean {
  const specIds = new Set(servedOperations(model).map((o) => o.operationId));
  return [...Object.keys(handlers), ...Object.keys(keyHandlers)].every((id) => specIds.has(id));
}

/**
 * Throws naming every disagreement; returns the quota of requests without a valid key. With `unhandledAnswered`
 * (a sandbox following a description being written, `npm run dev`), an operation without a handler is no
 * disagreement: it answers its documented example (`createSandbox`'s `unhandled`).
 */
export function checkAgainstSpec(model: ApiModel, { unhandledAnswered = false } = {}): Quota {
  const problems: string[] = [];
  const specIds = new Set(servedOperations(model).map((o) => o.operationId));
  const handled = [...Object.keys(handlers), ...Object.keys(keyHandlers)];
  for (const id of specIds) {
    if (!handled.includes(id) && !unhandledAnswered) problems.push(`no handler for the operation ${id}`);
  }
  for (const id of handled) if (!specIds.has(id)) problems.push(`a handler for ${id}, which the spec does not have`);
  const catalog = new Set(model.errorCodes.map((e) => e.code));
  for (const code of sandboxErrorCodes)
    if (!catalog.has(code)) problems.push(`the error code ${code} is not in the spec's catalog`);
  const keyless = anonymousQuota(model);
  if (!keyless) problems.push('no server in the spec lists x-demo-keys');
  if (problems.length > 0 || !keyless) throw new Error(`The sandbox does not match the spec: ${problems.join('; ')}.`);
  return keyless;
}
