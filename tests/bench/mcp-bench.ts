/**
 * `npm run bench:mcp`: how fast the docs' MCP server (src/mcp/) answers over stdio, driven by the SDK's own client
 * as an agent drives it — `get_operation` (goal: median ≤ 20 ms over 100 calls) and `search_docs`, on the Pet Store
 * and on the bench's generated 1,000-operation description. Figures, not a test: timings vary from run to run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
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

const work = mkdtempSync(path.join(tmpdir(), 'petstore-mcp-bench-'));
try {
  await measure('Pet Store', path.join(root, 'spec/openapi.yaml'));
  const generated = path.join(work, 'openapi.yaml');
  writeFileSync(generated, generateDescription(1000));
  await measure('1,000 operations', generated);
} finally {
  rmSync(work, { recursive: true, force: true });
}
