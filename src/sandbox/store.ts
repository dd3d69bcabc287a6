/**
 * The sandbox's in-memory data: pets, categories, orders and stock. It is
 * seeded on start and resets on restart. The records for ids 1–3 are the
 * ones the spec's examples show, so what the reference shows is what the
 * sandbox answers.
 */
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

/** One table: records by id, in id order, with ids handed out by the server. */
export class Table<T extends { id: number }> {
  readonly #rows = new Map<number, T>();
  #nextId = 1;

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

export class Store {
  readonly categories = new Table<Category>();
  readonly pets = new Table<Pet>();
  readonly orders = new Table<Order>();
  /** Stock count by petId; every pet has one entry, created and removed with it. */
  readonly stock = new Map<number, number>();

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

/** A store holding the realistic starting data. */
export function seededStore(): Store {
  const store = new Store();
  for (const category of seedCategories) store.categories.insert(category);
  for (const { stock, ...pet } of seedPets) {
    const created = store.pets.insert(pet);
    store.stock.set(created.id, stock);
  }
  for (const order of seedOrders) store.orders.insert(order);
  return store;
}
