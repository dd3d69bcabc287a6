/**
 * The data of a sandbox made from a description: one data set per caller scope (`demo`, `key:sk_…`), like the Pet
 * Store's, holding only what that caller changed, collection instance by instance (`/users/1/posts`), over the
 * items the description's examples seed. So the data set's byte cap bounds everything a caller can keep, however
 * many collections or parent ids it writes to (one data set per instance let a key fill the store an instance at a
 * time), and a change copies what the caller wrote, never the seeds of a description with thousands of collections.
 */
import { checkCaps, type DataSetCaps, type DataSetKind, defaultDataSetCaps } from '../store/sandbox-store.ts';

/** What a collection step reads and changes: one instance's items, by id (as text, whatever the id's type). */
export interface Items {
  readonly size: number;
  all(): unknown[];
  get(id: string): unknown;
  has(id: string): boolean;
  set(id: string, item: unknown): void;
  delete(id: string): boolean;
  /** The next whole-number id not taken. */
  takeId(): number;
}

/** Items held whole, in the order made: what the description's examples seed an instance with. */
export class CollectionItems implements Items {
  readonly #items: Map<string, unknown>;
  #nextId: number;

  constructor(items: Iterable<[string, unknown]> = [], nextId = 1) {
    this.#items = new Map(items);
    this.#nextId = nextId;
  }

  get size(): number {
    return this.#items.size;
  }

  /** The first whole-number id `takeId` would try. */
  get nextId(): number {
    return this.#nextId;
  }

  all(): unknown[] {
    return [...this.#items.values()];
  }

  entries(): IterableIterator<[string, unknown]> {
    return this.#items.entries();
  }

  get(id: string): unknown {
    return this.#items.get(id);
  }

  has(id: string): boolean {
    return this.#items.has(id);
  }

  set(id: string, item: unknown): void {
    this.#items.set(id, item);
    this.#nextId = idAfter(id, this.#nextId);
  }

  delete(id: string): boolean {
    return this.#items.delete(id);
  }

  takeId(): number {
    while (this.#items.has(String(this.#nextId))) this.#nextId++;
    return this.#nextId++;
  }
}

/** What a caller changed in one instance: items it made or replaced, seeded items it deleted, its next id. */
export interface InstanceChanges {
  nextId: number;
  /** Items made or replaced, by id, in the order first written. */
  written: [string, unknown][];
  /** Ids of seeded items deleted. */
  deleted: string[];
}

/** The JSON a store keeps for one caller: its changed instances, by instance path. */
interface CallerChangesData {
  instances: [string, InstanceChanges][];
}

/** One caller's view of every collection instance: the seeds, with what it changed laid over them. */
export class CallerCollections {
  readonly #seedOf: (instancePath: string) => CollectionItems;
  readonly #changed: Map<string, ChangedInstance>;

  constructor(seedOf: (instancePath: string) => CollectionItems, data: CallerChangesData = { instances: [] }) {
    this.#seedOf = seedOf;
    this.#changed = new Map(
      data.instances.map(([path, changes]) => [path, new ChangedInstance(seedOf(path), changes)]),
    );
  }

  /** The items of the instance at `instancePath`; changing them records the change for this caller. */
  items(instancePath: string): Items {
    const changed = this.#changed.get(instancePath);
    if (changed) return changed;
    const seed = this.#seedOf(instancePath);
    // Read as the seed until changed: the first change makes the instance's record of changes.
    const record = () => {
      let made = this.#changed.get(instancePath);
      if (!made) {
        made = new ChangedInstance(seed, { nextId: seed.nextId, written: [], deleted: [] });
        this.#changed.set(instancePath, made);
      }
      return made;
    };
    const current = (): Items => this.#changed.get(instancePath) ?? seed;
    return {
      get size() {
        return current().size;
      },
      all: () => current().all(),
      get: (id) => current().get(id),
      has: (id) => current().has(id),
      set: (id, item) => record().set(id, item),
      delete: (id) => record().delete(id),
      takeId: () => record().takeId(),
    };
  }

  /** The most items any changed instance holds (for the records cap). */
  largestInstance(): number {
    let largest = 0;
    for (const changed of this.#changed.values()) largest = Math.max(largest, changed.size);
    return largest;
  }

  toData(): CallerChangesData {
    return { instances: [...this.#changed].map(([path, changed]) => [path, changed.toData()]) };
  }
}

/** An instance a caller changed: its seed, and the changes over it. */
class ChangedInstance implements Items {
  readonly #seed: CollectionItems;
  readonly #written: Map<string, unknown>;
  readonly #deleted: Set<string>;
  #nextId: number;

  constructor(seed: CollectionItems, changes: InstanceChanges) {
    this.#seed = seed;
    this.#written = new Map(changes.written);
    this.#deleted = new Set(changes.deleted);
    this.#nextId = changes.nextId;
  }

  get size(): number {
    let size = this.#seed.size - this.#deleted.size;
    for (const id of this.#written.keys()) if (!this.#seed.has(id)) size++;
    return size;
  }

  all(): unknown[] {
    const items: unknown[] = [];
    // Seeded items where they were (a replaced one in its place), then the ones made, in the order made.
    for (const [id, item] of this.#seed.entries()) {
      if (this.#deleted.has(id)) continue;
      items.push(this.#written.has(id) ? this.#written.get(id) : item);
    }
    for (const [id, item] of this.#written) if (!this.#seed.has(id)) items.push(item);
    return items;
  }

  get(id: string): unknown {
    if (this.#written.has(id)) return this.#written.get(id);
    return this.#deleted.has(id) ? undefined : this.#seed.get(id);
  }

  has(id: string): boolean {
    return this.#written.has(id) || (this.#seed.has(id) && !this.#deleted.has(id));
  }

  set(id: string, item: unknown): void {
    this.#written.set(id, item);
    this.#deleted.delete(id);
    this.#nextId = idAfter(id, this.#nextId);
  }

  delete(id: string): boolean {
    const had = this.has(id);
    this.#written.delete(id);
    if (this.#seed.has(id)) this.#deleted.add(id);
    return had;
  }

  takeId(): number {
    while (this.has(String(this.#nextId))) this.#nextId++;
    return this.#nextId++;
  }

  toData(): InstanceChanges {
    return { nextId: this.#nextId, written: [...this.#written], deleted: [...this.#deleted] };
  }
}

/** The next id to try after `id` is taken: past it when it is a whole number at or above `nextId`. */
function idAfter(id: string, nextId: number): number {
  const whole = Number(id);
  return Number.isSafeInteger(whole) && whole >= nextId ? whole + 1 : nextId;
}

/**
 * `seedOf(instancePath)`: what an instance holds before anyone changes it (the description's examples; never
 * changed). No caller's data grows past `caps`: an instance's items, and the bytes of all it changed.
 */
export function collectionDataSets(
  seedOf: (instancePath: string) => CollectionItems,
  caps: DataSetCaps = defaultDataSetCaps,
): DataSetKind<CallerCollections> {
  const decode = (json: string) => new CallerCollections(seedOf, JSON.parse(json) as CallerChangesData);
  return {
    seed: () => new CallerCollections(seedOf),
    copy: (data) => decode(JSON.stringify(data.toData())),
    encode: (data) => JSON.stringify(data.toData()),
    decode,
    checkCaps: (data) => checkCaps(caps, data.largestInstance(), JSON.stringify(data.toData())),
  };
}
