/**
 * The operations the Versioning guide names, bounded: a guide explains what a level or a deprecation means, and
 * lists the operations it applies to as examples, so that its page does not grow with the API (a generated
 * description's deprecated operations made the guide a table of thousands of rows). Every operation still shows its
 * badge in the sidebar and on its page.
 */
import type { ApiModel, ApiOperation } from '../../openapi/index.ts';

/** At most this many deprecated operations are listed in the guide's table. */
export const deprecatedListed = 50;
/** At most this many operations are named after a stability level's promise. */
export const levelOperationsNamed = 25;

export interface BoundedList<T> {
  shown: T[];
  /** How many were left out. */
  more: number;
}

const bounded = <T>(items: T[], limit: number): BoundedList<T> => ({
  shown: items.slice(0, limit),
  more: Math.max(0, items.length - limit),
});

/** Deprecated operations, the soonest sunset first (those without one last, in the description's order). */
export function deprecatedOperations(model: ApiModel, limit = deprecatedListed): BoundedList<ApiOperation> {
  const sunset = (operation: ApiOperation) => operation.deprecation?.sunset ?? '\uffff';
  const deprecated = model.operations.filter((operation) => operation.deprecation);
  // A stable sort keeps the description's order among equal sunsets.
  return bounded(
    deprecated.toSorted((a, b) => (sunset(a) < sunset(b) ? -1 : sunset(a) > sunset(b) ? 1 : 0)),
    limit,
  );
}

/** The operations at a stability level, in the description's order. */
export function operationsAtLevel(
  model: ApiModel,
  kind: 'experimental' | 'beta',
  limit = levelOperationsNamed,
): BoundedList<ApiOperation> {
  return bounded(
    model.operations.filter((operation) => operation.badge?.kind === kind),
    limit,
  );
}
