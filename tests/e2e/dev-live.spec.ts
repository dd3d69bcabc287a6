/**
 * The writing loop in `npm run dev` (src/integration/spec-watcher.ts, live-description.ts, the sandbox's --watch):
 * a docs team saves the description and the open tab shows each change by itself, where the reader was, with no
 * restart of the dev server: a changed summary, an added parameter, an added operation (whose Try it → Send answers
 * from the sandbox, on the port SANDBOX_PORT gives it); a broken save shows its located error in the tab, and the
 * save that fixes it brings the page back. The description is a copy in a temporary folder.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type NpmDev, startNpmDev } from '../unit/support/dev-server.ts';
import { OperationPage } from './pages/operation-page.ts';
import { operation, urls } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dir = '';
let dev: NpmDev | undefined;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'petstore-dev-live-'));
  cpSync(path.join(root, 'spec'), dir, { recursive: true });
});
test.afterAll(() => {
  dev?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A query parameter on every operation of /store/orders. */
const withGiftWrap = (text: string) =>
  text.replace(
    '  /store/orders:\n',
    `  /store/orders:
    parameters:
      - name: giftWrap
        in: query
        description: Wraps the order as a gift.
        schema:
          type: boolean
`,
  );

/** An operation the Pet Store's hand-written rules do not know yet. */
const withReceipt = (text: string) =>
  text.replace(
    '  /store/orders/{orderId}/complete:\n',
    `  /store/orders/{orderId}/receipt:
    parameters:
      - $ref: "#/components/parameters/orderId"
    get:
      tags: [Orders]
      operationId: getReceipt
      summary: Get a receipt
      responses:
        "200":
          description: The order's receipt.
          content:
            application/json:
              example: { orderId: 1, total: 12.5 }
  /store/orders/{orderId}/complete:\n`,
  );

test('each save shows in the open tab where the reader was, and Try it calls the sandbox that follows it', async ({
  page,
}) => {
  test.setTimeout(400_000);
  const spec = path.join(dir, 'openapi.yaml');
  const good = readFileSync(spec, 'utf8');
  const placeOrder = operation('placeOrder');
  dev = await startNpmDev({ PETSTORE_SPEC: spec });
  const server = dev;
  let loads = 0;
  // Whether the page the tab shows has its live-reload socket open: then it hears the dev server's next update.
  let connected = false;
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    loads++;
    connected = false;
  });
  page.on('console', (message) => {
    if (message.text() === '[vite] connected.') connected = true;
  });
  const listening = () => expect.poll(() => connected, { timeout: 15_000 }).toBe(true);

  const reference = new OperationPage(page);
  await page.goto(`${server.address}${urls.operation(placeOrder)}`);
  await expect(reference.title).toHaveText(placeOrder.summary ?? '');
  await listening();
  // Again if the dev server reloaded the tab meanwhile (Vite optimizing its dependencies on a first start), until
  // the tab has stayed as it is, at 600, for 2 s: a reload just after the scroll, before the save, brought the tab
  // back at the top on a loaded machine, and the save then kept the reader there.
  await expect(async () => {
    const loadsAtScroll = loads;
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForTimeout(2_000);
    expect(loads).toBe(loadsAtScroll);
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
  }).toPass({ timeout: 60_000 });
  await listening();
  const loadsBefore = loads;

  const summary = good.replace('summary: Place an order\n', 'summary: Place an order today\n');
  writeFileSync(spec, summary);
  await expect(page.getByRole('heading', { level: 1, name: 'Place an order today' })).toBeAttached({
    timeout: 30_000,
  });
  // Shown by the tab itself (the test never reloads), still where the reader was.
  expect(loads).toBeGreaterThan(loadsBefore);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);

  await listening();
  const parameter = withGiftWrap(summary);
  writeFileSync(spec, parameter);
  await expect(reference.main.getByText('Wraps the order as a gift.')).toBeAttached({ timeout: 30_000 });
  await listening();

  writeFileSync(spec, withReceipt(parameter));
  const receiptLink = reference.sidebar.getByRole('link', { name: /Get a receipt/ });
  await expect(receiptLink).toBeAttached({ timeout: 30_000 });
  expect(server.output()).not.toMatch(/server restarted|Restarting/);

  await page.goto(`${server.address}/reference/orders/get-receipt/`);
  await listening();
  await page.getByRole('button', { name: /^Try it/ }).click();
  const dialog = page.getByRole('dialog', { name: 'API Client' });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  const answered = page.waitForResponse((r) => r.url().startsWith(`${server.sandbox}/store/orders/`));
  await dialog.getByRole('button', { name: /^Send .* request/ }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ orderId: 1, total: 12.5 });
  await page.keyboard.press('Escape');

  writeFileSync(spec, good.replace('openapi: 3.0.3\n', 'openapi: 3.0.3\npaths: [unclosed\n'));
  await expect(page.getByText(/The API description \S*openapi\.yaml has 1 error/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/openapi\.yaml:\d+:\d+ {2}error/)).toBeVisible();

  writeFileSync(spec, withReceipt(summary));
  await expect(page.getByText(/The API description \S*openapi\.yaml has 1 error/)).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Get a receipt' })).toBeVisible();
});
