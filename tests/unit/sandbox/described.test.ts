/**
 * A sandbox made from a description the sandbox has no hand-written rules for: what the console's first Send
 * gets, state kept where the paths say so, credentials of every declared form, refusals in the description's own
 * shape or as problem details, and personal keys with their own data.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiModel,
  exampleRequest,
  isJsonMediaType,
  loadApiModel,
  servedOperations,
} from '../../../src/openapi/index.ts';
import { ManualClock } from '../../../src/rate-limits/clock.ts';
import { createDescribedSandbox, keysPath } from '../../../src/sandbox/described/app.ts';
import { hasHandwrittenRules } from '../../../src/sandbox/spec-check.ts';
import { petStoreModel } from './support.ts';

const fixture = path.resolve(import.meta.dirname, '../../fixtures/described-sandbox/openapi.yaml');
const key: Record<string, string> = { 'X-Workshop-Key': 'anything-goes' };

let model: ApiModel;
beforeAll(async () => {
  model = await loadApiModel(fixture);
});

function start() {
  const sandbox = createDescribedSandbox({ model, clock: new ManualClock() });
  const call = async (method: string, url: string, init: { headers?: Record<string, string>; body?: unknown } = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (init.body instanceof Uint8Array) body = new Uint8Array(init.body);
    else if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const response = await sandbox.app.request(`http://localhost:4010${url}`, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      headers: response.headers,
      type,
      body: /json/.test(type) ? JSON.parse(text) : text,
    };
  };
  return { ...sandbox, call };
}

describe('which sandbox a description gets', () => {
  it('keeps the hand-written rules for the Pet Store and makes one from any other description', async () => {
    expect(hasHandwrittenRules(await petStoreModel())).toBe(true);
    expect(hasHandwrittenRules(model)).toBe(false);
  });
});

describe('a sandbox made from a description', () => {
  it("answers 2xx to every operation's example request, as the console's first Send makes it", async () => {
    const credentials: Record<string, Record<string, string>> = {
      listDrawers: { Authorization: `Basic ${Buffer.from('me:secret').toString('base64')}` },
      addDrawer: { Authorization: 'Bearer token' },
    };
    for (const operation of servedOperations(model)) {
      // Each on a fresh sandbox: a first Send, whatever was tried before.
      const { call } = start();
      const example = exampleRequest(model.schemaResolver, operation);
      let url = operation.path;
      const query = new URLSearchParams();
      for (const parameter of example.parameters) {
        if (parameter.value === undefined) continue;
        if (parameter.in === 'path')
          url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(parameter.value)));
        if (parameter.in === 'query') query.set(parameter.name, String(parameter.value));
      }
      if (operation.operationId === 'search') query.set('api_key', 'k');
      const headers = { ...key, ...credentials[operation.operationId] };
      const body =
        example.body && isJsonMediaType(example.body.mediaType)
          ? example.body.value
          : operation.requestBody
            ? new Uint8Array([137, 80, 78, 71])
            : undefined;
      if (body instanceof Uint8Array) headers['Content-Type'] = 'image/png';
      else if (example.body) headers['Content-Type'] = example.body.mediaType;
      const reply = await call(operation.method.toUpperCase(), `${url}${query.size ? `?${query}` : ''}`, {
        headers,
        body,
      });
      expect(
        reply.status,
        `${operation.method} ${operation.path}: ${JSON.stringify(reply.body)}`,
      ).toBeGreaterThanOrEqual(200);
      expect(reply.status, `${operation.method} ${operation.path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
    }
  });

  it('keeps what a POST made: the list and a read give it back, a PATCH changes it, a DELETE removes it', async () => {
    const { call } = start();
    const made = await call('POST', '/tools', { headers: key, body: { name: 'Plane', weight: 2 } });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ id: 9, name: 'Plane', weight: 2 });
    expect(made.headers.get('location')).toBe('http://localhost:4010/tools/9');

    const listed = await call('GET', '/tools', { headers: key });
    expect(listed.body.items.map((t: { name: string }) => t.name)).toEqual(['Hammer', 'Saw', 'Plane']);
    expect((await call('GET', '/tools/9', { headers: key })).body).toEqual({ id: 9, name: 'Plane', weight: 2 });

    const patched = await call('PATCH', '/tools/9', {
      headers: { ...key, 'Content-Type': 'application/merge-patch+json' },
      body: { weight: null, name: 'Jack plane' },
    });
    expect(patched.body).toEqual({ id: 9, name: 'Jack plane' });

    expect((await call('DELETE', '/tools/9', { headers: key })).status).toBe(204);
    const gone = await call('GET', '/tools/9', { headers: key });
    expect(gone.status).toBe(404);
  });

  it('starts each collection with the ids the examples name, and nested collections per parent', async () => {
    const { call } = start();
    expect((await call('GET', '/tools/7', { headers: key })).body).toMatchObject({ id: 7, name: 'Hammer' });
    const bearer = { Authorization: 'Bearer t' };
    const basic = { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` };
    const added = await call('POST', '/benches/oak/drawers', { headers: bearer, body: { label: 'Screws' } });
    expect(added.status).toBe(201);
    expect((await call('GET', '/benches/oak/drawers', { headers: basic })).body).toContainEqual(added.body);
    expect((await call('GET', '/benches/pine/drawers', { headers: basic })).body).toEqual([]);
  });

  it('refuses a request without the declared credential (401), in each form, and accepts any value of that form', async () => {
    const { call } = start();
    const refused = await call('GET', '/tools');
    expect(refused.status).toBe(401);
    expect(refused.type).toBe('application/problem+json');
    expect(refused.body.detail).toContain('X-Workshop-Key');
    expect((await call('GET', '/benches/oak/drawers', { headers: { Authorization: 'Bearer x' } })).status).toBe(401);
    const basic = await call('GET', '/benches/oak/drawers');
    expect(basic.headers.get('www-authenticate')).toContain('Basic');
    expect((await call('GET', '/search?q=ham')).status).toBe(401);
    expect((await call('GET', '/search?q=ham&api_key=mine')).body).toBe('Hammer');
    expect((await call('GET', '/status')).status).toBe(200);
  });

  it("refuses a bad body in the description's own error shape, naming the field", async () => {
    const { call } = start();
    const reply = await call('POST', '/tools', { headers: key, body: { name: '', weight: 1 } });
    expect(reply.status).toBe(400);
    expect(reply.type).toBe('application/json');
    expect(reply.body).toMatchObject({ error: 'invalid_body', status: 400 });
    expect(reply.body.message).toContain("'name'");
    const unknown = await call('POST', '/tools', { headers: key, body: { name: 'x', colour: 'red' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('colour');
  });

  it('refuses as RFC 9457 problem details, with the JSON pointer, where the description has no error shape', async () => {
    const { call } = start();
    const reply = await call('POST', '/benches/oak/drawers', {
      headers: { Authorization: 'Bearer t' },
      body: { label: 3 },
    });
    expect(reply.status).toBe(400);
    expect(reply.type).toBe('application/problem+json');
    expect(reply.body).toMatchObject({ status: 400, title: 'Bad Request', errors: [{ pointer: '#/label' }] });
    const parameter = await call('GET', '/tools?limit=500', { headers: key });
    expect(parameter.status).toBe(400);
    const route = await call('GET', '/nowhere', { headers: key });
    expect(route.status).toBe(404);
    expect(route.type).toBe('application/problem+json');
  });

  it('takes a binary body of a declared media type and refuses another', async () => {
    const { call } = start();
    const png = new Uint8Array([137, 80, 78, 71]);
    expect(
      (await call('PUT', '/tools/7/photo', { headers: { ...key, 'Content-Type': 'image/png' }, body: png })).status,
    ).toBe(200);
    const wrong = await call('PUT', '/tools/7/photo', {
      headers: { ...key, 'Content-Type': 'text/plain' },
      body: 'hi',
    });
    expect(wrong.status).toBe(415);
  });

  it('issues personal keys whose data is their own', async () => {
    const { call } = start();
    const issued = await call('POST', keysPath);
    expect(issued.status).toBe(201);
    const mine = { 'X-Workshop-Key': issued.body.key as string };
    await call('POST', '/tools', { headers: mine, body: { name: 'Mine' } });
    const names = async (headers: Record<string, string>) =>
      (await call('GET', '/tools', { headers })).body.items.map((t: { name: string }) => t.name);
    expect(await names(mine)).toContain('Mine');
    // The same key as a bearer token, then as a basic user name, names the same data set.
    const drawer = await call('POST', '/benches/oak/drawers', {
      headers: { Authorization: `Bearer ${issued.body.key}` },
      body: { label: 'Mine' },
    });
    const basic = { Authorization: `Basic ${Buffer.from(`${issued.body.key}:x`).toString('base64')}` };
    expect((await call('GET', '/benches/oak/drawers', { headers: basic })).body).toContainEqual(drawer.body);
    expect(await names(key)).not.toContain('Mine');
    expect(Number((await call('GET', '/tools', { headers: mine })).headers.get('x-ratelimit-limit'))).toBeGreaterThan(
      0,
    );
  });

  it('answers what the description gives where the paths keep no state', async () => {
    const { call } = start();
    const status = await call('GET', '/status');
    expect(status.body).toEqual({ healthy: true, since: '2026-01-01T12:00:00Z' });
  });
});
