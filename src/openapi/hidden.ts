/**
 * What a description keeps for its own team: `x-internal: true` (Redocly) or `x-hidden: true` (Mintlify, ReadMe)
 * on an operation, on its path item, or on every tag it has. The published description is the one without them,
 * so pages, sidebar, search, twins, `llms*.txt`, the MCP server, the downloads, the changelog and the gate all
 * leave them out by reading only that. A tag so marked goes too (an operation that also has a shown tag stays,
 * under that tag), and so does a component only hidden operations use; a component nothing uses stays as written.
 */
import { fromPointer, isRecord, toPointer } from './json-pointer.ts';
import { pathItemMethods } from './model.ts';
import { walkOperations } from './operation-walk.ts';

type Json = Record<string, unknown>;

export interface PublishedDocument {
  document: Json;
  /** How much was left out, for the build's summary. */
  hidden: { operations: number; tags: number; components: number };
  /** Where a place of the published document is written in the given one (tags after a hidden tag moved up). */
  toWritten(pointer: string): string;
}

const isHidden = (value: unknown) => isRecord(value) && (value['x-internal'] === true || value['x-hidden'] === true);

/** The description as published: `document` itself when nothing in it is hidden. */
export function withoutHidden(document: Json): PublishedDocument {
  const tags = Array.isArray(document.tags) ? document.tags : [];
  const hiddenTags = new Set(tags.filter(isHidden).map((t) => String((t as Json).name)));
  const hiddenOperations: string[] = [];
  const retagged: { pointer: string; tags: unknown[] }[] = [];
  for (const walked of walkOperations(document)) {
    if (walked.callback) continue; // a callback goes with the operation it follows
    const own = Array.isArray(walked.operation.tags) ? walked.operation.tags : [];
    const shownTags = own.filter((t) => !hiddenTags.has(String(t)));
    if (isHidden(walked.operation) || isHidden(walked.item) || (own.length > 0 && shownTags.length === 0))
      hiddenOperations.push(walked.pointer);
    else if (shownTags.length < own.length) retagged.push({ pointer: `${walked.pointer}/tags`, tags: shownTags });
  }
  const unchanged = { operations: 0, tags: 0, components: 0 };
  if (hiddenOperations.length === 0 && hiddenTags.size === 0)
    return { document, hidden: unchanged, toWritten: (p) => p };

  // A copy to cut from: only descriptions that hide something pay for it.
  const published = structuredClone(document);
  for (const pointer of hiddenOperations) removeAt(published, pointer);
  for (const { pointer, tags: shown } of retagged) setAt(published, pointer, shown);
  for (const container of ['paths', 'webhooks'] as const) dropEmptyPathItems(document, published, container);

  // Tags: the hidden ones leave the list, and every x-tagGroups group.
  const keptTagIndexes = tags.flatMap((tag, index) => (isHidden(tag) ? [] : [index]));
  if (hiddenTags.size > 0) {
    published.tags = keptTagIndexes.map((index) => (published.tags as unknown[])[index]);
    if (Array.isArray(published['x-tagGroups']))
      for (const group of published['x-tagGroups']) {
        if (isRecord(group) && Array.isArray(group.tags))
          group.tags = group.tags.filter((name) => !hiddenTags.has(String(name)));
      }
  }

  const components = unusedComponents(document, published);
  for (const pointer of components) removeAt(published, pointer);
  return {
    document: published,
    hidden: { operations: hiddenOperations.length, tags: hiddenTags.size, components: components.length },
    toWritten: (pointer) => {
      const tag = /^\/tags\/(\d+)(.*)$/.exec(pointer);
      const written = tag ? keptTagIndexes[Number(tag[1])] : undefined;
      return tag && written !== undefined ? `/tags/${written}${tag[2]}` : pointer;
    },
  };
}

/** A path item whose every operation was hidden goes too (its parameters alone document nothing). */
function dropEmptyPathItems(given: Json, published: Json, container: 'paths' | 'webhooks'): void {
  const before = given[container];
  const after = published[container];
  if (!isRecord(before) || !isRecord(after)) return;
  for (const [key, item] of Object.entries(after)) {
    if (!isRecord(item) || typeof item.$ref === 'string') continue;
    if (operationCount(item) === 0 && operationCount(before[key]) > 0) delete after[key];
  }
}

/** The operations a path item writes: its method fields and 3.2's additionalOperations. */
function operationCount(item: unknown): number {
  if (!isRecord(item)) return 0;
  const extra = isRecord(item.additionalOperations) ? Object.keys(item.additionalOperations).length : 0;
  return pathItemMethods.filter((m) => isRecord(item[m])).length + extra;
}

/**
 * Components (`/components/<kind>/<name>`) the given description uses and the published one no longer does: those
 * only hidden operations reached. One nothing used to begin with is kept (a model listed for its own sake).
 */
function unusedComponents(given: Json, published: Json): string[] {
  const usedBefore = usedComponents(given);
  const usedAfter = usedComponents(published);
  return [...usedBefore].filter((pointer) => !usedAfter.has(pointer));
}

/** Every component reached by `$ref` from outside `components`, and from the components those reach. */
function usedComponents(document: Json): Set<string> {
  const components = isRecord(document.components) ? document.components : {};
  const used = new Set<string>();
  const queue: string[] = [];
  const reach = (value: unknown) =>
    collectRefs(value, (ref) => {
      if (!used.has(ref)) {
        used.add(ref);
        queue.push(ref);
      }
    });
  for (const [field, value] of Object.entries(document)) if (field !== 'components') reach(value);
  while (queue.length > 0) {
    const [, kind, name] = fromPointer(queue.pop() ?? '');
    const group = kind === undefined ? undefined : components[kind];
    if (isRecord(group) && name !== undefined && Object.hasOwn(group, name)) reach(group[name]);
  }
  return used;
}

/** Calls `found` with the component pointer (`/components/<kind>/<name>`) of every local `$ref` under `value`. */
function collectRefs(value: unknown, found: (pointer: string) => void): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) stack.push(...current);
    else if (isRecord(current)) {
      const ref = current.$ref;
      if (typeof ref === 'string' && ref.startsWith('#/components/')) {
        const [components, kind, name] = fromPointer(ref.slice(1));
        if (kind !== undefined && name !== undefined) found(toPointer([components ?? 'components', kind, name]));
      }
      for (const child of Object.values(current)) if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
}

function removeAt(document: Json, pointer: string): void {
  const segments = fromPointer(pointer);
  const last = segments.pop();
  let parent: unknown = document;
  for (const segment of segments) parent = isRecord(parent) ? parent[segment] : undefined;
  if (isRecord(parent) && last !== undefined) delete parent[last];
}

function setAt(document: Json, pointer: string, value: unknown): void {
  const segments = fromPointer(pointer);
  const last = segments.pop();
  let parent: unknown = document;
  for (const segment of segments) parent = isRecord(parent) ? parent[segment] : undefined;
  if (isRecord(parent) && last !== undefined) parent[last] = value;
}
