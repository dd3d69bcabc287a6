/**
 * The changelog, derived from the released descriptions: one entry per release, newest first, each holding the
 * changes from the release before it (api-changes.ts), and for every operation and model the release that added it
 * and the last one that changed it. Pure: the descriptions come in parsed (see load-changelog.ts).
 */
import { escapeSegment, fromPointer, getAtPointer, isRecord, pathItemMethods, readSunset } from '../openapi/index.ts';
import { type ApiChange, apiChanges } from './api-changes.ts';

type Json = Record<string, unknown>;

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
  for (const pointer of operationPointers(first.document)) operations.set(pointer, { addedIn: first.version });
  for (const name of modelNames(first.document)) models.set(name, { addedIn: first.version });

  const entries: ChangelogEntry[] = [
    { ...dated(first), changes: deprecatedOperations(first.document).map((c) => withSunset(c, first.document)) },
  ];
  for (let i = 1; i < descriptions.length; i++) {
    const before = descriptions[i - 1] as ReleasedDescription;
    const after = descriptions[i] as ReleasedDescription;
    const changes = apiChanges(before.document, after.document).filter((change) => !isVersionBump(change));
    entries.push({
      ...dated(after),
      previous: before.version,
      changes: changes.map((change) => withSunset(change, after.document)),
    });
    record(operations, models, changes, after.version);
  }
  // Only what the newest description still has: a page is drawn for those alone.
  const newest = (descriptions.at(-1) as ReleasedDescription).document;
  const current = new Set(operationPointers(newest));
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
): void {
  for (const change of changes) {
    const operation = change.operation ? operationPointerOf(change.pointer) : undefined;
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

/** `/paths/~1pets/get` from any pointer inside that operation. */
export function operationPointerOf(pointer: string): string | undefined {
  const [, root, where, method] = pointer.split('/');
  if ((root !== 'paths' && root !== 'webhooks') || where === undefined || method === undefined) return undefined;
  return `/${root}/${where}/${method}`;
}

/** Operation pointers of a description: its paths' and webhooks' fixed method fields. */
function operationPointers(document: Json): string[] {
  const pointers: string[] = [];
  for (const root of ['paths', 'webhooks'] as const) {
    const items = document[root];
    if (!isRecord(items)) continue;
    for (const [where, item] of Object.entries(items)) {
      if (!isRecord(item)) continue;
      for (const method of pathItemMethods) {
        if (isRecord(item[method])) pointers.push(`/${root}/${escapeSegment(where)}/${method}`);
      }
    }
  }
  return pointers;
}

function modelNames(document: Json): string[] {
  const components = document.components;
  const schemas = isRecord(components) ? components.schemas : undefined;
  return isRecord(schemas) ? Object.keys(schemas) : [];
}

/** The first release's deprecations, as changes: what it tells readers to move away from. */
function deprecatedOperations(document: Json): ApiChange[] {
  return operationPointers(document).flatMap((pointer): ApiChange[] => {
    const operation = operationAt(document, pointer);
    if (operation?.deprecated !== true) return [];
    const [, path = '', method = ''] = fromPointer(pointer);
    const operationId = typeof operation.operationId === 'string' ? operation.operationId : undefined;
    return [
      {
        class: 'deprecated',
        action: 'add',
        subject: 'operation',
        operation: { method: method.toUpperCase(), path, ...(operationId ? { operationId } : {}) },
        pointer,
        in: 'after',
        summary: 'Deprecated',
      },
    ];
  });
}

function operationAt(document: Json, pointer: string | undefined): Json | undefined {
  const at = pointer === undefined ? undefined : getAtPointer(document, pointer);
  return at?.found && isRecord(at.value) ? at.value : undefined;
}

/** A deprecated operation's sunset date, as the model reads it. */
function withSunset(change: ApiChange, document: Json): ChangelogChange {
  if (change.class !== 'deprecated') return change;
  const operation = operationAt(document, operationPointerOf(change.pointer));
  const sunset = operation ? readSunset(operation['x-sunset'], '', true).value : undefined;
  return sunset ? { ...change, sunset } : change;
}
