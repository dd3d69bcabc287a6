/**
 * A data set does not grow without bound (issue 48): past the records a collection keeps a create is refused with
 * 409 too_many_records, past the bytes a data set keeps a change is refused with 413 data_set_too_large, and
 * nothing of the refused change is kept. The Pet Store's records (in memory and on a real redis-server) and the
 * collections of a sandbox made from a description.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadApiModel } from '../../../src/openapi/index.ts';
import { ManualClock } from '../../../src/rate-limits/clock.ts';
import { createDescribedSandbox } from '../../../src/sandbox/described/app.ts';
import { CollectionItems, collectionDataSets } from '../../../src/sandbox/described/collection-data.ts';
import { createMemoryStore } from '../../../src/sandbox/store/memory-store.ts';
import { petStoreDataSets, seedData } from '../../../src/sandbox/store/records.ts';
import { createRedisStore } from '../../../src/sandbox/store/redis-store.ts';
import type { SandboxStore } from '../../../src/sandbox/store/sandbox-store.ts';
import { useRedisServer } from '../../support/redis-stores.ts';
import { type Reply, startSandbox } from './support.ts';

const codeOf = (reply: Reply) => [reply.status, (reply.body as { code?: string } | undefined)?.code];
const redis = useRedisServer();
const seedPets = seedData().pets.rows.length;
/** What the README and the spec's catalog promise. */
const recordsPerCollection = 500;

const stores: [string, () => Promise<SandboxStore>][] = [
  ['in memory', async () => createMemoryStore()],
  ['on Redis', async () => redis.connectedStore(redis.freshPrefix('caps'))],
];

describe.each(stores)('the Pet Store’s shared data set (%s)', (_, openStore) => {
  it(`keeps at most ${recordsPerCollection} pets: the next is refused with 409, and nothing is made`, async () => {
    const sandbox = await startSandbox({ store: await openStore() });
    const room = recordsPerCollection - seedPets;
    for (let i = 0; i < room; i++) {
      const made = await sandbox.call({ method: 'POST', path: '/pets', body: { name: `P${i}`, categoryId: 1 } });
      expect(made.status).toBe(201);
    }
    const refused = await sandbox.call({ method: 'POST', path: '/pets', body: { name: 'One more', categoryId: 1 } });
    expect(codeOf(refused)).toEqual([409, 'too_many_records']);
    expect(refused.body).toEqual({ code: 'too_many_records', message: expect.stringContaining('500'), status: 409 });
    const last = await sandbox.call({ method: 'GET', path: `/pets?limit=100&offset=${room + seedPets - 1}` });
    expect((last.body as { name: string }[]).map((p) => p.name)).toEqual([`P${room - 1}`]);
    // Deleting makes room again.
    expect((await sandbox.call({ method: 'DELETE', path: '/pets/13' })).status).toBe(204);
    expect((await sandbox.call({ method: 'POST', path: '/pets', body: { name: 'Fits', categoryId: 1 } })).status).toBe(
      201,
    );
  }, 60_000);
});

describe('the shared data set, filled by anyone with the public demo keys', () => {
  it('goes back to the examples an hour after its last kept change, so a full one does not refuse creates for good', async () => {
    const clock = new ManualClock();
    const store = createMemoryStore(petStoreDataSets(), () => clock.now());
    const sandbox = await startSandbox({ clock, store });
    const create = (name: string) => sandbox.call({ method: 'POST', path: '/pets', body: { name, categoryId: 1 } });
    for (let i = 0; i < recordsPerCollection - seedPets; i++) expect((await create(`P${i}`)).status).toBe(201);
    clock.advance(59 * 60_000);
    expect(codeOf(await create('Still full'))).toEqual([409, 'too_many_records']);
    clock.advance(60_000);
    expect((await create('Room again')).status).toBe(201);
    const pets = await sandbox.call({ method: 'GET', path: '/pets?limit=100' });
    expect((pets.body as unknown[]).length).toBe(seedPets + 1);
  }, 60_000);
});

describe('a data set past its bytes', () => {
  it('refuses the change with 413 data_set_too_large and keeps the data as it was', async () => {
    const seedBytes = JSON.stringify(seedData()).length;
    const caps = { recordsPerCollection: 500, bytesPerDataSet: seedBytes + 400 };
    const store = createMemoryStore(petStoreDataSets(undefined, caps));
    const sandbox = await startSandbox({ store });
    const long = (i: number) => ({ name: `${i}`.padEnd(100, 'x'), categoryId: 1 });
    let i = 0;
    let reply = await sandbox.call({ method: 'POST', path: '/pets', body: long(i) });
    while (reply.status === 201 && i < 100)
      reply = await sandbox.call({ method: 'POST', path: '/pets', body: long(++i) });
    expect(codeOf(reply)).toEqual([413, 'data_set_too_large']);
    expect((reply.body as { message: string }).message).toContain(String(caps.bytesPerDataSet));
    expect(i).toBeGreaterThan(0);
    const pets = await sandbox.call({ method: 'GET', path: '/pets?limit=100' });
    expect((pets.body as unknown[]).length).toBe(seedPets + i);
  });

  it('on Redis too', async () => {
    const caps = { recordsPerCollection: 500, bytesPerDataSet: JSON.stringify(seedData()).length + 50 };
    const store = createRedisStore(redis.server.url, {
      prefix: redis.freshPrefix('bytes'),
      dataSets: petStoreDataSets(undefined, caps),
    });
    try {
      await store.ping().catch(() => store.ping());
      const sandbox = await startSandbox({ store });
      const reply = await sandbox.call({
        method: 'POST',
        path: '/pets',
        body: { name: 'x'.repeat(100), categoryId: 1 },
      });
      expect(codeOf(reply)).toEqual([413, 'data_set_too_large']);
      const pets = await sandbox.call({ method: 'GET', path: '/pets?limit=100' });
      expect((pets.body as unknown[]).length).toBe(seedPets);
    } finally {
      await store.close();
    }
  });
});

describe('a collection of a sandbox made from a description', () => {
  const fixture = path.resolve(import.meta.dirname, '../../fixtures/described-sandbox/openapi.yaml');
  const key = { 'X-Workshop-Key': 'anything-goes', 'Content-Type': 'application/json' };

  async function start(caps: { recordsPerCollection: number; bytesPerDataSet: number }) {
    const model = await loadApiModel(fixture);
    const { app } = createDescribedSandbox({ model, clock: new ManualClock(), dataSetCaps: caps });
    return async (method: string, url: string, body?: unknown, headers: Record<string, string> = key) => {
      const response = await app.request(`http://localhost:4010${url}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
  }

  it('keeps so many items: the next is refused with 409 too_many_records (problem details)', async () => {
    const call = await start({ recordsPerCollection: 4, bytesPerDataSet: 65_536 });
    // The description's example holds two tools.
    for (const name of ['A', 'B']) expect((await call('POST', '/tools', { name, weight: 1 })).status).toBe(201);
    const refused = await call('POST', '/tools', { name: 'C', weight: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: 409, code: 'too_many_records' });
    expect(((await call('GET', '/tools')).body.items as unknown[]).length).toBe(4);
  });

  it('keeps so many bytes: past them 413 data_set_too_large', async () => {
    const call = await start({ recordsPerCollection: 500, bytesPerDataSet: 300 });
    let reply = await call('POST', '/tools', { name: 'Long'.padEnd(60, '-'), weight: 1 });
    for (let i = 0; reply.status === 201 && i < 20; i++) {
      reply = await call('POST', '/tools', { name: 'Long'.padEnd(60, '-'), weight: 1 });
    }
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ status: 413, code: 'data_set_too_large' });
  });

  it('keeps the bytes of all a caller changed, however many collection instances it writes to', async () => {
    // Each bench's drawers are an instance of their own: a data set per instance let one key fill the store.
    const bytesPerDataSet = 2_000;
    const call = await start({ recordsPerCollection: 500, bytesPerDataSet });
    const bearer = { Authorization: 'Bearer anything', 'Content-Type': 'application/json' };
    let bench = 0;
    let reply = await call('POST', `/benches/b${bench}/drawers`, { label: 'top' }, bearer);
    while (reply.status === 201 && bench < 1_000) {
      reply = await call('POST', `/benches/b${++bench}/drawers`, { label: 'top' }, bearer);
    }
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ status: 413, code: 'data_set_too_large' });
    // Full at about what fits in the cap (a drawer and its bench's path are some 50 bytes), not a thousand benches.
    expect(bench).toBeGreaterThan(10);
    expect(bench).toBeLessThan(bytesPerDataSet / 20);
    const first = await call('GET', '/benches/b0/drawers', undefined, { Authorization: 'Basic YTpi' });
    expect(first.body).toEqual([expect.objectContaining({ label: 'top' })]);
    expect((await call('GET', `/benches/b${bench}/drawers`, undefined, { Authorization: 'Basic YTpi' })).body).toEqual(
      [],
    );
  });

  it('counts what a caller changed, not the examples it started from', () => {
    // Fifty seeded items of 1 KB each, over a 4 KB cap: one create, one replace and one delete still fit.
    const seed = new CollectionItems(
      Array.from({ length: 50 }, (_, i) => [String(i + 1), { note: 'x'.repeat(1_000) }]),
    );
    const kind = collectionDataSets(() => seed, { recordsPerCollection: 500, bytesPerDataSet: 4_096 });
    const data = kind.copy(kind.seed('demo'));
    const items = data.items('/notes');
    items.set(String(items.takeId()), { note: 'new' });
    items.set('2', { note: 'replaced' });
    items.delete('3');
    expect(() => kind.checkCaps?.(data)).not.toThrow();
    const kept = kind.decode(kind.encode(data)).items('/notes');
    expect(kept.size).toBe(50);
    expect(kept.all().slice(0, 3)).toEqual([
      { note: 'x'.repeat(1_000) },
      { note: 'replaced' },
      { note: 'x'.repeat(1_000) },
    ]);
    expect(kept.get('51')).toEqual({ note: 'new' });
    expect(kept.has('3')).toBe(false);
    // The seed itself is never changed: another caller still reads it whole.
    expect(kind.seed('key:other').items('/notes').size).toBe(50);
  });
});
