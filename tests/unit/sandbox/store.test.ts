/**
 * The store port's contract, run against both adapters: the in-memory store, and the Redis store on a real
 * redis-server, there also from two store instances at once (as two sandbox processes would be).
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/sandbox/api-error.ts';
import { createMemoryStore } from '../../../src/sandbox/store/memory-store.ts';
import type { SandboxStore } from '../../../src/sandbox/store/sandbox-store.ts';
import { useRedisServer } from '../../support/redis-stores.ts';

const redis = useRedisServer();

/** Stores that share their state: one in-memory store twice, or two Redis stores on one server and prefix. */
const adapters: [string, () => [SandboxStore, SandboxStore]][] = [
  [
    'the in-memory store',
    () => {
      const store = createMemoryStore();
      return [store, store];
    },
  ],
  [
    'the Redis store',
    () => {
      const prefix = redis.freshPrefix();
      return [redis.store(prefix), redis.store(prefix)];
    },
  ],
];

const quota = { perMinute: 5, perDay: 100 };
const ban = { afterRejectedRequests: 2, durationSeconds: 900 };
const noon = Date.UTC(2026, 10, 26, 12, 0, 0);

describe.each(adapters)('%s', (_name, open) => {
  it('reads the seed until something is written, then what was written', async () => {
    const [store] = open();
    expect(await store.read('a', (records) => records.pets.all().length)).toBe(12);
    const pet = await store.update('a', (records) =>
      records.pets.insert({ name: 'Nova', categoryId: 1, status: 'available' }),
    );
    expect(pet.id).toBe(13);
    expect(await store.read('a', (records) => records.pets.get(13)?.name)).toBe('Nova');
  });

  it('keeps each data set apart', async () => {
    const [store] = open();
    await store.update('a', (records) => records.pets.delete(1));
    expect(await store.read('a', (records) => records.pets.get(1))).toBeUndefined();
    expect(await store.read('b', (records) => records.pets.get(1)?.name)).toBe('Rex');
  });

  it('keeps nothing of a change that throws half-way', async () => {
    const [store] = open();
    const failing = store.update('a', (records) => {
      records.pets.delete(1);
      throw new ApiError('pet_has_open_orders', 'refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(await store.read('a', (records) => records.pets.get(1)?.name)).toBe('Rex');
  });

  it('loses no change when many run at once, from two stores, and hands out every id once', async () => {
    const [one, two] = open();
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? one : two).update('a', (records) => {
          const pet = records.pets.insert({ name: `Pet ${i}`, categoryId: 1, status: 'available' });
          records.stock.set(pet.id, (records.stock.get(1) ?? 0) + 1);
          records.stock.set(1, (records.stock.get(1) ?? 0) + 1);
          return pet.id;
        }),
      ),
    );
    expect(new Set(ids).size).toBe(40);
    expect(Math.max(...ids)).toBe(12 + 40);
    // Rex's stock (5) went up once per change: no change was computed from a value another had replaced.
    expect(await one.read('a', (records) => records.stock.get(1))).toBe(5 + 40);
  });

  it('applies a rule that reads then writes once: one of twenty orders for the last pet in stock', async () => {
    const [one, two] = open();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? one : two).update('a', (records) => {
          const pet = records.pets.get(5);
          if (pet?.status !== 'available') throw new ApiError('pet_not_available', 'gone');
          records.pets.replace({ ...pet, status: 'pending' });
          return records.orders.insert({ petId: 5, quantity: 1, shipDate: '2026-12-01T00:00:00Z', complete: false });
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await two.read('a', (records) => records.orders.all().filter((o) => o.petId === 5))).toHaveLength(1);
  });

  it('counts every request exactly, from two stores at once, then bans', async () => {
    const [one, two] = open();
    const admissions = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? one : two).admit('key:k', quota, ban, noon)),
    );
    const outcomes = admissions.map((a) => a.outcome).sort();
    expect(outcomes).toEqual(['allowed', 'allowed', 'allowed', 'allowed', 'allowed', 'banned', 'limited', 'limited']);
    expect((await one.admit('key:k', quota, ban, noon + 1000)).outcome).toBe('banned');
    // Another caller is not affected; peeking counts nothing.
    expect(await two.peek('key:other', quota, noon)).toMatchObject({ limit: 5, remaining: 5 });
    expect(await two.peek('key:other', quota, noon)).toMatchObject({ remaining: 5 });
    expect((await two.admit('key:other', quota, ban, noon)).window.remaining).toBe(4);
  });
});
