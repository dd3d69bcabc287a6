/**
 * The docs' MCP server for a site of several APIs (portal.json's `apis`), as an agent meets it: started over stdio
 * on tests/fixtures/several-apis/portal.json (a Swagger 2.0 API, an OpenAPI 3.2 one and the Pet Store) and driven by
 * the SDK's own client, with a sandbox service on a port of this test serving the Pet Store below `/petstore`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type HttpBindings, serve } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpHttpApp } from '../../src/mcp/http.ts';
import { siteMcpOptions } from '../../src/mcp/options.ts';
import { sandboxBaseFor } from '../../src/mcp/sandbox-call.ts';
import { type ApiModel, exampleRequest, operationById, sandboxKeyIssuer } from '../../src/openapi/index.ts';
import { systemClock } from '../../src/rate-limits/clock.ts';
import { loadApiOfSite } from '../../src/reference/api-of-site.ts';
import { operationMarkdown } from '../../src/reference/twins/operation-markdown.ts';
import { createSandbox } from '../../src/sandbox/app.ts';
import { createMemoryStore } from '../../src/sandbox/store/memory-store.ts';
import { portalApis } from '../../src/site/portal-apis.ts';
import { loadPortalConfig } from '../../src/site/portal-config.ts';
import { root } from './support/programs.ts';

const portal = path.join(root, 'tests/fixtures/several-apis/portal.json');
/** The site's models as the reference publishes them, each at its /reference/<id>/. */
const models = new Map<string, ApiModel>();
for (const api of portalApis(portal, loadPortalConfig(portal))) models.set(api.id ?? '', await loadApiOfSite(api));
const petstore = models.get('petstore') as ApiModel;

// The sandbox service, serving the Pet Store's sandbox below /petstore as a service of several APIs would.
const { app } = createSandbox({ model: petstore });
const received: string[] = [];
const sandbox = serve({
  fetch: (request: Request, env: unknown) => {
    const url = new URL(request.url);
    received.push(`${request.method} ${url.pathname}`);
    if (!url.pathname.startsWith('/petstore/')) return new Response('not here', { status: 404 });
    url.pathname = url.pathname.slice('/petstore'.length);
    return app.fetch(new Request(url, request), env);
  },
  port: 0,
  hostname: '127.0.0.1',
});
const client = new Client({ name: 'mcp-several-apis-test', version: '1.0.0' });

beforeAll(async () => {
  if (!sandbox.listening) await new Promise((resolve) => sandbox.once('listening', resolve));
  const { port } = sandbox.address() as AddressInfo;
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(root, 'src/mcp/main.ts')],
      cwd: root,
      env: {
        ...(process.env as Record<string, string>),
        PETSTORE_SPEC: portal,
        SITE_URL: 'https://docs.example.org',
        SANDBOX_URL: `http://127.0.0.1:${port}`,
      },
      stderr: 'pipe',
    }),
  );
}, 60_000);

afterAll(async () => {
  await client.close();
  sandbox.close();
});

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
/** A tool's answer, failing the test if it is a tool error. */
const answerOf = async (name: string, args: Record<string, unknown>) => {
  const result = await call(name, args);
  expect(result.isError, textOf(result)).toBeFalsy();
  return textOf(result);
};

describe('the MCP server of a site of several APIs', () => {
  it('has list_apis besides the five tools, each of which takes an optional api', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'call_sandbox',
      'get_operation',
      'get_schema',
      'list_apis',
      'list_operations',
      'search_docs',
    ]);
    for (const tool of tools.filter((t) => t.name !== 'list_apis')) {
      expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).toContain('api');
      expect(tool.inputSchema.required ?? [], tool.name).not.toContain('api');
    }
  });

  it('list_apis lists the three, in portal.json’s order, each with its version, counts and reference', async () => {
    const lines = (await answerOf('list_apis', {})).split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      '- legacy: Kennel Booking API 2.1.0 — 6 operations, 6 models. Reference: https://docs.example.org/reference/legacy/ (Markdown: https://docs.example.org/reference/legacy.md)',
    );
    expect(lines[1]).toMatch(/^- events: Event Hub API 2\.1\.0 — 7 operations, 2 models\. .*\/reference\/events\/ /);
    expect(lines[2]).toMatch(
      /^- petstore: Pet Store API 1\.0\.0 — 20 operations, 13 models\. .*\/reference\/petstore\/ /,
    );
    // The summary under each: the description's own, else its description's opening.
    const list = await answerOf('list_apis', {});
    expect(list).toContain('\n  Book a stay for your pet at a partner kennel.\n');
    expect(list).toContain('\n  Publish events, search them, and be told when they arrive.\n');
  });

  it.each([
    ['legacy', 'getStay'],
    ['events', 'publishEvent'],
    ['petstore', 'placeOrder'],
  ])(
    'get_operation answers %s’s %s with its twin, its links under that API’s /reference/<id>/',
    async (id, operationId) => {
      const model = models.get(id) as ApiModel;
      const twin = operationMarkdown(
        model,
        operationById(model, operationId) as NonNullable<ReturnType<typeof operationById>>,
      );
      // Found by its name alone, and by its API.
      expect(await answerOf('get_operation', { operationId })).toBe(twin);
      expect(await answerOf('get_operation', { operationId, api: id })).toBe(twin);
      const links = [...twin.matchAll(/\]\((\/reference\/[^)]*)\)/g)].map((match) => match[1]);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toMatch(new RegExp(`^/reference/${id}/`));
    },
  );

  it('gives an unknown api a tool error listing the ids, near matches first', async () => {
    const result = await call('get_operation', { operationId: 'placeOrder', api: 'petstor' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'No API is named "petstor". Did you mean: petstore? The APIs are petstore, legacy, events (list_apis describes them).',
    );
    const asked: [string, Record<string, unknown>][] = [
      ['search_docs', { query: 'pet' }],
      ['list_operations', {}],
      ['get_schema', { name: 'Pet' }],
      ['call_sandbox', { operationId: 'listPets' }],
    ];
    for (const [tool, args] of asked) {
      const other = await call(tool, { ...args, api: 'nope' });
      expect(other.isError, tool).toBe(true);
      expect(textOf(other), tool).toMatch(/^No API is named "nope"\. .*The APIs are legacy, events, petstore/);
    }
  });

  it('asks for api when several APIs have the name, and finds a misspelt one in any API', async () => {
    const both = await call('get_schema', { name: 'Pet' });
    expect(both.isError).toBe(true);
    expect(textOf(both)).toBe(
      '"Pet" is a model of several APIs: legacy (Kennel Booking API), petstore (Pet Store API). Pass api to say which.',
    );
    expect(await answerOf('get_schema', { name: 'Pet', api: 'legacy' })).toContain('one of: "dog", "cat"');
    expect(await answerOf('get_schema', { name: 'Pet', api: 'petstore' })).toMatch(/^# Pet$/m);
    const misspelt = await call('get_operation', { operationId: 'getStat' });
    expect(misspelt.isError).toBe(true);
    expect(textOf(misspelt)).toContain('Did you mean: getStay (api legacy)');
    // Asked of an API that has no such name: that API's near matches.
    const elsewhere = await call('get_operation', { operationId: 'getStay', api: 'petstore' });
    expect(elsewhere.isError).toBe(true);
    expect(textOf(elsewhere)).toMatch(/^No operation is named "getStay"\./);
  });

  it('search_docs searches every API and says which each page is from; api narrows it to one', async () => {
    const all = (await answerOf('search_docs', { query: 'stay event' })).split('\n');
    expect(all.some((line) => / \(api legacy\): /.test(line))).toBe(true);
    expect(all.some((line) => / \(api events\): /.test(line))).toBe(true);
    for (const line of all) {
      const api = line.match(/\]\(https:\/\/docs\.example\.org\/reference\/([a-z]+)\//)?.[1];
      if (api) expect(line).toContain(`(api ${api}): `);
    }
    const one = (await answerOf('search_docs', { query: 'stay event', api: 'events' })).split('\n');
    expect(one.length).toBeGreaterThan(0);
    for (const line of one) expect(line).toMatch(/ \((api events|guide)\): /);
  });

  it('list_operations lists every API’s under its id, or one API’s, or a tag’s wherever it is', async () => {
    const all = await answerOf('list_operations', {});
    expect(all.match(/^# .*$/gm)).toEqual([
      '# legacy (Kennel Booking API)',
      '# events (Event Hub API)',
      '# petstore (Pet Store API)',
    ]);
    expect(all).toContain('## Stays (https://docs.example.org/reference/legacy/stays/)');
    const one = await answerOf('list_operations', { api: 'petstore', tag: 'Orders' });
    expect(one).toContain('- placeOrder: POST /store/orders');
    expect(one).not.toMatch(/^# /m);
    const tagged = await answerOf('list_operations', { tag: 'Stays' });
    expect(tagged).toContain('# legacy (Kennel Booking API)\n## Stays');
    expect(tagged).not.toContain('petstore');
  });

  it('call_sandbox sends an API’s request to its sandbox below /<id>, and says which API has none there', async () => {
    received.length = 0;
    const placeOrder = operationById(petstore, 'placeOrder');
    const body = placeOrder && exampleRequest(petstore.schemaResolver, placeOrder).body?.value;
    const result = await call('call_sandbox', { operationId: 'placeOrder', body });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(JSON.parse(textOf(result))).toMatchObject({ status: 201 });
    expect(received).toContain('POST /petstore/store/orders');
    // The kennels' sandbox is not served by this test's service: its path says where it was sent.
    const kennel = JSON.parse(await answerOf('call_sandbox', { operationId: 'listStays', api: 'legacy' }));
    expect(kennel).toMatchObject({ status: 404 });
    expect(received).toContain('GET /legacy/stays');
  });
});

describe('the /mcp of a sandbox service serving the site’s APIs (streamable HTTP)', () => {
  it('answers list_apis, and sends call_sandbox to the API’s prefix of the service, with that API’s own key', async () => {
    const sent: string[] = [];
    const service = {
      fetch: (request: Request, env: HttpBindings) => {
        const url = new URL(request.url);
        sent.push(`${request.method} ${url.pathname}`);
        if (!url.pathname.startsWith('/petstore/')) return new Response('not here', { status: 404 });
        url.pathname = url.pathname.slice('/petstore'.length);
        return app.fetch(new Request(url, request), env);
      },
    };
    // The app is made once the port is known, as the sandbox service makes it.
    const mcp: { app?: ReturnType<typeof mcpHttpApp> } = {};
    const server = serve({
      fetch: (request, env) => mcp.app?.fetch(request, env as HttpBindings) ?? new Response('', { status: 503 }),
      port: 0,
      hostname: '127.0.0.1',
    });
    try {
      if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
      const self = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      mcp.app = mcpHttpApp({
        options: await siteMcpOptions(portal, self),
        sandbox: service,
        store: createMemoryStore(),
        clock: systemClock,
        addresses: { listensOn: '127.0.0.1', allowedOrigins: [] },
      });
      const http = new Client({ name: 'mcp-several-apis-http-test', version: '1.0.0' });
      await http.connect(new StreamableHTTPClientTransport(new URL(`${self}/mcp`)));
      try {
        const list = (await http.callTool({ name: 'list_apis', arguments: {} })) as CallToolResult;
        expect(textOf(list).match(/^- [a-z]+:/gm)).toEqual(['- legacy:', '- events:', '- petstore:']);
        const placeOrder = operationById(petstore, 'placeOrder');
        const body = placeOrder && exampleRequest(petstore.schemaResolver, placeOrder).body?.value;
        const result = (await http.callTool({
          name: 'call_sandbox',
          arguments: { operationId: 'placeOrder', api: 'petstore', body },
        })) as CallToolResult;
        expect(result.isError, textOf(result)).toBeFalsy();
        expect(JSON.parse(textOf(result))).toMatchObject({ status: 201 });
        const issuer = sandboxKeyIssuer(petstore)?.path;
        expect(sent).toEqual([`POST /petstore${issuer}`, 'POST /petstore/store/orders']);
      } finally {
        await http.close();
      }
    } finally {
      server.close();
    }
  }, 60_000);
});

describe('sandboxBaseFor', () => {
  it('is the sandbox itself for a one-API site’s API, and below /<id> for a listed one', () => {
    expect(sandboxBaseFor({ id: undefined }, 'http://localhost:4010')).toBe('http://localhost:4010');
    expect(sandboxBaseFor({ id: undefined }, 'https://sandbox.example.org/')).toBe('https://sandbox.example.org');
    expect(sandboxBaseFor({ id: 'trains' }, 'http://localhost:4010')).toBe('http://localhost:4010/trains');
    expect(sandboxBaseFor({ id: 'trains' }, 'https://example.org/sandbox/')).toBe('https://example.org/sandbox/trains');
  });
});

describe('a portal.json whose API is missing', () => {
  it('stops npm run mcp with the located message, not a stack', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'mcp-missing-api-'));
    const bad = path.join(folder, 'portal.json');
    writeFileSync(bad, JSON.stringify({ apis: [{ id: 'gone', spec: 'gone/openapi.yaml' }] }, null, 2));
    const child = spawn(process.execPath, [path.join(root, 'src/mcp/main.ts')], {
      cwd: root,
      env: { ...process.env, PETSTORE_SPEC: bad },
    });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(said).toContain('gone/openapi.yaml is not a file beside it');
    expect(said).not.toMatch(/\n\s+at /);
  }, 30_000);
});
