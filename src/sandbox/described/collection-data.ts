/**
 * The data of a sandbox made from a description: one data set per caller scope and collection instance
 * (`demo/users/1/posts`, `key:sk_…/things`), each its items in the order made, with the next whole-number id.
 * Kept per instance, not per API, so that a change to one collection copies and writes that collection alone:
 * Microsoft Graph's description has thousands of them.
 */
import { checkCaps, type DataSetCaps, type DataSetKind, defaultDataSetCaps } from '../store/sandbox-store.ts';

/** One collection instance's items, by id (as text, whatever the id's type). */
export class CollectionItems {
  readonly #items: Map<string, unknown>;
  #nextId: number;

  constructor(items: Iterable<[string, unknown]> = [], nextId = 1) {
    this.#items = new Map(items);
    this.#nextId = nextId;
  }

  get size(): number {
    return this.#items.size;
  }

  all(): unknown[] {
    return [...this.#items.values()];
  }

  get(id: string): unknown {
    return this.#items.get(id);
  }

  has(id: string): boolean {
    return this.#items.has(id);
  }

  set(id: string, item: unknown): void {
    this.#items.set(id, item);
    const whole = Number(id);
    if (Number.isSafeInteger(whole) && whole >= this.#nextId) this.#nextId = whole + 1;
  }

  delete(id: string): boolean {
    return this.#items.delete(id);
  }

  /** The next whole-number id not taken. */
  takeId(): number {
    while (this.#items.has(String(this.#nextId))) this.#nextId++;
    return this.#nextId++;
  }

  toData(): CollectionData {
    return { nextId: this.#nextId, items: [...this.#items] };
  }
}

export interface CollectionData {
  nextId: number;
  items: [string, unknown][];
}

/** A data set's name: the caller's scope, then the collection instance's path (which starts with `/`). */
export function instanceScope(callerScope: string, instancePath: string): string {
  return `${callerScope}${instancePath}`;
}

/** The collection instance path of a data set's name (caller scopes never hold a `/`). */
export function instanceOf(scope: string): string {
  const slash = scope.indexOf('/');
  return slash < 0 ? '' : scope.slice(slash);
}

/**
 * `seedOf(instancePath)`: what an instance holds before anyone changes it (the description's examples). No
 * instance grows past `caps` (its items, and its bytes).
 */
export function collectionDataSets(
  seedOf: (instancePath: string) => CollectionItems,
  caps: DataSetCaps = defaultDataSetCaps,
): DataSetKind<CollectionItems> {
  return {
    seed: (scope) => seedOf(instanceOf(scope)),
    copy: (items) => {
      const data = items.toData();
      return new CollectionItems(data.items, data.nextId);
    },
    encode: (items) => JSON.stringify(items.toData()),
    decode: (json) => {
      const data = JSON.parse(json) as CollectionData;
      return new CollectionItems(data.items, data.nextId);
    },
    checkCaps: (items) => checkCaps(caps, items.size, JSON.stringify(items.toData())),
  };
}
