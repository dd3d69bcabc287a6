/**
 * The embedded store: everything in this process's memory, seeded on start and gone on restart. What `npm run
 * sandbox`, `npm run dev` and the tests use unless SANDBOX_STORE names a Redis. On Node's one thread every change
 * runs to its end before another starts, so each is atomic as it is.
 */
import { admitRequest, peekWindow, type Usage } from '../../rate-limits/rate-limiter.ts';
import { petStoreDataSets, type Records } from './records.ts';
import type { DataSetKind, PersonalKey, SandboxStore } from './sandbox-store.ts';

/** A value and when it is forgotten (epoch ms by `now`); kept for ever without one. */
interface Kept<T> {
  value: T;
  endsAt?: number;
}

export function createMemoryStore(): SandboxStore<Records>;
export function createMemoryStore<D>(kind: DataSetKind<D>, now?: () => number): SandboxStore<D>;
export function createMemoryStore<D>(
  kind: DataSetKind<D> = petStoreDataSets() as unknown as DataSetKind<D>,
  now: () => number = Date.now,
): SandboxStore<D> {
  const dataSets = new Map<string, Kept<D>>();
  const keys = new Map<string, Kept<PersonalKey>>();
  const usage = new Map<string, Usage>();
  const live = <T>(kept: Kept<T> | undefined) =>
    kept && (kept.endsAt === undefined || kept.endsAt > now()) ? kept.value : undefined;
  /** Forgets what has ended: run as keys are issued, so memory stays bounded by the issuing limits. */
  const forgetEnded = () => {
    for (const map of [dataSets, keys] as Map<string, Kept<unknown>>[]) {
      for (const [name, kept] of map) if (live(kept) === undefined) map.delete(name);
    }
  };
  return {
    // What a data set nobody has changed reads as: the kind's seed, shared, since reads change nothing.
    read: async (scope, use) => use(live(dataSets.get(scope)) ?? kind.seed(scope)),
    update: async (scope, change, lifetimeMs) => {
      // Changed on a copy, kept whole: a change that throws half-way leaves nothing behind.
      const draft = kind.copy(live(dataSets.get(scope)) ?? kind.seed(scope));
      const result = change(draft);
      dataSets.set(scope, lifetimeMs ? { value: draft, endsAt: now() + lifetimeMs } : { value: draft });
      return result;
    },
    saveKey: async (key, record, lifetimeMs) => {
      forgetEnded();
      keys.set(key, { value: record, endsAt: now() + lifetimeMs });
    },
    findKey: async (key) => live(keys.get(key)),
    admit: async (identity, quota, ban, at) => {
      const admitted = admitRequest(usage.get(identity), at, quota, ban);
      usage.set(identity, admitted.usage);
      return admitted.admission;
    },
    peek: async (identity, quota, at) => peekWindow(usage.get(identity), at, quota),
    ping: async () => {},
    close: async () => {},
  };
}
