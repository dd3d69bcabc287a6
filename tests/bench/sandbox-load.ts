/**
 * `npm run bench:sandbox`: drives the sandbox on 127.0.0.1 with autocannon and
 * prints requests/s, latency percentiles and error counts. A measurement, not
 * a test: figures vary with the machine's load. Goal on a 2-core machine:
 * ≥ 5,000 req/s on GET /pets with the Enterprise demo key, p99 < 20 ms, no 5xx.
 *
 * Options (environment): BENCH_SECONDS (default 15), BENCH_CONNECTIONS (default 32).
 */
import autocannon from 'autocannon';
import { startSandboxProcess } from '../support/sandbox-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const { child: server, baseUrl: base } = await startSandboxProcess();

async function run(title: string, url: string, duration: number) {
  return autocannon({
    title,
    url,
    connections,
    duration,
    headers: { 'X-API-Key': 'demo-enterprise-key' },
  });
}

try {
  await run('warm-up', `${base}/pets`, 3);
  const result = await run('GET /pets', `${base}/pets`, seconds);
  const fiveXX = result['5xx'];
  const rows = [
    ['requests/s (mean)', Math.round(result.requests.average).toLocaleString('en-US')],
    ['requests (total)', result.requests.total.toLocaleString('en-US')],
    ['latency p50', `${result.latency.p50} ms`],
    ['latency p99', `${result.latency.p99} ms`],
    ['latency max', `${result.latency.max} ms`],
    ['2xx / non-2xx', `${result['2xx']} / ${result.non2xx}`],
    ['5xx', String(fiveXX)],
    ['errors / timeouts', `${result.errors} / ${result.timeouts}`],
  ];
  console.log(`\nSandbox load: GET /pets, Enterprise key, ${connections} connections, ${seconds} s on 127.0.0.1\n`);
  for (const [name, value] of rows) console.log(`  ${String(name).padEnd(20)} ${value}`);
  const goals = [
    [`≥ 5,000 req/s`, result.requests.average >= 5000],
    ['p99 < 20 ms', result.latency.p99 < 20],
    ['zero 5xx', fiveXX === 0 && result.errors === 0],
  ] as const;
  console.log(`\n  goals: ${goals.map(([goal, met]) => `${goal} ${met ? 'met' : 'NOT met'}`).join(', ')}`);
} finally {
  server.kill('SIGTERM');
}
