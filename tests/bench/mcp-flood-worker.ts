/**
 * One MCP client flooding a sandbox service's /mcp (for `mcp-bench.ts`): CONNECTIONS keep-alive connections from
 * FROM_ADDRESS (another loopback address than the measured client's, so the two are different clients), each
 * sending a JSON-RPC batch of BATCH `call_sandbox` calls as soon as the last was answered (with POLITE=1, once the
 * Retry-After of a 429 has passed), for SECONDS. Prints the answers it got by status, as JSON, on stdout.
 */
import http from 'node:http';

const url = new URL(process.env.MCP_URL ?? '');
const connections = Number(process.env.CONNECTIONS ?? 8);
const batch = Number(process.env.BATCH ?? 10);
const seconds = Number(process.env.SECONDS ?? 10);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections, localAddress: process.env.FROM_ADDRESS });

const body = JSON.stringify(
  Array.from({ length: batch }, (_, i) => ({
    jsonrpc: '2.0',
    id: i + 1,
    method: 'tools/call',
    params: { name: 'call_sandbox', arguments: { operationId: 'getPet', pathParams: { petId: 1 } } },
  })),
);
const statuses: Record<string, number> = {};

function post(): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'MCP-Protocol-Version': '2025-06-18',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const status = String(response.statusCode);
          statuses[status] = (statuses[status] ?? 0) + 1;
          // POLITE=1: a refused client waits as long as Retry-After says, as a well-behaved one would.
          if (process.env.POLITE === '1' && response.statusCode === 429) {
            setTimeout(resolve, Number(response.headers['retry-after'] ?? 1) * 1000);
          } else resolve();
        });
      },
    );
    request.on('error', () => {
      statuses.error = (statuses.error ?? 0) + 1;
      resolve();
    });
    request.end(body);
  });
}

const until = Date.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (Date.now() < until) await post();
  }),
);
agent.destroy();
console.log(JSON.stringify(statuses));
