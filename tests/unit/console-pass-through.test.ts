/**
 * The console's side of the pass-through (portal.json's `tryIt.passThrough`): what the page tells the console, and
 * the fetch wrapper that sends only the description's own servers' requests through the sandbox's `/proxy`, while
 * the page's servers and samples keep the real URLs.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { passThroughUrl, throughPassThrough } from '../../src/console/pass-through.ts';
import type { PassThroughTarget } from '../../src/contracts/console-target.ts';
import { codeSamples, loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { consoleTarget } from '../../src/reference/pages/console-target.ts';
import { consoleSandbox, passThroughNote } from '../../src/site/console-sandbox.ts';
import { siteConfigSchema } from '../../src/site/site-config.ts';

const model = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..'), {}));
const listPets = model.operations.find((operation) => operation.operationId === 'listPets');
if (!listPets) throw new Error('the Pet Store has listPets');

describe('portal.json tryIt.passThrough', () => {
  it('is off unless turned on, and refuses unknown fields', () => {
    expect(siteConfigSchema.parse({}).tryIt?.passThrough).toBeUndefined();
    expect(siteConfigSchema.parse({ tryIt: {} }).tryIt?.passThrough).toBe(false);
    expect(siteConfigSchema.parse({ tryIt: { passThrough: true } }).tryIt?.passThrough).toBe(true);
    expect(siteConfigSchema.safeParse({ tryIt: { proxy: true } }).success).toBe(false);
  });
});

describe('what a build says when it is on', () => {
  it('names the servers and the pass-through, or warns that there is no sandbox service', () => {
    expect(passThroughNote(model, { SANDBOX_URL: 'https://sandbox.example.org' })).toEqual({
      level: 'info',
      message: expect.stringContaining(
        'https://api.petstore.dev through the pass-through at https://sandbox.example.org/proxy',
      ),
    });
    const noSandbox = { ...model, servers: model.servers.filter((server) => !server.demoKeys) };
    expect(passThroughNote(noSandbox, {}).level).toBe('warn');
  });
});

describe('what the page tells the console', () => {
  const local = consoleSandbox(model, { dev: true });

  it('names the sandbox service pass-through and the servers it reaches (not the sandbox) only when on', () => {
    const off = consoleTarget(model, listPets, local);
    const on = consoleTarget(model, listPets, local, undefined, { passThrough: true });
    expect(off.passThrough).toBeUndefined();
    expect(on.passThrough).toEqual({ url: 'http://localhost:4010/proxy', servers: ['https://api.petstore.dev'] });
    // Everything else is the same: the servers the console lists and the request it fills in keep the real URLs.
    const { passThrough: _, ...rest } = on;
    expect(rest).toEqual(off);
    expect(on.servers).toContain('{base_url}');
  });

  it("uses the hosted sandbox's address on a published site", () => {
    const hosted = consoleSandbox(model, { dev: false, env: { SANDBOX_URL: 'https://sandbox.example.org/' } });
    expect(consoleTarget(model, listPets, hosted, undefined, { passThrough: true }).passThrough?.url).toBe(
      'https://sandbox.example.org/proxy',
    );
  });

  it('keeps the real URL in the samples', () => {
    const samples = codeSamples(model, listPets);
    expect(samples.find((sample) => sample.id === 'curl')?.code).toContain('https://api.petstore.dev/pets');
    for (const sample of samples) expect(sample.code).not.toContain('/proxy');
  });
});

describe('the console fetch wrapper', () => {
  const target: PassThroughTarget = {
    url: 'http://localhost:4010/proxy',
    servers: ['https://api.petstore.dev', 'https://api.example.com/v1'],
  };

  /** A fetch that records what it was asked and answers 200 with a body. */
  function recorder() {
    const calls: { url: string; method: string; headers: Headers; body: string | undefined }[] = [];
    const send: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      calls.push({
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: request.body ? await request.text() : undefined,
      });
      return Response.json({ ok: true }, { status: 201, headers: { 'X-RateLimit-Remaining': '9' } });
    };
    return { calls, send };
  }

  it('rewrites a request for a listed server into the pass-through form, same method, headers and body', async () => {
    const { calls, send } = recorder();
    const wrapped = throughPassThrough(target, send);
    const response = await wrapped(
      new Request('https://api.petstore.dev/pets?limit=2', {
        method: 'POST',
        headers: { 'X-API-Key': 'real-key', 'Content-Type': 'application/json' },
        body: '{"name":"Rex"}',
      }),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://localhost:4010/proxy/https%3A%2F%2Fapi.petstore.dev%2Fpets%3Flimit%3D2');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('x-api-key')).toBe('real-key');
    expect(calls[0]?.body).toBe('{"name":"Rex"}');
    // The answer is the real server's, with no URL of its own: Scalar shows the URL it asked for.
    expect(response.status).toBe(201);
    expect(response.url).toBe('');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('9');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('rewrites a URL and init the same way', async () => {
    const { calls, send } = recorder();
    await throughPassThrough(target, send)('https://api.example.com/v1/things/7', { method: 'DELETE' });
    expect(calls[0]).toMatchObject({
      url: `http://localhost:4010/proxy/${encodeURIComponent('https://api.example.com/v1/things/7')}`,
      method: 'DELETE',
    });
  });

  it('sends everything else as it is: the sandbox, other hosts, other schemes, other base paths', async () => {
    const { calls, send } = recorder();
    const wrapped = throughPassThrough(target, send);
    const untouched = [
      'http://localhost:4010/pets',
      'https://api.petstore.dev.evil.example/pets',
      'https://evil.example/?u=https://api.petstore.dev',
      'http://api.petstore.dev/pets',
      'https://api.petstore.dev:8443/pets',
      'https://api.example.com/v2/things',
      'https://api.example.com/v10',
    ];
    for (const url of untouched) await wrapped(url);
    expect(calls.map((call) => call.url)).toEqual(untouched);
  });

  it('is the fetch it wraps when the page names no pass-through', () => {
    const { send } = recorder();
    expect(throughPassThrough(undefined, send)).toBe(send);
  });

  it('makes the URL that the sandbox reads back as the real one', () => {
    const proxied = passThroughUrl(target, 'https://api.example.com/v1/things?q=a b&x=1#frag');
    expect(proxied).toBe(
      `http://localhost:4010/proxy/${encodeURIComponent('https://api.example.com/v1/things?q=a%20b&x=1')}`,
    );
    expect(decodeURIComponent(new URL(proxied ?? '').pathname.slice('/proxy/'.length))).toBe(
      'https://api.example.com/v1/things?q=a%20b&x=1',
    );
    expect(passThroughUrl(target, '/pets')).toBeUndefined();
    expect(passThroughUrl(target, '/v1/x', 'https://api.example.com/')).toBe(
      `http://localhost:4010/proxy/${encodeURIComponent('https://api.example.com/v1/x')}`,
    );
  });
});
