/** Web storage in memory, for the console's key stores (sessionStorage and localStorage in a browser). */
import type { KeyStorage } from '../../../src/console/api-key-store.ts';

export class MemoryStorage implements KeyStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}
