/**
 * `npm run bench:mcp`: how fast the docs' MCP server (src/mcp/) answers over stdio, driven by the SDK's own client
 * as an agent drives it — `get_operation` (goal: median ≤ 20 ms over 100 calls) and `search_docs`, on the Pet Store
 * and on the bench's generated 1,000-operation description. Then the sandbox service's /mcp under a flood: one
 * client (127.0.0.2) sends batches of `call_sandbox` calls over 8 connections while another (127.0.0.1) calls the
 * API (GET /pets, one request at a time): that client's latency, alone and during the flood, and what the flood
 * got. Figures, not a test: timings vary from run to run.
 *
 * Options (environment): BENCH_PART (stdio or flood; default both), BENCH_SECONDS (the flood's, default 10), BENCH_PORT,
 * BENCH_BATCH (calls per flood request, default 10; the attack sent 100), BENCH_POLITE=1 (the flooder waits out each
 * 429's Retry-After: what is left is the cost of the work /mcp lets one client have, without the cost of refusing
 * it nor the flooder's own use of this machine's cores).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startSandboxProcess } from '../support/sandbox-process.ts';
import { generateDescription } from './generate-description.ts';

const root = path.resolve(import.meta.dirname, '../..');
const calls = 100;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function measure(label: string, spec: string): Promise<void> {
  const client = new Client({ name: 'mcp-bench', version: '1.0.0' });
  const started = performance.now();
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(root, 'src/mcp/main.ts')],
      cwd: root,
      env: { ...(process.env as Record<string, string>), PETSTORE_SPEC: spec },
      stderr: 'ignore',
    }),
  );
  const ready = performance.now() - started;
  try {
    const { tools } = await client.listTools();
    const listed = await client.callTool({ name: 'list_operations', arguments: {} });
    const ids = [...JSON.stringify(listed.content).matchAll(/- ([\w.-]+): [A-Z]+ /g)].map((m) => m[1] ?? '');
    const time = async (name: string, args: (i: number) => Record<string, unknown>, n: number) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        await client.callTool({ name, arguments: args(i) });
        times.push(performance.now() - t);
      }
      return times;
    };
    const firstSearch = (await time('search_docs', () => ({ query: 'order status' }), 1))[0] ?? Number.NaN;
    // 100 calls over the operations in turn: on the Pet Store (20) each is asked five times, so most calls are
    // answered from the server's recent twins; the first pass (each operation once) is shown apart.
    const operations = await time('get_operation', (i) => ({ operationId: ids[i % ids.length] }), calls);
    const firstPass = operations.slice(0, Math.min(calls, ids.length));
    const searches = await time('search_docs', (i) => ({ query: ['order', 'pet status', 'error code'][i % 3] }), 20);
    console.log(
      `${label}: ${tools.length} tools, ready in ${ready.toFixed(0)} ms; get_operation median ${median(operations).toFixed(2)} ms ` +
        `(p90 ${[...operations].sort((a, b) => a - b)[Math.floor(calls * 0.9)]?.toFixed(2)} ms, ${calls} calls over ${firstPass.length} operations; ` +
        `each operation's first call: median ${median(firstPass).toFixed(2)} ms); ` +
        `search_docs first ${firstSearch.toFixed(0)} ms, then median ${median(searches).toFixed(2)} ms`,
    );
  } finally {
    await client.close();
  }
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;

/** GET /pets with the Enterprise demo key, one request at a time, for `seconds`: latencies in ms. */
async function apiLatencies(base: string, seconds: number): Promise<{ times: number[]; statuses: Set<number> }> {
  const times: number[] = [];
  const statuses = new Set<number>();
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const t = performance.now();
    const response = await fetch(`${base}/pets?limit=2`, { headers: { 'X-API-Key': 'demo-enterprise-key' } });
    await response.arrayBuffer();
    times.push(performance.now() - t);
    statuses.add(response.status);
  }
  return { times, statuses };
}

async function measureFlood(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const batch = Number(process.env.BENCH_BATCH ?? 10);
  // BENCH_PORT: where the sandbox listens (default: a free port).
  const sandbox = await startSandboxProcess(process.env.BENCH_PORT ? { SANDBOX_PORT: process.env.BENCH_PORT } : {});
  try {
    while (!sandbox.output().includes('/mcp (streamable HTTP)')) await new Promise((r) => setTimeout(r, 50));
    const said = (label: string, { times, statuses }: { times: number[]; statuses: Set<number> }) =>
      `${label} p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms ` +
      `(${times.length} requests, statuses ${[...statuses].join(', ')})`;
    const alone = await apiLatencies(sandbox.baseUrl, 3);
    const flooder = spawn(process.execPath, [path.join(import.meta.dirname, 'mcp-flood-worker.ts')], {
      env: {
        ...process.env,
        MCP_URL: `${sandbox.baseUrl}/mcp`,
        FROM_ADDRESS: '127.0.0.2',
        CONNECTIONS: '8',
        BATCH: String(batch),
        SECONDS: String(seconds),
        POLITE: process.env.BENCH_POLITE ?? '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let flood = '';
    flooder.stdout.on('data', (chunk: Buffer) => {
      flood += chunk.toString();
    });
    const flooded = new Promise((resolve) => flooder.once('exit', resolve));
    // The flood's first second is left out: the flooder is still starting.
    await new Promise((r) => setTimeout(r, 1000));
    const during = await apiLatencies(sandbox.baseUrl, seconds - 2);
    await flooded;
    const after = await apiLatencies(sandbox.baseUrl, 1);
    console.log(
      `/mcp flood (8 connections from 127.0.0.2, batches of ${batch} call_sandbox, ${seconds} s${process.env.BENCH_POLITE === '1' ? ', polite' : ''}): API for 127.0.0.1 ` +
        `${said('alone', alone)}; ${said('during', during)}; ${said('after', after)}; the flood got ${flood.trim()}`,
    );
  } finally {
    sandbox.child.kill('SIGTERM');
  }
}

const part = process.env.BENCH_PART;
if (part !== 'flood') {
  const work = mkdtempSync(path.join(tmpdir(), 'petstore-mcp-bench-'));
  try {
    await measure('Pet Store', path.join(root, 'spec/openapi.yaml'));
    const generated = path.join(work, 'openapi.yaml');
    writeFileSync(generated, generateDescription(1000));
    await measure('1,000 operations', generated);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
if (part !== 'stdio') await measureFlood();
