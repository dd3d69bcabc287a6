/**
 * The Redis set-up the sandbox's tests share: one real redis-server for the enclosing file or describe block
 * (started before its tests, stopped after them), and Redis stores on it, each closed before the server stops.
 * Call it at the top of a test file or inside a describe, where vitest's hooks may be registered.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { createRedisStore } from '../../src/sandbox/store/redis-store.ts';
import type { SandboxStore } from '../../src/sandbox/store/sandbox-store.ts';
import { type RedisServer, startRedisServer } from './redis-server.ts';

export interface TestRedis {
  /** The running server; only once the tests have started (it starts in a beforeAll hook). */
  readonly server: RedisServer;
  /** A key prefix no other test uses: stores on it share their state with each other and with nothing else. */
  freshPrefix(label?: string): string;
  /** A Redis store on the server under `prefix`; closed after the tests unless a test closed it. */
  store(prefix: string): SandboxStore;
  /**
   * The same, once connected: a store's first command waits only 400 ms for its connection (then answers 503),
   * which a busy machine can take.
   */
  connectedStore(prefix: string): Promise<SandboxStore>;
  /** Empties the server: every store on it starts again from the seed, with no counts, keys or bans. */
  flush(): Promise<void>;
}

export function useRedisServer(): TestRedis {
  let server: RedisServer | undefined;
  const opened = new Set<SandboxStore>();
  let admin: Redis | undefined;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all([...opened].map((store) => store.close()));
    await admin?.quit();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('The redis-server starts in beforeAll: use it inside a test or a later hook.');
      return server;
    },
    freshPrefix: (label = 'test') => `${label}:${randomUUID()}:`,
    store(prefix) {
      const store = createRedisStore(this.server.url, { prefix });
      // A test may close it first; a Redis store must not be closed twice (ioredis throws).
      const close = store.close.bind(store);
      store.close = () => {
        opened.delete(store);
        return close();
      };
      opened.add(store);
      return store;
    },
    async connectedStore(prefix) {
      const store = this.store(prefix);
      for (let attempt = 1; ; attempt++) {
        try {
          await store.ping();
          return store;
        } catch (error) {
          if (attempt === 20) throw error;
        }
      }
    },
    async flush() {
      admin ??= new Redis(this.server.url);
      await admin.flushdb();
    },
  };
}
