/**
 * The sandbox's state in Redis or Valkey (SANDBOX_STORE=redis://host:port[/db]), so that several sandbox processes
 * behind a load balancer answer as one: same records, same quotas, same bans.
 *
 * Each data set and each caller's usage is one Redis value, `<version>:<json>`. A change is computed in TypeScript
 * by the same pure rules the in-memory store runs, from the value as last read, then written by one Lua script
 * that keeps it only if the value still has the version it was computed from (compare-and-set): otherwise the
 * script answers the newer value and the change is computed again from it. So every read-then-write rule (ids,
 * quotas and bans, an order against the pet's status and stock, deleting a pet with an open order or a category
 * with pets) is atomic across processes, without a second copy of the rules in Lua.
 *
 * Within a process, changes to one value take turns, so that only other processes can make a compare-and-set
 * fail; the last value each process saw is kept as its first guess, so an uncontended change costs one round trip.
 */
import { Redis } from 'ioredis';
import { admitRequest, peekWindow, type Usage, usageLifetime } from '../../rate-limits/rate-limiter.ts';
import { Records, type RecordsData, seedData } from './records.ts';
import { type SandboxStore, StoreUnavailableError } from './sandbox-store.ts';

/** Keeps `value` (ARGV[2], with its lifetime in ms, ARGV[3]; 0 for none) if the key is still at ARGV[1]. */
const compareAndSet = `
local current = redis.call('GET', KEYS[1])
local version = '0'
if current then version = string.match(current, '^(%d+):') or '0' end
if version ~= ARGV[1] then return {0, current or ''} end
if ARGV[3] == '0' then
  redis.call('SET', KEYS[1], ARGV[2])
else
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
end
return {1, ''}
`;

interface CasClient {
  compareAndSet(key: string, version: string, value: string, lifetimeMs: string): Promise<[number, string]>;
}

/** A value as read: its version ("0" while the key does not exist) and its JSON. */
interface Versioned {
  version: number;
  json: string | undefined;
}

const absent: Versioned = { version: 0, json: undefined };

/** How many values a process keeps as guesses: a guess only saves a round trip, so forgetting costs little. */
const maxGuesses = 10_000;

function parseValue(raw: string | null | undefined): Versioned {
  if (!raw) return absent;
  const colon = raw.indexOf(':');
  return { version: Number(raw.slice(0, colon)), json: raw.slice(colon + 1) };
}

export interface RedisStoreOptions {
  /** Prefix of every key the sandbox writes, so that it can share a Redis. */
  prefix?: string;
  seed?: () => RecordsData;
  /** Told when the connection is lost (with why) and when it is back. */
  onConnection?: (up: boolean, detail?: string) => void;
}

/**
 * How long a command may take before the request is answered 503: well inside the 2 s a client is promised, as a
 * request makes up to two round trips.
 */
const commandTimeoutMs = 800;

/** How long a command waits for a connection being made before the request is answered 503. */
const connectWaitMs = 400;

export function createRedisStore(url: string, options: RedisStoreOptions = {}): SandboxStore {
  const redis = new Redis(url, {
    // Commands issued in the same tick go out together: under load, one round trip serves many requests.
    enableAutoPipelining: true,
    // While the connection is down, a command fails at once (503) instead of waiting in a queue; ioredis
    // reconnects by itself, and the next request finds the store again.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
  let up = false;
  redis.on('ready', () => {
    if (!up) options.onConnection?.(true);
    up = true;
  });
  // Without a listener, ioredis prints every failed reconnection attempt.
  redis.on('error', (error: Error) => {
    if (up) options.onConnection?.(false, error.message);
    up = false;
  });
  redis.defineCommand('compareAndSet', { numberOfKeys: 1, lua: compareAndSet });
  const cas = redis as unknown as CasClient;
  const prefix = options.prefix ?? 'petstore:sandbox:';
  const seed = options.seed ?? seedData;
  const lastSeen = new Map<string, Versioned>();
  const turns = new Map<string, Promise<unknown>>();

  /** Runs `task` after the tasks queued before it on `key`, in this process. */
  function inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = turns.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    turns.set(key, settled);
    void settled.then(() => {
      if (turns.get(key) === settled) turns.delete(key);
    });
    return next;
  }

  async function fetch(key: string): Promise<Versioned> {
    const value = parseValue(await reach(() => redis.get(key)));
    remember(key, value);
    return value;
  }

  /** Keeps a value as the next guess for its key; a bounded number of them (callers by address are unbounded). */
  function remember(key: string, value: Versioned): void {
    if (lastSeen.size >= maxGuesses && !lastSeen.has(key)) lastSeen.clear();
    lastSeen.set(key, value);
  }

  /**
   * Computes the new value of `key` from its current one and keeps it, compare-and-set, until it holds. `compute`
   * may throw (a rule refusing the change): when it was given a guess, the latest value is read and it runs again.
   */
  function change<T>(
    key: string,
    compute: (current: Versioned) => { json: string; lifetimeMs: number; result: T },
  ): Promise<T> {
    return inTurn(key, async () => {
      let current = lastSeen.get(key);
      let guessed = current !== undefined;
      for (;;) {
        current ??= await fetch(key);
        let next: ReturnType<typeof compute>;
        try {
          next = compute(current);
        } catch (error) {
          if (!guessed) throw error;
          current = undefined;
          guessed = false;
          continue;
        }
        const version = current.version + 1;
        const [kept, newer] = await reach(() =>
          cas.compareAndSet(
            key,
            String(current?.version ?? 0),
            `${version}:${next.json}`,
            String(Math.max(0, Math.ceil(next.lifetimeMs))),
          ),
        );
        if (kept === 1) {
          remember(key, { version, json: next.json });
          return next.result;
        }
        current = parseValue(newer);
        remember(key, current);
        guessed = false;
      }
    });
  }

  /**
   * A Redis command, its failure (connection refused or lost, timed out) a StoreUnavailableError. While the
   * connection is being made (at start, or again after a loss), the command waits a moment for it.
   */
  async function reach<T>(command: () => Promise<T>): Promise<T> {
    if (redis.status !== 'ready' && !(await readyWithin(connectWaitMs))) {
      throw new StoreUnavailableError(new Error(`not connected to ${redis.options.host}:${redis.options.port}`));
    }
    try {
      return await command();
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
  }

  /** Whether the connection is ready, or becomes so within `ms`. */
  function readyWithin(ms: number): Promise<boolean> {
    if (redis.status === 'ready') return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ready: boolean) => {
        clearTimeout(timer);
        redis.off('ready', onReady);
        resolve(ready);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      redis.once('ready', onReady);
    });
  }

  const recordsOf = ({ json }: Versioned) =>
    new Records(json === undefined ? seed() : (JSON.parse(json) as RecordsData));
  const usageOf = ({ json }: Versioned) => (json === undefined ? undefined : (JSON.parse(json) as Usage));

  return {
    async read(scope, use) {
      return use(recordsOf(await fetch(`${prefix}data:${scope}`)));
    },
    update(scope, changeRecords) {
      return change(`${prefix}data:${scope}`, (current) => {
        const records = recordsOf(current);
        const result = changeRecords(records);
        return { json: JSON.stringify(records.toData()), lifetimeMs: 0, result };
      });
    },
    admit(identity, quota, ban, now) {
      return change(`${prefix}usage:${identity}`, (current) => {
        const { usage, admission } = admitRequest(usageOf(current), now, quota, ban);
        return { json: JSON.stringify(usage), lifetimeMs: usageLifetime(usage, now), result: admission };
      });
    },
    async peek(identity, quota, now) {
      return peekWindow(usageOf(await fetch(`${prefix}usage:${identity}`)), now, quota);
    },
    async ping() {
      await reach(() => redis.ping());
    },
    async close() {
      // quit() waits for replies that will not come while the connection is down.
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}
