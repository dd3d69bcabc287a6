/**
 * How many personal keys the sandbox issues, and what a key sees while the store is out of reach (issue 48): keys
 * are counted per client address whatever key the request carries, and in all; the live keys fit a budget, past
 * which new keys are refused (503) and nothing alive is dropped; a store that cannot look a key up answers 503, never
 * "unknown key". In memory, and on a real redis-server (which refuses writes when full, rather than evicting).
 */
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiModel } from '../../../src/openapi/index.ts';
import { ManualClock } from '../../../src/rate-limits/clock.ts';
import { createDescribedSandbox, keysPath } from '../../../src/sandbox/described/app.ts';
import { defaultIssuanceLimits, type IssuanceLimits } from '../../../src/sandbox/handlers/sandbox-keys.ts';
import { createMemoryStore } from '../../../src/sandbox/store/memory-store.ts';
import { petStoreDataSets } from '../../../src/sandbox/store/records.ts';
import { createRedisStore } from '../../../src/sandbox/store/redis-store.ts';
import { type SandboxStore, StoreUnavailableError } from '../../../src/sandbox/store/sandbox-store.ts';
import { type RedisServer, startRedisServer } from '../../support/redis-server.ts';
import { useRedisServer } from '../../support/redis-stores.ts';
import { keys, type Reply, startSandbox, type TestSandbox } from './support.ts';

const newPet = { name: 'Mine', categoryId: 1 };
const codeOf = (reply: Reply) => [reply.status, (reply.body as { code?: string } | undefined)?.code];

async function issueFrom(sandbox: TestSandbox, address: string, key: string | null = null): Promise<Reply> {
  return sandbox.call({ method: 'POST', path: '/sandbox/keys', key, address });
}

const redis = useRedisServer();

/** The same tests on both stores: in memory (on the sandbox's clock), and on the shared redis-server. */
const stores: [string, (clock: ManualClock) => Promise<SandboxStore>][] = [
  ['in memory', async (clock) => createMemoryStore(petStoreDataSets(), () => clock.now())],
  ['on Redis', async () => redis.connectedStore(redis.freshPrefix('issuance'))],
];

describe.each(stores)('issuing personal keys (%s)', (_, openStore) => {
  async function start(issuance?: IssuanceLimits): Promise<TestSandbox> {
    const clock = new ManualClock();
    return startSandbox({ clock, store: await openStore(clock), ...(issuance ? { issuance } : {}) });
  }

  it('counts the keys issued to a client address, whatever key the request carries', async () => {
    const sandbox = await start();
    const { perMinute } = defaultIssuanceLimits.perAddress;
    // The public demo key does not make the requests someone else's: they still come from one address.
    for (let i = 0; i < perMinute; i++) {
      expect((await issueFrom(sandbox, '198.51.100.7', keys.enterprise)).status).toBe(201);
    }
    const refused = await issueFrom(sandbox, '198.51.100.7', keys.enterprise);
    expect(codeOf(refused)).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((refused.body as { message: string }).message).toContain(`${perMinute} personal keys`);
    expect(codeOf(await issueFrom(sandbox, '198.51.100.7'))).toEqual([429, 'rate_limited']);
    // Another client is not held back by it.
    expect((await issueFrom(sandbox, '198.51.100.8', keys.enterprise)).status).toBe(201);
  });

  it('counts an IPv6 client by its /64 network, so stepping through its addresses gets no more keys', async () => {
    const sandbox = await start();
    const { perMinute } = defaultIssuanceLimits.perAddress;
    for (let i = 1; i <= perMinute; i++) {
      expect((await issueFrom(sandbox, `2001:db8:0:7::${i.toString(16)}`)).status).toBe(201);
    }
    expect(codeOf(await issueFrom(sandbox, '2001:db8:0:7:ab:cd:ef:1'))).toEqual([429, 'rate_limited']);
    expect((await issueFrom(sandbox, '2001:db8:0:8::1')).status).toBe(201);
  });

  it('issues at most so many keys a minute in all, from any number of addresses', async () => {
    const sandbox = await start({ ...defaultIssuanceLimits, overall: { perMinute: 3, perDay: 100 } });
    for (const host of [1, 2, 3]) expect((await issueFrom(sandbox, `203.0.113.${host}`)).status).toBe(201);
    const refused = await issueFrom(sandbox, '203.0.113.4');
    expect(codeOf(refused)).toEqual([429, 'rate_limited']);
    expect((refused.body as { message: string }).message).toMatch(/^The sandbox has issued its 3 personal keys/);
  });

  it('refuses a new key with 503 once its budget of live keys is spent, and drops nothing alive for it', async () => {
    const sandbox = await start({ ...defaultIssuanceLimits, maxLiveKeys: 3 });
    const issued: string[] = [];
    for (const host of [1, 2, 3]) {
      const reply = await issueFrom(sandbox, `192.0.2.${host}`);
      expect(reply.status).toBe(201);
      const { key } = reply.body as { key: string };
      issued.push(key);
      expect((await sandbox.call({ method: 'POST', path: '/pets', key, body: newPet })).status).toBe(201);
    }
    const refused = await issueFrom(sandbox, '192.0.2.4');
    expect(codeOf(refused)).toEqual([503, 'too_many_keys']);
    expect(refused.body).toEqual({ code: 'too_many_keys', message: expect.stringContaining('3'), status: 503 });
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // Every live key still works, with its own data.
    for (const key of issued) {
      const pets = await sandbox.call({ method: 'GET', path: '/pets?limit=100', key });
      expect(pets.status).toBe(200);
      expect((pets.body as { name: string }[]).map((p) => p.name)).toContain('Mine');
    }
  });
});

describe('the budget of live keys, in memory', () => {
  it('makes room as keys end, and only then', async () => {
    const clock = new ManualClock();
    const store = createMemoryStore(petStoreDataSets(), () => clock.now());
    const sandbox = await startSandbox({ clock, store, issuance: { ...defaultIssuanceLimits, maxLiveKeys: 2 } });
    expect((await issueFrom(sandbox, '192.0.2.1')).status).toBe(201);
    clock.advance(3_600_000);
    expect((await issueFrom(sandbox, '192.0.2.2')).status).toBe(201);
    const refused = await issueFrom(sandbox, '192.0.2.3');
    // The first key ends 23 hours from now.
    expect([refused.status, refused.headers.get('Retry-After')]).toEqual([503, String(23 * 3600)]);
    clock.advance(23 * 3_600_000);
    expect((await issueFrom(sandbox, '192.0.2.3')).status).toBe(201);
    expect((await issueFrom(sandbox, '192.0.2.4')).status).toBe(503);
  });
});

/** A store whose key lookups fail (the store out of reach, or back only for other commands): a recovering Redis. */
function lookupsFail<D>(store: SandboxStore<D>): SandboxStore<D> {
  return { ...store, findKey: () => Promise.reject(new StoreUnavailableError(new Error('Connection is closed.'))) };
}

describe('a valid personal key while the store cannot look it up', () => {
  it('gets 503 from the Pet Store sandbox, not 401', async () => {
    const clock = new ManualClock();
    const store = createMemoryStore(petStoreDataSets(), () => clock.now());
    const issuer = await startSandbox({ clock, store });
    const { key } = (await issueFrom(issuer, '192.0.2.1')).body as { key: string };
    const sandbox = await startSandbox({ clock, store: lookupsFail(store) });
    const reply = await sandbox.call({ method: 'GET', path: '/pets', key });
    expect(codeOf(reply)).toEqual([503, 'service_unavailable']);
    expect(reply.headers.get('Retry-After')).toBe('2');
  });

  it('gets 503 from a sandbox made from a description, not 401', async () => {
    const model = await loadApiModel(
      path.resolve(import.meta.dirname, '../../fixtures/described-sandbox/openapi.yaml'),
    );
    let failing = false;
    const { app } = createDescribedSandbox({
      model,
      clock: new ManualClock(),
      openStore: (kind) => {
        const store = createMemoryStore(kind);
        return { ...store, findKey: (key) => (failing ? lookupsFail(store).findKey(key) : store.findKey(key)) };
      },
    });
    const issued = await app.request(`http://localhost:4010${keysPath}`, { method: 'POST' });
    const { key } = (await issued.json()) as { key: string };
    failing = true;
    const reply = await app.request('http://localhost:4010/tools', { headers: { 'X-Workshop-Key': key } });
    expect(reply.status).toBe(503);
    expect(await reply.json()).toMatchObject({ status: 503, code: 'service_unavailable' });
  });
});

describe('a Redis that refuses writes for memory (noeviction, full)', () => {
  let full: RedisServer;
  let admin: Redis;
  beforeAll(async () => {
    full = await startRedisServer();
    admin = new Redis(full.url);
  });
  afterAll(async () => {
    await admin?.quit();
    await full?.stop();
  });

  it('answers 503 service_unavailable, not 500, and keeps what it had', async () => {
    const store = createRedisStore(full.url, { prefix: 'full:' });
    try {
      await store.ping().catch(() => store.ping());
      const sandbox = await startSandbox({ store });
      const { key } = (await issueFrom(sandbox, '192.0.2.1')).body as { key: string };
      // More in it than it may hold: past its maxmemory, on noeviction, it refuses every write and drops nothing.
      await admin.set('filler', 'x'.repeat(4 * 1024 * 1024));
      await admin.config('SET', 'maxmemory', '2mb');
      const write = await sandbox.call({ method: 'POST', path: '/pets', key, body: newPet });
      expect(codeOf(write)).toEqual([503, 'service_unavailable']);
      expect(codeOf(await issueFrom(sandbox, '192.0.2.2'))).toEqual([503, 'service_unavailable']);
      expect(await store.findKey(key)).toBeDefined();
    } finally {
      await store.close();
    }
  });
});

describe('the memory store with many keys alive', () => {
  it('issues a key as fast with 30,000 keys alive as with none (it scanned every key on each new one)', async () => {
    const store = createMemoryStore();
    const saveMany = async (count: number, from: number) => {
      const start = performance.now();
      for (let i = from; i < from + count; i++) {
        await store.saveKey(`sk_sandbox_${i}`, { plan: 'Free', expiresAt: Date.now() + 86_400_000 }, 86_400_000);
      }
      return performance.now() - start;
    };
    const first = await saveMany(500, 0);
    await saveMany(30_000, 500);
    const later = await saveMany(500, 30_500);
    expect(later).toBeLessThan(first * 3 + 25);
  });
});
