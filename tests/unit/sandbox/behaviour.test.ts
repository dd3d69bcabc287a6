/**
 * What the sandbox does beyond single responses: state that holds across
 * calls, the order lifecycle, relations and dependants, and bad input that
 * never changes state or produces a 5xx.
 */
import { describe, expect, it } from 'vitest';
import { keys, petStoreModel, type Reply, startSandbox, type TestSandbox } from './support.ts';

const body = <T>(reply: { body: unknown }) => reply.body as T;
interface Pet {
  id: number;
  name: string;
  categoryId: number;
  status: string;
}

/** Everything a client can read, to prove a request changed nothing. */
async function snapshot(sandbox: TestSandbox): Promise<string> {
  const lists = await Promise.all(
    ['/pets', '/categories', '/store/orders', '/store/inventory'].map((path) =>
      sandbox.call({ method: 'GET', path: `${path}?limit=100` }),
    ),
  );
  return JSON.stringify(lists.map((l) => l.body));
}

describe('the sandbox keeps state like the real API', () => {
  it('creates a pet that the list then finds, with an inventory entry at 0', async () => {
    const sandbox = await startSandbox();
    const created = await sandbox.call({ method: 'POST', path: '/pets', body: { name: 'Biscuit', categoryId: 2 } });
    const pet = body<Pet>(created);
    expect(created.headers.get('Location')).toBe(`http://localhost:4010/pets/${pet.id}`);
    const list = await sandbox.call({ method: 'GET', path: '/pets?categoryId=2&limit=100' });
    expect(body<Pet[]>(list)).toContainEqual({ id: pet.id, name: 'Biscuit', categoryId: 2, status: 'available' });
    const stock = await sandbox.call({ method: 'GET', path: `/store/inventory/${pet.id}` });
    expect(stock.body).toEqual({ petId: pet.id, quantity: 0, status: 'available' });
  });

  it('starts with the records the spec examples show', async () => {
    const model = await petStoreModel();
    const sandbox = await startSandbox();
    const example = model.operations
      .find((o) => o.operationId === 'getPetDetails')
      ?.responses.find((r) => r.status === '200')?.content[0]?.examples[0]?.value;
    expect((await sandbox.call({ method: 'GET', path: '/pets/1/details' })).body).toEqual(example);
  });

  it('pages with limit and offset, X-Total-Count and Link', async () => {
    const sandbox = await startSandbox();
    const first = await sandbox.call({ method: 'GET', path: '/pets?limit=5' });
    expect(body<Pet[]>(first).map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
    expect(first.headers.get('X-Total-Count')).toBe('12');
    expect(first.headers.get('Link')).toBe('<http://localhost:4010/pets?limit=5&offset=5>; rel="next"');
    const middle = await sandbox.call({ method: 'GET', path: '/pets?limit=5&offset=5' });
    expect(middle.headers.get('Link')).toBe(
      '<http://localhost:4010/pets?limit=5&offset=10>; rel="next", <http://localhost:4010/pets?limit=5&offset=0>; rel="prev"',
    );
    const last = await sandbox.call({ method: 'GET', path: '/pets?limit=5&offset=10' });
    expect(body<Pet[]>(last).map((p) => p.id)).toEqual([11, 12]);
  });

  it('runs the order lifecycle: pending when placed, sold and destocked when completed', async () => {
    const sandbox = await startSandbox();
    // The order's id and completion are the store's to set: NewOrder does not list them.
    const setByStore = await sandbox.call({
      method: 'POST',
      path: '/store/orders',
      body: { petId: 1, quantity: 2, id: 77, complete: true },
    });
    expect([setByStore.status, body<{ message: string }>(setByStore).message]).toEqual([
      400,
      "Body field 'id' is not part of this request; remove it.",
    ]);
    const order = body<{ id: number; complete: boolean; shipDate: string }>(
      await sandbox.call({ method: 'POST', path: '/store/orders', body: { petId: 1, quantity: 2 } }),
    );
    expect(order).toMatchObject({ complete: false });
    expect(body<Pet>(await sandbox.call({ method: 'GET', path: '/pets/1' })).status).toBe('pending');
    // A pending pet cannot be ordered again.
    const again = await sandbox.call({ method: 'POST', path: '/store/orders', body: { petId: 1, quantity: 1 } });
    expect(body<{ code: string }>(again).code).toBe('pet_not_available');

    const done = await sandbox.call({ method: 'POST', path: `/store/orders/${order.id}/complete` });
    expect(body<{ complete: boolean }>(done).complete).toBe(true);
    expect((await sandbox.call({ method: 'GET', path: '/store/inventory/1' })).body).toEqual({
      petId: 1,
      quantity: 3,
      status: 'sold',
    });
  });

  it('puts the pet back to available when an open order is cancelled, and forgets the order', async () => {
    const sandbox = await startSandbox();
    expect((await sandbox.call({ method: 'DELETE', path: '/store/orders/1' })).status).toBe(204);
    expect(body<Pet>(await sandbox.call({ method: 'GET', path: '/pets/2' })).status).toBe('available');
    expect((await sandbox.call({ method: 'GET', path: '/store/orders/1' })).status).toBe(404);
  });

  it('deletes a pet with its inventory entry and keeps completed orders as history', async () => {
    const sandbox = await startSandbox();
    expect((await sandbox.call({ method: 'DELETE', path: '/pets/3' })).status).toBe(204);
    expect((await sandbox.call({ method: 'GET', path: '/store/inventory/3' })).status).toBe(404);
    expect(body<{ petId: number }>(await sandbox.call({ method: 'GET', path: '/store/orders/2' })).petId).toBe(3);
  });

  it('lets a category go only once it is empty', async () => {
    const sandbox = await startSandbox();
    expect((await sandbox.call({ method: 'DELETE', path: '/categories/4' })).status).toBe(409);
    for (const id of [10, 11]) await sandbox.call({ method: 'DELETE', path: `/pets/${id}` });
    expect((await sandbox.call({ method: 'DELETE', path: '/categories/4' })).status).toBe(204);
  });

  it('lets a Pro key set stock that a Free key may not', async () => {
    const sandbox = await startSandbox();
    const put = (key: string) =>
      sandbox.call({ method: 'PUT', path: '/store/inventory/5', key, body: { quantity: 9 } });
    expect((await put(keys.free)).status).toBe(403);
    expect((await put(keys.pro)).body).toEqual({ petId: 5, quantity: 9, status: 'available' });
  });
});

describe('bad input', () => {
  const hostile: { method: string; path: string; body?: unknown; headers?: Record<string, string> }[] = [
    { method: 'POST', path: '/pets', body: '{"name": "Rex", "categoryId": 1' },
    { method: 'POST', path: '/pets', body: '[1, 2, 3]' },
    { method: 'POST', path: '/pets', body: 'null' },
    { method: 'POST', path: '/pets', body: '"just text"' },
    { method: 'POST', path: '/pets', body: { name: 'Rex', categoryId: '1' } },
    { method: 'POST', path: '/pets', body: { name: 'Rex', categoryId: 1.5 } },
    { method: 'POST', path: '/pets', body: '{"name": "Rex", "categoryId": 9007199254740993}' },
    { method: 'POST', path: '/pets', body: { name: 'Rex', categoryId: 1, status: 'lost' } },
    { method: 'POST', path: '/pets', body: '{"name":"Rex","categoryId":1,"__proto__":{"polluted":true}}' },
    { method: 'POST', path: '/pets', body: '{"name":"Rex","categoryId":1,"constructor":{"prototype":{"x":1}}}' },
    { method: 'POST', path: '/categories', body: { name: 'x'.repeat(51) } },
    { method: 'POST', path: '/categories', body: { name: 'Mice', description: 5 } },
    { method: 'PUT', path: '/pets/1', body: { name: 'Rex' } },
    { method: 'PUT', path: '/pets/1', body: { name: 'Rex', categoryId: 1 }, headers: { 'Content-Type': 'text/xml' } },
    { method: 'PUT', path: '/store/inventory/1', body: { quantity: 100_001 } },
    { method: 'PUT', path: '/store/inventory/1', body: { quantity: '5' } },
    { method: 'POST', path: '/store/orders', body: { petId: 1 } },
    { method: 'POST', path: '/store/orders', body: { petId: 1, quantity: 1, shipDate: 'tomorrow' } },
    { method: 'POST', path: '/store/orders', body: { petId: 1, quantity: 101 } },
    { method: 'GET', path: '/pets?limit=abc' },
    { method: 'GET', path: '/pets?limit=1e3' },
    { method: 'GET', path: '/pets?offset=100001' },
    { method: 'GET', path: '/pets?status=AVAILABLE' },
    { method: 'GET', path: '/pets/%E0%A4%A' },
    { method: 'GET', path: '/pets/99999999999999999999999' },
    { method: 'DELETE', path: '/pets/1.0' },
    { method: 'DELETE', path: '/pets' },
    { method: 'POST', path: '/pets/1' },
    { method: 'GET', path: '/../etc/passwd' },
    { method: 'GET', path: '/pets/1/details', headers: { 'If-None-Match': 'x'.repeat(300) } },
  ];

  it.each(
    hostile.map((r) => [
      `${r.method} ${r.path} ${typeof r.body === 'string' ? r.body.slice(0, 40) : JSON.stringify(r.body ?? '').slice(0, 40)}`,
      r,
    ]),
  )('%s → a 4xx Error body, and nothing changes', async (_, request) => {
    const sandbox = await startSandbox();
    const before = await snapshot(sandbox);
    const reply = await sandbox.call({ key: keys.enterprise, ...request });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    const error = reply.body as { code: string; message: string; status: number };
    expect(error).toEqual({ code: expect.any(String), message: expect.any(String), status: reply.status });
    expect(await snapshot(sandbox)).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses an id outside int64 and never rounds one past 2^53 to a nearby id', async () => {
    const sandbox = await startSandbox();
    const tooBig = await sandbox.call({ method: 'GET', path: '/store/orders?petId=9223372036854775808' });
    expect([tooBig.status, (tooBig.body as { code: string }).code]).toEqual([400, 'invalid_parameter']);
    expect((tooBig.body as { message: string }).message).toContain('9223372036854775808');
    const tooSmall = await sandbox.call({ method: 'GET', path: '/pets/-9223372036854775809' });
    expect(tooSmall.status).toBe(400);

    // A valid int64 the sandbox cannot hold as a number: no such pet, and the answer names the id sent.
    const unsafe = await sandbox.call({ method: 'GET', path: '/pets/9007199254740993' });
    expect(unsafe.status).toBe(404);
    expect((unsafe.body as { message: string }).message).toBe('No pet with id 9007199254740993.');
    const none = await sandbox.call({ method: 'GET', path: '/store/orders?petId=9007199254740993' });
    expect([none.status, none.body]).toEqual([200, []]);

    // In a body, such a number is refused by name rather than read as 9007199254740992.
    const body = await sandbox.call({
      method: 'POST',
      path: '/store/orders',
      body: '{"petId": 9007199254740993, "quantity": 1}',
    });
    expect([body.status, (body.body as { code: string }).code]).toEqual([400, 'invalid_body']);
    expect((body.body as { message: string }).message).toContain("'petId' is 9007199254740993");
  });

  it('names the field at fault', async () => {
    const sandbox = await startSandbox();
    const reply = await sandbox.call({
      method: 'POST',
      path: '/pets',
      body: { name: 'Rex', categoryId: 1, colour: 'red' },
    });
    expect(reply.body).toEqual({
      code: 'invalid_body',
      message: "Body field 'colour' is not part of this request; remove it.",
      status: 400,
    });
    const typed = await sandbox.call({ method: 'POST', path: '/pets', body: { name: 'Rex', categoryId: 'one' } });
    expect(body<{ message: string }>(typed).message).toBe(
      `Body field 'categoryId' must be an integer of at least 1; got "one".`,
    );
    const param = await sandbox.call({ method: 'GET', path: '/pets?limit=500' });
    expect(body<{ message: string }>(param).message).toBe(
      "Query parameter 'limit' must be an integer from 1 to 100; got 500.",
    );
  });

  it('answers 405 with Allow, and 404 for unknown routes', async () => {
    const sandbox = await startSandbox();
    const wrong = await sandbox.call({ method: 'PATCH', path: '/pets/1' });
    expect([wrong.status, wrong.headers.get('Allow')]).toEqual([405, 'GET, PUT, DELETE']);
    const unknown = await sandbox.call({ method: 'GET', path: '/owners' });
    expect([unknown.status, body<{ code: string }>(unknown).code]).toEqual([404, 'route_not_found']);
  });

  it('answers a plain OPTIONS on a known path with its methods, without counting it', async () => {
    const sandbox = await startSandbox();
    const options = await sandbox.call({ method: 'OPTIONS', path: '/pets/1' });
    expect([options.status, options.headers.get('Allow')]).toEqual([204, 'OPTIONS, GET, PUT, DELETE']);
    const unknown = await sandbox.call({ method: 'OPTIONS', path: '/owners' });
    expect(unknown.status).toBe(404);
    const next = await sandbox.call({ method: 'GET', path: '/pets' });
    expect(next.headers.get('X-RateLimit-Remaining')).toBe(String(Number(next.headers.get('X-RateLimit-Limit')) - 2));
  });

  it('says where the caller stands on OPTIONS and CORS preflights too, without counting them', async () => {
    const sandbox = await startSandbox();
    const standing = (reply: Reply) =>
      ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'].map((name) => reply.headers.get(name));
    const call = await sandbox.call({ method: 'GET', path: '/pets' });
    const options = await sandbox.call({ method: 'OPTIONS', path: '/pets/1' });
    const preflight = await sandbox.call({
      method: 'OPTIONS',
      path: '/pets',
      key: null,
      headers: { Origin: 'http://localhost:4321', 'Access-Control-Request-Method': 'POST' },
    });
    expect(options.status).toBe(204);
    expect(standing(options)).toEqual(standing(call));
    // A browser's preflight carries no key: it stands as an anonymous caller, with every header present.
    expect(preflight.status).toBe(204);
    expect(standing(preflight).every((value) => value !== null && /^\d+$/.test(value))).toBe(true);
    expect(standing(await sandbox.call({ method: 'GET', path: '/pets' }))[1]).toBe(
      String(Number(standing(call)[1]) - 1),
    );
  });
});

describe('bodies a public sandbox meets', () => {
  const post = (sandbox: TestSandbox, bytes: BodyInit) =>
    sandbox.app.request('http://localhost:4010/pets', {
      method: 'POST',
      headers: { 'X-API-Key': keys.enterprise, 'Content-Type': 'application/json' },
      body: bytes,
    });
  const answer = async (response: Response) => [response.status, ((await response.json()) as { code: string }).code];

  it('refuses invalid UTF-8 inside a string (400 malformed_json) instead of storing U+FFFD', async () => {
    const sandbox = await startSandbox();
    const before = await snapshot(sandbox);
    const bytes = Buffer.concat([
      Buffer.from('{"name":"Re'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('x","categoryId":1}'),
    ]);
    const response = await post(sandbox, new Uint8Array(bytes));
    expect(await answer(response.clone())).toEqual([400, 'malformed_json']);
    expect(((await response.json()) as { message: string }).message).toContain('not valid UTF-8');
    expect(await snapshot(sandbox)).toBe(before);
  });

  it('refuses a lone surrogate (\\ud800) in a string, a key included (400 malformed_json)', async () => {
    const sandbox = await startSandbox();
    const before = await snapshot(sandbox);
    for (const text of ['{"name":"Rex\\ud800","categoryId":1}', '{"name":"Rex","categoryId":1,"\\udc00":1}']) {
      const response = await post(sandbox, text);
      expect(await answer(response.clone())).toEqual([400, 'malformed_json']);
      expect(((await response.json()) as { message: string }).message).toContain('lone surrogate');
    }
    expect(await snapshot(sandbox)).toBe(before);
  });

  it('names the real reason for JSON nested 32,000 deep: too deep, not a stack overflow', async () => {
    const sandbox = await startSandbox();
    const deep = `{"name":"Rex","categoryId":1,"x":${'['.repeat(32_000)}${']'.repeat(32_000)}}`;
    const response = await post(sandbox, deep);
    const reply = (await response.json()) as { code: string; message: string };
    expect([response.status, reply.code]).toEqual([400, 'invalid_body']);
    expect(reply.message).toBe(
      'The body nests arrays and objects more than 64 levels deep; no request of this API does.',
    );
    // Brackets inside strings are text, not nesting.
    const inString = await post(sandbox, JSON.stringify({ name: '['.repeat(100), categoryId: 1 }));
    expect(inString.status).toBe(201);
  });
});
