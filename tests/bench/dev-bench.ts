/**
 * `npm run bench:dev` (issue 47): the writing loop in `npm run dev`, timed. For each description (the Pet Store's,
 * then GitHub's REST description from npm), a temporary copy with a docs team's guide beside it
 * (`guides/bench-guide.md`) is served by `npm run dev -- --port P` (SANDBOX_PORT too) and opened in Chromium:
 * 5 times a changed summary is saved into the description with its operation page open, and 5 times a changed
 * paragraph into the guide with the guide's page open; each is timed from the write until the open tab shows it
 * (the DOM, polled; the test never reloads). One unmeasured save of each comes first (Vite optimizes its
 * dependencies on a first page, and reloads). For GitHub's description also the time from starting `npm run dev`
 * until its first operation page answers 200 with its HTML. The description's own copy also splits each summary
 * save into the check (save → the server's "updated in place" line) and the rest (reload and render in the tab).
 *
 * Prints medians against the goals with the load average: a measurement, not a test; figures vary with the
 * machine's load. Options (environment): BENCH_DEV_ONLY (`pet-store` or `github`), BENCH_DEV_RUNS (default 5),
 * BENCH_DEV_VERBOSE=1 (the dev server's output);
 * free ports are taken from TEST_PORTS (`4750-4779`) when set, as the tests take them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page, type Request, type Response } from '@playwright/test';
import { loadApiModel } from '../../src/openapi/index.ts';
import { referenceUrls } from '../../src/reference/routes.ts';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { freePort } from '../support/local-net.ts';
import { fetchNpmDescriptions, githubRest } from '../support/npm-descriptions.ts';
import { devEnv } from '../unit/support/dev-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const runs = Math.max(1, Number(process.env.BENCH_DEV_RUNS ?? 5) || 5);
const only = process.env.BENCH_DEV_ONLY;
/** BENCH_DEV_VERBOSE=1: the dev server's output as it prints it. */
const verbose = process.env.BENCH_DEV_VERBOSE === '1';

/** Issue 47's goals (medians, on a quiet machine). */
const goals = {
  petStoreSaveMs: 1_000,
  githubSaveMs: 3_000,
  /** A description save at most this many times a Markdown guide edit in the same run. */
  overGuide: 1.5,
  githubFirstPageMs: 10_000,
};

interface CaseResult {
  label: string;
  saves: number[];
  /** Per save: ms from the write until the server printed that it took the version in. */
  checks: number[];
  guideEdits: number[];
  firstPageMs?: number;
}

/** One running `npm run dev`, in a process group of its own, with what it printed and when. */
interface Dev {
  address: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves at the first moment the output past `from` matches `pattern`. */
  printed: (pattern: RegExp, from: number) => Promise<number>;
  stop: () => void;
}

function startDev(spec: string, port: number, sandboxPort: number): Dev {
  const child = spawn('npm', ['run', 'dev', '--', '--host', '127.0.0.1', '--port', String(port), '--ignore-lock'], {
    cwd: root,
    env: devEnv({ PETSTORE_SPEC: spec, SANDBOX_PORT: String(sandboxPort) }),
    detached: true,
  });
  let output = '';
  const waiting = new Set<() => void>();
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (verbose) process.stderr.write(chunk);
    for (const check of waiting) check();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const printed = (pattern: RegExp, from: number) =>
    new Promise<number>((resolve) => {
      const check = () => {
        if (!pattern.test(output.slice(from))) return;
        waiting.delete(check);
        resolve(performance.now());
      };
      waiting.add(check);
      check();
    });
  const stop = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  return { address: `http://127.0.0.1:${port}`, child, output: () => output, printed, stop };
}

/** Polls `url` until it answers 200 with an HTML page holding `text`; the time it did. */
async function firstServed(url: string, text: string, dev: Dev, timeoutMs = 300_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (dev.child.exitCode !== null) throw new Error(`npm run dev exited:\n${dev.output()}`);
    try {
      const response = await fetch(url);
      if (response.status === 200 && (await response.text()).includes(text)) return performance.now();
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} was not served in ${timeoutMs / 1000} s:\n${dev.output()}`);
}

/** A page that counts its loads and knows whether the loaded page's live-reload socket is open. */
function watchTab(page: Page) {
  let connected = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) connected = false;
  });
  page.on('console', (message) => {
    if (verbose) console.log(`    [tab] ${message.text()}`);
    if (message.text() === '[vite] connected.') connected = true;
  });
  return async () => {
    for (const deadline = Date.now() + 60_000; !connected; ) {
      if (Date.now() > deadline) throw new Error('the tab never connected to the dev server');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
}

/**
 * Writes `text` to `file` (`atomically`: written beside it, then renamed over it) and resolves with the ms until the
 * open tab has an element `selector` with `shown`.
 */
async function timeUntilShown(
  page: Page,
  file: string,
  text: string,
  selector: string,
  shown: string,
  atomically = false,
) {
  const started = performance.now();
  const marks: string[] = [];
  const mark = (what: string) => marks.push(`${what} ${Math.round(performance.now() - started)}`);
  const onRequest = (request: Request) => request.isNavigationRequest() && mark('requested');
  const onResponse = (response: Response) => response.request().isNavigationRequest() && mark('answered');
  if (verbose) {
    page.on('request', onRequest);
    page.on('response', onResponse);
  }
  if (atomically) {
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  } else writeFileSync(file, text);
  await page.locator(selector, { hasText: shown }).first().waitFor({ state: 'attached', timeout: 120_000 });
  const ms = performance.now() - started;
  page.off('request', onRequest);
  page.off('response', onResponse);
  if (verbose) console.log(`    (${marks.join(', ')}, shown ${Math.round(ms)})`);
  return ms;
}

const guideText = (paragraph: string) =>
  `---\ntitle: Bench guide\ndescription: A guide the dev benchmark edits.\norder: 90\n---\n\n## Words\n\n${paragraph}\n`;

/**
 * One description: `source` copied into a temporary folder (as `openapi.<ext>`, with its folder's other files when
 * `withFolder`), `summaryOf` naming the operation whose summary is changed.
 */
async function measure(
  browser: Browser,
  label: string,
  source: string,
  options: { withFolder?: boolean; timeFirstPage?: boolean },
): Promise<CaseResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'petstore-dev-bench-'));
  const spec = path.join(dir, `openapi${path.extname(source)}`);
  if (options.withFolder) cpSync(path.dirname(source), dir, { recursive: true });
  else copyFileSync(source, spec);
  mkdirSync(path.join(dir, 'guides'), { recursive: true });
  const guide = path.join(dir, 'guides', 'bench-guide.md');
  writeFileSync(guide, guideText('The first version of this paragraph.'));

  // The operation whose summary is changed: the first whose summary line is written once in the file.
  const good = readFileSync(spec, 'utf8');
  const model = await loadApiModel(spec);
  const summaryLine = (summary: string) =>
    spec.endsWith('.json') ? `"summary": ${JSON.stringify(summary)}` : `summary: ${summary}\n`;
  const target = model.operations.find((o) => {
    if (!o.summary || o.summary.length > 60 || /[.:#]/.test(o.summary)) return false;
    const line = summaryLine(o.summary);
    return good.indexOf(line) >= 0 && good.indexOf(line) === good.lastIndexOf(line);
  });
  if (!target?.summary) throw new Error(`${label}: no operation with a summary to change`);
  const operationUrl = referenceUrls(model).operation(target);
  const withSummary = (summary: string) =>
    good.replace(summaryLine(target.summary ?? ''), summaryLine(summary).replace(/\$/g, '$$$$'));

  const port = await freePort();
  let sandboxPort = await freePort();
  while (sandboxPort === port) sandboxPort = await freePort();
  const started = performance.now();
  const dev = startDev(spec, port, sandboxPort);
  const result: CaseResult = { label, saves: [], checks: [], guideEdits: [] };
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const served = await firstServed(`${dev.address}${operationUrl}`, target.summary, dev);
    if (options.timeFirstPage) result.firstPageMs = served - started;
    console.log(`  ${label}: first operation page served ${Math.round(served - started)} ms after the command`);

    const page = await context.newPage();
    const connected = watchTab(page);
    await page.goto(`${dev.address}${operationUrl}`);
    // Vite optimizes its dependencies on the first pages and reloads the tab: a save made then is not heard.
    await connected();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await connected();
    for (let i = 0; i <= runs; i++) {
      const summary = `${target.summary} edition ${i + 1}`;
      const from = dev.output().length;
      const takenIn = dev.printed(/updated in place/, from);
      const startedAt = performance.now();
      const ms = await timeUntilShown(page, spec, withSummary(summary), 'main h1', summary);
      const checkMs = (await takenIn) - startedAt;
      console.log(
        `    summary save ${i === 0 ? '(warm-up)' : i}: ${Math.round(ms)} ms (checked in ${Math.round(checkMs)})`,
      );
      if (i > 0) {
        result.saves.push(ms);
        result.checks.push(checkMs);
      }
      await connected();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    await page.goto(`${dev.address}/guides/bench-guide/`);
    await connected();
    for (let i = 0; i <= runs; i++) {
      const paragraph = `This paragraph was saved for the ${i + 1}. time.`;
      // Renamed over, as many editors save: Astro's content layer reads a guide once per change, and a write in
      // place was read half done (empty: "title: Required") and never again.
      const ms = await timeUntilShown(page, guide, guideText(paragraph), 'main p', paragraph, true);
      console.log(`    guide edit ${i === 0 ? '(warm-up)' : i}: ${Math.round(ms)} ms`);
      if (i > 0) result.guideEdits.push(ms);
      await connected();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (/server restarted|Restarting/.test(dev.output())) console.log('  (the dev server restarted during the run)');
    return result;
  } finally {
    await context.close();
    dev.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    rmSync(dir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en-US')} ms` : '—');
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

const loadBefore = load();
const browser = await chromium.launch({ headless: true, ...chromiumLaunchOptions });
const results: CaseResult[] = [];
const downloads = mkdtempSync(path.join(os.tmpdir(), 'petstore-dev-bench-npm-'));
try {
  if (only !== 'github') {
    console.log('Pet Store (spec/openapi.yaml, a copy):');
    results.push(await measure(browser, 'Pet Store', path.join(root, 'spec/openapi.yaml'), { withFolder: true }));
  }
  if (only !== 'pet-store') {
    console.log(`${githubRest.label}, a copy:`);
    const [github] = await fetchNpmDescriptions(downloads, [githubRest]);
    if (!github) throw new Error(`npm gave no ${githubRest.file}`);
    results.push(await measure(browser, 'GitHub REST', github, { timeFirstPage: true }));
  }
} finally {
  await browser.close();
  rmSync(downloads, { recursive: true, force: true });
}

const rows: [string, string, string, string][] = [];
for (const result of results) {
  const save = median(result.saves);
  const guide = median(result.guideEdits);
  const goal = result.label === 'Pet Store' ? goals.petStoreSaveMs : goals.githubSaveMs;
  rows.push([`${result.label}: summary save → visible`, ms(save), `≤ ${ms(goal)}`, save <= goal ? 'yes' : 'no']);
  rows.push([`${result.label}:   of which the check`, ms(median(result.checks)), '', '']);
  rows.push([`${result.label}: guide edit → visible`, ms(guide), '', '']);
  const ratio = save / guide;
  rows.push([
    `${result.label}: save / guide edit`,
    Number.isFinite(ratio) ? `${ratio.toFixed(2)} ×` : '—',
    `≤ ${goals.overGuide} ×`,
    ratio <= goals.overGuide ? 'yes' : 'no',
  ]);
  if (result.firstPageMs !== undefined) {
    rows.push([
      `${result.label}: npm run dev → first operation page`,
      ms(result.firstPageMs),
      `≤ ${ms(goals.githubFirstPageMs)}`,
      result.firstPageMs <= goals.githubFirstPageMs ? 'yes' : 'no',
    ]);
  }
}
const header: [string, string, string, string] = ['Figure', 'Median', 'Goal', 'Met?'];
const widths = header.map((_, c) => Math.max(...[header, ...rows].map((r) => r[c]?.length ?? 0)));
const line = (r: string[]) => r.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  ');
console.log(`\nnpm run bench:dev (medians of ${runs}; load average ${loadBefore} before, ${load()} after)`);
console.log(line(header));
for (const row of rows) console.log(line(row));
