/**
 * The guarded pass-through (src/sandbox/pass-through/): a stub API on 127.0.0.1 that answers no CORS, a description
 * whose servers list it, and the pass-through served on a free port as main.ts serves it. It reaches the listed
 * server and nothing else; every refusal is JSON saying why. DNS is injected, so `api.example.test` can be made to
 * resolve to loopback or private addresses.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throughPassThrough } from '../../../src/console/pass-through.ts';
import { anonymousQuota, loadApiModel, passThroughBases } from '../../../src/openapi/index.ts';
import { ManualClock } from '../../../src/rate-limits/clock.ts';
import { nonPublicKind } from '../../../src/sandbox/pass-through/addresses.ts';
import {
  createPassThrough,
  type PassThroughOptions,
  type ResolvedAddress,
} from '../../../src/sandbox/pass-through/pass-through.ts';
import { createMemoryStore } from '../../../src/sandbox/store/memory-store.ts';
import { StoreUnavailableError } from '../../../src/sandbox/store/sandbox-store.ts';
import { startSandboxProcess } from '../../support/sandbox-process.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the stub API received, in order. */
const seen: Seen[] = [];
let stub: Server;
let stubPort = 0;
let folder = '';
let bases: string[] = [];
let quota = { perMinute: 0, perDay: 0 };
const servers: ServerType[] = [];

function stubApi(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
    const url = new URL(request.url ?? '/', 'http://stub');
    if (url.pathname === '/v1/things') {
      response.writeHead(201, {
        'Content-Type': 'application/json',
        'X-Request-Id': 'req-42',
        'Set-Cookie': 'session=secret; Path=/',
        'Strict-Transport-Security': 'max-age=60',
        'Access-Control-Allow-Origin': 'https://stub-says.example',
      });
      response.end(JSON.stringify({ method: request.method, query: url.search, body }));
    } else if (url.pathname === '/v1/zipped') {
      response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip', Link: '</a>; rel="a"' });
      response.end(gzipSync('squeezed '.repeat(100)));
    } else if (url.pathname === '/v1/moved') {
      response.writeHead(302, { Location: '/v1/things?from=moved' });
      response.end();
    } else if (url.pathname === '/v1/slow') {
      setTimeout(() => response.end('late'), 3_000).unref();
    } else if (url.pathname === '/v1/big') {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.end('x'.repeat(5_000));
    } else if (url.pathname === '/v1/big-stream') {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.write('x'.repeat(3_000));
      response.end('x'.repeat(3_000));
    } else {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end('{"error":"nope"}');
    }
  });
}

beforeAll(async () => {
  stub = createServer(stubApi);
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubPort = (stub.address() as AddressInfo).port;
  folder = await mkdtemp(path.join(tmpdir(), 'pass-through-'));
  const description = path.join(folder, 'openapi.yaml');
  await writeFile(
    description,
    `openapi: 3.0.3
info: { title: Things, version: 1.0.0 }
servers:
  - url: http://127.0.0.1:${stubPort}/v1
  - url: http://stub.localhost:${stubPort}/v1
  - url: https://api.example.test/v1
  - url: https://{region}.example.test
    variables:
      region: { default: eu, enum: [eu, us] }
  - url: http://localhost:4010
    x-demo-keys:
      - { key: demo-free-key, plan: Free }
x-rate-limits:
  plans:
    - { plan: Free, perMinute: 1000, perDay: 10000 }
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200': { description: ok }
`,
  );
  const model = await loadApiModel(description);
  bases = passThroughBases(model);
  quota = anonymousQuota(model) ?? quota;
});

afterAll(async () => {
  for (const server of servers) server.close();
  stub.closeAllConnections();
  await new Promise<void>((resolve) => stub.close(() => resolve()));
  await rm(folder, { recursive: true, force: true });
});

/** DNS as the tests want it: `stub.localhost` and `api.example.test` are this machine, `private.example.test` not public. */
const dns: Record<string, ResolvedAddress[]> = {
  'stub.localhost': [{ address: '127.0.0.1', family: 4 }],
  'api.example.test': [{ address: '127.0.0.1', family: 4 }],
  'eu.example.test': [
    { address: '93.184.215.14', family: 4 },
    { address: '10.1.2.3', family: 4 },
  ],
  'us.example.test': [{ address: 'fd00:ec2::254', family: 6 }],
};
let lookups: string[] = [];
async function resolve(hostname: string): Promise<ResolvedAddress[]> {
  lookups.push(hostname);
  const found = dns[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
}

/** The pass-through served on a free port of 127.0.0.1, as main.ts serves it; `send` calls it for a target URL. */
async function startPassThrough(options: Partial<PassThroughOptions> = {}) {
  const passThrough = createPassThrough({ bases, store: createMemoryStore(), quota, resolve, ...options });
  const server = serve({ fetch: (request, env) => passThrough(request, env), port: 0, hostname: '127.0.0.1' });
  servers.push(server);
  await new Promise<void>((ready) => server.once('listening', () => ready()));
  const port = (server.address() as AddressInfo).port;
  const send = (target: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}/proxy/${encodeURIComponent(target)}`, { redirect: 'manual', ...init });
  return { send, port };
}

/** A refusal: the status, and a JSON body whose message says why. */
async function refusalOf(response: Response): Promise<{ code: string; message: string; status: number }> {
  expect(response.headers.get('content-type')).toBe('application/json');
  const body = (await response.json()) as { code: string; message: string; status: number };
  expect(body.status).toBe(response.status);
  expect(body.message.length).toBeGreaterThan(20);
  return body;
}

const stubUrl = (pathAndQuery: string) => `http://127.0.0.1:${stubPort}${pathAndQuery}`;

describe('the pass-through', () => {
  it('lists the description servers with their variables expanded, and not the sandbox', () => {
    expect(bases).toEqual([
      `http://127.0.0.1:${stubPort}/v1`,
      `http://stub.localhost:${stubPort}/v1`,
      'https://api.example.test/v1',
      'https://eu.example.test',
      'https://us.example.test',
    ]);
  });

  it('reaches a listed server and returns its status, headers and body; the stub needs no CORS', async () => {
    const { send } = await startPassThrough();
    seen.length = 0;
    const response = await send(stubUrl('/v1/things?x=1&y=two'), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-API-Key': 'real-key',
        Origin: 'http://localhost:4321',
        Referer: 'http://localhost:4321/reference/things/list/',
        Cookie: 'docs=1',
        'X-Forwarded-For': '6.6.6.6',
      },
      body: '{"name":"Rex"}',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ method: 'POST', query: '?x=1&y=two', body: '{"name":"Rex"}' });
    expect(response.headers.get('x-request-id')).toBe('req-42');
    // The page may read the answer: CORS for the sandbox's own origins, exposing the real answer's headers.
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    expect(response.headers.get('access-control-expose-headers')?.split(', ')).toContain('x-request-id');
    // Cookies never come back, nor headers that would act on the sandbox's origin.
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('strict-transport-security')).toBeNull();
    const [received] = seen;
    expect(received?.url).toBe('/v1/things?x=1&y=two');
    expect(received?.headers['x-api-key']).toBe('real-key');
    expect(received?.headers.host).toBe(`127.0.0.1:${stubPort}`);
    // Cookies, the docs site's Origin and Referer, and forwarding headers stay behind.
    for (const name of ['cookie', 'origin', 'referer', 'x-forwarded-for'])
      expect(received?.headers[name]).toBeUndefined();
  });

  it("takes what the console's wrapper sends: the real URL in, the real server's answer out", async () => {
    const { port } = await startPassThrough();
    seen.length = 0;
    const send = throughPassThrough({ url: `http://127.0.0.1:${port}/proxy`, servers: bases }, fetch);
    const response = await send(
      new Request(stubUrl('/v1/things?q=a%20b'), { method: 'PATCH', headers: { 'X-API-Key': 'k' }, body: 'hi' }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ method: 'PATCH', query: '?q=a%20b', body: 'hi' });
    expect(seen.map((s) => [s.method, s.url, s.headers['x-api-key']])).toEqual([['PATCH', '/v1/things?q=a%20b', 'k']]);
  });

  it('passes a compressed answer through as it was sent', async () => {
    const { send } = await startPassThrough();
    const response = await send(stubUrl('/v1/zipped'), { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('link')).toBe('</a>; rel="a"');
    expect(await response.text()).toBe('squeezed '.repeat(100));
  });

  it('connects to the address it checked: a listed localhost name reaches the stub through the injected lookup alone', async () => {
    const { send } = await startPassThrough();
    lookups = [];
    const response = await send(`http://stub.localhost:${stubPort}/v1/things`);
    expect(response.status).toBe(201);
    // This machine's resolver does not know stub.localhost: only a connection to the checked address gets there.
    expect(lookups).toEqual(['stub.localhost']);
  });

  it('refuses any other host, and 127.0.0.1 or localhost when they are not the listed server', async () => {
    const { send } = await startPassThrough();
    seen.length = 0;
    const other = await send('https://evil.example/v1/things');
    expect(other.status).toBe(403);
    expect((await refusalOf(other)).message).toContain('https://evil.example/v1/things is not under a server');
    // The stub's own port, on loopback, but outside the listed base path.
    const outside = await send(stubUrl('/admin'));
    expect(outside.status).toBe(403);
    const loopback = await send('http://127.0.0.1:9/v1/things');
    expect(loopback.status).toBe(403);
    expect((await refusalOf(loopback)).message).toContain('127.0.0.1 is a loopback address');
    const local = await send(`http://localhost:${stubPort}/v1/things`);
    expect((await refusalOf(local)).message).toContain('localhost is this machine');
    expect(seen).toEqual([]);
  });

  it('refuses the cloud metadata and private addresses by name', async () => {
    const { send } = await startPassThrough();
    const metadata = await send('http://169.254.169.254/latest/meta-data/');
    expect(metadata.status).toBe(403);
    expect(await refusalOf(metadata)).toMatchObject({
      code: 'proxy_refused',
      message: expect.stringContaining(
        '169.254.169.254 is a cloud metadata address; the pass-through only reaches the servers the description lists',
      ),
    });
    const google = await send('http://metadata.google.internal/computeMetadata/v1/');
    expect((await refusalOf(google)).message).toContain('metadata.google.internal is a cloud metadata host');
    const privateAddress = await send('http://10.0.0.8/v1/things');
    expect((await refusalOf(privateAddress)).message).toContain('10.0.0.8 is a private address (RFC 1918)');
    const ula = await send('http://[fd12::1]/v1');
    expect((await refusalOf(ula)).message).toContain('fd12::1 is a unique local address');
  });

  it('refuses a listed host name that resolves to loopback or a private address (every address is checked)', async () => {
    const { send } = await startPassThrough();
    seen.length = 0;
    const rebound = await send('https://api.example.test/v1/things');
    expect(rebound.status).toBe(403);
    expect((await refusalOf(rebound)).message).toContain(
      'api.example.test resolves to 127.0.0.1, a loopback address; the pass-through only reaches the servers the description lists',
    );
    const mixed = await send('https://eu.example.test/things');
    expect((await refusalOf(mixed)).message).toContain('eu.example.test resolves to 10.1.2.3, a private address');
    const metadata = await send('https://us.example.test/things');
    expect((await refusalOf(metadata)).message).toContain('fd00:ec2::254, a cloud metadata address');
    expect(seen).toEqual([]);
  });

  it('answers 502 for a listed host that resolves to nothing', async () => {
    const { send } = await startPassThrough({ bases: [...bases, 'https://nowhere.example.test'] });
    const response = await send('https://nowhere.example.test/things');
    expect(response.status).toBe(502);
    expect(await refusalOf(response)).toMatchObject({
      code: 'proxy_unreachable',
      message: 'nowhere.example.test could not be resolved (ENOTFOUND).',
    });
  });

  it('does not follow a redirect: the 3xx comes back with its Location, made absolute against the target', async () => {
    const { send } = await startPassThrough();
    seen.length = 0;
    const response = await send(stubUrl('/v1/moved'));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(stubUrl('/v1/things?from=moved'));
    expect(seen.map((s) => s.url)).toEqual(['/v1/moved']);
  });

  it('refuses a request body over the cap with 413, before sending anything', async () => {
    const { send } = await startPassThrough({ limits: { requestBytes: 1_000 } });
    seen.length = 0;
    const response = await send(stubUrl('/v1/things'), { method: 'POST', body: 'x'.repeat(1_001) });
    expect(response.status).toBe(413);
    expect((await refusalOf(response)).code).toBe('proxy_payload_too_large');
    expect(seen).toEqual([]);
    // Sent in chunks, without a Content-Length: counted as it arrives.
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(400));
        controller.close();
      },
    });
    const streamed = await send(stubUrl('/v1/things'), {
      method: 'POST',
      body: chunked,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(seen).toEqual([]);
    // The default cap is 1 MiB.
    const { send: sendDefault } = await startPassThrough();
    const large = await sendDefault(stubUrl('/v1/things'), { method: 'PUT', body: 'x'.repeat(1024 * 1024 + 1) });
    expect(large.status).toBe(413);
    expect((await refusalOf(large)).message).toContain('over 1048576 bytes');
  });

  it('refuses an answer over the cap with 502, whether its length is declared or not', async () => {
    const { send } = await startPassThrough({ limits: { responseBytes: 4_000 } });
    for (const at of ['/v1/big', '/v1/big-stream']) {
      const response = await send(stubUrl(at));
      expect(response.status).toBe(502);
      expect((await refusalOf(response)).code).toBe('proxy_response_too_large');
    }
  });

  it('cuts a slow server at the time cap with 504', async () => {
    const { send } = await startPassThrough({ limits: { timeoutMs: 300 } });
    const started = Date.now();
    const response = await send(stubUrl('/v1/slow'));
    expect(response.status).toBe(504);
    expect(await refusalOf(response)).toMatchObject({
      code: 'proxy_timeout',
      message: expect.stringContaining('within 0.3 s'),
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("counts each request as a keyless sandbox request of the caller's address, refusals included", async () => {
    const store = createMemoryStore();
    const clock = new ManualClock();
    const { send } = await startPassThrough({ store, clock, quota: { perMinute: 3, perDay: 100 } });
    expect((await send(stubUrl('/v1/things'))).status).toBe(201);
    expect((await send('https://evil.example/')).status).toBe(403);
    expect((await send(stubUrl('/v1/things'))).status).toBe(201);
    const limited = await send(stubUrl('/v1/things'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refusalOf(limited)).code).toBe('rate_limited');
    // The same window the sandbox counts a keyless caller in.
    const window = await store.peek('address:127.0.0.1', { perMinute: 3, perDay: 100 }, clock.now());
    expect(window.remaining).toBe(0);
  });

  it('answers 503 while the store is out of reach, as the sandbox does', async () => {
    const store = createMemoryStore();
    store.admit = () => Promise.reject(new StoreUnavailableError(new Error('down')));
    const { send } = await startPassThrough({ store });
    const response = await send(stubUrl('/v1/things'));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    expect((await refusalOf(response)).code).toBe('service_unavailable');
  });

  it('answers CORS preflights for the sandbox origins only, and refuses other pages', async () => {
    const { send } = await startPassThrough({ allowedOrigins: ['https://docs.example.org'] });
    const preflight = await send(stubUrl('/v1/things'), {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://docs.example.org',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'x-api-key, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://docs.example.org');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('x-api-key, content-type');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const stranger = await send(stubUrl('/v1/things'), { headers: { Origin: 'https://evil.example' } });
    expect(stranger.status).toBe(403);
    expect((await refusalOf(stranger)).message).toContain('https://evil.example may not use the pass-through');
  });

  it('answers 400 for a target that is not an absolute http(s) URL', async () => {
    const { send } = await startPassThrough();
    for (const target of ['not a url', 'file:///etc/passwd', `http://user:pw@127.0.0.1:${stubPort}/v1/things`]) {
      const response = await send(target);
      expect(response.status).toBe(400);
      expect((await refusalOf(response)).code).toBe('proxy_bad_target');
    }
  });
});

describe('which addresses are not public', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['169.254.10.1', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['10.1.1.1', 'a private address (RFC 1918)'],
    ['172.31.255.1', 'a private address (RFC 1918)'],
    ['192.168.0.1', 'a private address (RFC 1918)'],
    ['fc00::1', 'a unique local address (fc00::/7)'],
    ['100.100.0.1', 'a shared address (100.64.0.0/10, carrier-grade NAT)'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:a9fe:a9fe', 'a cloud metadata address'],
    ['64:ff9b::10.0.0.1', 'a private address (RFC 1918)'],
    ['2002:c0a8:0101::1', 'a private address (RFC 1918)'],
    ['224.0.0.1', 'a multicast address'],
  ])('%s is %s', (address, kind) => {
    expect(nonPublicKind(address)).toBe(kind);
  });

  it.each(['93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '8.8.8.8'])('%s is public', (address) => {
    expect(nonPublicKind(address)).toBeUndefined();
  });
});

describe('the sandbox service (main.ts)', () => {
  it("serves the pass-through at /proxy only when portal.json's tryIt.passThrough is on, the sandbox beside it", async () => {
    const on = path.join(folder, 'portal-on.json');
    const off = path.join(folder, 'portal-off.json');
    await writeFile(on, JSON.stringify({ tryIt: { passThrough: true } }));
    await writeFile(off, JSON.stringify({}));
    const metadata = `/proxy/${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`;
    for (const [portal, expected] of [
      [on, 403],
      [off, 404],
    ] as const) {
      const sandbox = await startSandboxProcess({ PETSTORE_PORTAL: portal });
      try {
        const refused = await fetch(`${sandbox.baseUrl}${metadata}`);
        expect(refused.status).toBe(expected);
        const body = (await refused.json()) as { code: string; message: string };
        if (expected === 403) {
          expect(body.code).toBe('proxy_refused');
          expect(body.message).toContain('(https://api.petstore.dev)');
          expect(sandbox.output()).toContain('Pass-through at /proxy/<url> to https://api.petstore.dev');
        } else expect(body.code).toBe('route_not_found');
        const pets = await fetch(`${sandbox.baseUrl}/pets`, { headers: { 'X-API-Key': 'demo-free-key' } });
        expect(pets.status).toBe(200);
      } finally {
        sandbox.child.kill('SIGTERM');
      }
    }
  });

  it("in a site of several APIs, serves each API's pass-through below its /<id>, to that API's servers only", async () => {
    const fixtures = path.resolve(import.meta.dirname, '../../fixtures');
    await mkdir(path.join(folder, 'apis'), { recursive: true });
    const portal = path.join(folder, 'apis', 'portal.json');
    await writeFile(
      portal,
      JSON.stringify({
        tryIt: { passThrough: true },
        apis: [
          { id: 'legacy', spec: path.join(fixtures, 'swagger-2.0/openapi.yaml') },
          { id: 'events', spec: path.join(fixtures, 'events-3.2/openapi.yaml') },
        ],
      }),
    );
    const sandbox = await startSandboxProcess({ PETSTORE_SPEC: portal });
    try {
      // Each refusal names the servers of the API it is below: its pass-through reaches those and nothing else.
      const refusal = async (url: string) => {
        const answer = await fetch(`${sandbox.baseUrl}${url}`);
        expect(answer.status, url).toBe(403);
        return ((await answer.json()) as { code: string; message: string }).message;
      };
      const legacy = await refusal(`/legacy/proxy/${encodeURIComponent('https://events.example.com/v2/events')}`);
      // The servers it reaches are the parenthesised list at the end of its message.
      const servers = (message: string) => message.slice(message.lastIndexOf('('));
      expect(servers(legacy)).toContain('api.kennels.example');
      expect(servers(legacy)).not.toContain('events.example.com');
      const events = await refusal(`/events/proxy/${encodeURIComponent('https://api.kennels.example/v2/stays')}`);
      expect(servers(events)).toContain('events.example.com');
      expect(servers(events)).not.toContain('api.kennels.example');
      // Below no API, /proxy is no pass-through at all.
      const rootProxy = await fetch(`${sandbox.baseUrl}/proxy/${encodeURIComponent('https://events.example.com/v2')}`);
      expect(rootProxy.status).toBe(404);
    } finally {
      sandbox.child.kill('SIGTERM');
    }
  });
});
