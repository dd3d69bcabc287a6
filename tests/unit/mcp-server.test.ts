/**
 * The docs' MCP server (src/mcp/) as an agent meets it: started over stdio and driven by the official SDK's own
 * client, with a real sandbox on a port of this test for `call_sandbox`; then over streamable HTTP, at /mcp of the
 * sandbox service (`npm run sandbox`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchableGuides } from '../../src/mcp/guides.ts';
import { exampleRequest, loadApiModel, operationById } from '../../src/openapi/index.ts';
import { createSandbox } from '../../src/sandbox/app.ts';
import { defineSiteConfig } from '../../src/site/site-config.ts';
import { freePort } from '../support/local-net.ts';
import { minimalSpec, modelOf } from './support/check.ts';
import { root } from './support/programs.ts';

const model = await loadApiModel(path.join(root, 'spec/openapi.yaml'));
const { app } = createSandbox({ model });
/** Every request the sandbox of these tests was sent, as `METHOD /path`. */
const received: string[] = [];
const sandbox = serve({
  fetch: (request: Request, env: unknown) => {
    received.push(`${request.method} ${new URL(request.url).pathname}`);
    return app.fetch(request, env);
  },
  port: 0,
  hostname: '127.0.0.1',
});
const client = new Client({ name: 'mcp-server-test', version: '1.0.0' });

beforeAll(async () => {
  if (!sandbox.listening) await new Promise((resolve) => sandbox.once('listening', resolve));
  const { port } = sandbox.address() as AddressInfo;
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(root, 'src/mcp/main.ts')],
      cwd: root,
      env: { ...(process.env as Record<string, string>), SANDBOX_URL: `http://127.0.0.1:${port}` },
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

describe('the MCP server', () => {
  it('lists its five tools, each with an input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'call_sandbox',
      'get_operation',
      'get_schema',
      'list_operations',
      'search_docs',
    ]);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('get_operation')?.inputSchema.required).toEqual(['operationId']);
    expect(Object.keys(byName.get('call_sandbox')?.inputSchema.properties ?? {})).toEqual([
      'operationId',
      'pathParams',
      'query',
      'body',
    ]);
    expect(byName.get('search_docs')?.inputSchema.required).toEqual(['query']);
    expect(byName.get('list_operations')?.inputSchema.required ?? []).toEqual([]);
  });

  it('get_operation answers placeOrder with its Markdown twin: method, path and the Order’s fields', async () => {
    const result = await call('get_operation', { operationId: 'placeOrder' });
    expect(result.isError).toBeFalsy();
    const markdown = textOf(result);
    expect(markdown).toContain('`POST /store/orders`');
    for (const field of ['petId', 'quantity', 'shipDate', 'complete']) expect(markdown).toContain(`\`${field}\``);
  });

  it('gives an unknown operationId a tool error naming the near matches', async () => {
    const result = await call('get_operation', { operationId: 'placeOrdr' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/No operation is named "placeOrdr"\. Did you mean: placeOrder/);
    const schema = await call('get_schema', { name: 'Ordr' });
    expect(schema.isError).toBe(true);
    expect(textOf(schema)).toContain('Did you mean: Order');
  });

  it('lists operations by tag, gets a model, and finds pages by words', async () => {
    const orders = textOf(await call('list_operations', { tag: 'Orders' }));
    expect(orders).toContain('- placeOrder: POST /store/orders');
    expect(orders).not.toContain('listPets');
    expect(textOf(await call('get_schema', { name: 'Order' }))).toMatch(/^# Order$/m);
    const found = textOf(await call('search_docs', { query: 'place order' }));
    expect(found.split('\n')[0]).toMatch(
      /^- \[Place an order\]\(https?:\/\/[^)]+\/reference\/orders\/place-order\.md\): /,
    );
  });

  it('finds the guides too, by their title, headings and prose, each with its Markdown link and a snippet', async () => {
    const guide = (slug: string) => new RegExp(`^- \\[[^\\]]+\\]\\(https?://[^)]+/guides/${slug}\\.md\\): `);
    const byTitle = textOf(await call('search_docs', { query: 'custom domains' })).split('\n');
    expect(byTitle[0]).toMatch(guide('custom-domains'));
    expect(byTitle[0]).toMatch(/^- \[Custom domains\]/);
    // A heading's words, then words only its prose has.
    expect(textOf(await call('search_docs', { query: 'IETF RateLimit fields' })).split('\n')[0]).toMatch(
      guide('rate-limits'),
    );
    // Getting started mentions machine-readable codes too; only the errors guide says they are stable.
    const byProse = textOf(await call('search_docs', { query: 'machine-readable stable' })).split('\n')[0];
    expect(byProse).toMatch(guide('errors'));
    expect(byProse).toContain('machine-readable and stable: branch on it');
  });

  it('call_sandbox places an order in the sandbox with a personal key and returns 201', async () => {
    const placeOrder = operationById(model, 'placeOrder');
    if (!placeOrder) throw new Error('placeOrder is missing');
    const { body } = exampleRequest(model.schemaResolver, placeOrder);
    const result = await call('call_sandbox', { operationId: 'placeOrder', body: body?.value });
    expect(result.isError, textOf(result)).toBeFalsy();
    const answer = JSON.parse(textOf(result)) as { status: number; headers: Record<string, string>; body: unknown };
    expect(answer.status).toBe(201);
    expect(answer.headers['x-ratelimit-limit']).toBeDefined();
    expect(answer.body).toMatchObject({ complete: false });
    const missing = await call('call_sandbox', { operationId: 'getOrder' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('needs pathParams orderId');
  });
});

describe('call_sandbox over stdio', () => {
  /** A stdio server for the Pet Store whose description names this test's sandbox as its own sandbox server. */
  async function connectTo(args: string[]): Promise<Client> {
    const { port } = sandbox.address() as AddressInfo;
    const folder = mkdtempSync(path.join(tmpdir(), 'petstore-mcp-described-'));
    const spec = readFileSync(path.join(root, 'spec/openapi.yaml'), 'utf8').replace(
      'url: http://localhost:4010',
      `url: http://127.0.0.1:${port}`,
    );
    writeFileSync(path.join(folder, 'openapi.yaml'), spec);
    const { SANDBOX_URL: _hosted, ...env } = process.env as Record<string, string>;
    const stdio = new Client({ name: 'mcp-stdio-address-test', version: '1.0.0' });
    await stdio.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [path.join(root, 'src/mcp/main.ts'), ...args],
        cwd: root,
        // Nothing listens on the local sandbox's port: the default address answers nothing.
        env: { ...env, PETSTORE_SPEC: path.join(folder, 'openapi.yaml'), SANDBOX_PORT: String(await freePort()) },
        stderr: 'pipe',
      }),
    );
    return stdio;
  }

  it('does not send to the server the description names, only to the one --sandbox-url names', async () => {
    received.length = 0;
    const unnamed = await connectTo([]);
    try {
      const result = (await unnamed.callTool({
        name: 'call_sandbox',
        arguments: { operationId: 'listPets' },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^The sandbox at http:\/\/localhost:\d+ cannot be reached/);
      expect(received).toEqual([]);
    } finally {
      await unnamed.close();
    }
    const { port } = sandbox.address() as AddressInfo;
    const named = await connectTo(['--sandbox-url', `http://127.0.0.1:${port}`]);
    try {
      const result = (await named.callTool({
        name: 'call_sandbox',
        arguments: { operationId: 'listPets' },
      })) as CallToolResult;
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(JSON.parse(textOf(result))).toMatchObject({ status: 200 });
      expect(received).toContain('GET /pets');
    } finally {
      await named.close();
    }
  }, 60_000);
});

describe('the MCP server at the sandbox service’s /mcp (streamable HTTP)', () => {
  it('answers the SDK’s HTTP client with the same tools, and places an order through the sandbox it runs in', async () => {
    const port = await freePort();
    const service = spawn(process.execPath, [path.join(root, 'src/sandbox/main.ts')], {
      cwd: root,
      env: { ...process.env, SANDBOX_PORT: String(port) },
    });
    try {
      // Ready once it says where its MCP server is.
      await new Promise<void>((resolve, reject) => {
        let said = '';
        service.stdout.on('data', (chunk: Buffer) => {
          said += chunk.toString();
          if (said.includes('/mcp (streamable HTTP)')) resolve();
        });
        service.once('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${said}`)));
      });
      const http = new Client({ name: 'mcp-http-test', version: '1.0.0' });
      await http.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
      const { tools } = await http.listTools();
      expect(tools.map((tool) => tool.name)).toContain('get_operation');
      const placeOrder = operationById(model, 'placeOrder');
      const body = placeOrder && exampleRequest(model.schemaResolver, placeOrder).body?.value;
      const result = (await http.callTool({
        name: 'call_sandbox',
        arguments: { operationId: 'placeOrder', body },
      })) as CallToolResult;
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(JSON.parse(textOf(result))).toMatchObject({ status: 201 });
      await http.close();
    } finally {
      service.kill('SIGTERM');
    }
  }, 60_000);
});

describe('the guides search_docs looks through', () => {
  it('are those the site ships (their requires met), by headings and prose, without MDX imports or components', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'petstore-mcp-guides-'));
    writeFileSync(
      path.join(folder, 'limits.mdx'),
      '---\ntitle: Limits\nrequires: [rateLimits]\n---\n\nOnly with plans.\n',
    );
    writeFileSync(
      path.join(folder, 'basics.mdx'),
      [
        '---',
        'title: Basics',
        'description: The first steps.',
        '---',
        '',
        "import Table from '../Table.astro';",
        '',
        '## Keys and calls',
        '',
        'Send the `X-Api-Key` header.',
        '',
        '<Table rows="hidden words" />',
        '',
        '```sh',
        'curl secret-sample',
        '```',
      ].join('\n'),
    );
    const tiny = await modelOf(minimalSpec);
    const guides = searchableGuides(tiny, defineSiteConfig({}), folder);
    expect(guides.map((g) => [g.title, g.path])).toEqual([['Basics', '/guides/basics.md']]);
    const [basics] = guides;
    expect(basics?.text).toContain('The first steps.');
    expect(basics?.text).toContain('Keys and calls.');
    expect(basics?.text).toContain('Send the X-Api-Key header.');
    for (const left of ['import', 'Table', 'hidden words', 'secret-sample']) expect(basics?.text).not.toContain(left);
  });
});
