/**
 * "Is this operation deprecated?", read once for everything that asks: the operation's page (the model), the
 * changelog and the breaking-change gate. An operation is deprecated when it says `deprecated: true` or when its
 * stability extension says so (`x-scalar-stability: deprecated`, or an alias: extensions/stability.ts); then
 * `x-deprecated-since`, `x-sunset` and `x-successor` say when, until when, and what replaces it.
 */

import type { ExtensionRead } from './extensions/read-result.ts';
import { readStability, stabilityExtensions } from './extensions/stability.ts';
import { readDeprecatedSince, readSunset } from './extensions/x-sunset.ts';
import type { ApiDeprecation } from './model.ts';
import type { SpecProblem } from './spec-problem.ts';

/** The operation fields that can make it deprecated: a change to one of them may be its deprecation. */
export const deprecationMarkers: readonly string[] = ['deprecated', ...stabilityExtensions];

/** Whether an operation object (as written) is deprecated, by its own field or its stability extension. */
export function isDeprecated(operation: Record<string, unknown>): boolean {
  // The stability's own problems are reported where the model reads it (normalize/operation.ts), not here.
  return operation.deprecated === true || readStability(operation, '').value === 'deprecated';
}

/**
 * An operation's deprecation (undefined when it is not deprecated), with its dates and successor, and what is
 * wrong with them: a date that is no calendar day, or dates and a successor on an operation that is not deprecated.
 */
export function readDeprecation(
  operation: Record<string, unknown>,
  pointer: string,
): ExtensionRead<ApiDeprecation | undefined> {
  const deprecated = isDeprecated(operation);
  const problems: SpecProblem[] = [];
  const take = <T>(read: ExtensionRead<T>): T => {
    problems.push(...read.problems);
    return read.value;
  };
  const sunset = take(readSunset(operation['x-sunset'], `${pointer}/x-sunset`, deprecated));
  const since = take(readDeprecatedSince(operation['x-deprecated-since'], `${pointer}/x-deprecated-since`, deprecated));
  const successor = typeof operation['x-successor'] === 'string' ? operation['x-successor'] : undefined;
  if (Object.hasOwn(operation, 'x-successor') && (successor === undefined || !deprecated)) {
    problems.push({
      severity: 'warning',
      pointer: `${pointer}/x-successor`,
      message:
        successor === undefined
          ? '`x-successor` must be the operationId (text) of the replacing operation; it is ignored.'
          : 'This operation names a successor but is not marked `deprecated: true`; the successor is not shown.',
    });
  }
  if (!deprecated) return { value: undefined, problems };
  return {
    value: { ...(since ? { since } : {}), ...(sunset ? { sunset } : {}), ...(successor ? { successor } : {}) },
    problems,
  };
}
