/**
 * `npm run bench:sandbox`: drives the sandbox on 127.0.0.1 with autocannon and
 * prints what it served: 2xx requests/s, every other answer counted by status,
 * latency percentiles, and a check of the rate limiter's accounting under
 * concurrency. A measurement, not a test: figures vary with the machine's load.
 * Goal on a 2-core machine: ≥ 20,000 2xx req/s on GET /pets with the highest
 * plan's demo key, p99 < 10 ms, no 5xx, and exactly the quota served.
 *
 * The load stays under that key's per-minute quota (600,000 for Enterprise):
 * past it, fast 429 and 403 answers would pass for throughput. Each run
 * sends at most what the quota has left, and a fresh sandbox process starts
 * with a full one.
 *
 * Options (environment): BENCH_SECONDS (default 15), BENCH_CONNECTIONS (default 32).
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import type { ApiDemoKey } from '../../src/openapi/model.ts';
import { startSandboxProcess } from '../support/sandbox-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const model = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..')));
const demoKeys = model.servers.flatMap((server) => server.demoKeys ?? []);
const byQuota = [...demoKeys].sort((a, b) => a.perMinute - b.perMinute);
const loadKey = byQuota.at(-1);
// The accounting check needs a quota a burst can pass quickly, above a single connection's worth.
const checkKey = byQuota.find((k) => k.perMinute >= 100) ?? byQuota.at(-1);
if (!loadKey || !checkKey) throw new Error('the spec names no sandbox demo keys');

const { child: server, baseUrl: base } = await startSandboxProcess();

/** Answers by status, from autocannon's per-status counts. */
function byStatus(result: autocannon.Result): Map<number, number> {
  const stats = (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return new Map(Object.entries(stats).map(([status, { count }]) => [Number(status), count]));
}

function run(title: string, key: ApiDemoKey, options: { duration: number }) {
  return autocannon({
    title,
    url: `${base}/pets`,
    connections,
    headers: { 'X-API-Key': key.key },
    ...options,
  });
}

/**
 * Sends a burst of `extra` more requests than the key's per-minute quota, all at once, in a
 * window with at least 20 s left, and counts the 2xx: the limiter must serve exactly the quota.
 */
async function accountingCheck(key: ApiDemoKey, extra = 100): Promise<{ served: number; quota: number }> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
  const statuses = await Promise.all(
    Array.from({ length: key.perMinute + extra }, () =>
      fetch(`${base}/categories`, { headers: { 'X-API-Key': key.key } }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    ),
  );
  return { served: statuses.filter((s) => s >= 200 && s < 300).length, quota: key.perMinute };
}

try {
  const quota = loadKey.perMinute;
  const warmUp = await run('warm-up', loadKey, { duration: 3 });
  // autocannon ignores the duration when given an amount, so the run is sized instead: at half again the
  // warm-up's rate, what the quota has left must last the whole run.
  const left = quota - warmUp.requests.total;
  const duration = Math.max(1, Math.min(seconds, Math.floor(left / (1.5 * warmUp.requests.average))));
  const result = await run('GET /pets', loadKey, { duration });
  const statuses = byStatus(result);
  const twoXX = result['2xx'];
  const elapsedSeconds = result.duration;
  const okPerSecond = twoXX / elapsedSeconds;
  const others = [...statuses].filter(([status]) => status < 200 || status >= 300).sort(([a], [b]) => a - b);
  const fiveXX = result['5xx'];
  const accounting = await accountingCheck(checkKey);

  const rows = [
    ['2xx requests/s', Math.round(okPerSecond).toLocaleString('en-US')],
    ['2xx (total)', twoXX.toLocaleString('en-US')],
    ['other answers', others.length === 0 ? 'none' : others.map(([s, n]) => `${s}: ${n}`).join(', ')],
    ['latency p50', `${result.latency.p50} ms`],
    ['latency p99', `${result.latency.p99} ms`],
    ['latency max', `${result.latency.max} ms`],
    ['errors / timeouts', `${result.errors} / ${result.timeouts}`],
    [
      'rate-limit accounting',
      `${accounting.served} of ${accounting.quota + 100} concurrent requests served on the ${checkKey.plan} key (quota ${accounting.quota}/min)`,
    ],
  ];
  console.log(
    `\nSandbox load: GET /pets, ${loadKey.plan} key (${quota.toLocaleString('en-US')}/min, staying under it), ` +
      `${connections} connections, ${elapsedSeconds.toFixed(1)} s on 127.0.0.1\n`,
  );
  for (const [name, value] of rows) console.log(`  ${String(name).padEnd(22)} ${value}`);
  const goals = [
    ['≥ 20,000 2xx req/s', okPerSecond >= 20_000],
    ['p99 < 10 ms', result.latency.p99 < 10],
    ['zero 5xx', fiveXX === 0 && result.errors === 0],
    ['only 2xx under the quota', others.length === 0],
    ['exactly the quota served', accounting.served === accounting.quota],
  ] as const;
  console.log(`\n  goals: ${goals.map(([goal, met]) => `${goal} ${met ? 'met' : 'NOT met'}`).join(', ')}`);
} finally {
  server.kill('SIGTERM');
}
