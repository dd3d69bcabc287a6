/**
 * Several sandboxes on one Redis answer as one sandbox does: each instance here is a sandbox app with its own Redis
 * connection and nothing else shared (as separate processes behind a load balancer), on a real redis-server.
 * Requests are spread over the instances in turn; the answers are compared with one in-memory sandbox's.
 */
import { describe, expect, it } from 'vitest';
import { useRedisServer } from '../../support/redis-stores.ts';
import { type Call, keys, petStoreModel, type Reply, startSandbox, type TestSandbox } from './support.ts';

const model = await petStoreModel();
const quotaOf = (plan: string) => model.rateLimits?.plans.find((p) => p.plan === plan);
const ban = model.rateLimits?.temporaryBan;
const redis = useRedisServer();

/** `count` sandboxes on one Redis (a fresh key prefix each time), and a call that goes to each in turn. */
async function cluster(count: number): Promise<{ instances: TestSandbox[]; call: (request: Call) => Promise<Reply> }> {
  const prefix = redis.freshPrefix('cluster');
  const instances = await Promise.all(
    Array.from({ length: count }, () => startSandbox({ store: redis.store(prefix) })),
  );
  let next = 0;
  return { instances, call: (request) => (instances[next++ % count] as TestSandbox).call(request) };
}

const statuses = (replies: Reply[]) => {
  const counts: Record<number, number> = {};
  for (const reply of replies) counts[reply.status] = (counts[reply.status] ?? 0) + 1;
  return counts;
};

describe('three sandboxes on one Redis', () => {
  it('share their records: a pet created on one is read on the others', async () => {
    const { instances } = await cluster(3);
    const [a, b, c] = instances as [TestSandbox, TestSandbox, TestSandbox];
    const created = await a.call({ method: 'POST', path: '/pets', body: { name: 'Nova', categoryId: 1 } });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    for (const other of [b, c]) {
      const read = await other.call({ method: 'GET', path: `/pets/${id}` });
      expect([read.status, (read.body as { name: string }).name]).toEqual([200, 'Nova']);
    }
  });

  it('count a key’s quota exactly, as one sandbox does: 400 requests at once on the Pro key', async () => {
    const pro = quotaOf('Pro');
    expect(pro?.perMinute).toBe(300);
    const burst = (call: (request: Call) => Promise<Reply>) =>
      Promise.all(Array.from({ length: 400 }, () => call({ method: 'GET', path: '/pets?limit=1', key: keys.pro })));
    const { call } = await cluster(3);
    const single = await startSandbox();
    const together = statuses(await burst(call));
    expect(together).toEqual(statuses(await burst(single.call)));
    // 300 served; then the ban's allowance of 429s; then 403, banned.
    expect(together).toEqual({
      200: 300,
      429: ban?.afterRejectedRequests,
      403: 100 - (ban?.afterRejectedRequests ?? 0),
    });
  });

  it('ban a key everywhere: 429s on one sandbox, banned on another', async () => {
    const { instances } = await cluster(2);
    const [a, b] = instances as [TestSandbox, TestSandbox];
    const free = Number(quotaOf('Free')?.perMinute);
    const get = { method: 'GET', path: '/pets?limit=1', key: keys.free };
    for (let i = 0; i < free; i++) expect((await a.call(get)).status).toBe(200);
    for (let i = 0; i < (ban?.afterRejectedRequests ?? 0); i++) expect((await a.call(get)).status).toBe(429);
    const banned = await b.call(get);
    expect([banned.status, (banned.body as { code: string }).code]).toEqual([ban?.status, ban?.code]);
  });

  it('place one of twenty orders sent at once for the same pet, over three sandboxes', async () => {
    const { call } = await cluster(3);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        call({ method: 'POST', path: '/store/orders', body: { petId: 5, quantity: 1 } }),
      ),
    );
    expect(statuses(replies)).toEqual({ 201: 1, 409: 19 });
    const orders = await call({ method: 'GET', path: '/store/orders?petId=5' });
    expect(orders.body).toHaveLength(1);
  });
});

describe('a sandbox whose Redis goes away', () => {
  // A server of its own, which this test kills and restarts.
  const outage = useRedisServer();

  it('answers 503 service_unavailable within 2 s, then serves again by itself once Redis is back', async () => {
    const server = outage.server;
    const sandbox = await startSandbox({ store: outage.store(outage.freshPrefix('outage')) });
    const get = { method: 'GET', path: '/pets?limit=1' };
    expect((await sandbox.call(get)).status).toBe(200);
    expect((await sandbox.app.request('http://localhost/sandbox/health')).status).toBe(200);

    await server.kill();
    const asked = Date.now();
    const down = await sandbox.call(get);
    expect(Date.now() - asked).toBeLessThan(2000);
    expect([down.status, (down.body as { code: string }).code]).toEqual([503, 'service_unavailable']);
    expect(down.headers.get('Retry-After')).toBe('2');
    const health = await sandbox.app.request('http://localhost/sandbox/health');
    expect(health.status).toBe(503);

    await server.restart();
    await expect.poll(async () => (await sandbox.call(get)).status, { timeout: 10_000 }).toBe(200);
    expect((await sandbox.app.request('http://localhost/sandbox/health')).status).toBe(200);
  });
});
