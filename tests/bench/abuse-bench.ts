/**
 * `npm run bench:abuse`: the hosted sandbox (Pet Store, on a redis-server the bench starts) while one client abuses
 * it, and what another client sees meanwhile. Each client sends from its own loopback address (127.0.0.x), as
 * separate visitors reach a sandbox on the internet. Four runs of BENCH_SECONDS (default 10) each:
 *   - alone: the other client by itself, for comparison;
 *   - key minting: 8 connections asking `POST /sandbox/keys` while carrying the public Enterprise demo key;
 *   - MCP flood: 8 connections sending `/mcp` batches of `call_sandbox` calls;
 *   - data growth: 8 connections creating pets with one personal Enterprise key.
 * The other client calls `GET /pets` with its own personal key, 20 times a second. Goal: every one of its answers
 * 200, p99 under 20 ms, in every run; the abuser held (keys and records refused past their budget, no ban of the
 * sandbox's own address, Redis memory bounded). A measurement, not a test: figures vary with the machine's load.
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { startRedisServer } from '../support/redis-server.ts';
import { startSandboxProcess } from '../support/sandbox-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 8;
const victimPerSecond = 20;
const enterpriseDemoKey = 'demo-enterprise-key';

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** A visitor: its own loopback address and keep-alive connections. */
function client(address: string) {
  const agent = new http.Agent({ keepAlive: true, localAddress: address, maxSockets: connections });
  return (base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<Answer>((resolve) => {
      const started = performance.now();
      const request = http.request(`${base}${path}`, { method, agent, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < 4096) text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text, ms: performance.now() - started }),
        );
      });
      request.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - started }));
      if (body !== undefined) request.end(body);
      else request.end();
    });
}
type Client = ReturnType<typeof client>;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
};
const count = (answers: Answer[]) => {
  const byStatus = new Map<number, number>();
  for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  return (
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ') || 'none'
  );
};

async function personalKey(send: Client, base: string, plan: string): Promise<string> {
  const answer = await send(
    base,
    'POST',
    '/sandbox/keys',
    { 'Content-Type': 'application/json' },
    JSON.stringify({ plan }),
  );
  const key = (JSON.parse(answer.body || '{}') as { key?: string }).key;
  if (answer.status !== 201 || !key)
    throw new Error(`no personal key (${answer.status}): ${answer.body.slice(0, 200)}`);
  return key;
}

/** `work` over `connections` connections until `until`; every answer kept. */
async function flood(until: number, work: (i: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  let sent = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) answers.push(await work(sent++));
    }),
  );
  return answers;
}

/** The other client's calls, evenly spaced, until `until`. */
async function steadyVictim(send: Client, base: string, key: string, until: number): Promise<Answer[]> {
  const calls: Promise<Answer>[] = [];
  while (Date.now() < until) {
    calls.push(send(base, 'GET', '/pets', { 'X-API-Key': key }));
    await new Promise((resolve) => setTimeout(resolve, 1000 / victimPerSecond));
  }
  return Promise.all(calls);
}

function redisFigures(port: number): string {
  const info = spawnSync('redis-cli', ['-p', String(port), 'info', 'memory'], { encoding: 'utf8' }).stdout ?? '';
  const keys = spawnSync('redis-cli', ['-p', String(port), 'dbsize'], { encoding: 'utf8' }).stdout?.trim();
  const used = /used_memory_human:(\S+)/.exec(info)?.[1] ?? '?';
  return `Redis: ${keys} keys, ${used}`;
}

// The other client runs in a thread of its own, so that the flood's callbacks in this one do not delay its timings.
if (!isMainThread) {
  const { base, key, until } = workerData as { base: string; key: string; until: number };
  parentPort?.postMessage(await steadyVictim(client('127.0.0.9'), base, key, until));
}

function victimThread(base: string, key: string, forMs: number): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { base, key, until: Date.now() + forMs } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

if (isMainThread) {
  const redis = await startRedisServer();
  const sandbox = await startSandboxProcess({ SANDBOX_STORE: redis.url, SANDBOX_ALLOWED_ORIGINS: 'http://127.0.0.1' });
  const base = sandbox.baseUrl;
  // The MCP endpoint is ready a moment after the port: wait for its line.
  for (let i = 0; i < 100 && !sandbox.output().includes('MCP server'); i++)
    await new Promise((r) => setTimeout(r, 100));

  const victim = client('127.0.0.9');
  const victimKey = await personalKey(victim, base, 'business');
  let failed = false;

  async function scenario(name: string, abuse: ((until: number) => Promise<string>) | undefined): Promise<void> {
    const until = performance.now() + seconds * 1000;
    const [seen, abuser] = await Promise.all([
      victimThread(base, victimKey, seconds * 1000),
      abuse ? abuse(until) : Promise.resolve(''),
    ]);
    const latencies = seen.map((a) => a.ms);
    const ok = seen.every((a) => a.status === 200);
    const p99 = percentile(latencies, 0.99);
    const held = ok && p99 < 20;
    if (!held) failed = true;
    console.log(`\n${name}${abuser ? `\n  abuser: ${abuser}` : ''}`);
    console.log(
      `  other client: ${seen.length} calls, ${count(seen)}; p50 ${percentile(latencies, 0.5).toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms — ${held ? 'held' : 'NOT held'}`,
    );
    console.log(`  ${redisFigures(redis.port)}`);
  }

  try {
    await scenario('Alone', undefined);

    await scenario('Key minting (POST /sandbox/keys carrying the Enterprise demo key)', async (until) => {
      const minter = client('127.0.0.2');
      const answers = await flood(until, () =>
        minter(
          base,
          'POST',
          '/sandbox/keys',
          { 'X-API-Key': enterpriseDemoKey, 'Content-Type': 'application/json' },
          '{}',
        ),
      );
      return `${answers.length} requests: ${count(answers)} (201 = keys issued)`;
    });

    await scenario('MCP flood (/mcp batches of 10 call_sandbox)', async (until) => {
      const agent = client('127.0.0.3');
      const call = (id: number) => ({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'call_sandbox', arguments: { operationId: 'listPets' } },
      });
      const batch = JSON.stringify(Array.from({ length: 10 }, (_, i) => call(i + 1)));
      const answers = await flood(until, () =>
        agent(
          base,
          'POST',
          '/mcp',
          { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
          batch,
        ),
      );
      // Afterwards another agent's call must still reach the sandbox (no ban of the sandbox's own address or key).
      const other = client('127.0.0.4');
      const single = JSON.stringify(call(1));
      const after = await other(
        base,
        'POST',
        '/mcp',
        { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        single,
      );
      const status = /"status":\s*(\d+)|Status:?\s*(\d+)|HTTP[^0-9]*(\d{3})/.exec(after.body.replace(/\\"/g, '"'));
      const afterSays = status
        ? (status[1] ?? status[2] ?? status[3])
        : `(${after.status}) ${after.body.slice(0, 120)}`;
      return `${answers.length} requests: ${count(answers)}; then another agent's call_sandbox got ${after.status}, the sandbox said ${afterSays}`;
    });

    await scenario('Data growth (creating pets with one personal Enterprise key)', async (until) => {
      const grower = client('127.0.0.5');
      const key = await personalKey(grower, base, 'enterprise');
      const answers = await flood(until, (i) =>
        grower(
          base,
          'POST',
          '/pets',
          { 'X-API-Key': key, 'Content-Type': 'application/json' },
          JSON.stringify({ name: `Pet ${i}`, categoryId: 1 }),
        ),
      );
      const created = answers.filter((a) => a.status === 201).map((a) => a.ms);
      return `${answers.length} requests: ${count(answers)}; a create took p50 ${percentile(created, 0.5).toFixed(1)} ms, p99 ${percentile(created, 0.99).toFixed(1)} ms`;
    });
  } finally {
    sandbox.child.kill('SIGTERM');
    await redis.stop();
  }
  console.log(failed ? '\nThe other client was NOT held in every run.' : '\nThe other client was held in every run.');
}
