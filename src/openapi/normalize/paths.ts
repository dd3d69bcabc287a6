/**
 * The operations of `paths` and `webhooks`, in document order. A path item's operations are its fixed method fields
 * (3.0's eight and 3.2's `query`) and then 3.2's `additionalOperations`, whose keys are methods as sent (`LINK`,
 * `PURGE`) and are kept as written. A webhook is an operation the API sends; its name stands where a path would.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { escapeSegment, isRecord, toPointer } from '../json-pointer.ts';
import type { ApiOperation } from '../model.ts';
import { pathItemMethods } from '../model.ts';
import { inlinePathItem } from '../refs.ts';
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

  const readItem = (container: 'paths' | 'webhooks', key: string, written: unknown) => {
    const { item: inlined, pointerOf } = inlinePathItem(reading.document, key, written, container);
    const item = inlined as OpenAPIV3.PathItemObject & Record<string, unknown>;
    const webhook = container === 'webhooks';
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
      const label = webhook ? `the webhook ${key} (${method.toUpperCase()})` : `${method.toUpperCase()} ${key}`;
      const operationId = uniqueId(operation.operationId ?? derivedOperationId(method, key), label, pointer);
      const place: OperationPlace = { path: key, webhook, method, operationId, pointer, item, pointerOf };
      operations.push(readOperation(reading, place, operation, defaults));
    }
    return found.length;
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
