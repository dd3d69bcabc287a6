/**
 * The sandbox's records: pets, categories, orders and stock, as the handlers
 * read and change them, and as plain data (`RecordsData`) for a store to
 * keep. A store starts from the seed: the records for ids 1–3 are the ones
 * the spec's examples show, so what the reference shows is what the sandbox
 * answers.
 */
import { checkCaps, type DataSetCaps, type DataSetKind, defaultDataSetCaps } from './sandbox-store.ts';

export type PetStatus = 'available' | 'pending' | 'sold';

export interface Category {
  id: number;
  name: string;
  description?: string;
}

export interface Pet {
  id: number;
  name: string;
  categoryId: number;
  status: PetStatus;
}

export interface Order {
  id: number;
  petId: number;
  quantity: number;
  shipDate: string;
  complete: boolean;
}

export interface InventoryItem {
  petId: number;
  quantity: number;
  status: PetStatus;
}

/** A table as plain data: its rows in id order, and the id the next row gets. */
export interface TableData<T> {
  nextId: number;
  rows: T[];
}

/** One table: records by id, in id order, with ids handed out by the server. */
export class Table<T extends { id: number }> {
  readonly #rows = new Map<number, T>();
  #nextId = 1;

  constructor(data?: TableData<T>) {
    if (!data) return;
    for (const row of data.rows) this.#rows.set(row.id, row);
    this.#nextId = data.nextId;
  }

  toData(): TableData<T> {
    return { nextId: this.#nextId, rows: this.all() };
  }

  get size(): number {
    return this.#rows.size;
  }

  get(id: number): T | undefined {
    return this.#rows.get(id);
  }

  /** Every record, sorted by id. */
  all(): T[] {
    return [...this.#rows.values()].sort((a, b) => a.id - b.id);
  }

  insert(fields: Omit<T, 'id'>): T {
    const row = { id: this.#nextId++, ...fields } as T;
    this.#rows.set(row.id, row);
    return row;
  }

  replace(row: T): void {
    this.#rows.set(row.id, row);
  }

  delete(id: number): boolean {
    return this.#rows.delete(id);
  }
}

/** Every record of one sandbox data set, as plain data (JSON). */
export interface RecordsData {
  categories: TableData<Category>;
  pets: TableData<Pet>;
  orders: TableData<Order>;
  /** [petId, quantity] pairs. */
  stock: [number, number][];
}

export class Records {
  readonly categories: Table<Category>;
  readonly pets: Table<Pet>;
  readonly orders: Table<Order>;
  /** Stock count by petId; every pet has one entry, created and removed with it. */
  readonly stock: Map<number, number>;

  constructor(data?: RecordsData) {
    this.categories = new Table(data?.categories);
    this.pets = new Table(data?.pets);
    this.orders = new Table(data?.orders);
    this.stock = new Map(data?.stock);
  }

  toData(): RecordsData {
    return {
      categories: this.categories.toData(),
      pets: this.pets.toData(),
      orders: this.orders.toData(),
      stock: [...this.stock],
    };
  }

  inventoryItem(pet: Pet): InventoryItem {
    return { petId: pet.id, quantity: this.stock.get(pet.id) ?? 0, status: pet.status };
  }
}

const seedCategories: Omit<Category, 'id'>[] = [
  { name: 'Dogs', description: 'Dogs of every breed and age.' },
  { name: 'Cats', description: 'Cats and kittens.' },
  { name: 'Birds', description: 'Pet birds such as parrots, canaries and budgies.' },
  { name: 'Fish', description: 'Freshwater and marine fish for home aquariums.' },
];

const seedPets: (Omit<Pet, 'id'> & { stock: number })[] = [
  { name: 'Rex', categoryId: 1, status: 'available', stock: 5 },
  { name: 'Misty', categoryId: 2, status: 'pending', stock: 2 },
  { name: 'Kiwi', categoryId: 3, status: 'sold', stock: 0 },
  { name: 'Bella', categoryId: 1, status: 'available', stock: 3 },
  { name: 'Max', categoryId: 1, status: 'available', stock: 1 },
  { name: 'Luna', categoryId: 2, status: 'available', stock: 4 },
  { name: 'Oliver', categoryId: 2, status: 'available', stock: 2 },
  { name: 'Sunny', categoryId: 3, status: 'available', stock: 6 },
  { name: 'Pip', categoryId: 3, status: 'available', stock: 8 },
  { name: 'Nemo', categoryId: 4, status: 'available', stock: 12 },
  { name: 'Dory', categoryId: 4, status: 'available', stock: 9 },
  { name: 'Charlie', categoryId: 1, status: 'available', stock: 2 },
];

const seedOrders: Omit<Order, 'id'>[] = [
  { petId: 2, quantity: 1, shipDate: '2026-10-05T09:00:00Z', complete: false },
  { petId: 3, quantity: 1, shipDate: '2026-09-20T14:30:00Z', complete: true },
];

/** The realistic starting data, as plain data: every data set starts from it. */
export function seedData(): RecordsData {
  const records = new Records();
  for (const category of seedCategories) records.categories.insert(category);
  for (const { stock, ...pet } of seedPets) {
    const created = records.pets.insert(pet);
    records.stock.set(created.id, stock);
  }
  for (const order of seedOrders) records.orders.insert(order);
  return records.toData();
}

/**
 * The Pet Store's data sets: every one starts from the seed (one copy, shared by every reader until a change), and
 * none grows past `caps` (records per table, bytes in all).
 */
export function petStoreDataSets(
  seed: () => RecordsData = seedData,
  caps: DataSetCaps = defaultDataSetCaps,
): DataSetKind<Records> {
  let unchanged: Records | undefined;
  return {
    seed: () => {
      unchanged ??= new Records(seed());
      return unchanged;
    },
    copy: (records) => new Records(records.toData()),
    encode: (records) => JSON.stringify(records.toData()),
    decode: (json) => new Records(JSON.parse(json) as RecordsData),
    checkCaps: (records) =>
      checkCaps(
        caps,
        Math.max(records.pets.size, records.categories.size, records.orders.size),
        JSON.stringify(records.toData()),
      ),
  };
}
