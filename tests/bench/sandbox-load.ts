/**
 * `npm run bench:sandbox`: drives the sandbox on 127.0.0.1, once with each
 * store (in memory; Redis, on a redis-server the bench starts), and prints what
 * it served (and, when Debian's haproxy is installed, two sandboxes on one Redis
 * behind the shipped load balancer): 2xx requests/s, every other answer counted by status, latency
 * percentiles, and a check of the rate limiter's accounting under concurrency.
 * A measurement, not a test: figures vary with the machine's load.
 * Goals on a 2-core machine, GET /pets with the highest plan's demo key: in
 * memory ≥ 20,000 2xx req/s and p99 < 10 ms; on Redis ≥ 10,000 2xx req/s,
 * p99 < 20 ms and at least half the in-memory figure of the same run; for both
 * no 5xx and exactly the quota served.
 *
 * The load stays under that key's per-minute quota (600,000 for Enterprise):
 * past it, fast 429 and 403 answers would pass for throughput. Each run
 * sends at most what the quota has left, and a fresh sandbox process starts
 * with a full one.
 *
 * The load comes from wrk (Debian's `apt-get install wrk`) when it is installed, else from
 * autocannon. autocannon is JavaScript and takes a whole core of the two to generate the load,
 * so it measures itself as much as the sandbox: it reports well under what wrk, in C, sees.
 *
 * Options (environment): BENCH_SECONDS (default 15), BENCH_CONNECTIONS (default 32),
 * BENCH_TOOL (wrk or autocannon; default wrk when installed).
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { loadApiModel, resolveSpecPath, sandboxDemoKeys } from '../../src/openapi/index.ts';
import type { ApiDemoKey } from '../../src/openapi/model.ts';
import { startLoadBalancer } from '../support/load-balancer.ts';
import { startRedisServer } from '../support/redis-server.ts';
import { startSandboxProcess } from '../support/sandbox-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const hasWrk = spawnSync('sh', ['-c', 'command -v wrk']).status === 0;
const tool = process.env.BENCH_TOOL ?? (hasWrk ? 'wrk' : 'autocannon');

const model = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..')));
const byQuota = [...sandboxDemoKeys(model)].sort((a, b) => a.perMinute - b.perMinute);
const loadKey = byQuota.at(-1);
// The accounting check needs a quota a burst can pass quickly, above a single connection's worth.
const checkKey = byQuota.find((k) => k.perMinute >= 100) ?? byQuota.at(-1);
if (!loadKey || !checkKey) throw new Error('the spec names no sandbox demo keys');
const topKey: ApiDemoKey = loadKey;

let base = '';

/** What a run sends: the path, and the key in its header, with that key's per-minute quota. */
interface Load {
  path: string;
  header: string;
  key: string;
  plan: string;
  perMinute: number;
}
const demoLoad = (key: ApiDemoKey): Load => ({ path: '/pets', header: 'X-API-Key', ...key });

/** What one load run saw, whichever tool made it. */
interface LoadResult {
  seconds: number;
  requests: number;
  statuses: Map<number, number>;
  latency: { p50: number; p99: number; max: number };
  /** Connection errors and timeouts. */
  errors: number;
  timeouts: number;
}

/** GET `load.path` with its key for `duration` seconds over `connections` connections. */
function run(load: Load, duration: number): Promise<LoadResult> {
  return tool === 'wrk' ? runWrk(load, duration) : runAutocannon(load, duration);
}

async function runWrk(key: Load, duration: number): Promise<LoadResult> {
  const script = path.join(import.meta.dirname, 'wrk-statuses.lua');
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${duration}s`,
    '-s',
    script,
    '-H',
    `${key.header}: ${key.key}`,
    `${base}${key.path}`,
  ];
  const { stdout } = await promisify(execFile)('wrk', args);
  const line = stdout.split('\n').find((l) => l.startsWith('{"seconds"'));
  if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
  const summary = JSON.parse(line) as {
    seconds: number;
    requests: number;
    statuses: Record<string, number>;
    p50: number;
    p99: number;
    max: number;
    errors: { connect: number; read: number; write: number; timeout: number };
  };
  const { connect, read, write, timeout } = summary.errors;
  return {
    seconds: summary.seconds,
    requests: summary.requests,
    statuses: new Map(Object.entries(summary.statuses).map(([status, count]) => [Number(status), count])),
    latency: { p50: summary.p50, p99: summary.p99, max: summary.max },
    errors: connect + read + write,
    timeouts: timeout,
  };
}

async function runAutocannon(key: Load, duration: number): Promise<LoadResult> {
  const result = await autocannon({
    url: `${base}${key.path}`,
    connections,
    headers: { [key.header]: key.key },
    duration,
  });
  const stats = (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return {
    seconds: result.duration,
    requests: result.requests.total,
    statuses: new Map(Object.entries(stats).map(([status, { count }]) => [Number(status), count])),
    latency: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
  };
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

/** What one store's run measured. */
interface StoreFigures {
  okPerSecond: number;
  twoXX: number;
  others: [number, number][];
  fiveXX: number;
  result: LoadResult;
  elapsedSeconds: number;
  accounting?: { served: number; quota: number };
}

/** Starts a sandbox process with `env`, loads it, checks its accounting, and stops it. */
/** A sandbox set-up to load: where it answers, and how to stop it. */
interface Target {
  baseUrl: string;
  stop(): Promise<void>;
}

/** One sandbox process; with a Redis (a fresh one, so that every quota is whole), its state there. */
async function oneSandbox(withRedis: boolean): Promise<Target> {
  const redis = withRedis ? await startRedisServer() : undefined;
  const { child, baseUrl } = await startSandboxProcess(redis ? { SANDBOX_STORE: redis.url } : {});
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await redis?.stop();
    },
  };
}

/** Two sandbox processes on a fresh Redis behind HAProxy with the shipped haproxy.cfg. */
async function twoBehindLoadBalancer(): Promise<Target> {
  const redis = await startRedisServer();
  const sandboxes = await Promise.all([0, 1].map(() => startSandboxProcess({ SANDBOX_STORE: redis.url })));
  const [one, two] = sandboxes.map((s) => new URL(s.baseUrl).host) as [string, string];
  const balancer = await startLoadBalancer([one, two]);
  return {
    baseUrl: balancer.baseUrl,
    stop: async () => {
      await balancer.stop();
      for (const sandbox of sandboxes) sandbox.child.kill('SIGTERM');
      await redis.stop();
    },
  };
}

/**
 * A sandbox made from a description (the Workshop fixture, given limits as high as the Enterprise demo key's so
 * that the load stays under them) on a fresh Redis: the same gates and store as the Pet Store's, with the
 * description's own routing, checks and collections.
 */
const describedPath = '/tools';
const describedFile = path.join(mkdtempSync(path.join(tmpdir(), 'bench-described-')), 'openapi.yaml');
writeFileSync(
  describedFile,
  `${readFileSync(path.resolve(import.meta.dirname, '../fixtures/described-sandbox/openapi.yaml'), 'utf8')}
x-rate-limits:
  plans:
    - plan: Load
      perMinute: ${loadKey.perMinute}
      perDay: ${loadKey.perDay}
`,
);
async function describedSandbox(): Promise<Target> {
  const redis = await startRedisServer();
  const { child, baseUrl } = await startSandboxProcess({ SANDBOX_STORE: redis.url, PETSTORE_SPEC: describedFile });
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await redis.stop();
    },
  };
}
async function describedLoad(baseUrl: string): Promise<Load> {
  const issued = (await (await fetch(`${baseUrl}/sandbox/keys`, { method: 'POST' })).json()) as { key: string };
  return { path: describedPath, header: 'X-Workshop-Key', key: issued.key, plan: 'Load', perMinute: topKey.perMinute };
}

const measure = async (
  start: () => Promise<Target>,
  loadOf: (baseUrl: string) => Promise<Load> | Load,
  check: ApiDemoKey | undefined,
): Promise<StoreFigures> => {
  const server = await start();
  base = server.baseUrl;
  try {
    const load = await loadOf(base);
    const quota = load.perMinute;
    const warmUp = await run(load, 3);
    // Neither tool stops at a number of requests within a duration, so the run is sized instead: at half
    // again the warm-up's rate, what the quota has left must last the whole run.
    const left = quota - warmUp.requests;
    const duration = Math.max(1, Math.min(seconds, Math.floor(left / ((1.5 * warmUp.requests) / warmUp.seconds))));
    const result = await run(load, duration);
    const count = (low: number, high: number) =>
      [...result.statuses].filter(([s]) => s >= low && s < high).reduce((sum, [, n]) => sum + n, 0);
    const twoXX = count(200, 300);
    const others = [...result.statuses].filter(([status]) => status < 200 || status >= 300).sort(([a], [b]) => a - b);
    return {
      okPerSecond: twoXX / result.seconds,
      twoXX,
      others,
      fiveXX: count(500, 600),
      result,
      elapsedSeconds: result.seconds,
      ...(check ? { accounting: await accountingCheck(check) } : {}),
    };
  } finally {
    await server.stop();
  }
};

const petStoreLoad = demoLoad(loadKey);
const memory = await measure(
  () => oneSandbox(false),
  () => petStoreLoad,
  checkKey,
);
const onRedis = await measure(
  () => oneSandbox(true),
  () => petStoreLoad,
  checkKey,
);
const hasHaproxy = spawnSync('sh', ['-c', 'command -v haproxy']).status === 0;
const balanced = hasHaproxy ? await measure(twoBehindLoadBalancer, () => petStoreLoad, checkKey) : undefined;
const described = await measure(() => describedSandbox(), describedLoad, undefined);

const columns: [string, StoreFigures][] = [
  ['in memory', memory],
  ['Redis', onRedis],
  ...(balanced ? [['2 on Redis + HAProxy', balanced] as [string, StoreFigures]] : []),
  ['made from a description, Redis', described],
];
const row = (name: string, value: (f: StoreFigures) => string) =>
  console.log(`  ${name.padEnd(24)}${columns.map(([, f]) => value(f).padEnd(22)).join('')}`);
console.log(
  `\nSandbox load: GET /pets, ${loadKey.plan} key (${loadKey.perMinute.toLocaleString('en-US')}/min, staying under it), ` +
    `${connections} connections, on 127.0.0.1, load from ${tool}\n`,
);
row('', () => '');
console.log(`  ${''.padEnd(24)}${columns.map(([name]) => name.padEnd(22)).join('')}`);
row('2xx requests/s', (f) => Math.round(f.okPerSecond).toLocaleString('en-US'));
row('2xx (total)', (f) => `${f.twoXX.toLocaleString('en-US')} in ${f.elapsedSeconds.toFixed(1)} s`);
row('other answers', (f) => (f.others.length === 0 ? 'none' : f.others.map(([s, n]) => `${s}: ${n}`).join(', ')));
row('latency p50', (f) => `${f.result.latency.p50} ms`);
row('latency p99', (f) => `${f.result.latency.p99} ms`);
row('latency max', (f) => `${f.result.latency.max} ms`);
row('errors / timeouts', (f) => `${f.result.errors} / ${f.result.timeouts}`);
row('accounting', (f) => (f.accounting ? `${f.accounting.served} of ${f.accounting.quota + 100} served` : '–'));
console.log(
  `\n  Made from a description (${describedPath}, a personal key): GET ${describedPath}; on Redis, ` +
    `${(described.okPerSecond / onRedis.okPerSecond).toFixed(2)} of the Pet Store's 2xx rate on Redis in this run`,
);
console.log(
  `  Redis / in memory: ${(onRedis.okPerSecond / memory.okPerSecond).toFixed(2)} of the 2xx rate; ` +
    `accounting: ${checkKey.plan} key, quota ${checkKey.perMinute}/min, ${checkKey.perMinute + 100} requests at once`,
);
const healthy = (f: StoreFigures) => f.fiveXX === 0 && f.result.errors === 0 && f.others.length === 0;
const goals = [
  ['in memory ≥ 20,000 2xx req/s', memory.okPerSecond >= 20_000],
  ['in memory p99 < 10 ms', memory.result.latency.p99 < 10],
  ['Redis ≥ 10,000 2xx req/s', onRedis.okPerSecond >= 10_000],
  ['Redis p99 < 20 ms', onRedis.result.latency.p99 < 20],
  ['Redis ≥ half the in-memory rate', onRedis.okPerSecond >= memory.okPerSecond / 2],
  ['only 2xx under the quota, zero 5xx', healthy(memory) && healthy(onRedis)],
  ['exactly the quota served', columns.every(([, f]) => !f.accounting || f.accounting.served === f.accounting.quota)],
  [
    'made from a description on Redis ≥ 0.8 × the Pet Store on Redis',
    described.okPerSecond >= 0.8 * onRedis.okPerSecond,
  ],
  ['made from a description on Redis p99 < 20 ms', described.result.latency.p99 < 20],
  ['made from a description: only 2xx, zero 5xx', healthy(described)],
] as const;
if (!balanced)
  console.log('\n  (no haproxy: apt-get install haproxy to measure two sandboxes behind the load balancer)');
console.log(`\n  goals: ${goals.map(([goal, met]) => `${goal} ${met ? 'met' : 'NOT met'}`).join(', ')}`);
