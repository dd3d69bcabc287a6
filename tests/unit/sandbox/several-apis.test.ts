/**
 * `npm run sandbox` for a site of several APIs (portal.json's `apis`, PETSTORE_SPEC naming portal.json): one
 * process serves each API below its own `/<id>`, each with its own sandbox (the Pet Store's rules for the Pet Store,
 * one made from the description for the others) and its own keys and data; a path below no API's prefix is a 404.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxProcess } from '../../support/sandbox-process.ts';

const portal = path.resolve(import.meta.dirname, '../../fixtures/several-apis/portal.json');
let child: ChildProcess | undefined;
let base = '';
let printed: () => string = () => '';

beforeAll(async () => {
  const started = await startSandboxProcess({ PETSTORE_SPEC: portal });
  child = started.child;
  base = started.baseUrl;
  printed = started.output;
}, 120_000);

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers });

describe('npm run sandbox for a site of several APIs', () => {
  it("answers GET /<id>/<path> of each API with that API's data", async () => {
    const pets = await get('/petstore/pets/1/details', { 'X-API-Key': 'demo-free-key' });
    expect(pets.status).toBe(200);
    expect(await pets.json()).toMatchObject({ id: 1, name: 'Rex' });

    // The Swagger 2.0 fixture's sandbox, made from its description: any key of the declared form.
    const stays = await get('/legacy/stays', { 'X-Api-Key': 'any' });
    expect(stays.status).toBe(200);
    expect(Array.isArray(await stays.json())).toBe(true);

    // The 3.2 fixture's: its path item from components, with the parameter's example.
    const event = await get('/events/events/evt_42');
    expect(event.status).toBe(200);
    expect(await event.json()).toMatchObject({ id: expect.any(String) });
  });

  it("routes each API's own paths only: another API's path below its prefix is that API's 404", async () => {
    const stays = await get('/petstore/stays', { 'X-API-Key': 'demo-free-key' });
    expect(stays.status).toBe(404);
    const pets = await get('/legacy/pets', { 'X-Api-Key': 'any' });
    expect(pets.status).toBe(404);
    expect(await pets.json()).toMatchObject({ detail: 'No operation is at /legacy/pets.' });
  });

  it('404s a path below no API, the root and the prefixless paths included, naming the APIs', async () => {
    for (const url of ['/nope/pets', '/', '/pets', '/petstores/pets']) {
      const answer = await get(url, { 'X-API-Key': 'demo-free-key' });
      expect(answer.status, url).toBe(404);
      const body = (await answer.json()) as { code: string; message: string };
      expect(body.code).toBe('route_not_found');
      expect(body.message).toContain('/legacy/, /events/, /petstore/');
    }
  });

  it("links its answers below the API's prefix", async () => {
    const created = await fetch(`${base}/petstore/pets`, {
      method: 'POST',
      headers: { 'X-API-Key': 'demo-enterprise-key', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Zed', categoryId: 1, status: 'available' }),
    });
    expect(created.status).toBe(201);
    expect(new URL(created.headers.get('Location') ?? '').pathname).toMatch(/^\/petstore\/pets\/\d+$/);
  });

  it('keeps keys per API: a key one API issued is unknown to another', async () => {
    const issued = await fetch(`${base}/events/sandbox/keys`, { method: 'POST' });
    expect(issued.status).toBe(201);
    const { key } = (await issued.json()) as { key: string };
    const own = await get('/legacy/stays', { 'X-Api-Key': key });
    // Unknown to the legacy sandbox: a keyless caller's quota (60 a minute), not a personal key's (120).
    expect(own.headers.get('X-RateLimit-Limit')).toBe('60');
    const legacy = (await (await fetch(`${base}/legacy/sandbox/keys`, { method: 'POST' })).json()) as { key: string };
    const known = await get('/legacy/stays', { 'X-Api-Key': legacy.key });
    expect(known.headers.get('X-RateLimit-Limit')).toBe('120');
  });

  it('answers its health check at the root, and says where each API is', async () => {
    expect((await get('/sandbox/health')).status).toBe(200);
    expect((await get('/events/sandbox/health')).status).toBe(200);
    expect(printed()).toMatch(/Sandbox of 3 APIs on http:\/\/localhost:\d+/);
    expect(printed()).toContain('/petstore/: Pet Store sandbox');
  });
});
