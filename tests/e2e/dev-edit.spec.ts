/**
 * A developer's open tab in `astro dev` while the description is broken and then fixed (src/integration/spec-watcher.ts):
 * the broken save shows our report in the error overlay, without an empty Stack Trace box; the fixing save is taken
 * in without a restart and brings the tab back by itself, fully working (styles, scripts, live reload), not reloaded
 * before the server had the fixed version (a restart once left it unstyled, scriptless and cut off). Search,
 * which has no index in dev, says so instead of "Searching…" forever over an uncaught error.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type DevServer, startDevServer } from '../unit/support/dev-server.ts';
import { OperationPage } from './pages/operation-page.ts';
import { operation, urls } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dir = '';
let server: DevServer | undefined;

test.beforeAll(() => {
  // A copy to break and fix, beside its site config, as a docs team's description outside the project.
  dir = mkdtempSync(path.join(tmpdir(), 'petstore-dev-edit-'));
  cpSync(path.join(root, 'spec'), dir, { recursive: true });
});
test.afterAll(() => {
  server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('a save that fixes a broken description brings the open tab back by itself, fully working', async ({ page }) => {
  test.setTimeout(300_000);
  const spec = path.join(dir, 'openapi.yaml');
  const good = readFileSync(spec, 'utf8');
  const placeOrder = operation('placeOrder');
  server = await startDevServer({ PETSTORE_SPEC: spec });
  const dev = server;

  // Each time the tab loads a page: how much the dev server had printed by then.
  const loads: number[] = [];
  const connected: number[] = [];
  const failed: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && loads.push(dev.output().length));
  page.on('console', (message) => message.text() === '[vite] connected.' && connected.push(loads.length));
  page.on('requestfailed', (request) => failed.push(`${loads.length} ${request.url()}`));
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));

  const reference = new OperationPage(page);
  await page.goto(`${dev.address}${urls.operation(placeOrder)}`);
  await expect(reference.title).toHaveText(placeOrder.summary ?? '');
  await expect.poll(() => connected).toContain(loads.length);

  writeFileSync(spec, good.replace('openapi: 3.0.3\n', 'openapi: 3.0.3\npaths: [unclosed\n'));
  await expect(page.getByText(/The API description \S*openapi\.yaml has 1 error/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/openapi\.yaml:\d+:\d+ {2}error/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Stack Trace' })).toBeHidden();

  const fixedAt = dev.output().length;
  const loadsBefore = loads.length;
  writeFileSync(spec, good.replace(`summary: ${placeOrder.summary}\n`, 'summary: Place an order today\n'));
  const fixedTitle = page.getByRole('heading', { level: 1, name: 'Place an order today' });
  await expect(fixedTitle).toBeVisible({ timeout: 120_000 });

  // Every load since the fix came once the server had taken the fixed version in, and the server did not restart.
  const takenInAt = fixedAt + dev.output().slice(fixedAt).indexOf('Fixed: openapi.yaml updated in place');
  expect(takenInAt, dev.output().slice(fixedAt)).toBeGreaterThanOrEqual(fixedAt);
  expect(dev.output().slice(fixedAt)).not.toContain('server restarted');
  expect(loads.slice(loadsBefore).every((at) => at >= takenInAt)).toBe(true);
  // Fully working: live reload connected, the sample pane styled beside the docs, its tabs and "On this page" scripted.
  await expect.poll(() => connected).toContain(loads.length);
  const sample = await reference.requestSample.boundingBox();
  const docs = await fixedTitle.boundingBox();
  expect(sample && docs && sample.x > docs.x + 400).toBe(true);
  await expect(reference.languageTab('Python')).toBeVisible();
  await page.getByText('On this page', { exact: true }).click();
  await expect(reference.tableOfContents.getByRole('link', { name: 'Request body', exact: true })).toBeVisible();
  expect(failed.filter((line) => line.startsWith(`${loads.length} `))).toEqual([]);

  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('dialog', { name: 'Search' })).toContainText('only available in production builds');
  expect(uncaught).toEqual([]);
});
