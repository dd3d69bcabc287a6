/**
 * `npm run sandbox` as a real process on 127.0.0.1: it serves over HTTP,
 * answers the portal's CORS preflights and exposes the documented headers,
 * and stops cleanly on SIGINT and SIGTERM.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { useRedisServer } from '../../support/redis-stores.ts';
import { startSandboxProcess } from '../../support/sandbox-process.ts';

let child: ChildProcess | undefined;
let printed: () => string = () => '';

/** Starts the sandbox on a free port and resolves with its base URL once it listens. */
async function startServer(env: Record<string, string> = {}): Promise<string> {
  const started = await startSandboxProcess(env);
  child = started.child;
  printed = started.output;
  return started.baseUrl;
}

/** The process's peak resident memory so far (Linux: VmHWM), in bytes; undefined elsewhere. */
function peakMemory(pid: number | undefined): number | undefined {
  const status = pid === undefined ? undefined : readFileSync(`/proc/${pid}/status`, { encoding: 'utf8', flag: 'r' });
  const kb = status ? /VmHWM:\s+(\d+) kB/.exec(status)?.[1] : undefined;
  return kb === undefined ? undefined : Number(kb) * 1024;
}

/**
 * POSTs `size` bytes of JSON with Transfer-Encoding: chunked (no Content-Length), as fast as the
 * server takes them, and resolves with the status once the answer comes, however much was sent.
 */
function postChunked(url: string, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method: 'POST',
      headers: {
        'X-API-Key': 'demo-enterprise-key',
        'Content-Type': 'application/json',
        'Transfer-Encoding': 'chunked',
      },
    });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      response.resume();
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    // Once answered, the server may close while this side still writes.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (!answered && sent < size) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      if (!answered) request.end('"}');
    };
    request.write('{"name":"');
    write();
  });
}

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
});

describe('npm run sandbox', () => {
  it.skipIf(process.platform !== 'linux')(
    'refuses a 16 MiB chunked body with 413 as it passes the limit, growing by less than 8 MB',
    async () => {
      const base = await startServer();
      // One ordinary call first, so that what loads on first use is not counted.
      await fetch(`${base}/pets`, { headers: { 'X-API-Key': 'demo-enterprise-key' } });
      const before = peakMemory(child?.pid) ?? 0;
      expect(await postChunked(`${base}/pets`, 16 * 1024 * 1024)).toBe(413);
      const grew = (peakMemory(child?.pid) ?? 0) - before;
      expect(grew).toBeLessThan(8 * 1024 * 1024);
    },
  );

  it('does not report a client that hangs up mid-body as an internal error', async () => {
    const base = new URL(await startServer());
    const socket = connect(Number(base.port), base.hostname);
    await once(socket, 'connect');
    const head =
      'POST /pets HTTP/1.1\r\nHost: x\r\nX-API-Key: demo-enterprise-key\r\nContent-Type: application/json\r\n';
    // Four bytes of the hundred promised, then the connection is gone (as bash's >/dev/tcp does).
    await new Promise<void>((resolve) => socket.write(`${head}Content-Length: 100\r\n\r\n{"na`, () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Then it answers the next client as usual, and has printed nothing about the first.
    const next = await fetch(`${base.origin}/pets`, { headers: { 'X-API-Key': 'demo-enterprise-key' } });
    expect(next.status).toBe(200);
    expect(printed()).not.toMatch(/Error|aborted/);
  });

  it('serves the API over HTTP with the demo keys', async () => {
    const base = await startServer();
    const response = await fetch(`${base}/pets/1/details`, { headers: { 'X-API-Key': 'demo-free-key' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 1, name: 'Rex' });
    expect(response.headers.get('X-RateLimit-Limit')).toBe('60');
  });

  it('lets the portal read the documented headers across origins', async () => {
    const base = await startServer({ SITE_URL: 'https://docs.petstore.dev' });
    const preflight = await fetch(`${base}/pets`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://docs.petstore.dev',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-api-key, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('https://docs.petstore.dev');
    expect(headerList(preflight.headers.get('Access-Control-Allow-Methods')).sort()).toEqual([
      'DELETE',
      'GET',
      // The console's probe: a plain OPTIONS tells it the sandbox is running.
      'OPTIONS',
      'POST',
      'PUT',
    ]);
    expect(preflight.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('x-api-key');

    const response = await fetch(`${base}/pets/1`, {
      headers: { Origin: 'http://localhost:4321', 'X-API-Key': 'demo-free-key' },
    });
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:4321');
    const exposed = headerList(response.headers.get('Access-Control-Expose-Headers'));
    for (const name of [
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Retry-After',
      'Deprecation',
      'Sunset',
      'Link',
    ]) {
      expect(exposed).toContain(name);
    }

    const stranger = await fetch(`${base}/pets`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(stranger.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'stops cleanly on %s, even with a keep-alive connection open',
    async (signal) => {
      const base = await startServer();
      await fetch(`${base}/categories`, { headers: { 'X-API-Key': 'demo-free-key', Connection: 'keep-alive' } });
      const exited = once(child as ChildProcess, 'exit');
      child?.kill(signal);
      const [code] = await exited;
      expect(code).toBe(0);
    },
  );

  it('answers the request in flight when told to stop (SIGTERM), then exits', async () => {
    const base = await startServer();
    const { port } = new URL(base);
    const body = JSON.stringify({ name: 'Drained', categoryId: 1 });
    const started = Date.now();
    const answer = new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${base}/pets`, {
        method: 'POST',
        headers: {
          'X-API-Key': 'demo-enterprise-key',
          'Content-Type': 'application/json',
          'Content-Length': body.length,
        },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      // Half the body now; the rest after the signal, so the request is in flight when it comes.
      request.write(body.slice(0, 10));
      setTimeout(() => request.end(body.slice(10)), 500);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = once(child as ChildProcess, 'exit');
    child?.kill('SIGTERM');
    expect(await answer).toBe(201);
    const [code] = await exited;
    expect(code).toBe(0);
    // It did not wait for the 10 s cut-off, and no longer listens.
    expect(Date.now() - started).toBeLessThan(5_000);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1');
      socket.once('connect', () => resolve(false));
      socket.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  });
});

describe('npm run sandbox with SANDBOX_STORE', () => {
  const redis = useRedisServer();

  it('keeps its records in that Redis: two sandbox processes on one answer as one', async () => {
    const env = { SANDBOX_STORE: redis.server.url };
    const first = await startSandboxProcess(env);
    const second = await startSandboxProcess(env).catch((error: unknown) => {
      first.child.kill('SIGKILL');
      throw error;
    });
    try {
      expect(first.output()).toContain(`data in 127.0.0.1:${redis.server.port}`);
      const created = await untilStoreAnswers(() =>
        fetch(`${first.baseUrl}/pets`, {
          method: 'POST',
          headers: { 'X-API-Key': 'demo-enterprise-key', 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'Nova', categoryId: 1 }),
        }),
      );
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const read = await untilStoreAnswers(() =>
        fetch(`${second.baseUrl}/pets/${id}`, { headers: { 'X-API-Key': 'demo-enterprise-key' } }),
      );
      expect([read.status, ((await read.json()) as { name: string }).name]).toEqual([200, 'Nova']);
    } finally {
      for (const { child: process } of [first, second]) {
        process.kill('SIGTERM');
        await once(process, 'exit');
      }
    }
  });

  it('refuses, in one line, a SANDBOX_STORE that is not a Redis URL', async () => {
    const refused = await startSandboxProcess({ SANDBOX_STORE: 'localhost:6379' }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toContain(
      'SANDBOX_STORE is "localhost:6379"; it takes a Redis or Valkey URL, redis://host:port[/db].',
    );
    expect(refused).not.toMatch(/\n\s+at /);
  });
});

/**
 * The answer once it is not the sandbox's 503 for a store command that timed out: on a machine loaded past its cores a
 * Redis command can take longer than the store's short timeout, and 503 is then the right answer; a client tries again.
 */
async function untilStoreAnswers(send: () => Promise<Response>, tries = 4): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const answer = await send();
    if (answer.status !== 503 || attempt === tries) return answer;
    await answer.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Sends `bytes` as they are on a new connection and resolves with all that comes back before it closes. */
function rawExchange(base: string, bytes: Buffer | string): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    socket.on('close', () => resolve(received));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(received) : reject(error),
    );
  });
}

/** The status and JSON body of a raw HTTP answer. */
function parsed(answer: string): { status: number; body: { code?: string; status?: number; message?: string } } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
  const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
  return { status, body: body ? (JSON.parse(body) as { code?: string }) : {} };
}

describe('npm run sandbox facing the internet', () => {
  it('answers what Node’s HTTP parser refuses with the JSON Error body and a catalog code', async () => {
    const base = await startServer();
    const hugeHeader = await rawExchange(
      base,
      `GET /pets HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(1_000_000)}\r\n\r\n`,
    );
    expect(parsed(hugeHeader)).toMatchObject({ status: 431, body: { code: 'headers_too_large', status: 431 } });
    const query = Array.from({ length: 10_000 }, (_, i) => `p${i}=1`).join('&');
    const manyParameters = await rawExchange(base, `GET /pets?${query} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(parsed(manyParameters)).toMatchObject({ status: 431, body: { code: 'headers_too_large' } });
    const rawBytes = await rawExchange(
      base,
      Buffer.concat([Buffer.from('GET /pets'), Buffer.from([0xff, 0xff]), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]),
    );
    expect(parsed(rawBytes)).toMatchObject({ status: 400, body: { code: 'malformed_request', status: 400 } });
    // Still serving.
    expect((await fetch(`${base}/categories`, { headers: { 'X-API-Key': 'demo-free-key' } })).status).toBe(200);
  });

  it('closes connections that send a header line every 2 s once the headers timeout passes', async () => {
    const base = await startServer();
    const { port } = new URL(base);
    const started = Date.now();
    const closedAfter = await Promise.all(
      Array.from(
        { length: 50 },
        () =>
          new Promise<number>((resolve) => {
            const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /pets HTTP/1.1\r\nHost: x\r\n'));
            const drip = setInterval(() => socket.writable && socket.write(`X-Drip: ${Date.now()}\r\n`), 2_000);
            socket.on('data', () => undefined);
            socket.on('close', () => {
              clearInterval(drip);
              resolve(Date.now() - started);
            });
            socket.on('error', () => undefined);
          }),
      ),
    );
    // Headers within 10 s (Node looks every second); none held past 13 s.
    expect(Math.max(...closedAfter)).toBeLessThan(13_000);
    expect(Math.min(...closedAfter)).toBeGreaterThanOrEqual(9_000);
  }, 30_000);
});

/** A list-valued header's items (RFC 9110 §5.6.1: commas, with or without spaces). */
function headerList(value: string | null): string[] {
  return value ? value.split(/\s*,\s*/) : [];
}
