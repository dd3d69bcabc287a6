/**
 * What changed between two descriptions, in the model's terms: api-smart-diff finds and classifies the changes
 * (breaking, non-breaking, deprecated, annotation) and this module says which operation, parameter, body,
 * response or model each one touches, where (a JSON pointer), and in words. The library's classes are kept,
 * except where a reader of responses would be broken and the library calls it non-breaking (a response field
 * removed or its type changed): those count as breaking here.
 */
import { apiCompare } from 'api-smart-diff';
import {
  enclosingOperation,
  escapeSegment,
  operationsByPointer,
  type WalkedOperation,
  withoutHidden,
} from '../openapi/index.ts';
import { withoutUnchanged } from './unchanged.ts';

/** The changelog's groups. */
export type ChangeClass = 'breaking' | 'added' | 'changed' | 'deprecated' | 'annotation';

/** What a change touches. */
export type ChangeSubject = 'operation' | 'parameter' | 'request body' | 'response' | 'model' | 'description';

export interface ApiChange {
  class: ChangeClass;
  action: 'add' | 'remove' | 'replace' | 'rename';
  subject: ChangeSubject;
  /** The operation it is in, when it is in one. */
  operation?: { method: string; path: string; operationId?: string };
  /** The component schema it is in, when it is in one. */
  model?: string;
  /** Where it is: in the later description, or (for what was removed) in the earlier one. */
  pointer: string;
  /** Which description the pointer is in. */
  in: 'before' | 'after';
  /** In words: "Removed the operation", "Added field `name` to the 200 response". */
  summary: string;
}

type Json = Record<string, unknown>;

/**
 * Every change from `before` to `after` (two parsed descriptions), in document order. Readers see neither side's
 * `x-internal`/`x-hidden` operations, so what happens to those is no change to them: neither in the changelog nor
 * at the gate.
 */
export function apiChanges(givenBefore: Json, givenAfter: Json): ApiChange[] {
  const before = withoutHidden(givenBefore).document;
  const after = withoutHidden(givenAfter).document;
  const { diffs } = apiCompare(...withoutUnchanged(before, after));
  const operations = {
    before: lazily(() => operationsByPointer(before)),
    after: lazily(() => operationsByPointer(after)),
  };
  return diffs.map((diff) => {
    const path = diff.path.map(String);
    const side = diff.action === 'remove' ? 'before' : 'after';
    const change: ApiChange = {
      class: classOf(diff.type, diff.action, path),
      action: diff.action,
      subject: subjectOf(path),
      pointer: `/${path.map(escapeSegment).join('/')}`,
      in: side,
      summary: summaryOf(diff.description, diff.action, path),
    };
    const operation = operationOf(change.pointer, operations[side]());
    if (operation) change.operation = operation;
    if (path[0] === 'components' && path[1] === 'schemas' && path[2] !== undefined) change.model = path[2];
    return change;
  });
}

function classOf(type: string, action: ApiChange['action'], path: string[]): ChangeClass {
  const inResponse = path.includes('responses');
  const responseField = inResponse && path.includes('properties');
  if (type === 'breaking') return 'breaking';
  // A field a client reads that is gone, or now of another type, breaks that client.
  if (responseField && (action === 'remove' || (action === 'replace' && path.at(-1) === 'type'))) return 'breaking';
  if (type === 'deprecated') return 'deprecated';
  if (type === 'annotation') return 'annotation';
  return action === 'add' ? 'added' : 'changed';
}

function subjectOf(path: string[]): ChangeSubject {
  if (path[0] === 'components') return path[1] === 'schemas' ? 'model' : 'description';
  if (path[0] !== 'paths' && path[0] !== 'webhooks') return 'description';
  if (path.length === 3) return 'operation';
  if (path[3] === 'parameters') return 'parameter';
  if (path[3] === 'requestBody') return 'request body';
  if (path[3] === 'responses') return 'response';
  return 'operation';
}

/**
 * The operation a change is in, found by the walk over the description's operations: those under `paths` and
 * `webhooks`, 3.2's additional operations, callbacks, and those of a path item kept in components.pathItems.
 * A path item's own fields (its shared `parameters`, `summary`, …) are in no one operation.
 */
function operationOf(pointer: string, operations: ReadonlyMap<string, WalkedOperation>): ApiChange['operation'] {
  const at = enclosingOperation(pointer, operations);
  const walked = at === undefined ? undefined : operations.get(at);
  if (!walked) return undefined;
  const operationId = typeof walked.operation.operationId === 'string' ? walked.operation.operationId : undefined;
  return { method: walked.method.toUpperCase(), path: walked.path, ...(operationId ? { operationId } : {}) };
}

/** `make()`, run once and only when first asked for. */
function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

const actionWords: Record<ApiChange['action'], string> = {
  add: 'Added',
  remove: 'Removed',
  replace: 'Changed',
  rename: 'Renamed',
};

/**
 * The change in a sentence: a field's own words for a field added, removed or retyped (the library names those by
 * the node it compared, "Added annotation (height)"), a deprecation as one, else the library's description
 * ("[Removed] operation DELETE /pets/{id}"), or one made from the path.
 */
function summaryOf(description: string | undefined, action: ApiChange['action'], path: string[]): string {
  const words = actionWords[action];
  const field = fieldOf(path);
  if (field && (action === 'add' || action === 'remove')) {
    return `${words} field \`${field.name}\` ${action === 'add' ? 'to' : 'from'} ${field.place}`;
  }
  if (field && action === 'replace' && path.at(-1) === 'type')
    return `Changed the type of field \`${field.name}\` in ${field.place}`;
  if (path.at(-1) === 'deprecated' && action !== 'remove') return 'Deprecated';
  if (path[0] === 'components' && path[1] === 'schemas' && path.length === 3) return `${words} model ${path[2]}`;
  // The operation is named beside the sentence wherever it is shown (the gate, the changelog).
  if ((path[0] === 'paths' || path[0] === 'webhooks') && path.length === 3) return `${words} the operation`;
  const described = description?.replace(/^\[(\w+)\]\s*/, (_, verb: string) => `${verb} `).trim();
  if (described) return described;
  return `${words} ${path.slice(path[0] === 'components' ? 1 : 0).join(' › ')}`;
}

/**
 * The schema field a path ends at (`…/properties/window/properties/opensAt`, or its `type`): its name from the
 * schema's root (`window.opensAt`, `[].name` in an array) and where the schema is, in words.
 */
function fieldOf(path: string[]): { name: string; place: string } | undefined {
  const end = path.at(-1) === 'type' ? path.length - 1 : path.length;
  if (path[end - 2] !== 'properties') return undefined;
  const root = schemaRoot(path);
  if (root === undefined) return undefined;
  const names: string[] = [];
  for (let i = root.at; i < end; i++) {
    if (path[i] === 'properties' && path[i + 1] !== undefined) names.push(path[++i] as string);
    else if (path[i] === 'items') names.push('[]');
  }
  return { name: names.join('.'), place: root.place };
}

/** Where the schema a path goes into starts, and what holds it: a model, a request body or a response. */
function schemaRoot(path: string[]): { at: number; place: string } | undefined {
  if (path[0] === 'components' && path[1] === 'schemas' && path[2] !== undefined) {
    return { at: 3, place: `model ${path[2]}` };
  }
  const schema = path.indexOf('schema');
  if (schema < 0) return undefined;
  const responses = path.indexOf('responses');
  if (responses >= 0 && responses < schema) return { at: schema + 1, place: `the ${path[responses + 1]} response` };
  if (path.includes('requestBody')) return { at: schema + 1, place: 'the request body' };
  return undefined;
}
