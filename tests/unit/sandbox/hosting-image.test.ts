/**
 * The hosted sandbox as its container image ships it (src/sandbox/deploy/): the image's files made in a temporary
 * folder by the Containerfile's own steps (tests/support/container-image.ts: it copies what the Containerfile
 * copies, nothing else), two sandboxes started from that folder with the image's command and environment on one
 * real redis-server, and the shipped haproxy.cfg in front; then, with both stopped, what HAProxy answers itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yaml from 'yaml';
import { bundleSandbox, sandboxProgram } from '../../../src/build/sandbox-bundle.ts';
import { sandboxDemoKeys } from '../../../src/openapi/index.ts';
import { type ImageFiles, makeImageFiles } from '../../support/container-image.ts';
import { type LoadBalancer, startLoadBalancer } from '../../support/load-balancer.ts';
import { freePort } from '../../support/local-net.ts';
import { useRedisServer } from '../../support/redis-stores.ts';
import { petStoreModel } from './support.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const containerfile = path.join(root, 'src/sandbox/deploy/Containerfile');
/** The published portal, allowed by the sandboxes and HAProxy as compose.yaml allows PORTAL_ORIGIN. */
const portal = 'https://docs.example.org';
const stranger = 'https://elsewhere.example.com';

const model = await petStoreModel();
const redis = useRedisServer();
let image: ImageFiles;
let balancer: LoadBalancer;
const sandboxes: { child: ChildProcess; output: () => string; address: string }[] = [];

/** Starts the image's command from the image's folder, as the container would, on a free port. */
async function startFromImage(): Promise<string> {
  const port = await freePort();
  const child = spawn(image.command[0] ?? '', image.command.slice(1), {
    cwd: image.workdir,
    // The image's environment and what compose.yaml sets; nothing of this process's (no PETSTORE_SPEC, NODE_PATH).
    env: {
      ...image.env,
      SANDBOX_HOST: '127.0.0.1',
      PORT: String(port),
      SANDBOX_STORE: redis.server.url,
      SANDBOX_ALLOWED_ORIGINS: portal,
      // HAProxy's address as the sandboxes see it here, as compose.yaml gives its own.
      SANDBOX_TRUSTED_PROXIES: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  sandboxes.push({ child, output: () => output, address: `127.0.0.1:${port}` });
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      // Ready once its MCP server is, the last thing it starts.
      if (output.includes('/mcp (streamable HTTP)')) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the sandbox from the image exited with ${code}:\n${output}`)));
  });
  return `127.0.0.1:${port}`;
}

/** A request from another loopback address (each one a client of its own), answered with its status and code. */
function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; code: string | undefined }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { localAddress, method: init.method ?? 'GET', headers: init.headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () => {
        const parsed = /json/.test(response.headers['content-type'] ?? '')
          ? (JSON.parse(text) as { code?: string })
          : {};
        resolve({ status: response.statusCode ?? 0, code: parsed.code });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

beforeAll(async () => {
  image = makeImageFiles(containerfile, root);
  const [one, two] = [await startFromImage(), await startFromImage()];
  balancer = await startLoadBalancer([one, two], { SANDBOX_ALLOWED_ORIGINS: portal });
}, 120_000);

afterAll(async () => {
  await balancer?.stop();
  for (const { child } of sandboxes) child.kill('SIGKILL');
  if (image) rmSync(image.dir, { recursive: true, force: true });
});

const demoKey = sandboxDemoKeys(model)[0]?.key ?? '';

async function json(response: Response): Promise<unknown> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
  return response.json();
}

describe('the sandbox image, two of it on one Redis behind the shipped HAProxy', () => {
  it('holds the bundled program and the description, and no packages: the program needs none', () => {
    expect(existsSync(path.join(image.workdir, sandboxProgram))).toBe(true);
    expect(existsSync(path.join(image.workdir, 'spec/openapi.yaml'))).toBe(true);
    expect(existsSync(path.join(image.workdir, 'node_modules'))).toBe(false);
    expect(image.workdir.startsWith(tmpdir())).toBe(true);
  });

  it('answers /sandbox/health and a demo key’s request with 200 JSON, CORS for the portal', async () => {
    const health = await fetch(`${balancer.baseUrl}/sandbox/health`);
    expect(health.status).toBe(200);
    expect(await json(health)).toEqual({ status: 'ok' });

    expect(demoKey).not.toBe('');
    const pets = await fetch(`${balancer.baseUrl}/pets?limit=2`, { headers: { 'X-API-Key': demoKey, Origin: portal } });
    expect(pets.status).toBe(200);
    expect(pets.headers.get('access-control-allow-origin')).toBe(portal);
    const body = await json(pets);
    expect(Array.isArray(body) && body.length).toBe(2);
  });

  it('issues a personal key, whose write one sandbox answers and the other reads back', async () => {
    const issued = await fetch(`${balancer.baseUrl}/sandbox/keys`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ plan: 'pro' }),
    });
    expect(issued.status).toBe(201);
    const { key } = (await json(issued)) as { key: string };
    const headers = { 'X-API-Key': key, 'Content-Type': 'application/json' };
    const created = await fetch(`${balancer.baseUrl}/pets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'From the image', categoryId: 1 }),
    });
    expect(created.status).toBe(201);
    const { id } = (await json(created)) as { id: number };
    // Round robin: two reads reach both sandboxes.
    for (const _ of [1, 2]) {
      const read = await fetch(`${balancer.baseUrl}/pets/${id}`, { headers });
      expect(read.status).toBe(200);
      expect(await json(read)).toMatchObject({ id, name: 'From the image' });
    }
  });

  it('counts each client behind HAProxy by its own address: one client’s ban is not another’s', async () => {
    // 60 keyless requests a minute, then 10 refused, then a 15-minute ban: for this client alone.
    let last = { status: 0, code: undefined as string | undefined };
    for (let i = 0; i < 71 && last.status !== 403; i++)
      last = await requestFrom('127.0.0.2', `${balancer.baseUrl}/pets`);
    expect(last).toEqual({ status: 403, code: 'api_key_banned' });
    // A client's own X-Forwarded-For is dropped by HAProxy, so it cannot pass for another.
    const disguised = await requestFrom('127.0.0.2', `${balancer.baseUrl}/pets`, {
      headers: { 'X-Forwarded-For': '127.0.0.3' },
    });
    expect(disguised).toEqual({ status: 403, code: 'api_key_banned' });
    const other = await requestFrom('127.0.0.3', `${balancer.baseUrl}/sandbox/keys`, { method: 'POST' });
    expect(other.status).toBe(201);
  });

  it('ignores an X-Forwarded-For sent straight to a sandbox by a client that is not a trusted proxy', async () => {
    const direct = `http://${sandboxes[0]?.address}/pets`;
    let last = { status: 0, code: undefined as string | undefined };
    for (let i = 0; i < 61; i++) {
      last = await requestFrom('127.0.0.4', direct, { headers: { 'X-Forwarded-For': `198.51.100.${i}` } });
    }
    expect(last).toEqual({ status: 429, code: 'rate_limited' });
  });

  it('serves the docs’ MCP server at /mcp, with the guides the bundle carries', async () => {
    const client = new Client({ name: 'hosting-image-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${balancer.baseUrl}/mcp`)));
    try {
      const found = (await client.callTool({
        name: 'search_docs',
        arguments: { query: 'custom domains' },
      })) as CallToolResult;
      const text = found.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
      expect(text.split('\n')[0]).toMatch(/^- \[Custom domains\]\(https?:\/\/[^)]+\/guides\/custom-domains\.md\)/);
    } finally {
      await client.close();
    }
  });
});

describe('compose.yaml', () => {
  it('builds the sandboxes from this Containerfile and lets HAProxy allow the origins they allow', () => {
    type Service = { build?: { context: string; dockerfile: string }; environment?: Record<string, string> };
    const compose = yaml.parse(readFileSync(path.join(root, 'src/sandbox/deploy/compose.yaml'), 'utf8'), {
      merge: true,
    }) as { services: Record<string, Service> };
    const { haproxy, ...others } = compose.services;
    const sandboxServices = Object.values(others).filter((service) => service.build);
    expect(sandboxServices.length).toBe(2);
    // The store refuses writes when full rather than evicting live keys, data and bans.
    const valkey = compose.services.valkey as Service & { command?: string[] };
    expect(valkey.command?.[(valkey.command?.indexOf('--maxmemory-policy') ?? -2) + 1]).toBe('noeviction');
    // The sandboxes believe X-Forwarded-For from HAProxy's address, and only from it.
    const haproxyAddress = (haproxy as Service & { networks?: Record<string, { ipv4_address?: string }> }).networks
      ?.sandbox?.ipv4_address;
    expect(haproxyAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    for (const service of sandboxServices) {
      const built = service.build ?? { context: '', dockerfile: '' };
      const context = path.resolve(root, 'src/sandbox/deploy', built.context);
      expect(path.resolve(context, built.dockerfile)).toBe(containerfile);
      expect(service.environment?.SANDBOX_ALLOWED_ORIGINS).toBe(haproxy?.environment?.SANDBOX_ALLOWED_ORIGINS);
      expect(service.environment?.SANDBOX_TRUSTED_PROXIES).toBe(haproxyAddress);
    }
  });
});

describe('the bundle', () => {
  it('takes nothing from a development-only package, which the image’s `npm install --omit=dev` leaves out', async () => {
    const dir = path.join(image.dir, 'bundle-from-checkout');
    const { metafile } = await bundleSandbox(dir);
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const packages = new Set<string>();
    for (const input of Object.keys(metafile.inputs)) {
      // The package folder an input is in: the lock's key, node_modules/a[/node_modules/b…].
      const at = /^(?:.*\/)?(node_modules\/(?:@[^/]+\/)?[^/]+(?:\/node_modules\/(?:@[^/]+\/)?[^/]+)*)/.exec(input)?.[1];
      if (at) packages.add(at);
    }
    expect(packages.size).toBeGreaterThan(10);
    expect([...packages].filter((name) => lock.packages[name] === undefined || lock.packages[name].dev)).toEqual([]);
  }, 60_000);
});

describe('HAProxy with both sandboxes stopped', () => {
  it('answers 503 itself as JSON, the Error the sandbox sends, with CORS for allowed pages only', async () => {
    for (const { child } of sandboxes) child.kill('SIGKILL');
    // Until its health checks take both out of the rotation (2 failed checks, 1 s apart), HAProxy still tries them
    // (and closes a connection whose request it had sent on one that died, for the client to send again).
    const preflight = async () => {
      try {
        return await fetch(`${balancer.baseUrl}/pets`, {
          method: 'OPTIONS',
          headers: {
            Origin: portal,
            'Access-Control-Request-Method': 'GET',
            'Access-Control-Request-Headers': 'x-api-key',
          },
        });
      } catch {
        return undefined;
      }
    };
    const deadline = Date.now() + 15_000;
    let answered = await preflight();
    while (answered?.status !== 204 && Date.now() < deadline) {
      await answered?.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 250));
      answered = await preflight();
    }
    // The preflight of an allowed page is answered, so its request gets the 503 below rather than a CORS failure.
    expect(answered?.status).toBe(204);
    expect(answered?.headers.get('access-control-allow-origin')).toBe(portal);
    expect(answered?.headers.get('access-control-allow-methods')).toBe('GET');
    expect(answered?.headers.get('access-control-allow-headers')).toBe('x-api-key');

    const refused = await fetch(`${balancer.baseUrl}/pets`, { headers: { 'X-API-Key': demoKey, Origin: portal } });
    expect(refused.status).toBe(503);
    const body = await json(refused);
    expect(body).toEqual({ code: 'service_unavailable', message: expect.any(String), status: 503 });
    expect(model.errorCodes.find((entry) => entry.code === 'service_unavailable')?.status).toBe(503);
    expect(refused.headers.get('access-control-allow-origin')).toBe(portal);
    expect(refused.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect(refused.headers.get('vary')).toBe('Origin');
    expect(refused.headers.get('retry-after')).toBe('2');

    // A page on this machine, as the sandbox allows; another site's page gets the same answer, which it cannot read.
    const local = await fetch(`${balancer.baseUrl}/sandbox/health`, { headers: { Origin: 'http://localhost:4321' } });
    expect([local.status, local.headers.get('access-control-allow-origin')]).toEqual([503, 'http://localhost:4321']);
    const other = await fetch(`${balancer.baseUrl}/pets`, { headers: { Origin: stranger } });
    expect(other.status).toBe(503);
    expect(await json(other)).toMatchObject({ code: 'service_unavailable' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const strangerPreflight = await fetch(`${balancer.baseUrl}/pets`, {
      method: 'OPTIONS',
      headers: { Origin: stranger, 'Access-Control-Request-Method': 'GET' },
    });
    expect(strangerPreflight.status).toBe(503);
    expect(strangerPreflight.headers.get('access-control-allow-origin')).toBeNull();
  }, 30_000);
});
