/**
 * The embedded store: everything in this process's memory, seeded on start and gone on restart. What `npm run
 * sandbox`, `npm run dev` and the tests use unless SANDBOX_STORE names a Redis. On Node's one thread every change
 * runs to its end before another starts, so each is atomic as it is.
 */
import { admitRequest, peekWindow, type Usage } from '../../rate-limits/rate-limiter.ts';
import { Records, type RecordsData, seedData } from './records.ts';
import type { SandboxStore } from './sandbox-store.ts';

export function createMemoryStore(seed: () => RecordsData = seedData): SandboxStore {
  const dataSets = new Map<string, Records>();
  const usage = new Map<string, Usage>();
  const recordsOf = (scope: string) => {
    let records = dataSets.get(scope);
    if (!records) {
      records = new Records(seed());
      dataSets.set(scope, records);
    }
    return records;
  };
  return {
    read: async (scope, use) => use(recordsOf(scope)),
    update: async (scope, change) => {
      // Changed on a copy, kept whole: a change that throws half-way leaves nothing behind.
      const draft = new Records(recordsOf(scope).toData());
      const result = change(draft);
      dataSets.set(scope, draft);
      return result;
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
