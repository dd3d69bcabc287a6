/**
 * A site build as `npm run build` runs it (src/build/build-site.sh: `astro build`, then the search index), timed,
 * with its peak memory: the largest process's (GNU time's %M, or each Node process's own when GNU time is missing)
 * and the whole process tree's, sampled from /proc. For the benchmarks that weigh builds (reference-bench.ts,
 * apis-bench.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
// What `npm run build` runs: `astro build`, then the search index in a process of its own.
const buildSite = path.join(root, 'src/build/build-site.sh');
export const gnuTime = '/usr/bin/time';

/** How the largest process's peak is measured on this machine, for a bench's report. */
export const memoryMethod = (): string =>
  existsSync(gnuTime)
    ? `GNU time %M (${gnuTime})`
    : 'process.resourceUsage().maxRSS of each Node process (GNU time not installed)';

export interface BuildFigures {
  wallSeconds: number;
  /** Max RSS of the largest single process of the build (GNU time %M, or process.resourceUsage in a preload). */
  largestProcessRssBytes: number | undefined;
  /** Max of the summed RSS of every process in the build's tree, sampled from /proc. */
  treeRssBytes: number | undefined;
  /** The processes that made up the tree's peak, largest first: "node 1.2 GB". */
  treePeakParts: string[];
  /** What the build's last step said about static hosts' limits (src/build/output-limits.ts). */
  hostWarnings: string[];
}

export interface BuildOptions {
  /** Settings besides PETSTORE_SPEC (which is `spec`). */
  env?: NodeJS.ProcessEnv;
  /** Where the running build is kept while it runs, so that an interrupted bench can stop it (`signalGroup`). */
  running?: Set<ChildProcess>;
}

/**
 * Builds the site for `spec` into `outDir` as `npm run build` does, timing it and tracking its memory. `workDir`
 * holds the memory record; a build of another description may share it (the record is cleared first).
 */
export async function measuredBuild(
  spec: string,
  outDir: string,
  workDir: string,
  { env: extraEnv = {}, running }: BuildOptions = {},
): Promise<BuildFigures> {
  const rssFile = path.join(workDir, 'max-rss-kb.txt');
  await rm(rssFile, { force: true });
  let command: string;
  let args: string[];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PETSTORE_SPEC: spec,
    ASTRO_TELEMETRY_DISABLED: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    ...extraEnv,
  };
  if (existsSync(gnuTime)) {
    // GNU time reports the largest peak among the processes it waited for.
    command = gnuTime;
    args = ['-f', '%M', '-o', rssFile, 'sh', buildSite, '--outDir', outDir];
  } else {
    // No GNU time: a preload in each Node process of the build (NODE_OPTIONS reaches the steps it starts) adds
    // its own peak to the file when it exits; the largest is read below.
    const preload = path.join(workDir, 'record-max-rss.mjs');
    await writeFile(
      preload,
      "import { appendFileSync } from 'node:fs';\n" +
        `process.on('exit', () => appendFileSync(${JSON.stringify(rssFile)}, \`\${process.resourceUsage().maxRSS}\\n\`));\n`,
    );
    command = 'sh';
    args = [buildSite, '--outDir', outDir];
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(preload).href}`.trim();
  }
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so an interrupted bench can stop the whole build (time → sh → node → workers).
    detached: true,
  });
  running?.add(child);
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  let treePeak: TreeRss | undefined;
  const sampler = setInterval(() => {
    const sample = child.pid === undefined ? undefined : treeRss(child.pid);
    if (sample && sample.totalKb > (treePeak?.totalKb ?? -1)) treePeak = sample;
  }, 200);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode) => resolve(exitCode));
  }).finally(() => {
    clearInterval(sampler);
    running?.delete(child);
  });
  const wallSeconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`the build exited with ${code}:\n${buildErrorExcerpt(log.join(''))}`);
  const recorded = existsSync(rssFile)
    ? (await readFile(rssFile, 'utf8')).split('\n').filter((line) => /^\d+$/.test(line.trim()))
    : [];
  const largestKb = recorded.length > 0 ? Math.max(...recorded.map(Number)) : undefined;
  return {
    wallSeconds,
    largestProcessRssBytes: largestKb === undefined ? undefined : largestKb * 1024,
    treeRssBytes: treePeak === undefined ? undefined : treePeak.totalKb * 1024,
    treePeakParts: (treePeak?.parts ?? [])
      .filter((part) => part.kb >= 10_000)
      .sort((a, b) => b.kb - a.kb)
      .map((part) => `${part.name} ${bytes(part.kb * 1024)}`),
    hostWarnings: log
      .join('')
      .split('\n')
      .filter((line) => line.includes('too large for')),
  };
}

/** A build's peak memory: the larger of its largest process's and its whole tree's, where measured. */
export function peakMemory(build: BuildFigures | undefined): number | undefined {
  if (!build) return undefined;
  const known = [build.largestProcessRssBytes, build.treeRssBytes].filter((n): n is number => n !== undefined);
  return known.length > 0 ? Math.max(...known) : undefined;
}

/** Signals the process group we started `child` in (it was spawned detached), or the child alone. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

export function bytes(n: number | undefined): string {
  if (n === undefined) return 'n/a';
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} KB`;
  return `${n} B`;
}

/** The lines of a failed build that say what went wrong: from the first error on, at most 25. */
function buildErrorExcerpt(log: string): string {
  const lines = log.split('\n');
  const first = lines.findIndex((line) => /error|✘|✖/i.test(line));
  const excerpt = first === -1 ? lines.slice(-25) : lines.slice(first, first + 25);
  return excerpt.map((line) => `    ${line}`).join('\n');
}

interface TreeRss {
  totalKb: number;
  parts: { name: string; kb: number }[];
}

/** RSS (KiB) of `pid` and all its descendants, from /proc; undefined where /proc is missing. */
function treeRss(pid: number): TreeRss | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const childrenOf = new Map<number, number[]>();
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may contain spaces: the parent pid is the 2nd field after it.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = childrenOf.get(ppid) ?? [];
      list.push(Number(entry));
      childrenOf.set(ppid, list);
    } catch {
      // The process ended while we looked.
    }
  }
  const parts: TreeRss['parts'] = [];
  const queue = [pid];
  for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
    try {
      const status = readFileSync(`/proc/${current}/status`, 'utf8');
      parts.push({
        name: processName(current) ?? /^Name:\s+(.*)$/m.exec(status)?.[1] ?? String(current),
        kb: Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0),
      });
    } catch {
      // Gone already.
    }
    queue.push(...(childrenOf.get(current) ?? []));
  }
  return { totalKb: parts.reduce((sum, part) => sum + part.kb, 0), parts };
}

/** The program a process runs ("node", "pagefind_extended"): /proc's Name is the main thread's, e.g. "MainThread". */
function processName(pid: number): string | undefined {
  try {
    const program = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
    return program ? path.basename(program) : undefined;
  } catch {
    return undefined;
  }
}
