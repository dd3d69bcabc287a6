/**
 * The operations of `paths` and `webhooks`, in document order. A path item's operations are its fixed method fields
 * (3.0's eight and 3.2's `query`) and then 3.2's `additionalOperations`, whose keys are methods as sent (`LINK`,
 * `PURGE`) and are kept as written. A webhook is an operation the API sends; its name stands where a path would.
 * An operation's `callbacks` are operations too, read right after it: requests the API sends back to the caller,
 * each with the expression of its URL where a path would be, and the operation's tags unless it has its own.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { isRecord, toPointer } from '../json-pointer.ts';
import type { ApiOperation } from '../model.ts';
import { type WalkedOperation, walkPathItem } from '../operation-walk.ts';
import type { Reading } from './context.ts';
import { derivedOperationId, type OperationDefaults, type OperationPlace, readOperation } from './operation.ts';

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

  const document = reading.document as unknown as Record<string, unknown>;
  // The model of each walked operation, for its callbacks: they take its operationId and tags.
  const read = new Map<WalkedOperation, ApiOperation>();

  /** Reads one path item's operations (and their callbacks, after each); returns how many it has. */
  const readItem = (container: 'paths' | 'webhooks', key: string, written: unknown): number => {
    let count = 0;
    for (const walked of walkPathItem(document, container, key, written)) {
      const parent = walked.callback ? read.get(walked.callback.parent) : undefined;
      const operation = readWalked(walked, parent);
      read.set(walked, operation);
      if (parent) parent.callbacks = [...(parent.callbacks ?? []), operation.operationId];
      else count++;
    }
    return count;
  };

  const readWalked = (walked: WalkedOperation, parent: ApiOperation | undefined): ApiOperation => {
    const { method, path: key, pointer, callback } = walked;
    const operation = walked.operation as unknown as OpenAPIV3.OperationObject;
    let derived = derivedOperationId(method, key);
    let label = `${method.toUpperCase()} ${key}`;
    let callbackPlace: Pick<OperationPlace, 'callback' | 'callbackTags'> = {};
    if (callback && parent) {
      const base = `${parent.operationId}.${callback.name}`;
      // The first of a callback's operations is `operation.callback`; any others are numbered.
      derived = callback.index === 1 ? base : `${base}.${callback.index}`;
      label = `the callback ${callback.name} of ${parent.operationId} (${method.toUpperCase()})`;
      callbackPlace = {
        callback: { after: parent.operationId, name: callback.name, url: callback.url },
        callbackTags: parent.tags,
      };
    } else if (walked.container === 'webhooks') {
      label = `the webhook ${key} (${method.toUpperCase()})`;
    }
    const place: OperationPlace = {
      path: key,
      webhook: walked.container === 'webhooks',
      method,
      operationId: uniqueId(operation.operationId ?? derived, label, pointer),
      pointer,
      item: walked.item as OpenAPIV3.PathItemObject,
      pointerOf: walked.pointerOf,
      ...callbackPlace,
    };
    const model = readOperation(reading, place, operation, defaults);
    operations.push(model);
    return model;
  };

  for (const [path, written] of Object.entries(reading.document.paths ?? {})) {
    const count = readItem('paths', path, written);
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
    for (const [name, written] of Object.entries(webhooks)) readItem('webhooks', name, written);
  }
  return operations;
}
