/**
 * The sandbox service's `/mcp` facing the internet (`npm run sandbox`, a real process): clients told apart by their
 * addresses (127.0.0.x: Linux routes all of 127/8 to this machine), each with its own personal sandbox key, its own
 * rate limit and a cap on its requests in flight; batches and bodies bounded; requests for another Host or from
 * another Origin refused (DNS rebinding).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/local-net.ts';
import { root } from './support/programs.ts';

let port = 0;
let service: ChildProcess;

beforeAll(async () => {
  port = await freePort();
  service = spawn(process.execPath, [path.join(root, 'src/sandbox/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      SANDBOX_PORT: String(port),
      SITE_URL: 'https://docs.example.org',
      SANDBOX_URL: 'https://sandbox.example.org',
    },
  });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    service.stdout?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('/mcp (streamable HTTP)')) resolve();
    });
    service.once('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${said}`)));
  });
}, 60_000);

afterAll(() => {
  service?.kill('SIGTERM');
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

const mcpHeaders = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2025-06-18',
};

/** One request from the client at `from`, on a connection of its own. */
function send(
  from: string,
  {
    method = 'POST',
    target = '/mcp',
    headers = mcpHeaders,
    body,
  }: Partial<{ method: string; target: string; headers: Record<string, string>; body: string }>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: target, method, headers, localAddress: from, agent: false },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});
const getPet = (id: number) => toolCall(id, 'call_sandbox', { operationId: 'getPet', pathParams: { petId: 1 } });
const listTools = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

/** The sandbox's statuses in a batch's answers to call_sandbox. */
function sandboxStatuses(answer: Answer): number[] {
  type Result = { result: { content: { text: string }[] } };
  // The SDK answers a batch of one with that one answer.
  const parsed = JSON.parse(answer.text) as Result | Result[];
  const results = Array.isArray(parsed) ? parsed : [parsed];
  return results.map((r) => (JSON.parse(r.result.content[0]?.text ?? '{}') as { status: number }).status);
}

/** A JSON-RPC error answer: its HTTP status and message. */
function jsonRpcError(answer: Answer): { status: number; message: string } {
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as { jsonrpc: string; error: { code: number; message: string }; id: null };
  expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: expect.any(Number) } });
  return { status: answer.status, message: body.error.message };
}

/** Requests that send their headers and half their body, then wait: they are in flight until `end`. */
function slowRequests(from: string, count: number) {
  const requests = Array.from({ length: count }, () => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: '/mcp',
      method: 'POST',
      headers: { ...mcpHeaders, 'Content-Length': String(listTools.length) },
      localAddress: from,
      agent: false,
    });
    request.on('error', () => undefined);
    request.write(listTools.slice(0, 10));
    return request;
  });
  return {
    end: () => {
      for (const request of requests) request.destroy();
    },
  };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('/mcp, one client’s flood', () => {
  it('limits that client’s own key: another client’s call_sandbox and the sandbox’s own address go on', async () => {
    const flood: number[] = [];
    for (let i = 0; i < 8; i++) {
      const body = JSON.stringify(Array.from({ length: 10 }, (_, j) => getPet(j + 1)));
      const answer = await send('127.0.0.2', { body });
      if (answer.status === 200) flood.push(...sandboxStatuses(answer));
    }
    // The flooder's key (Free: 60 a minute) was rate limited, then banned.
    expect(flood).toContain(429);

    const other = await send('127.0.0.3', { body: JSON.stringify([getPet(1)]) });
    expect(other.status).toBe(200);
    expect(sandboxStatuses(other)).toEqual([200]);

    // The MCP server calls the sandbox as its client, not as 127.0.0.1: this machine's own keyless calls go on.
    const own = await send('127.0.0.1', {
      target: '/sandbox/keys',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ plan: 'free' }),
    });
    expect(own.status).toBe(201);
  }, 60_000);

  it('is rate limited per client: a 429 with Retry-After and a JSON-RPC error, other clients unaffected', async () => {
    let limited: Answer | undefined;
    for (let i = 0; i < 500 && !limited; i++) {
      const answer = await send('127.0.0.4', { body: listTools });
      if (answer.status !== 200) limited = answer;
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    if (limited)
      expect(jsonRpcError(limited).message).toMatch(/^Rate limit of \d+ messages per minute to \/mcp exceeded/);
    expect((await send('127.0.0.5', { body: listTools })).status).toBe(200);
    // A batch counts each of its messages: batches of 10 reach the quota in 13 requests (25, should a minute end
    // between them), where single messages take 121.
    const batch = JSON.stringify(Array.from({ length: 10 }, (_, i) => toolCall(i + 1, 'list_operations', {})));
    const statuses: number[] = [];
    while (statuses.length < 25 && !statuses.includes(429)) {
      statuses.push((await send('127.0.0.14', { body: batch })).status);
    }
    expect(statuses).toContain(429);
  }, 60_000);

  it('caps one client’s requests in flight (429) and the instance’s (503), each with Retry-After', async () => {
    const slow = slowRequests('127.0.0.6', 4);
    await settle();
    const over = await send('127.0.0.6', { body: listTools });
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBe('1');
    expect(jsonRpcError(over).message).toMatch(/requests in flight/);
    expect((await send('127.0.0.7', { body: listTools })).status).toBe(200);
    slow.end();

    const many = Array.from({ length: 16 }, (_, i) => slowRequests(`127.0.1.${i + 1}`, 1));
    await settle();
    const busy = await send('127.0.0.8', { body: listTools });
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(jsonRpcError(busy).message).toMatch(/requests in flight/);
    for (const one of many) one.end();
    await settle();
    expect((await send('127.0.0.8', { body: listTools })).status).toBe(200);
  }, 60_000);
});

describe('/mcp requests', () => {
  it('hold at most 10 messages in a batch, else a JSON-RPC error naming the limit', async () => {
    const batch = (n: number) =>
      JSON.stringify(Array.from({ length: n }, (_, i) => toolCall(i + 1, 'list_operations', {})));
    expect((await send('127.0.0.9', { body: batch(10) })).status).toBe(200);
    for (const n of [11, 100]) {
      const refused = jsonRpcError(await send('127.0.0.9', { body: batch(n) }));
      expect(refused).toEqual({
        status: 400,
        message: `A JSON-RPC batch to /mcp holds at most 10 messages; this one holds ${n}.`,
      });
    }
  });

  it('have a body of at most 1 MiB, else 413', async () => {
    const big = JSON.stringify(toolCall(1, 'search_docs', { query: 'x'.repeat(2 * 1024 * 1024) }));
    // The refusal comes as soon as the length is known, and the server stops reading: the client sends the start of
    // the body and reads the answer, instead of racing the rest of its 2 MiB against the closing connection (EPIPE).
    const refused = await new Promise<Answer>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/mcp',
          method: 'POST',
          headers: { ...mcpHeaders, 'Content-Length': String(Buffer.byteLength(big)) },
          localAddress: '127.0.0.10',
          agent: false,
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () => {
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text });
            request.destroy();
          });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      });
      request.write(big.slice(0, 1024));
    });
    expect(jsonRpcError(refused)).toEqual({
      status: 413,
      message: 'The request body is over the limit of 1048576 bytes.',
    });
  });

  it('for another Host or from another Origin are refused with 403 (DNS rebinding)', async () => {
    const withHeaders = (extra: Record<string, string>) =>
      send('127.0.0.11', { headers: { ...mcpHeaders, ...extra }, body: listTools });
    for (const host of ['sandbox.example.org', `localhost:${port}`, `127.0.0.1:${port}`]) {
      expect((await withHeaders({ Host: host })).status, host).toBe(200);
    }
    for (const origin of ['https://sandbox.example.org', 'https://docs.example.org', `http://localhost:5173`]) {
      expect((await withHeaders({ Origin: origin })).status, origin).toBe(200);
    }
    expect(jsonRpcError(await withHeaders({ Host: 'rebound.example.com' }))).toEqual({
      status: 403,
      message: 'Requests to /mcp for the host rebound.example.com are refused: it is not this server’s address.',
    });
    expect(jsonRpcError(await withHeaders({ Origin: 'https://rebound.example.com' }))).toEqual({
      status: 403,
      message: 'Requests to /mcp from the origin https://rebound.example.com are refused.',
    });
  });
});
