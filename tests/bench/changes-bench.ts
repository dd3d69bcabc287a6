/**
 * `npm run bench:changes`: what the release history costs, on the bench's generated 1,000-operation description.
 * - `spec:diff` between it and a next version (an operation, a parameter and a field added, one deprecated), run
 *   as a docs team runs it (a process, file reading included); goal under 5 s.
 * - The build with one earlier release (so with a changelog page, a feed and "Added in" on pages) beside the same
 *   build without releases, in turns so that a drifting machine weighs on both; goal under 10 % more time.
 * Figures, not a test: this machine's timings vary from run to run. BENCH_ROUNDS sets the turns (default 2).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

    console.log(`spec:diff and the changelog's build cost, on ${operations.toLocaleString('en')} operations\n`);
    const diffs = Array.from({ length: 3 }, () =>
      timed('node', ['src/changes/cli.ts', 'diff', path.join(withHistory, 'releases', '1.0.0.yaml'), head]),
    );
    const diffSeconds = median(diffs);
    console.log(`spec:diff (3 runs): ${diffs.map(seconds).join(', ')}; median ${seconds(diffSeconds)} (goal < 5 s)`);

    const plain: number[] = [];
    const history: number[] = [];
    for (let round = 0; round < rounds; round++) {
      plain.push(build(alone, path.join(work, 'out-alone')));
      history.push(build(head, path.join(work, 'out-history')));
      console.log(
        `round ${round + 1}: without releases ${seconds(plain.at(-1) ?? 0)}, with one ${seconds(history.at(-1) ?? 0)}`,
      );
    }
    const ratio = median(history) / median(plain) - 1;
    console.log(
      `build: ${seconds(median(plain))} without releases, ${seconds(median(history))} with a changelog: ${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)} % (goal < 10 %)`,
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

function build(spec: string, outDir: string): number {
  rmSync(outDir, { recursive: true, force: true });
  return timed('sh', ['src/build/build-site.sh', '--outDir', outDir], { PETSTORE_SPEC: spec });
}

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
