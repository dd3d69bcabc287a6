/**
 * The embedded store: everything in this process's memory, seeded on start and gone on restart. What `npm run
 * sandbox`, `npm run dev` and the tests use unless SANDBOX_STORE names a Redis. On Node's one thread every change
 * runs to its end before another starts, so each is atomic as it is.
 *
 * What has ended (a key, its data, a caller's rate-limit record once its day and ban are over) is forgotten a few
 * entries at a time as requests come, so memory follows what is alive and no request pays for a full scan: a scan
 * of every key on each new key made each request wait on the number of keys ever issued.
 */
import { admitRequest, peekWindow, type Usage, usageLifetime } from '../../rate-limits/rate-limiter.ts';
import { petStoreDataSets, type Records } from './records.ts';
import type { DataSetKind, PersonalKey, SandboxStore } from './sandbox-store.ts';

/** A value and when it is forgotten (epoch ms by `now`); kept for ever without one. */
interface Kept<T> {
  value: T;
  endsAt?: number;
}

/** How many entries of each map one request looks at for ended ones: more than it can add, so sweeping keeps up. */
const sweepPerRequest = 4;

export function createMemoryStore(): SandboxStore<Records>;
export function createMemoryStore<D>(kind: DataSetKind<D>, now?: () => number): SandboxStore<D>;
export function createMemoryStore<D>(
  kind: DataSetKind<D> = petStoreDataSets() as unknown as DataSetKind<D>,
  now: () => number = Date.now,
): SandboxStore<D> {
  const dataSets = new Map<string, Kept<D>>();
  // In the order issued: with one lifetime for every key, also the order they end in.
  const keys = new Map<string, Kept<PersonalKey>>();
  const usage = new Map<string, Kept<Usage>>();
  const live = <T>(kept: Kept<T> | undefined) =>
    kept && (kept.endsAt === undefined || kept.endsAt > now()) ? kept.value : undefined;
  // Rate-limit records are on the time each request is given (`at`), which is the sandbox's clock, not `now`.
  let latestAt = Number.NEGATIVE_INFINITY;
  const endedBy = (at: number) => (kept: Kept<unknown>) => kept.endsAt !== undefined && kept.endsAt <= at;
  const sweeps = [
    sweeper(dataSets, (kept) => live(kept) === undefined),
    sweeper(keys, (kept) => live(kept) === undefined),
    sweeper(usage, (kept) => endedBy(latestAt)(kept)),
  ];
  const sweep = () => {
    for (const step of sweeps) step();
  };

  /** Drops the keys that have ended from the front (the oldest first); says when the first live one ends. */
  const firstLiveKeyEnd = (): number | undefined => {
    for (const [name, kept] of keys) {
      if (live(kept) !== undefined) return kept.endsAt;
      keys.delete(name);
    }
    return undefined;
  };

  return {
    // What a data set nobody has changed reads as: the kind's seed, shared, since reads change nothing.
    read: async (scope, use) => {
      sweep();
      return use(live(dataSets.get(scope)) ?? kind.seed(scope));
    },
    update: async (scope, change, lifetimeMs) => {
      sweep();
      // Changed on a copy, kept whole: a change that throws half-way (or leaves it over its caps) leaves nothing.
      const draft = kind.copy(live(dataSets.get(scope)) ?? kind.seed(scope));
      const result = change(draft);
      kind.checkCaps?.(draft);
      dataSets.set(scope, lifetimeMs ? { value: draft, endsAt: now() + lifetimeMs } : { value: draft });
      return result;
    },
    saveKey: async (key, record, lifetimeMs, maxLiveKeys = Number.POSITIVE_INFINITY) => {
      const firstEnd = firstLiveKeyEnd();
      if (keys.size >= maxLiveKeys) return { saved: false, retryAfterMs: Math.max(0, (firstEnd ?? now()) - now()) };
      keys.set(key, { value: record, endsAt: now() + lifetimeMs });
      return { saved: true };
    },
    findKey: async (key) => live(keys.get(key)),
    admit: async (identity, quota, ban, at) => {
      latestAt = Math.max(latestAt, at);
      sweep();
      const stored = usage.get(identity);
      const admitted = admitRequest(stored && !endedBy(at)(stored) ? stored.value : undefined, at, quota, ban);
      // A record matters until its day window or its ban ends; then the caller is forgotten.
      usage.set(identity, { value: admitted.usage, endsAt: at + usageLifetime(admitted.usage, at) });
      return admitted.admission;
    },
    peek: async (identity, quota, at) => {
      const stored = usage.get(identity);
      return peekWindow(stored && !endedBy(at)(stored) ? stored.value : undefined, at, quota);
    },
    ping: async () => {},
    close: async () => {},
  };
}

/**
 * One step of a sweep through `map`: looks at the next few entries (in insertion order, resuming where the last step
 * stopped, starting over at the end) and forgets those that have ended.
 */
function sweeper<T>(map: Map<string, Kept<T>>, ended: (kept: Kept<T>) => boolean): () => void {
  let cursor = map.entries();
  return () => {
    for (let i = 0; i < sweepPerRequest; i++) {
      const next = cursor.next();
      if (next.done) {
        cursor = map.entries();
        return;
      }
      const [name, kept] = next.value;
      if (ended(kept)) map.delete(name);
    }
  };
}
