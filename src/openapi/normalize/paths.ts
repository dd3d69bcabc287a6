/**
 * The operations of `paths` and `webhooks`, in document order. A path item's operations are its fixed method fields
 * (3.0's eight and 3.2's `query`) and then 3.2's `additionalOperations`, whose keys are methods as sent (`LINK`,
 * `PURGE`) and are kept as written. A webhook is an operation the API sends; its name stands where a path would.
 * An operation's `callbacks` are operations too, read right after it: requests the API sends back to the caller,
 * each with the expression of its URL where a path would be, and the operation's tags unless it has its own.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { escapeSegment, isRecord, toPointer } from '../json-pointer.ts';
import type { ApiCallback, ApiOperation } from '../model.ts';
import { pathItemMethods } from '../model.ts';
import { followChain, inlinePathItem } from '../refs.ts';
import type { Reading } from './context.ts';
import { derivedOperationId, type OperationDefaults, type OperationPlace, readOperation } from './operation.ts';

/** What kind of path item is read: under `paths`, under `webhooks`, or in an operation's `callbacks`. */
type ItemKind =
  | { container: 'paths' | 'webhooks' }
  | { container: 'callbacks'; callback: ApiCallback; tags: string[]; pointer: string; derivedId(): string };

export function readOperations(reading: Reading, defaults: OperationDefaults): ApiOperation[] {
  const operations: ApiOperation[] = [];
  const firstUse = new Map<string, string>();
  // A second use of an operationId is drawn under a suffixed id (and so its own page), in the order written.
  const uniqueId = (written: string, label: string, pointer: string): string => {
    let operationId = written;
    for (let n = 2; firstUse.has(operationId); n++) operationId = `${written}_${n}`;
    const previous = firstUse.get(written);
    if (previous !== undefined) {
      reading.problems.push({
        severity: 'warning',
        pointer: `${pointer}/operationId`,
        message: `The operationId "${written}" is used twice: by ${previous} and by ${label}, which is called "${operationId}" here.`,
        hint: 'Every operation needs its own operationId; rename one of them.',
      });
    }
    firstUse.set(operationId, label);
    return operationId;
  };

  /** Reads one path item's operations (and their callbacks, after each); returns how many it has. */
  const readItem = (key: string, written: unknown, kind: ItemKind): number => {
    const { item: inlined, pointerOf } =
      kind.container === 'callbacks'
        ? inlinePathItem(reading.document, key, written, 'paths', kind.pointer)
        : inlinePathItem(reading.document, key, written, kind.container);
    const item = inlined as OpenAPIV3.PathItemObject & Record<string, unknown>;
    const found: { method: string; operation: OpenAPIV3.OperationObject; pointer: string }[] = [];
    for (const method of pathItemMethods) {
      const operation = item[method];
      if (isRecord(operation))
        found.push({ method, operation: operation as OpenAPIV3.OperationObject, pointer: pointerOf(method) });
    }
    const additional = item.additionalOperations;
    if (isRecord(additional)) {
      for (const [method, operation] of Object.entries(additional)) {
        if (!isRecord(operation)) continue;
        const pointer = `${pointerOf('additionalOperations')}/${escapeSegment(method)}`;
        found.push({ method, operation: operation as OpenAPIV3.OperationObject, pointer });
      }
    }
    for (const { method, operation, pointer } of found) {
      const label =
        kind.container === 'webhooks'
          ? `the webhook ${key} (${method.toUpperCase()})`
          : kind.container === 'callbacks'
            ? `the callback ${kind.callback.name} of ${kind.callback.after} (${method.toUpperCase()})`
            : `${method.toUpperCase()} ${key}`;
      const derived = kind.container === 'callbacks' ? kind.derivedId() : derivedOperationId(method, key);
      const operationId = uniqueId(operation.operationId ?? derived, label, pointer);
      const place: OperationPlace = {
        path: key,
        webhook: kind.container === 'webhooks',
        method,
        operationId,
        pointer,
        item,
        pointerOf,
        ...(kind.container === 'callbacks' ? { callback: kind.callback, callbackTags: kind.tags } : {}),
      };
      const read = readOperation(reading, place, operation, defaults);
      operations.push(read);
      if (kind.container !== 'callbacks') readCallbacks(read, operation.callbacks, `${pointer}/callbacks`);
    }
    return found.length;
  };

  /** An operation's callbacks, each an operation read after it; a callback may be a `$ref` (components.callbacks). */
  const readCallbacks = (parent: ApiOperation, callbacks: unknown, pointer: string) => {
    if (!isRecord(callbacks)) return;
    const ids: string[] = [];
    for (const [name, written] of Object.entries(callbacks)) {
      let callback = written;
      let at = `${pointer}/${escapeSegment(name)}`;
      if (isRecord(written) && typeof written.$ref === 'string') {
        const end = followChain(reading.document, written.$ref);
        callback = end.kind === 'found' ? end.value : undefined;
        at = decodeURIComponent(written.$ref.slice(1));
      }
      if (!isRecord(callback)) continue;
      const before = operations.length;
      const base = `${parent.operationId}.${name}`;
      let count = 0;
      for (const [url, item] of Object.entries(callback)) {
        if (url.startsWith('x-')) continue;
        readItem(url, item, {
          container: 'callbacks',
          callback: { after: parent.operationId, name, url },
          tags: parent.tags,
          pointer: `${at}/${escapeSegment(url)}`,
          // The first of a callback's operations is `operation.callback`; any others are numbered.
          derivedId: () => (++count === 1 ? base : `${base}.${count}`),
        });
      }
      ids.push(...operations.slice(before).map((o) => o.operationId));
    }
    if (ids.length > 0) parent.callbacks = ids;
  };

  for (const [path, written] of Object.entries(reading.document.paths ?? {})) {
    const count = readItem(path, written, { container: 'paths' });
    const itemPointer = toPointer(['paths', path]);
    if (path.includes('?')) {
      reading.problems.push({
        severity: 'warning',
        pointer: itemPointer,
        message: `The path ${path} holds a query string, which a path may not; it is shown as written.`,
        hint: 'Describe query parameters as parameters with `in: query`.',
      });
    }
    if (count === 0) {
      reading.problems.push({
        severity: 'warning',
        pointer: itemPointer,
        message: `The path ${path} has no operations.`,
      });
    }
  }
  const webhooks = (reading.document as { webhooks?: unknown }).webhooks;
  if (isRecord(webhooks)) {
    for (const [name, written] of Object.entries(webhooks)) readItem(name, written, { container: 'webhooks' });
  }
  return operations;
}
