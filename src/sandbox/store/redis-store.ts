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
import { petStoreDataSets, type Records } from './records.ts';
import { type DataSetKind, type PersonalKey, type SandboxStore, StoreUnavailableError } from './sandbox-store.ts';

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

/**
 * Keeps a personal key (KEYS[2], ARGV[1], for ARGV[2] ms) if fewer than ARGV[4] keys are alive at ARGV[3] (epoch
 * ms): KEYS[1] is the sorted set of issued keys by when they end, from which the ended are dropped first. Answers
 * {1} when kept, else {0, when the first live key ends}.
 */
const saveWithinBudget = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, first[2] or ARGV[3]}
end
local ends = tonumber(ARGV[3]) + tonumber(ARGV[2])
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
redis.call('ZADD', KEYS[1], ends, KEYS[2])
redis.call('PEXPIREAT', KEYS[1], ends)
return {1, ''}
`;

interface CasClient {
  compareAndSet(key: string, version: string, value: string, lifetimeMs: string): Promise<[number, string]>;
  saveWithinBudget(
    index: string,
    key: string,
    record: string,
    lifetimeMs: string,
    now: string,
    budget: string,
  ): Promise<[number, string]>;
}

/** A value as read: its version ("0" while the key does not exist) and its JSON. */
interface Versioned {
  version: number;
  json: string | undefined;
}

const absent: Versioned = { version: 0, json: undefined };

/** How a kind of value is read from and written to Redis. */
interface Codec<S> {
  decode(json: string | undefined): S;
  encode(state: S): string;
}

/**
 * One change: the state after it, how long Redis keeps it (ms; 0 for ever), and what the caller is told. It may
 * throw (a rule refusing the change).
 */
type Step<S, T> = (state: S) => { state: S; lifetimeMs: number; result: T };

interface Queued<T> {
  step: Step<unknown, T>;
  resolve(result: T): void;
  reject(error: unknown): void;
}

/** How many values a process keeps as guesses: a guess only saves a round trip, so forgetting costs little. */
const maxGuesses = 10_000;

function parseValue(raw: string | null | undefined): Versioned {
  if (!raw) return absent;
  const colon = raw.indexOf(':');
  return { version: Number(raw.slice(0, colon)), json: raw.slice(colon + 1) };
}

export interface RedisStoreOptions<D> {
  /** Prefix of every key the sandbox writes, so that it can share a Redis. */
  prefix?: string;
  /** What a data set holds: the Pet Store's records unless given. */
  dataSets?: DataSetKind<D>;
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

export function createRedisStore(url: string, options?: RedisStoreOptions<Records>): SandboxStore<Records>;
export function createRedisStore<D>(
  url: string,
  options: RedisStoreOptions<D> & { dataSets: DataSetKind<D> },
): SandboxStore<D>;
export function createRedisStore<D>(url: string, options: RedisStoreOptions<D> = {}): SandboxStore<D> {
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
  redis.defineCommand('saveWithinBudget', { numberOfKeys: 2, lua: saveWithinBudget });
  const cas = redis as unknown as CasClient;
  const prefix = options.prefix ?? 'petstore:sandbox:';
  const dataSets = options.dataSets ?? (petStoreDataSets() as unknown as DataSetKind<D>);
  const lastSeen = new Map<string, Versioned>();
  const queues = new Map<string, Queued<unknown>[]>();

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
   * Changes the value of `key` by `step` and keeps it, atomically. Steps on one key queue up in this process; each
   * time the key is free, every step waiting is applied in order to the latest value and the result written with
   * one compare-and-set (a busy key, a caller's usage under load, costs one round trip per batch, not per request).
   * When another process changed the value meanwhile, the batch is applied again to the newer value.
   */
  function change<S, T>(key: string, codec: Codec<S>, step: Step<S, T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const waiting = queues.get(key);
      const entry = { step, resolve, reject } as Queued<unknown>;
      if (waiting) return void waiting.push(entry);
      queues.set(key, [entry]);
      void drain(key, codec as Codec<unknown>);
    });
  }

  /** Commits what waits on `key`, batch after batch, until nothing does. */
  async function drain(key: string, codec: Codec<unknown>): Promise<void> {
    for (let batch = queues.get(key); batch && batch.length > 0; batch = queues.get(key)) {
      queues.set(key, []);
      await commit(key, codec, batch);
    }
    queues.delete(key);
  }

  async function commit(key: string, codec: Codec<unknown>, batch: Queued<unknown>[]): Promise<void> {
    let current = lastSeen.get(key);
    let guessed = current !== undefined;
    try {
      for (;;) {
        current ??= await fetch(key);
        let state = codec.decode(current.json);
        let lifetimeMs = 0;
        const outcomes = batch.map((queued) => {
          try {
            const next = queued.step(state);
            state = next.state;
            lifetimeMs = next.lifetimeMs;
            return { ok: true as const, result: next.result };
          } catch (error) {
            return { ok: false as const, error };
          }
        });
        if (!outcomes.some((outcome) => outcome.ok)) {
          // Every step refused: fine when they saw the latest value, which only a read can tell after a guess.
          if (guessed) {
            current = undefined;
            guessed = false;
            continue;
          }
        } else {
          const from = current.version;
          const json = codec.encode(state);
          const [kept, newer] = await reach(() =>
            cas.compareAndSet(key, String(from), `${from + 1}:${json}`, String(Math.max(0, Math.ceil(lifetimeMs)))),
          );
          if (kept !== 1) {
            current = parseValue(newer);
            remember(key, current);
            guessed = false;
            continue;
          }
          remember(key, { version: from + 1, json });
        }
        batch.forEach((queued, i) => {
          const outcome = outcomes[i];
          if (outcome?.ok) queued.resolve(outcome.result);
          else queued.reject(outcome?.error);
        });
        return;
      }
    } catch (error) {
      // The store could not be reached: nothing of the batch was kept.
      for (const queued of batch) queued.reject(error);
    }
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

  /** A data set's codec: unwritten, it reads as its seed (the kind's, for that scope). */
  const records = (scope: string): Codec<D> => ({
    decode: (json) => (json === undefined ? dataSets.seed(scope) : dataSets.decode(json)),
    encode: (state) => dataSets.encode(state),
  });
  const usage: Codec<Usage | undefined> = {
    decode: (json) => (json === undefined ? undefined : (JSON.parse(json) as Usage)),
    encode: (state) => JSON.stringify(state),
  };

  return {
    async read(scope, use) {
      const current = await fetch(`${prefix}data:${scope}`);
      return use(records(scope).decode(current.json));
    },
    update(scope, changeRecords, lifetimeMs = 0) {
      return change(`${prefix}data:${scope}`, records(scope), (state) => {
        // Changed on a copy: a step that throws half-way leaves the batch's state as it was.
        const draft = dataSets.copy(state);
        const result = changeRecords(draft);
        dataSets.checkCaps?.(draft);
        return { state: draft, lifetimeMs, result };
      });
    },
    async saveKey(key, record, lifetimeMs, maxLiveKeys = Number.MAX_SAFE_INTEGER) {
      const now = Date.now();
      const [kept, firstEnd] = await reach(() =>
        cas.saveWithinBudget(
          `${prefix}keys`,
          `${prefix}key:${key}`,
          JSON.stringify(record),
          String(Math.max(1, Math.ceil(lifetimeMs))),
          String(now),
          String(maxLiveKeys),
        ),
      );
      return kept === 1 ? { saved: true } : { saved: false, retryAfterMs: Math.max(0, Number(firstEnd) - now) };
    },
    async findKey(key) {
      const json = await reach(() => redis.get(`${prefix}key:${key}`));
      return json ? (JSON.parse(json) as PersonalKey) : undefined;
    },
    admit(identity, quota, ban, at) {
      return change(`${prefix}usage:${identity}`, usage, (state) => {
        const admitted = admitRequest(state, at, quota, ban);
        // A record matters until its day window or its ban ends.
        return { state: admitted.usage, lifetimeMs: usageLifetime(admitted.usage, at), result: admitted.admission };
      });
    },
    async peek(identity, quota, at) {
      return peekWindow(usage.decode((await fetch(`${prefix}usage:${identity}`)).json), at, quota);
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
