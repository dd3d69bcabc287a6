/**
 * `npm run bench:changes`: what the release history costs, on the bench's generated 1,000-operation description.
 * - `spec:diff` between it and a next version (an operation, a parameter and a field added, one deprecated), run
 *   as a docs team runs it (a process, file reading included); goal under 5 s.
 * - The build with one earlier release (so with a changelog page, a feed and "Added in" on pages) beside the same
 *   build without releases, in turns so that a drifting machine weighs on both; goal under 10 % more time.
 * - The build with one earlier major (the same description as 2.0.0, with 1.0.0 released: two references side by
 *   side), beside the single-version one with a changelog; goals: time ≤ 2.1×, peak memory (largest process) ≤ 1.2×.
 * Figures, not a test: this machine's timings vary from run to run. BENCH_ROUNDS sets the turns (default 2).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { readDescription, releaseHeader } from '../../src/changes/releases.ts';
import { generateDescription } from './generate-description.ts';

const root = path.resolve(import.meta.dirname, '../..');
const operations = 1000;
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

type Json = Record<string, unknown>;

function main(): void {
  const work = mkdtempSync(path.join(tmpdir(), 'petstore-changes-bench-'));
  try {
    const base = generateDescription(operations);
    const next = nextVersion(readDescription(writeTo(path.join(work, 'base.yaml'), base)).data);
    // The description with its history (releases/ beside it), and the same file alone.
    const withHistory = path.join(work, 'with-history');
    mkdirSync(path.join(withHistory, 'releases'), { recursive: true });
    writeTo(path.join(withHistory, 'releases', '1.0.0.yaml'), releaseHeader('1.0.0', '2026-11-01') + base);
    const head = writeTo(path.join(withHistory, 'openapi.yaml'), yaml.dump(next, { lineWidth: -1, noRefs: true }));
    const alone = writeTo(path.join(work, 'alone', 'openapi.yaml'), yaml.dump(next, { lineWidth: -1, noRefs: true }));
    // The same next version as a new major: the 1.0.0 release is then built as /reference/1.x/ beside it.
    const withMajor = path.join(work, 'with-major');
    mkdirSync(path.join(withMajor, 'releases'), { recursive: true });
    writeTo(path.join(withMajor, 'releases', '1.0.0.yaml'), releaseHeader('1.0.0', '2026-11-01') + base);
    const major = writeTo(
      path.join(withMajor, 'openapi.yaml'),
      yaml.dump({ ...next, info: { ...(next.info as Json), version: '2.0.0' } }, { lineWidth: -1, noRefs: true }),
    );

    console.log(`spec:diff and the changelog's build cost, on ${operations.toLocaleString('en')} operations\n`);
    const diffs = Array.from({ length: 3 }, () =>
      timed('node', ['src/changes/cli.ts', 'diff', path.join(withHistory, 'releases', '1.0.0.yaml'), head]),
    );
    const diffSeconds = median(diffs);
    console.log(`spec:diff (3 runs): ${diffs.map(seconds).join(', ')}; median ${seconds(diffSeconds)} (goal < 5 s)`);

    const plain: Run[] = [];
    const history: Run[] = [];
    const majors: Run[] = [];
    for (let round = 0; round < rounds; round++) {
      plain.push(build(alone, path.join(work, 'out-alone')));
      history.push(build(head, path.join(work, 'out-history')));
      majors.push(build(major, path.join(work, 'out-major')));
      console.log(
        `round ${round + 1}: without releases ${lastRun(plain)}, with one ${lastRun(history)}, with an earlier major ${lastRun(majors)}`,
      );
    }
    const time = (runs: Run[]) => median(runs.map((r) => r.seconds));
    const memory = (runs: Run[]) => median(runs.map((r) => r.peakBytes ?? Number.NaN));
    const ratio = time(history) / time(plain) - 1;
    console.log(
      `build: ${seconds(time(plain))} without releases, ${seconds(time(history))} with a changelog: ${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)} % (goal < 10 %)`,
    );
    console.log(
      `earlier major: ${seconds(time(majors))}, ${(time(majors) / time(history)).toFixed(2)}× the single version's time (goal ≤ 2.1×); peak memory ${megabytes(memory(majors))} vs ${megabytes(memory(history))}, ${(memory(majors) / memory(history)).toFixed(2)}× (goal ≤ 1.2×)`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The next minor version: an operation, an optional parameter and a response field added, one operation deprecated. */
function nextVersion(document: Json): Json {
  const next = structuredClone(document) as Json & { info: Json; paths: Record<string, Record<string, Json>> };
  next.info.version = '1.1.0';
  const paths = Object.values(next.paths);
  const first = paths[0]?.get;
  if (first) {
    first.parameters = [
      ...((first.parameters as unknown[]) ?? []),
      { name: 'since', in: 'query', schema: { type: 'string', format: 'date' } },
    ];
  }
  const deprecated = paths[1]?.get;
  if (deprecated) Object.assign(deprecated, { deprecated: true, 'x-sunset': '2027-06-30' });
  next.paths['/bench/added'] = {
    get: {
      operationId: 'benchAdded',
      tags: [String((first?.tags as string[])?.[0])],
      responses: { '204': { description: 'Done.' } },
    },
  };
  return next;
}

function writeTo(file: string, text: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** A build's wall time, and the peak RSS of its largest process (GNU time's %M, when /usr/bin/time is there). */
interface Run {
  seconds: number;
  peakBytes: number | undefined;
  /** HTML pages written: the earlier major's reference doubles them. */
  pages: number;
}

const gnuTime = '/usr/bin/time';

function build(spec: string, outDir: string): Run {
  rmSync(outDir, { recursive: true, force: true });
  const report = path.join(path.dirname(outDir), `${path.basename(outDir)}.time`);
  const command = ['sh', 'src/build/build-site.sh', '--outDir', outDir];
  const pages = () => readdirSync(outDir, { recursive: true }).filter((file) => String(file).endsWith('.html')).length;
  if (!existsSync(gnuTime)) {
    const seconds = timed(command[0] as string, command.slice(1), { PETSTORE_SPEC: spec });
    return { seconds, peakBytes: undefined, pages: pages() };
  }
  const seconds = timed(gnuTime, ['-f', '%M', '-o', report, ...command], { PETSTORE_SPEC: spec });
  return { seconds, peakBytes: Number(readFileSync(report, 'utf8').trim().split('\n').at(-1)) * 1024, pages: pages() };
}

const lastRun = (runs: Run[]) => {
  const last = runs.at(-1);
  return last ? `${seconds(last.seconds)} (${megabytes(last.peakBytes ?? Number.NaN)}, ${last.pages} pages)` : '';
};

const megabytes = (n: number) => `${Math.round(n / 1e6)} MB`;

/** Runs a command from the project root; its wall time in seconds. Exits the bench when it fails. */
function timed(command: string, args: string[], env: Record<string, string> = {}): number {
  const started = performance.now();
  const run = spawnSync(command, args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
    maxBuffer: 256 * 1024 * 1024,
  });
  const elapsed = (performance.now() - started) / 1000;
  if (run.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed:\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`);
    process.exit(1);
  }
  return elapsed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const seconds = (s: number) => `${s.toFixed(1)} s`;

main();
