/**
 * The changelog, derived from the released descriptions: one entry per release, newest first, each holding the
 * changes from the release before it (api-changes.ts), and for every operation and model the release that added it
 * and the last one that changed it. Pure: the descriptions come in parsed (see load-changelog.ts).
 */
import {
  deprecationMarkers,
  enclosingOperation,
  escapeSegment,
  isDeprecated,
  isRecord,
  operationsByPointer,
  readDeprecation,
  type WalkedOperation,
} from '../openapi/index.ts';
import { type ApiChange, apiChanges } from './api-changes.ts';

type Json = Record<string, unknown>;
type Operations = ReadonlyMap<string, WalkedOperation>;

/** One description in the release history, oldest first. */
export interface ReleasedDescription {
  version: string;
  /** When it was released (`YYYY-MM-DD`), when the release file says. */
  date?: string;
  /** False for the working description when its version has not been cut with spec:release yet. */
  released: boolean;
  document: Json;
}

/** A change as the changelog lists it: the diff's change, plus a deprecated operation's sunset. */
export interface ChangelogChange extends ApiChange {
  /** For a deprecated operation: its `x-sunset` date in this release. */
  sunset?: string;
}

export interface ChangelogEntry {
  version: string;
  date?: string;
  released: boolean;
  /** The version this one is compared with; none for the first release. */
  previous?: string;
  /** What changed since `previous` (for the first release: the operations it deprecates), in document order. */
  changes: ChangelogChange[];
}

/** When an operation or model came in, and the last release that changed it (what a reader of it would notice). */
export interface History {
  addedIn: string;
  changedIn?: string;
}

export interface Changelog {
  /** Newest first. */
  entries: ChangelogEntry[];
  /** The first release's version: what was there from the start is not "added" later. */
  firstVersion: string;
  /** By operation pointer (`/paths/~1pets/get`), for operations of the newest description. */
  operations: Map<string, History>;
  /** By component schema name, for models of the newest description. */
  models: Map<string, History>;
}

/** Metadata that is the entry itself (its version), not a change to list under it. */
const isVersionBump = (change: ApiChange) => change.pointer === '/info/version';

/** Changes a reader of an operation or model would notice: not description and example edits. */
const noticeable = (change: ApiChange) => change.class !== 'annotation';

export function buildChangelog(descriptions: readonly ReleasedDescription[]): Changelog | undefined {
  const [first] = descriptions;
  if (!first) return undefined;
  const operations = new Map<string, History>();
  const models = new Map<string, History>();
  const walked = descriptions.map((description) => operationsByPointer(description.document));
  const firstOperations = walked[0] as Operations;
  for (const pointer of firstOperations.keys()) operations.set(pointer, { addedIn: first.version });
  for (const name of modelNames(first.document)) models.set(name, { addedIn: first.version });

  const entries: ChangelogEntry[] = [
    {
      ...dated(first),
      changes: withDeprecations([], undefined, firstOperations).map((c) => withSunset(c, firstOperations)),
    },
  ];
  for (let i = 1; i < descriptions.length; i++) {
    const before = descriptions[i - 1] as ReleasedDescription;
    const after = descriptions[i] as ReleasedDescription;
    const [was, is] = [walked[i - 1], walked[i]] as [Operations, Operations];
    const changes = withDeprecations(
      apiChanges(before.document, after.document).filter((change) => !isVersionBump(change)),
      was,
      is,
    );
    entries.push({
      ...dated(after),
      previous: before.version,
      changes: changes.map((change) => withSunset(change, is)),
    });
    record(operations, models, changes, after.version, (pointer) => was.has(pointer) || is.has(pointer));
  }
  // Only what the newest description still has: a page is drawn for those alone.
  const newest = (descriptions.at(-1) as ReleasedDescription).document;
  const current = walked.at(-1) as Operations;
  const currentModels = new Set(modelNames(newest));
  for (const pointer of operations.keys()) if (!current.has(pointer)) operations.delete(pointer);
  for (const name of models.keys()) if (!currentModels.has(name)) models.delete(name);
  return { entries: entries.reverse(), firstVersion: first.version, operations, models };
}

function dated({
  version,
  date,
  released,
}: ReleasedDescription): Pick<ChangelogEntry, 'version' | 'date' | 'released'> {
  return { version, released, ...(date ? { date } : {}) };
}

/** Updates each operation's and model's history with one release's changes. */
function record(
  operations: Map<string, History>,
  models: Map<string, History>,
  changes: readonly ApiChange[],
  version: string,
  isOperation: (pointer: string) => boolean,
): void {
  for (const change of changes) {
    const operation = enclosingOperation(change.pointer, { has: isOperation });
    const target = operation
      ? { map: operations, key: operation }
      : change.model
        ? { map: models, key: change.model }
        : undefined;
    if (!target) continue;
    const itself = operation
      ? change.pointer === operation
      : change.pointer === `/components/schemas/${escapeSegment(change.model ?? '')}`;
    if (itself && change.action === 'add') target.map.set(target.key, { addedIn: version });
    else if (itself && change.action === 'remove') target.map.delete(target.key);
    else if (noticeable(change)) {
      const history = target.map.get(target.key);
      if (history && history.addedIn !== version) history.changedIn = version;
    }
  }
}

function modelNames(document: Json): string[] {
  const components = document.components;
  const schemas = isRecord(components) ? components.schemas : undefined;
  return isRecord(schemas) ? Object.keys(schemas) : [];
}

/**
 * The diff's changes with each operation's deprecation as the model reads it (isDeprecated): one `deprecated`
 * change for every operation of `was` that `is` deprecates (for the first release, with no `was`: every operation
 * it deprecates). The diff knows only `deprecated: true`, and not in callbacks or kept path items; so its changes to
 * such an operation's markers (`deprecated`, `x-scalar-stability`, …) are replaced by that one change.
 */
function withDeprecations(changes: readonly ApiChange[], was: Operations | undefined, is: Operations): ApiChange[] {
  const newly = new Map(
    [...is].filter(
      ([pointer, walked]) =>
        isDeprecated(walked.operation) && (was === undefined || (was.has(pointer) && !isDeprecatedIn(was, pointer))),
    ),
  );
  const listed = new Set<string>();
  const result: ApiChange[] = [];
  for (const change of changes) {
    const operation = change.in === 'after' ? markedOperation(change.pointer, newly) : undefined;
    if (operation === undefined) result.push(change);
    else if (!listed.has(operation)) {
      listed.add(operation);
      result.push(deprecation(newly.get(operation) as WalkedOperation, change.pointer));
    }
  }
  for (const [pointer, walked] of newly) if (!listed.has(pointer)) result.push(deprecation(walked, pointer));
  return result;
}

const isDeprecatedIn = (operations: Operations, pointer: string) => {
  const walked = operations.get(pointer);
  return walked !== undefined && isDeprecated(walked.operation);
};

/** The operation of `operations` whose deprecation marker the pointer is at (or inside: an `x-badges` entry). */
function markedOperation(pointer: string, operations: Operations): string | undefined {
  const operation = enclosingOperation(pointer, operations);
  if (operation === undefined) return undefined;
  const [field] = pointer.slice(operation.length + 1).split('/');
  return field !== undefined && deprecationMarkers.includes(field) ? operation : undefined;
}

/** The change that deprecates `walked`, at `pointer` (its marker, or the operation itself). */
function deprecation(walked: WalkedOperation, pointer: string): ApiChange {
  const operationId = typeof walked.operation.operationId === 'string' ? walked.operation.operationId : undefined;
  return {
    class: 'deprecated',
    action: 'add',
    subject: 'operation',
    operation: { method: walked.method.toUpperCase(), path: walked.path, ...(operationId ? { operationId } : {}) },
    pointer,
    in: 'after',
    summary: 'Deprecated',
  };
}

/** A deprecated operation's sunset date, as the model reads it. */
function withSunset(change: ApiChange, operations: Operations): ChangelogChange {
  if (change.class !== 'deprecated') return change;
  const operation = operations.get(enclosingOperation(change.pointer, operations) ?? '');
  const sunset = operation ? readDeprecation(operation.operation, operation.pointer).value?.sunset : undefined;
  return sunset ? { ...change, sunset } : change;
}
