/**
 * The seed's rate limits, per plan, on an injected clock: minute and day
 * windows, headers counting down, resets on time, 429 with Retry-After, the
 * temporary ban and its end, and exact counting under concurrency.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/rate-limits/clock.ts';
import { RateLimiter } from '../../../src/rate-limits/rate-limiter.ts';
import { keys, petStoreModel, type Reply, startSandbox } from './support.ts';

const minute = 60_000;
const day = 86_400_000;
/** 2026-11-22 12:00:00 UTC: the start of a clock minute. */
const noon = Date.UTC(2026, 10, 22, 12, 0, 0);

const rate = (reply: Reply) => ({
  limit: Number(reply.headers.get('X-RateLimit-Limit')),
  remaining: Number(reply.headers.get('X-RateLimit-Remaining')),
  reset: Number(reply.headers.get('X-RateLimit-Reset')),
});
const code = (reply: Reply) => (reply.body as { code?: string } | undefined)?.code;

const model = await petStoreModel();
const sandboxKeys = model.servers.flatMap((s) => s.demoKeys ?? []);

describe('rate limits per plan, as the spec gives them', () => {
  it('has the seed figures on the demo keys', () => {
    expect(sandboxKeys.map((k) => [k.plan, k.perMinute, k.perDay])).toEqual([
      ['Free', 60, 1000],
      ['Pro', 300, 10000],
      ['Business', 1000, 100000],
      ['Enterprise', 600000, 100000000],
    ]);
  });

  for (const plan of ['Free', 'Pro', 'Business'] as const) {
    it(`${plan}: counts the minute down, refuses the next request with 429, and resets at the next minute`, async () => {
      const key = sandboxKeys.find((k) => k.plan === plan);
      if (!key) throw new Error(plan);
      const sandbox = await startSandbox({ clock: new ManualClock(noon + 15_000) });
      const get = () => sandbox.call({ method: 'GET', path: '/categories', key: key.key });

      const first = await get();
      expect(rate(first)).toEqual({
        limit: key.perMinute,
        remaining: key.perMinute - 1,
        reset: (noon + minute) / 1000,
      });
      let last = first;
      for (let i = 1; i < key.perMinute; i++) last = await get();
      expect(rate(last).remaining).toBe(0);
      expect(last.status).toBe(200);

      const refused = await get();
      expect(refused.status).toBe(429);
      expect(code(refused)).toBe('rate_limited');
      expect(rate(refused)).toEqual({ limit: key.perMinute, remaining: 0, reset: (noon + minute) / 1000 });
      // 45 s are left in the minute: Retry-After never points before the reset.
      expect(refused.headers.get('Retry-After')).toBe('45');
      expect(refused.headers.get('Cache-Control')).toBe('no-store');

      sandbox.clock.set(noon + minute);
      const next = await get();
      expect(next.status).toBe(200);
      expect(rate(next)).toMatchObject({ remaining: key.perMinute - 1, reset: (noon + 2 * minute) / 1000 });
    });
  }

  it('Free: the day window takes over the headers once it has fewer left, and refuses until 00:00 UTC', async () => {
    const clock = new ManualClock(noon);
    const sandbox = await startSandbox({ clock });
    const get = () => sandbox.call({ method: 'GET', path: '/categories', key: keys.free });
    // 16 full minutes of 60 = 960, then 40 more = 1,000 for the day.
    for (let m = 0; m < 16; m++) {
      for (let i = 0; i < 60; i++) await get();
      clock.advance(minute);
    }
    let reply = await get();
    expect(rate(reply)).toEqual({ limit: 1000, remaining: 39, reset: (noon - (noon % day) + day) / 1000 });
    for (let i = 0; i < 39; i++) reply = await get();
    expect([reply.status, rate(reply).remaining]).toEqual([200, 0]);

    const refused = await get();
    expect(refused.status).toBe(429);
    expect(rate(refused)).toMatchObject({ limit: 1000, remaining: 0 });
    expect(Number(refused.headers.get('Retry-After'))).toBe((noon - (noon % day) + day - clock.now()) / 1000);

    clock.advance(minute); // a new minute does not help: the day is used up
    expect((await get()).status).toBe(429);
    clock.set(noon - (noon % day) + day); // 00:00 UTC
    expect((await get()).status).toBe(200);
  });

  it('bans a key after 10 refused requests in one window, with its own code, for 15 minutes', async () => {
    const ban = model.rateLimits?.temporaryBan;
    expect(ban).toEqual({ afterRejectedRequests: 10, durationSeconds: 900, status: 403, code: 'api_key_banned' });
    const clock = new ManualClock(noon);
    const sandbox = await startSandbox({ clock });
    const get = () => sandbox.call({ method: 'GET', path: '/categories', key: keys.free });
    for (let i = 0; i < 60; i++) await get();
    for (let i = 0; i < 10; i++) expect((await get()).status).toBe(429);

    clock.advance(5_000);
    const banned = await get();
    expect([banned.status, code(banned)]).toEqual([403, 'api_key_banned']);
    expect(banned.headers.get('Retry-After')).toBe('900');
    // The headers agree with Retry-After: nothing left until the ban ends.
    const banEnds = (noon + 5_000 + 900_000) / 1000;
    expect(rate(banned)).toEqual({ limit: 60, remaining: 0, reset: banEnds });

    // Still banned after the minute resets, with the time left counting down, and still nothing left
    // (the minute's fresh quota is not the key's to use).
    clock.advance(minute);
    const still = await get();
    expect([still.status, still.headers.get('Retry-After')]).toEqual([403, '840']);
    expect(rate(still)).toEqual({ limit: 60, remaining: 0, reset: banEnds });
    // Other keys are not affected.
    expect((await sandbox.call({ method: 'GET', path: '/categories', key: keys.pro })).status).toBe(200);

    clock.set(noon + 5_000 + 900_000);
    expect((await get()).status).toBe(200);
  });

  it('does not count refused requests against the quota, and waiting for Retry-After is enough', async () => {
    const clock = new ManualClock(noon + 30_000);
    const sandbox = await startSandbox({ clock });
    const get = () => sandbox.call({ method: 'GET', path: '/categories', key: keys.free });
    for (let i = 0; i < 60; i++) await get();
    const refused = await get();
    clock.advance(Number(refused.headers.get('Retry-After')) * 1000);
    const retried = await get();
    expect(retried.status).toBe(200);
    expect(rate(retried).remaining).toBe(59);
  });

  it('counts requests without a valid key per client, with the Free limits', async () => {
    const sandbox = await startSandbox({ clock: new ManualClock(noon) });
    const first = await sandbox.call({ method: 'GET', path: '/pets', key: null });
    expect([first.status, code(first)]).toEqual([401, 'missing_api_key']);
    expect(rate(first)).toMatchObject({ limit: 60, remaining: 59 });
    const keyed = await sandbox.call({ method: 'GET', path: '/pets', key: keys.free });
    expect(rate(keyed).remaining).toBe(59);
  });
});

describe('counting under concurrency', () => {
  it('gives exactly L successes and N − L 429s to N concurrent requests with L left', async () => {
    const sandbox = await startSandbox({ clock: new ManualClock(noon) });
    const get = () => sandbox.call({ method: 'GET', path: '/pets', key: keys.free });
    for (let i = 0; i < 25; i++) await get();
    const replies = await Promise.all(Array.from({ length: 45 }, get));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(35);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    // Each success saw its own count: no request was lost or counted twice.
    const remaining = replies
      .filter((r) => r.status === 200)
      .map((r) => rate(r).remaining)
      .sort((a, b) => b - a);
    expect(remaining).toEqual(Array.from({ length: 35 }, (_, i) => 34 - i));
    // Ten refusals later, the next burst meets the ban.
    const burst = await Promise.all(Array.from({ length: 5 }, get));
    expect(burst.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
  });

  it('admits exactly the quota when called directly from many tasks', async () => {
    const limiter = new RateLimiter(new ManualClock(noon));
    const outcomes = await Promise.all(
      Array.from({ length: 500 }, async () => limiter.admit('k', { perMinute: 300, perDay: 10_000 }).outcome),
    );
    expect(outcomes.filter((o) => o === 'allowed')).toHaveLength(300);
    expect(outcomes.filter((o) => o === 'limited')).toHaveLength(200);
  });
});
