/**
 * `npm run bench:console`: how quickly the live console is ready after the
 * Try-it click, and what the click downloads. It serves the built site (run
 * `npm run build` first; built here when dist/ is missing) with its _headers,
 * starts the sandbox on the spec's sandbox URL, and in headless Chromium opens
 * an operation page cold five times, clicks Try it, and times the click until
 * Scalar's Send button is visible. Prints figures, asserts nothing: these
 * machines are too noisy for timed tests.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { loadApiModel, resolveSpecPath, sandboxServer } from '../../src/openapi/index.ts';
import { referenceUrls } from '../../src/reference/routes.ts';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { freePort, waitForHttp } from '../support/local-net.ts';
import { startSandboxProcess } from '../support/sandbox-process.ts';

const root = path.resolve(import.meta.dirname, '../..');
const runs = 5;
const goalMs = 1_500;

const model = await loadApiModel(resolveSpecPath(root));
const listPets = model.operations.find((o) => o.tryIt.enabled && o.method === 'get');
const sandboxUrl = sandboxServer(model)?.url;
if (!listPets || !sandboxUrl) throw new Error('the spec has no operation with a console, or no sandbox server');

if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

const port = await freePort();
const site = spawn(process.execPath, ['src/publishing/static-server.ts', 'dist', '--port', String(port)], {
  cwd: root,
  stdio: 'ignore',
});
const sandbox = await startSandboxProcess({ SANDBOX_PORT: new URL(sandboxUrl).port });
const browser = await chromium.launch({ headless: true, ...chromiumLaunchOptions });
try {
  await waitForHttp(`http://127.0.0.1:${port}/`);
  const url = `http://127.0.0.1:${port}${referenceUrls(model).operation(listPets)}`;
  const times: number[] = [];
  let bytes = { files: 0, raw: 0, gzip: 0 };
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    const afterClick: Promise<Buffer | undefined>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') afterClick.push(response.body().catch(() => undefined));
    });
    const started = performance.now();
    await page.getByRole('button', { name: /^Try it/ }).click();
    await page
      .getByRole('dialog', { name: 'API Client' })
      .getByRole('button', { name: /^Send .* request/ })
      .waitFor({ state: 'visible', timeout: 30_000 });
    times.push(performance.now() - started);
    const bodies = (await Promise.all(afterClick)).filter((b): b is Buffer => b !== undefined);
    bytes = {
      files: bodies.length,
      raw: bodies.reduce((sum, b) => sum + b.length, 0),
      gzip: bodies.reduce((sum, b) => sum + gzipSync(b).length, 0),
    };
    await context.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`Live console on ${url} (sandbox ${sandboxUrl})`);
  console.log(
    `  click → Send button visible, ${runs} cold loads: ${times.map((t) => `${t.toFixed(0)} ms`).join(', ')}`,
  );
  console.log(`  median ${median.toFixed(0)} ms; goal ≤ ${goalMs} ms (${(median / goalMs).toFixed(2)} of the goal)`);
  console.log(
    `  loaded by the click: ${bytes.files} scripts and stylesheets, ${kb(bytes.raw)} raw, ${kb(bytes.gzip)} gzip`,
  );
} finally {
  await browser.close();
  stop(site);
  stop(sandbox.child);
}

function stop(child: ChildProcess): void {
  if (child.exitCode === null) child.kill('SIGTERM');
}
