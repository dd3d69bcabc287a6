/**
 * Each `/mcp` client's personal sandbox keys. The HTTP transport is stateless (a server per request), so the keys
 * are kept here by client address, each client's in a storage of its own: no two clients share a key, so one
 * client's flood gets its own key limited and banned, no one else's. The most recent clients are kept; a client
 * forgotten, or whose key has ended, is issued a new one (`console/personal-keys.ts` keeps a key until shortly
 * before its `expiresAt`).
 */
import type { KeyStorage } from '../console/api-key-store.ts';
import { RecentCache } from '../render/recent-cache.ts';

/** Clients whose keys are kept: a few hundred bytes each. */
const keptClients = 10_000;

export class ClientKeys {
  readonly #storages = new RecentCache<KeyStorage>(keptClients);

  /** The storage of `client`'s keys (its address). */
  of(client: string): KeyStorage {
    return this.#storages.get(client, memoryStorage);
  }
}

function memoryStorage(): KeyStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
