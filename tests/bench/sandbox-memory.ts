/**
 * `node tests/bench/sandbox-memory.ts` (Node 24, with --expose-gc for steady figures): the in-memory sandbox under
 * many clients and many keys (issue 48). Prints the memory 100,000 client addresses take, and what is left once
 * their windows have ended; then a demo key's request and a key's issuance latency as 10,000 and 20,000 personal keys
 * are alive. BENCH_ADDRESSES and BENCH_KEYS change the counts.
 */
import { ManualClock } from '../../src/rate-limits/clock.ts';
import { createSandbox } from '../../src/sandbox/app.ts';
import { createMemoryStore } from '../../src/sandbox/store/memory-store.ts';
import { petStoreDataSets } from '../../src/sandbox/store/records.ts';
import { keys, petStoreModel } from '../unit/sandbox/support.ts';

const addresses = Number(process.env.BENCH_ADDRESSES ?? 100_000);
const keyCount = Number(process.env.BENCH_KEYS ?? 20_000);
const gc = (globalThis as { gc?: () => void }).gc;

const model = await petStoreModel();
const clock = new ManualClock();
const store = createMemoryStore(petStoreDataSets(), () => clock.now());
const roomy = { perMinute: 1_000_000, perDay: 1_000_000 };
const { app } = createSandbox({
  model,
  clock,
  store,
  issuance: { perAddress: roomy, overall: roomy, maxLiveKeys: 1_000_000 },
});

const from = (address: string) => ({ incoming: { socket: { remoteAddress: address, remotePort: 40_000 } } });
const call = async (path: string, address: string, init: RequestInit = {}) => {
  const response = await app.request(`http://localhost:4010${path}`, init, from(address));
  await response.arrayBuffer();
  return response.status;
};
const megabytes = () => {
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return `RSS ${(rss / 2 ** 20).toFixed(0)} MB, heap ${(heapUsed / 2 ** 20).toFixed(0)} MB`;
};
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

// 1. Many clients, one keyless request each.
await call('/pets', '192.0.2.1');
console.log(`Before ${addresses} addresses: ${megabytes()}`);
for (let i = 0; i < addresses; i++) await call('/pets', addressOf(i));
console.log(`After ${addresses} addresses, one keyless request each: ${megabytes()}`);
// Their day windows end; the requests that follow forget them as they go.
clock.advance(86_400_000);
for (let i = 0; i < addresses / 2; i++) await call('/pets', '192.0.2.1');
console.log(`A day later, after ${addresses / 2} more requests from one client: ${megabytes()}`);

// 2. Latency as personal keys accumulate.
async function median(label: string, run: () => Promise<unknown>, times = 500): Promise<void> {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    took.push(performance.now() - start);
  }
  took.sort((a, b) => a - b);
  const at = (q: number) => (took[Math.floor(q * (took.length - 1))] ?? 0).toFixed(3);
  console.log(`  ${label}: median ${at(0.5)} ms, p99 ${at(0.99)} ms`);
}
const demo = () => call('/pets?limit=5', '192.0.2.2', { headers: { 'X-API-Key': keys.enterprise } });
let issued = 0;
const issue = () => call('/sandbox/keys', addressOf(issued++ % 60_000), { method: 'POST' });
for (const target of [0, keyCount / 2, keyCount]) {
  while (issued < target) {
    const status = await issue();
    // The code before issue 48 counted issuance in the keyless quota (60 a minute): a minute on, when refused.
    if (status === 429) clock.advance(60_000);
  }
  console.log(`${issued} personal keys issued:`);
  await median('GET /pets with a demo key', demo);
  await median('POST /sandbox/keys', issue, 200);
}
