/**
 * Personal sandbox keys (createSandboxKey): each sees its own copy of the data, has its plan's limits and ends
 * after 24 hours; issuing them counts per client address (tests/unit/sandbox/key-issuance.test.ts has the rest). In memory, and on Redis across two sandboxes.
 */
import { describe, expect, it } from 'vitest';
import { defaultIssuanceLimits, personalKeyLifetimeMs } from '../../../src/sandbox/handlers/sandbox-keys.ts';
import { useRedisServer } from '../../support/redis-stores.ts';
import { keys, petStoreModel, startSandbox, type TestSandbox } from './support.ts';

interface IssuedKey {
  key: string;
  plan: string;
  expiresAt: string;
}

const model = await petStoreModel();

async function issue(sandbox: TestSandbox, plan?: string): Promise<IssuedKey> {
  const reply = await sandbox.call({
    method: 'POST',
    path: '/sandbox/keys',
    key: null,
    ...(plan ? { body: { plan } } : {}),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as IssuedKey;
}

const newPet = { name: 'Mine', categoryId: 1 };
const petNames = async (sandbox: TestSandbox, key: string) =>
  ((await sandbox.call({ method: 'GET', path: '/pets?limit=100', key })).body as { name: string }[]).map((p) => p.name);

describe('a personal sandbox key', () => {
  it('is on the Free plan unless asked otherwise, for 24 hours, as the spec says', async () => {
    const sandbox = await startSandbox();
    const free = await issue(sandbox);
    expect(free.key).toMatch(/^sk_sandbox_[\w-]{32}$/);
    expect(free.plan).toBe('free');
    expect(Date.parse(free.expiresAt) - sandbox.clock.now()).toBe(personalKeyLifetimeMs);
    const operation = model.operations.find((o) => o.operationId === 'createSandboxKey');
    expect(operation?.description).toContain(`${personalKeyLifetimeMs / 3_600_000} hours`);
    // The plan decides what it may call: inventory updates need Pro.
    const update = { method: 'PUT', path: '/store/inventory/1', body: { quantity: 3 } };
    expect((await sandbox.call({ ...update, key: free.key })).status).toBe(403);
    expect((await sandbox.call({ ...update, key: (await issue(sandbox, 'pro')).key })).status).toBe(200);
  });

  it('sees its own copy of the data: what it changes, no other key sees', async () => {
    const sandbox = await startSandbox();
    const [mine, theirs] = [await issue(sandbox), await issue(sandbox)];
    expect((await sandbox.call({ method: 'POST', path: '/pets', key: mine.key, body: newPet })).status).toBe(201);
    expect((await sandbox.call({ method: 'DELETE', path: '/pets/4', key: mine.key })).status).toBe(204);
    expect(await petNames(sandbox, mine.key)).toContain('Mine');
    expect(await petNames(sandbox, mine.key)).not.toContain('Bella');
    for (const other of [theirs.key, keys.enterprise]) {
      expect(await petNames(sandbox, other)).not.toContain('Mine');
      expect(await petNames(sandbox, other)).toContain('Bella');
    }
  });

  it('counts against its own quota, and ends after 24 hours', async () => {
    const sandbox = await startSandbox();
    const { key } = await issue(sandbox);
    const reply = await sandbox.call({ method: 'GET', path: '/pets', key });
    const free = model.rateLimits?.plans.find((p) => p.plan === 'Free');
    expect(reply.headers.get('X-RateLimit-Limit')).toBe(String(free?.perMinute));
    expect(reply.headers.get('X-RateLimit-Remaining')).toBe(String(Number(free?.perMinute) - 1));
    sandbox.clock.advance(personalKeyLifetimeMs);
    const ended = await sandbox.call({ method: 'GET', path: '/pets', key });
    expect([ended.status, (ended.body as { code: string }).code]).toEqual([401, 'invalid_api_key']);
  });

  it('is issued within the limits of key issuance, per client address', async () => {
    const sandbox = await startSandbox();
    for (let i = 0; i < defaultIssuanceLimits.perAddress.perMinute; i++) await issue(sandbox);
    const refused = await sandbox.call({ method: 'POST', path: '/sandbox/keys', key: null });
    expect([refused.status, (refused.body as { code: string }).code]).toEqual([429, 'rate_limited']);
  });
});

describe('personal keys on two sandboxes sharing a Redis', () => {
  const redis = useRedisServer();

  it('work on either, each with its own data', async () => {
    const prefix = redis.freshPrefix('keys');
    const [a, b] = await Promise.all([0, 1].map(() => startSandbox({ store: redis.store(prefix) })));
    if (!a || !b) throw new Error('two sandboxes');
    const mine = await issue(a);
    const theirs = await issue(b);
    expect((await b.call({ method: 'POST', path: '/pets', key: mine.key, body: newPet })).status).toBe(201);
    expect(await petNames(a, mine.key)).toContain('Mine');
    expect(await petNames(a, theirs.key)).not.toContain('Mine');
    expect(await petNames(b, keys.free)).not.toContain('Mine');
  });
});
