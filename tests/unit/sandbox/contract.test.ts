/**
 * Contract tests: for every operation, the success path and every documented
 * error path are exercised against the sandbox, and every response — status,
 * headers and body — is checked against what the spec documents for that
 * operation and status. A response the spec does not document fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiModel, ApiOperation } from '../../../src/openapi/index.ts';
import { defaultIssuanceLimits } from '../../../src/sandbox/handlers/sandbox-keys.ts';
import { SpecSchemas } from '../../../src/sandbox/spec-schemas.ts';
import { createMemoryStore } from '../../../src/sandbox/store/memory-store.ts';
import { petStoreDataSets } from '../../../src/sandbox/store/records.ts';
import { type SandboxStore, StoreUnavailableError } from '../../../src/sandbox/store/sandbox-store.ts';
import { type Call, keys, petStoreModel, type Reply, startSandbox, type TestSandbox } from './support.ts';

let model: ApiModel;
let schemas: SpecSchemas;
/** operationId → statuses seen, to prove every documented status was exercised. */
const exercised = new Map<string, Set<string>>();

beforeAll(async () => {
  model = await petStoreModel();
  schemas = new SpecSchemas(model.schemaResolver);
});

/** Checks a reply against the spec and records its status as exercised. */
function expectDocumented(operation: ApiOperation, reply: Reply): void {
  const status = String(reply.status);
  const documented = operation.responses.find((r) => r.status === status);
  expect(documented, `${operation.operationId} answered ${status}, which the spec does not document`).toBeDefined();
  if (!documented) return;
  exercised.set(operation.operationId, (exercised.get(operation.operationId) ?? new Set()).add(status));

  for (const header of documented.headers) {
    const value = reply.headers.get(header.name);
    if (header.required) expect(value, `${operation.operationId} ${status} sends ${header.name}`).not.toBeNull();
    if (value === null || !header.schema) continue;
    const schema = schemas.resolve(header.schema);
    const typed = schema.type === 'integer' || schema.type === 'number' ? Number(value) : value;
    expect(schemas.check(header.schema, typed), `${operation.operationId} ${status} ${header.name}: ${value}`).toEqual(
      [],
    );
  }
  // Headers specific to an operation must be documented for that response.
  for (const name of ['Location', 'Link', 'X-Total-Count', 'ETag', 'Deprecation', 'Sunset', 'Retry-After']) {
    if (reply.headers.has(name)) {
      expect(
        documented.headers.map((h) => h.name),
        `${operation.operationId} ${status} sends ${name}`,
      ).toContain(name);
    }
  }

  const media = documented.content.find((m) => m.mediaType === 'application/json');
  if (!media) {
    expect(reply.body, `${operation.operationId} ${status} has no body`).toBeUndefined();
    return;
  }
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  if (media.schema) {
    expect(schemas.check(media.schema, reply.body), `${operation.operationId} ${status} body`).toEqual([]);
  }
  if (reply.status >= 400) {
    const body = reply.body as { code: string; status: number };
    expect(body.status).toBe(reply.status);
    const entry = model.errorCodes.find((e) => e.code === body.code);
    expect(entry?.status, `${body.code} is in the catalog with status ${reply.status}`).toBe(reply.status);
    expect(entry?.operations, `${body.code} is listed for ${operation.operationId}`).toContain(operation.operationId);
  }
}

/** An answer any request may get (a catalog code of `scope: global`): the Error body, with the catalog's status. */
function expectGlobalError(reply: Reply): void {
  const body = reply.body as { code: string; status: number };
  const entry = model.errorCodes.find((e) => e.code === body.code);
  expect([entry?.status, entry?.global], `${body.code} is a global code with status ${reply.status}`).toEqual([
    reply.status,
    true,
  ]);
  expect(body.status).toBe(reply.status);
  const error = model.schemas.find((schema) => schema.name === 'Error');
  expect(error && schemas.check({ $ref: `#${error.pointer}` }, reply.body)).toEqual([]);
}

function op(id: string): ApiOperation {
  const found = model.operations.find((o) => o.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

/** Path with parameters filled in. */
function url(operation: ApiOperation, params: Record<string, string | number> = {}, query = ''): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => String(params[name] ?? 1)) + query;
}

interface Scenario {
  name: string;
  status: number;
  code?: string;
  request: (operation: ApiOperation) => Omit<Call, 'method'>;
  /** Runs first, on the same sandbox. */
  setup?: (sandbox: TestSandbox) => Promise<void>;
}

const pet = { name: 'Biscuit', categoryId: 1 };
const scenarios: Record<string, Scenario[]> = {
  listPets: [
    { name: 'lists a filtered page', status: 200, request: (o) => ({ path: url(o, {}, '?status=available&limit=2') }) },
    {
      name: 'refuses a bad limit',
      status: 400,
      code: 'invalid_parameter',
      request: (o) => ({ path: url(o, {}, '?limit=0') }),
    },
  ],
  createPet: [
    { name: 'creates a pet', status: 201, request: (o) => ({ path: url(o), body: pet }) },
    {
      name: 'refuses malformed JSON',
      status: 400,
      code: 'malformed_json',
      request: (o) => ({ path: url(o), body: '{"name":' }),
    },
    {
      name: 'refuses an unknown category',
      status: 422,
      code: 'unknown_reference',
      request: (o) => ({ path: url(o), body: { ...pet, categoryId: 999 } }),
    },
  ],
  getPet: [
    { name: 'returns a pet with deprecation headers', status: 200, request: (o) => ({ path: url(o, { petId: 1 }) }) },
    {
      name: 'refuses a bad id',
      status: 400,
      code: 'invalid_parameter',
      request: (o) => ({ path: url(o, { petId: 'x' }) }),
    },
    { name: 'has no pet 999', status: 404, code: 'not_found', request: (o) => ({ path: url(o, { petId: 999 }) }) },
  ],
  getPetDetails: [
    { name: 'returns a pet with an ETag', status: 200, request: (o) => ({ path: url(o, { petId: 1 }) }) },
    {
      name: 'refuses a bad id',
      status: 400,
      code: 'invalid_parameter',
      request: (o) => ({ path: url(o, { petId: 0 }) }),
    },
    { name: 'has no pet 999', status: 404, code: 'not_found', request: (o) => ({ path: url(o, { petId: 999 }) }) },
  ],
  updatePet: [
    {
      name: 'replaces a pet',
      status: 200,
      request: (o) => ({ path: url(o, { petId: 1 }), body: { ...pet, status: 'available' } }),
    },
    {
      name: 'refuses a body with an id',
      status: 400,
      code: 'invalid_body',
      request: (o) => ({ path: url(o, { petId: 1 }), body: { ...pet, id: 1 } }),
    },
    {
      name: 'has no pet 999',
      status: 404,
      code: 'not_found',
      request: (o) => ({ path: url(o, { petId: 999 }), body: pet }),
    },
    {
      name: 'refuses an unknown category',
      status: 422,
      code: 'unknown_reference',
      request: (o) => ({ path: url(o, { petId: 1 }), body: { ...pet, categoryId: 999 } }),
    },
  ],
  deletePet: [
    { name: 'deletes a pet', status: 204, request: (o) => ({ path: url(o, { petId: 4 }) }) },
    {
      name: 'refuses a bad id',
      status: 400,
      code: 'invalid_parameter',
      request: (o) => ({ path: url(o, { petId: -1 }) }),
    },
    { name: 'has no pet 999', status: 404, code: 'not_found', request: (o) => ({ path: url(o, { petId: 999 }) }) },
    {
      name: 'keeps a pet with an open order',
      status: 409,
      code: 'pet_has_open_orders',
      request: (o) => ({ path: url(o, { petId: 2 }) }),
    },
  ],
  listCategories: [
    { name: 'lists categories', status: 200, request: (o) => ({ path: url(o, {}, '?limit=2&offset=1') }) },
    {
      name: 'refuses a bad offset',
      status: 400,
      code: 'invalid_parameter',
      request: (o) => ({ path: url(o, {}, '?offset=-5') }),
    },
  ],
  createCategory: [
    { name: 'creates a category', status: 201, request: (o) => ({ path: url(o), body: { name: 'Reptiles' } }) },
    {
      name: 'refuses a missing name',
      status: 400,
      code: 'invalid_body',
      request: (o) => ({ path: url(o), body: { description: 'x' } }),
    },
    {
      name: 'refuses a taken name',
      status: 409,
      code: 'category_name_taken',
      request: (o) => ({ path: url(o), body: { name: 'dogs' } }),
    },
  ],
  getCategory: [
    { name: 'returns a category', status: 200, request: (o) => ({ path: url(o, { categoryId: 1 }) }) },
    {
      name: 'refuses a bad id',
      status: 400,
      code: 'invalid_parameter',
      request: (o) => ({ path: url(o, { categoryId: '1.5' }) }),
    },
    {
      name: 'has no category 999',
      status: 404,
      code: 'not_found',
      request: (o) => ({ path: url(o, { categoryId: 999 }) }),
    },
  ],
  updateCategory: [
    {
      name: 'replaces a category',
      status: 200,
      request: (o) => ({ path: url(o, { categoryId: 4 }), body: { name: 'Aquarium fish' } }),
    },
    {
      name: 'refuses a too long name',
      status: 400,
      code: 'invalid_body',
      request: (o) => ({ path: url(o, { categoryId: 4 }), body: { name: 'x'.repeat(51) } }),
    },
    {
      name: 'has no category 999',
      status: 404,
      code: 'not_found',
      request: (o) => ({ path: url(o, { categoryId: 999 }), body: { name: 'New' } }),
    },
    {
      name: 'refuses a taken name',
      status: 409,
      code: 'category_name_taken',
      request: (o) => ({ path: url(o, { categoryId: 4 }), body: { name: 'Cats' } }),
    },
  ],
  deleteCategory: [
    {
      name: 'deletes an empty category',
      status: 204,
      request: (o) => ({ path: url(o, { categoryId: 5 }) }),
      setup: async (s) => void (await s.call({ method: 'POST', path: '/categories', body: { name: 'Empty' } })),
    },
    {
      name: 'refuses a bad id',
      status: 400,
      code: 'invalid_parameter',
      request: (o) => ({ path: url(o, { categoryId: 'dogs' }) }),
    },
    {
      name: 'has no category 999',
      status: 404,
      code: 'not_found',
      request: (o) => ({ path: url(o, { categoryId: 999 }) }),
    },
    {
      name: 'keeps a category with pets',
      status: 409,
      code: 'category_in_use',
      request: (o) => ({ path: url(o, { categoryId: 1 }) }),
    },
  ],
  listOrders: [
    { name: 'lists open orders', status: 200, request: (o) => ({ path: url(o, {}, '?complete=false') }) },
    {
      name: 'refuses a bad filter',
      status: 400,
      code: 'invalid_parameter',
      request: (o) => ({ path: url(o, {}, '?complete=maybe') }),
    },
  ],
  placeOrder: [
    { name: 'places an order', status: 201, request: (o) => ({ path: url(o), body: { petId: 1, quantity: 2 } }) },
    {
      name: 'refuses a quantity out of bounds',
      status: 400,
      code: 'invalid_body',
      request: (o) => ({ path: url(o), body: { petId: 1, quantity: 0 } }),
    },
    {
      name: 'refuses a pet that is not available',
      status: 409,
      code: 'pet_not_available',
      request: (o) => ({ path: url(o), body: { petId: 2, quantity: 1 } }),
    },
    {
      name: 'refuses an order beyond the stock',
      status: 409,
      code: 'insufficient_stock',
      request: (o) => ({ path: url(o), body: { petId: 1, quantity: 50 } }),
    },
    {
      name: 'refuses an unknown pet',
      status: 422,
      code: 'unknown_reference',
      request: (o) => ({ path: url(o), body: { petId: 999, quantity: 1 } }),
    },
  ],
  getOrder: [
    { name: 'returns an order', status: 200, request: (o) => ({ path: url(o, { orderId: 1 }) }) },
    {
      name: 'refuses a bad id',
      status: 400,
      code: 'invalid_parameter',
      request: (o) => ({ path: url(o, { orderId: 'one' }) }),
    },
    { name: 'has no order 999', status: 404, code: 'not_found', request: (o) => ({ path: url(o, { orderId: 999 }) }) },
  ],
  cancelOrder: [
    { name: 'cancels an open order', status: 204, request: (o) => ({ path: url(o, { orderId: 1 }) }) },
    {
      name: 'refuses a bad id',
      status: 400,
      code: 'invalid_parameter',
      request: (o) => ({ path: url(o, { orderId: 0 }) }),
    },
    { name: 'has no order 999', status: 404, code: 'not_found', request: (o) => ({ path: url(o, { orderId: 999 }) }) },
    {
      name: 'keeps a completed order',
      status: 409,
      code: 'order_already_complete',
      request: (o) => ({ path: url(o, { orderId: 2 }) }),
    },
  ],
  completeOrder: [
    { name: 'completes an open order', status: 200, request: (o) => ({ path: url(o, { orderId: 1 }) }) },
    {
      name: 'refuses a bad id',
      status: 400,
      code: 'invalid_parameter',
      request: (o) => ({ path: url(o, { orderId: 'x' }) }),
    },
    { name: 'has no order 999', status: 404, code: 'not_found', request: (o) => ({ path: url(o, { orderId: 999 }) }) },
    {
      name: 'refuses a completed order',
      status: 409,
      code: 'order_already_complete',
      request: (o) => ({ path: url(o, { orderId: 2 }) }),
    },
  ],
  listInventory: [
    { name: 'lists stock', status: 200, request: (o) => ({ path: url(o, {}, '?status=available') }) },
    {
      name: 'refuses an unknown status',
      status: 400,
      code: 'invalid_parameter',
      request: (o) => ({ path: url(o, {}, '?status=lost') }),
    },
  ],
  getInventoryItem: [
    { name: 'returns an entry', status: 200, request: (o) => ({ path: url(o, { petId: 1 }) }) },
    {
      name: 'refuses a bad id',
      status: 400,
      code: 'invalid_parameter',
      request: (o) => ({ path: url(o, { petId: 'x' }) }),
    },
    { name: 'has no pet 999', status: 404, code: 'not_found', request: (o) => ({ path: url(o, { petId: 999 }) }) },
  ],
  updateInventoryItem: [
    { name: 'sets the stock', status: 200, request: (o) => ({ path: url(o, { petId: 1 }), body: { quantity: 7 } }) },
    {
      name: 'refuses a negative quantity',
      status: 400,
      code: 'invalid_body',
      request: (o) => ({ path: url(o, { petId: 1 }), body: { quantity: -1 } }),
    },
    {
      name: 'refuses a Free key',
      status: 403,
      code: 'plan_forbidden',
      request: (o) => ({ path: url(o, { petId: 1 }), key: keys.free, body: { quantity: 1 } }),
    },
    {
      name: 'has no pet 999',
      status: 404,
      code: 'not_found',
      request: (o) => ({ path: url(o, { petId: 999 }), body: { quantity: 1 } }),
    },
  ],
  createSandboxKey: [
    { name: 'issues a Pro key', status: 201, request: (o) => ({ path: url(o), key: null, body: { plan: 'pro' } }) },
    { name: 'issues a Free key without a body', status: 201, request: (o) => ({ path: url(o), key: null }) },
    {
      name: 'refuses a plan that does not exist',
      status: 400,
      code: 'invalid_body',
      request: (o) => ({ path: url(o), key: null, body: { plan: 'platinum' } }),
    },
  ],
};

/** A valid request for an operation: its first scenario's. */
const valid = (operation: ApiOperation) => ({
  method: operation.method,
  ...(scenarios[operation.operationId]?.[0]?.request(operation) ?? { path: '/' }),
});

describe('every operation against the spec', () => {
  it('has scenarios for every operation in the spec', () => {
    expect(Object.keys(scenarios).sort()).toEqual(model.operations.map((o) => o.operationId).sort());
  });

  for (const [operationId, list] of Object.entries(scenarios)) {
    describe(operationId, () => {
      for (const scenario of list) {
        it(`${scenario.name} → ${scenario.status}${scenario.code ? ` ${scenario.code}` : ''}`, async () => {
          const operation = op(operationId);
          const sandbox = await startSandbox();
          await scenario.setup?.(sandbox);
          const reply = await sandbox.call({ method: operation.method, ...scenario.request(operation) });
          expect(reply.status, JSON.stringify(reply.body)).toBe(scenario.status);
          if (scenario.code) expect((reply.body as { code: string }).code).toBe(scenario.code);
          expectDocumented(operation, reply);
        });
      }

      it('→ 401 without a key, and with an unknown key (where it needs one)', async () => {
        const operation = op(operationId);
        const sandbox = await startSandbox();
        if (operation.security.length === 0) {
          // An operation that needs no key (createSandboxKey) serves a caller without one.
          expect((await sandbox.call({ ...valid(operation), key: null })).status).toBeLessThan(300);
          return;
        }
        for (const [key, code] of [
          [null, 'missing_api_key'],
          ['not-a-real-key', 'invalid_api_key'],
        ] as const) {
          const reply = await sandbox.call({ ...valid(operation), key });
          expect([reply.status, (reply.body as { code: string }).code]).toEqual([401, code]);
          expectDocumented(operation, reply);
        }
      });

      it('→ 429 over the Free minute limit, then 403 api_key_banned', async () => {
        const operation = op(operationId);
        const sandbox = await startSandbox();
        const free = { key: keys.free, method: 'GET', path: '/categories' };
        for (let i = 0; i < 60; i++) await sandbox.call(free);
        const limited = await sandbox.call({ ...valid(operation), key: keys.free });
        expect([limited.status, (limited.body as { code: string }).code]).toEqual([429, 'rate_limited']);
        expect(limited.headers.get('Cache-Control')).toBe('no-store');
        expectDocumented(operation, limited);
        for (let i = 0; i < 9; i++) await sandbox.call(free);
        const banned = await sandbox.call({ ...valid(operation), key: keys.free });
        expect([banned.status, (banned.body as { code: string }).code]).toEqual([403, 'api_key_banned']);
        expectDocumented(operation, banned);
      });

      it('→ 503 service_unavailable with Retry-After when the store cannot be reached', async () => {
        const operation = op(operationId);
        const sandbox = await startSandbox({ store: unreachableStore() });
        const reply = await sandbox.call({ ...valid(operation), method: operation.method });
        expect([reply.status, (reply.body as { code: string }).code]).toEqual([503, 'service_unavailable']);
        expect(reply.headers.get('Retry-After')).toBe('2');
        expectGlobalError(reply);
      });

      it('→ 500 internal_error with the Error body when the sandbox itself fails', async () => {
        const operation = op(operationId);
        const sandbox = await startSandbox({ store: brokenStore() });
        const request = valid(operation);
        const reply = await sandbox.call({ ...request, method: operation.method });
        expect([reply.status, (reply.body as { code: string }).code]).toEqual([500, 'internal_error']);
        expectDocumented(operation, reply);
      });
    });
  }

  describe('the extra paths', () => {
    it('getPetDetails → 304 when the ETag still matches', async () => {
      const operation = op('getPetDetails');
      const sandbox = await startSandbox();
      const first = await sandbox.call({ method: 'GET', path: '/pets/1/details' });
      const etag = first.headers.get('ETag') ?? '';
      const again = await sandbox.call({ method: 'GET', path: '/pets/1/details', headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      expectDocumented(operation, again);
      await sandbox.call({ method: 'PUT', path: '/pets/1', body: { name: 'Rex II', categoryId: 1 } });
      const changed = await sandbox.call({
        method: 'GET',
        path: '/pets/1/details',
        headers: { 'If-None-Match': etag },
      });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('ETag')).not.toBe(etag);
    });

    it('createPet → 409 too_many_records when its collection is full', async () => {
      const operation = op('createPet');
      const store = createMemoryStore(
        petStoreDataSets(undefined, { recordsPerCollection: 12, bytesPerDataSet: 65_536 }),
      );
      const sandbox = await startSandbox({ store });
      const full = await sandbox.call(valid(operation));
      expect([full.status, (full.body as { code: string }).code]).toEqual([409, 'too_many_records']);
      expectDocumented(operation, full);
    });

    it('createSandboxKey → 503 too_many_keys with Retry-After when its budget of live keys is spent', async () => {
      const operation = op('createSandboxKey');
      const sandbox = await startSandbox({ issuance: { ...defaultIssuanceLimits, maxLiveKeys: 1 } });
      expect((await sandbox.call(valid(operation))).status).toBe(201);
      const refused = await sandbox.call(valid(operation));
      expect([refused.status, (refused.body as { code: string }).code]).toEqual([503, 'too_many_keys']);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expectDocumented(operation, refused);
    });

    it.each([
      'createPet',
      'updatePet',
      'createCategory',
      'updateCategory',
      'placeOrder',
      'updateInventoryItem',
      'createSandboxKey',
    ])('%s → 415 for a body that is not JSON, and 413 over the size limit', async (operationId) => {
      const operation = op(operationId);
      const sandbox = await startSandbox();
      const request = valid(operation);
      const wrongType = await sandbox.call({
        ...request,
        body: 'name=Rex',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect([wrongType.status, (wrongType.body as { code: string }).code]).toEqual([415, 'unsupported_media_type']);
      expectDocumented(operation, wrongType);
      const huge = await sandbox.call({ ...request, body: { name: 'x'.repeat(70_000) } });
      expect([huge.status, (huge.body as { code: string }).code]).toEqual([413, 'payload_too_large']);
      expectDocumented(operation, huge);
    });
  });
});

afterAll(() => {
  // Every documented status of every operation was seen at least once.
  const missing = model.operations.flatMap((o) =>
    o.responses
      .map((r) => r.status)
      .filter((status) => !exercised.get(o.operationId)?.has(status))
      .map((s) => `${o.operationId} ${s}`),
  );
  expect(missing).toEqual([]);
});

/** A store that cannot be reached at all, as a Redis that is down. */
function unreachableStore(): SandboxStore {
  const down = () => Promise.reject(new StoreUnavailableError(new Error('connect ECONNREFUSED 127.0.0.1:6379')));
  return {
    read: down,
    update: down,
    admit: down,
    peek: down,
    saveKey: down,
    findKey: down,
    ping: down,
    close: async () => {},
  };
}

/** A store whose records cannot be read or changed (its rate-limit counts work), to drive the 500 path. */
function brokenStore(): SandboxStore {
  const fail = () => Promise.reject(new Error('disk on fire'));
  return { ...createMemoryStore(), read: fail, update: fail, saveKey: fail };
}
