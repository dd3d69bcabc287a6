/**
 * The live console (Scalar's client, loaded on click) against the built site
 * and the running sandbox: what a developer sees when trying calls.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { API_KEY_STORAGE_KEY } from '../../src/console/api-key-store.ts';
import { sandboxServer } from '../../src/openapi/index.ts';
import { model, operation, urls, watchCspViolations } from './support.ts';

const sandbox = sandboxServer(model);
if (!sandbox?.demoKeys) throw new Error('the spec names no sandbox with demo keys');
const sandboxUrl = sandbox.url;
const demoKey = (plan: string) => {
  const found = sandbox.demoKeys?.find((k) => k.plan === plan)?.key;
  if (!found) throw new Error(`no ${plan} demo key`);
  return found;
};

/** Everything the page requests, to check what loads when and where requests go. */
function watchRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(request.url()));
  return seen;
}

async function openConsole(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Try it/ }).click();
  const dialog = page.getByRole('dialog', { name: 'API Client' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const keyField = (dialog: Locator) =>
  dialog.getByRole('region', { name: /^Authentication/ }).getByRole('textbox', { name: 'Value' });
const send = (dialog: Locator) => dialog.getByRole('button', { name: /^Send .* request/ });

test.describe('the live console', () => {
  test('loads nothing before the click, then sends a real request with the key to the sandbox only', async ({
    page,
  }) => {
    const requests = watchRequests(page);
    const cspViolations = await watchCspViolations(page);
    const messages: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      messages.push(message.text());
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(urls.operation(operation('listPets')));
    await page.waitForLoadState('networkidle');
    const beforeClick = new Set(requests);

    const dialog = await openConsole(page);
    const loadedByClick = requests.filter((url) => !beforeClick.has(url));
    // The console's code and styles arrive with the click, none of it before.
    expect(loadedByClick.some((url) => url.endsWith('.js'))).toBe(true);
    expect(loadedByClick.some((url) => url.endsWith('.css'))).toBe(true);
    await expect(dialog.getByRole('button', { name: `Server: ${sandboxUrl}` })).toBeVisible();

    const key = demoKey('Pro');
    await keyField(dialog).fill(key);
    await send(dialog).click();
    await expect(dialog.getByText('200 OK')).toBeVisible();
    await expect(dialog.getByText('"name": "Rex"')).toBeVisible();

    const stored = await page.evaluate(
      (name) => [sessionStorage.getItem(name), localStorage.getItem(name)],
      API_KEY_STORAGE_KEY,
    );
    expect(stored).toEqual([key, null]);
    const origins = new Set(requests.map((url) => new URL(url).origin));
    expect([...origins].sort()).toEqual([new URL(page.url()).origin, new URL(sandboxUrl).origin].sort());
    expect(requests.filter((url) => url.includes(key))).toEqual([]);
    expect(messages.filter((text) => text.includes(key))).toEqual([]);
    await expect(dialog.getByText(key)).toHaveCount(0);
    // Scalar runs under the site's Content-Security-Policy, quietly.
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('without a key the sandbox answers 401 with the Error body', async ({ page }) => {
    await page.goto(urls.operation(operation('listPets')));
    const dialog = await openConsole(page);
    await send(dialog).click();
    await expect(dialog.getByText('401 Unauthorized')).toBeVisible();
    await expect(dialog.getByText('"code": "missing_api_key"')).toBeVisible();
  });

  test('the key follows the reader to other operations, is remembered only on request, and clears', async ({
    page,
  }) => {
    const key = demoKey('Business');
    await page.goto(urls.operation(operation('listPets')));
    let dialog = await openConsole(page);
    await keyField(dialog).fill(key);
    await expect(dialog.getByText('Your API key is kept for this tab only')).toBeVisible();

    await page.goto(urls.operation(operation('getPetDetails')));
    dialog = await openConsole(page);
    await expect(keyField(dialog)).toHaveValue(key);
    await send(dialog).click();
    await expect(dialog.getByText('200 OK')).toBeVisible();

    const storage = () =>
      page.evaluate((name) => [sessionStorage.getItem(name), localStorage.getItem(name)], API_KEY_STORAGE_KEY);
    await dialog.getByRole('checkbox', { name: 'Remember on this device' }).check();
    expect(await storage()).toEqual([null, key]);
    await dialog.getByRole('checkbox', { name: 'Remember on this device' }).uncheck();
    expect(await storage()).toEqual([key, null]);
    await dialog.getByRole('button', { name: 'Clear API key' }).click();
    expect(await storage()).toEqual([null, null]);
    await expect(keyField(dialog)).toHaveValue('');
  });

  test('creates a pet through POST /pets and finds it with GET /pets', async ({ page }) => {
    const key = demoKey('Enterprise');
    await page.goto(urls.operation(operation('createPet')));
    let dialog = await openConsole(page);
    await keyField(dialog).fill(key);
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().startsWith(sandboxUrl));
    await send(dialog).click();
    const pet = (await (await created).json()) as { id: number; name: string };
    await expect(dialog.getByText('201 Created')).toBeVisible();

    await page.goto(urls.operation(operation('listPets')));
    dialog = await openConsole(page);
    const listed = page.waitForResponse(
      (r) => r.request().method() === 'GET' && r.url().startsWith(`${sandboxUrl}/pets`),
    );
    await send(dialog).click();
    const pets = (await (await listed).json()) as { id: number }[];
    expect(pets.map((p) => p.id)).toContain(pet.id);
    await expect(dialog.getByText(`"id": ${pet.id},`)).toBeVisible();
  });

  test('a 429 shows the rate-limit headers the sandbox sent and a Retry-After countdown', async ({ page, request }) => {
    test.setTimeout(90_000);
    const key = demoKey('Free');
    // Fixed minute windows: start early in a minute so the window cannot roll over mid-test.
    const second = new Date().getUTCSeconds();
    if (second > 40) await page.waitForTimeout((61 - second) * 1000);
    const first = await request.get(`${sandboxUrl}/pets`, { headers: { 'X-API-Key': key } });
    const remaining = Number(first.headers()['x-ratelimit-remaining']);
    await Promise.all(
      Array.from({ length: remaining }, () => request.get(`${sandboxUrl}/pets`, { headers: { 'X-API-Key': key } })),
    );

    await page.goto(urls.operation(operation('listPets')));
    const dialog = await openConsole(page);
    await keyField(dialog).fill(key);
    const refused = page.waitForResponse((r) => r.url().startsWith(`${sandboxUrl}/pets`) && r.status() === 429);
    await send(dialog).click();
    const sent = (await refused).headers();
    await expect(dialog.getByText('429 Too Many Requests')).toBeVisible();

    const table = dialog.getByRole('table', { name: 'Rate limit' });
    for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining']) {
      await expect(table.getByRole('row', { name: new RegExp(`^${name} `) })).toContainText(
        sent[name.toLowerCase()] ?? '—',
      );
    }
    await expect(table.getByRole('row', { name: /^X-RateLimit-Reset / })).toContainText(
      `${sent['x-ratelimit-reset']} (`,
    );
    await expect(dialog.getByText(/retry is allowed at/)).toBeVisible();
    const timer = dialog.getByRole('timer');
    const secondsShown = async () => Number(/(\d+) s left/.exec((await timer.textContent()) ?? '')?.[1]);
    const start = await secondsShown();
    expect(start).toBeGreaterThan(0);
    expect(start).toBeLessThanOrEqual(Number(sent['retry-after']));
    await expect.poll(secondsShown, { timeout: 5000 }).toBeLessThan(start);

    const results = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations).toEqual([]);
  });

  test('a deprecated operation warns in the console with its sunset date and successor', async ({ page }) => {
    const getPet = operation('getPet');
    await page.goto(urls.operation(getPet));
    const dialog = await openConsole(page);
    const warning = dialog.getByRole('note').filter({ hasText: 'Deprecated.' });
    await expect(warning.locator(`time[datetime="${getPet.deprecation?.sunset}"]`)).toBeVisible();
    await expect(warning.getByRole('link', { name: 'Get a pet with its ETag' })).toHaveAttribute(
      'href',
      urls.operation(operation('getPetDetails')),
    );
  });

  test('opens and closes with the keyboard, moving focus in and back', async ({ page }) => {
    await page.goto(urls.operation(operation('listPets')));
    const tryIt = page.getByRole('button', { name: /^Try it/ });
    await tryIt.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'API Client' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(tryIt).toBeFocused();
  });

  test('operations whose spec turns the console off have no Try it control; every other has one', async ({ page }) => {
    for (const op of model.operations) {
      await page.goto(urls.operation(op));
      const tryIt = page.getByRole('button', { name: /^Try it/ });
      if (op.tryIt.enabled) {
        await expect(tryIt, op.operationId).toBeVisible();
      } else {
        await expect(tryIt, op.operationId).toHaveCount(0);
        await expect(page.locator('[data-console-target]')).toHaveCount(0);
        await expect(page.getByText(op.tryIt.reason)).toBeVisible();
      }
    }
    expect(model.operations.filter((o) => !o.tryIt.enabled).map((o) => o.operationId)).toEqual(['listOrders']);
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the console has no axe violations after a 200 in the ${scheme} theme, on a 375 px screen`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(urls.operation(operation('getPetDetails')));
    const dialog = await openConsole(page);
    await keyField(dialog).fill(demoKey('Enterprise'));
    await send(dialog).click();
    await expect(dialog.getByText('200 OK')).toBeVisible();
    await expect(send(dialog)).toBeInViewport();
    await page.screenshot({ path: `test-results/console-${scheme}-375.png` });
    const results = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations).toEqual([]);
  });
}
