/**
 * The walk over a description's operations, as written: the one answer to "which operations are there, and where
 * is each written?" for the model (normalize/paths.ts), the changelog and the diff's names. In document order:
 * each path item under `paths`, then `webhooks`; in a path item its fixed method fields (3.0's eight and 3.2's
 * `query`), then 3.2's `additionalOperations` (methods kept as written, `LINK`); a path item may be a `$ref`
 * (components.pathItems), and its operations are then where the definition writes them. Each operation's
 * `callbacks` (each may be a `$ref` to components.callbacks) follow right after it, one level deep.
 */
import { escapeSegment, isRecord } from './json-pointer.ts';
import { pathItemMethods } from './model.ts';
import { followChain, inlinePathItem } from './refs.ts';

type Json = Record<string, unknown>;

/** Where a path item is: under `paths`, under `webhooks`, or in an operation's `callbacks`. */
export type OperationContainer = 'paths' | 'webhooks' | 'callbacks';

export interface WalkedCallback {
  /** The callback's name in the operation's `callbacks`. */
  name: string;
  /** The expression of the URL it is sent to: its path item's key. */
  url: string;
  /** The operation it follows. */
  parent: WalkedOperation;
  /** Which of the callback's operations this is, from 1 (across its URLs, in document order). */
  index: number;
}

export interface WalkedOperation {
  container: OperationContainer;
  /** The path template, a webhook's name, or a callback's URL expression. */
  path: string;
  /** As written: `get`, or an additional operation's `LINK`. */
  method: string;
  operation: Json;
  /** Where the operation is written (inside the definition, for a `$ref`'d path item or callback). */
  pointer: string;
  /** Its path item, with a `$ref` written out (fields beside the `$ref` win). */
  item: Json;
  /** Where a field of the path item is written. */
  pointerOf(field: string): string;
  callback?: WalkedCallback;
}

/** Every operation of a description, callbacks after the operation they follow. */
export function* walkOperations(document: Json): Generator<WalkedOperation> {
  for (const container of ['paths', 'webhooks'] as const) {
    const items = document[container];
    if (!isRecord(items)) continue;
    for (const [key, written] of Object.entries(items)) yield* walkPathItem(document, container, key, written);
  }
}

/** The operations of one path item under `paths` or `webhooks` (with their callbacks). */
export function* walkPathItem(
  document: Json,
  container: 'paths' | 'webhooks',
  key: string,
  written: unknown,
): Generator<WalkedOperation> {
  for (const walked of itemOperations(container, key, inlinePathItem(document, key, written, container))) {
    yield walked;
    yield* callbacksOf(document, walked);
  }
}

function* itemOperations(
  container: OperationContainer,
  path: string,
  { item, pointerOf }: ReturnType<typeof inlinePathItem>,
  callback?: Omit<WalkedCallback, 'index'> & { next(): number },
): Generator<WalkedOperation> {
  const found: [method: string, operation: unknown, pointer: string][] = pathItemMethods.map((method) => [
    method,
    item[method],
    pointerOf(method),
  ]);
  const additional = item.additionalOperations;
  if (isRecord(additional)) {
    const at = pointerOf('additionalOperations');
    for (const [method, operation] of Object.entries(additional)) {
      found.push([method, operation, `${at}/${escapeSegment(method)}`]);
    }
  }
  for (const [method, operation, pointer] of found) {
    if (!isRecord(operation)) continue;
    const walked: WalkedOperation = { container, path, method, operation, pointer, item, pointerOf };
    if (callback) {
      const { next, ...where } = callback;
      walked.callback = { ...where, index: next() };
    }
    yield walked;
  }
}

function* callbacksOf(document: Json, parent: WalkedOperation): Generator<WalkedOperation> {
  const callbacks = parent.operation.callbacks;
  if (!isRecord(callbacks)) return;
  for (const [name, written] of Object.entries(callbacks)) {
    let callback = written;
    let at = `${parent.pointer}/callbacks/${escapeSegment(name)}`;
    if (isRecord(written) && typeof written.$ref === 'string') {
      const end = followChain(document, written.$ref);
      callback = end.kind === 'found' ? end.value : undefined;
      at = decodeURIComponent(written.$ref.slice(1));
    }
    if (!isRecord(callback)) continue;
    let count = 0;
    const next = () => ++count;
    for (const [url, item] of Object.entries(callback)) {
      if (url.startsWith('x-')) continue;
      const inlined = inlinePathItem(document, url, item, 'paths', `${at}/${escapeSegment(url)}`);
      yield* itemOperations('callbacks', url, inlined, { name, url, parent, next });
    }
  }
}

/**
 * The operation a pointer is in (`/paths/~1pets/get/responses/200` → `/paths/~1pets/get`): the longest of `known`
 * (operation pointers, from the walk or the model) that the pointer starts with, whole segments only.
 */
export function enclosingOperation(pointer: string, known: { has(pointer: string): boolean }): string | undefined {
  const segments = pointer.split('/');
  for (let end = segments.length; end > 1; end--) {
    const candidate = segments.slice(0, end).join('/');
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

/** Every operation of a description by the pointer where it is written. */
export function operationsByPointer(document: Json): Map<string, WalkedOperation> {
  return new Map([...walkOperations(document)].map((walked) => [walked.pointer, walked]));
}
