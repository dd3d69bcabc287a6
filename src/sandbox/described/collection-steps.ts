/**
 * What each collection operation does to a collection instance's items: list, create, read, replace, update and
 * delete. Pure functions of the items and the checked request; a step that refuses throws an ApiError and
 * changes nothing (the store keeps a change only when its step returns).
 */
import { randomUUID } from 'node:crypto';
import { isRecord } from '../../openapi/index.ts';
import { ApiError } from '../api-error.ts';
import type { Items } from './collection-data.ts';
import { withId } from './examples.ts';
import type { Collection, CollectionRole } from './resources.ts';

export interface StepRequest {
  /** The item's id from the path (item operations). */
  id?: string;
  /** The checked JSON body. */
  body: unknown;
  /** What a new item starts from before the body is laid over it: the read example (fields the server sets). */
  template: unknown;
}

/** The step's outcome: the item (or items) to answer with; `created` when a new item was made. */
export interface StepResult {
  value: unknown;
  created?: { id: string };
  /** Nothing to answer with (a delete). */
  empty?: true;
}

export function runStep(role: CollectionRole, collection: Collection, items: Items, request: StepRequest): StepResult {
  switch (role) {
    case 'list':
      return { value: items.all() };
    case 'create': {
      const given = collection.idField && isRecord(request.body) ? request.body[collection.idField] : undefined;
      const id =
        typeof given === 'string' || typeof given === 'number'
          ? String(given)
          : collection.idType === 'uuid'
            ? randomUUID()
            : String(items.takeId());
      // An id the body gives is the item's, as a server that takes ids keeps it: an item already there with that id
      // is replaced (the page's example names an id the seed holds, and the console's first Send must work).
      const item = withId(laidOver(request.template, request.body), collection, id);
      items.set(id, item);
      return { value: item, created: { id } };
    }
    case 'read':
      return { value: existing(collection, items, request.id) };
    case 'replace': {
      const id = requireId(request.id);
      const known = items.has(id);
      const item = withId(laidOver(request.template, request.body), collection, id);
      items.set(id, item);
      return known ? { value: item } : { value: item, created: { id } };
    }
    case 'update': {
      const current = existing(collection, items, request.id);
      const item = withId(mergePatch(current, request.body), collection, requireId(request.id));
      items.set(requireId(request.id), item);
      return { value: item };
    }
    case 'delete': {
      const removed = existing(collection, items, request.id);
      items.delete(requireId(request.id));
      return { value: removed, empty: true };
    }
  }
}

function requireId(id: string | undefined): string {
  if (id === undefined) throw new Error('An item operation was routed without its id.');
  return id;
}

function existing(collection: Collection, items: Items, id: string | undefined): unknown {
  const key = requireId(id);
  if (!items.has(key)) {
    const parameter = collection.itemParameter ?? 'id';
    throw new ApiError(
      'not_found',
      `No item with ${parameter} ${key} in ${collection.path}.`,
      {},
      { parameter, in: 'path' },
    );
  }
  return items.get(key);
}

/** The body's fields over the template's (a new object: items already kept are never changed in place). */
function laidOver(template: unknown, body: unknown): unknown {
  if (!isRecord(body)) return body ?? template;
  return isRecord(template) ? { ...template, ...body } : { ...body };
}

/** RFC 7396 JSON merge patch: `null` removes a field, objects merge, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isRecord(patch)) return patch === undefined ? target : patch;
  const result: Record<string, unknown> = isRecord(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}
