/**
 * What changed between two descriptions, in the model's terms: api-smart-diff finds and classifies the changes
 * (breaking, non-breaking, deprecated, annotation) and this module says which operation, parameter, body,
 * response or model each one touches, where (a JSON pointer), and in words. The library's classes are kept,
 * except where a reader of responses would be broken and the library calls it non-breaking (a response field
 * removed or its type changed): those count as breaking here.
 */
import { apiCompare } from 'api-smart-diff';
import { escapeSegment, getAtPointer, isRecord } from '../openapi/index.ts';

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
  /** In words: "Removed operation DELETE /pets/{id}". */
  summary: string;
}

type Json = Record<string, unknown>;

/** Every change from `before` to `after` (two parsed descriptions), in document order. */
export function apiChanges(before: Json, after: Json): ApiChange[] {
  const { diffs } = apiCompare(before, after);
  return diffs.map((diff) => {
    const path = diff.path.map(String);
    const side = diff.action === 'remove' ? 'before' : 'after';
    const document = side === 'before' ? before : after;
    const change: ApiChange = {
      class: classOf(diff.type, diff.action, path),
      action: diff.action,
      subject: subjectOf(path),
      pointer: `/${path.map(escapeSegment).join('/')}`,
      in: side,
      summary: summaryOf(diff.description, diff.action, path),
    };
    const operation = operationOf(path, document);
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

function operationOf(path: string[], document: Json): ApiChange['operation'] {
  if ((path[0] !== 'paths' && path[0] !== 'webhooks') || path.length < 3) return undefined;
  const [, where = '', method = ''] = path;
  const at = getAtPointer(document, `/${path.slice(0, 3).map(escapeSegment).join('/')}`);
  const operation = at.found ? at.value : undefined;
  const operationId =
    isRecord(operation) && typeof operation.operationId === 'string' ? operation.operationId : undefined;
  return { method: method.toUpperCase(), path: where, ...(operationId ? { operationId } : {}) };
}

const actionWords: Record<ApiChange['action'], string> = {
  add: 'Added',
  remove: 'Removed',
  replace: 'Changed',
  rename: 'Renamed',
};

/** The library's description ("[Removed] operation DELETE /pets/{id}") in a sentence, or one made from the path. */
function summaryOf(description: string | undefined, action: ApiChange['action'], path: string[]): string {
  const words = actionWords[action];
  const described = description?.replace(/^\[(\w+)\]\s*/, (_, verb: string) => `${verb} `).trim();
  if (described) return described;
  return `${words} ${path.slice(path[0] === 'components' ? 1 : 0).join(' › ')}`;
}
