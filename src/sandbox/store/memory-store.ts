/**
 * The embedded store: everything in this process's memory, seeded on start and gone on restart. What `npm run
 * sandbox`, `npm run dev` and the tests use unless SANDBOX_STORE names a Redis. On Node's one thread every change
 * runs to its end before another starts, so each is atomic as it is.
 */
import { admitRequest, peekWindow, type Usage } from '../../rate-limits/rate-limiter.ts';
import { Records, type RecordsData, seedData } from './records.ts';
import type { PersonalKey, SandboxStore } from './sandbox-store.ts';

export function createMemoryStore(seed: () => RecordsData = seedData, now: () => number = Date.now): SandboxStore {
  const dataSets = new Map<string, Records>();
  /** When a data set or a key is forgotten (epoch ms); kept for ever when absent. */
  const endOf = new Map<string, number>();
  const usage = new Map<string, Usage>();
  const keys = new Map<string, PersonalKey>();
  /** Forgets what has ended: run as keys are issued, so memory stays bounded by the issuing limits. */
  const forgetEnded = () => {
    const at = now();
    for (const [name, end] of endOf) {
      if (end > at) continue;
      endOf.delete(name);
      dataSets.delete(name);
      keys.delete(name.replace(/^key-record:/, ''));
    }
  };
  const recordsOf = (scope: string) => {
    const end = endOf.get(scope);
    if (end !== undefined && end <= now()) {
      dataSets.delete(scope);
      endOf.delete(scope);
    }
    let records = dataSets.get(scope);
    if (!records) {
      records = new Records(seed());
      dataSets.set(scope, records);
    }
    return records;
  };
  return {
    read: async (scope, use) => use(recordsOf(scope)),
    update: async (scope, change, lifetimeMs) => {
      // Changed on a copy, kept whole: a change that throws half-way leaves nothing behind.
      const draft = new Records(recordsOf(scope).toData());
      const result = change(draft);
      dataSets.set(scope, draft);
      if (lifetimeMs) endOf.set(scope, now() + lifetimeMs);
      return result;
    },
    saveKey: async (key, record, lifetimeMs) => {
      forgetEnded();
      keys.set(key, record);
      endOf.set(`key-record:${key}`, now() + lifetimeMs);
    },
    findKey: async (key) => {
      const end = endOf.get(`key-record:${key}`);
      return end !== undefined && end > now() ? keys.get(key) : undefined;
    },
    admit: async (identity, quota, ban, now) => {
      const admitted = admitRequest(usage.get(identity), now, quota, ban);
      usage.set(identity, admitted.usage);
      return admitted.admission;
    },
    peek: async (identity, quota, now) => peekWindow(usage.get(identity), now, quota),
    ping: async () => {},
    close: async () => {},
  };
}
