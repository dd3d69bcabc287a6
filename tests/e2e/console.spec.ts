/**
 * The live console (Scalar's client, loaded on click) against the built site
 * and the running sandbox: what a developer sees when trying calls.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { API_KEY_STORAGE_KEY } from '../../src/console/api-key-store.ts';
import { sandboxServer } from '../../src/openapi/index.ts';
import { bodyText, harRequest } from '../../src/openapi/samples.ts';
import { model, operation, sandboxUrl, urls, watchCspViolations } from './support.ts';

const sandbox = sandboxServer(model);
if (!sandbox?.demoKeys) throw new Error('the spec names no sandbox with demo keys');
const demoKeyOf = (plan: string | undefined) => {
  const found = sandbox.demoKeys?.find((k) => k.plan === plan);
  if (!found) throw new Error(`no ${plan} demo key`);
  return found;
};
const demoKey = (plan: string) => demoKeyOf(plan).key;
/** The lowest plan's demo key (plans in `x-rate-limits` order): the one the console starts with on the sandbox. */
const lowestDemoKey = demoKeyOf(
  model.rateLimits?.plans.find((p) => sandbox.demoKeys?.some((k) => k.plan === p.plan))?.plan,
);

/** Everything the page requests, to check what loads when and where requests go. */
function watchRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(request.url()));
  return seen;
}

/** Long enough for the console to load on a busy machine; see openConsole. */
const consoleLoadTimeout = 30_000;

async function openConsole(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Try it/ }).click();
  const dialog = page.getByRole('dialog', { name: 'API Client' });
  // How fast it opens is npm run bench:console's to measure, not this test's: with two browser workers on two
  // cores, parsing and mounting the console's megabytes of code can pass Playwright's default 5 s.
  await expect(dialog).toBeVisible({ timeout: consoleLoadTimeout });
  return dialog;
}

const keyField = (dialog: Locator) =>
  dialog.getByRole('region', { name: /^Authentication/ }).getByRole('textbox', { name: 'Value' });
const send = (dialog: Locator) => dialog.getByRole('button', { name: /^Send .* request/ });
const demoKeyLine = (dialog: Locator, plan: string) =>
  dialog.getByText(`Using the sandbox's ${plan} demo key (${demoKey(plan)}).`);
const planButton = (dialog: Locator, plan: string) =>
  dialog.getByRole('group', { name: 'Sandbox demo keys' }).getByRole('button', { name: plan, exact: true });
const storedKeys = (page: Page) =>
  page.evaluate((name) => [sessionStorage.getItem(name), localStorage.getItem(name)], API_KEY_STORAGE_KEY);

test.describe('the live console', () => {
  // Each test opens the console at least once, and one load may take consoleLoadTimeout on a busy machine:
  // the default 30 s is not enough for a test that opens it two or three times (one did not finish in CI).
  test.describe.configure({ timeout: 3 * consoleLoadTimeout });
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

  test('an emptied key field sends no key: the sandbox answers 401 with the Error body', async ({ page }) => {
    await page.goto(urls.operation(operation('listPets')));
    const dialog = await openConsole(page);
    await keyField(dialog).fill('');
    await expect(dialog.getByText('Enter your API key under Authentication, or use a sandbox demo key')).toBeVisible();
    await expect(planButton(dialog, lowestDemoKey.plan)).toHaveAttribute('aria-pressed', 'false');
    await send(dialog).click();
    await expect(dialog.getByText('401 Unauthorized')).toBeVisible();
    await expect(dialog.getByText('"code": "missing_api_key"')).toBeVisible();
    expect(await storedKeys(page)).toEqual([null, null]);
  });

  test("switching plan sends that plan's demo key, and the sandbox answers with that plan's limits", async ({
    page,
  }) => {
    const pro = demoKeyOf('Pro');
    await page.goto(urls.operation(operation('listPets')));
    const dialog = await openConsole(page);
    await planButton(dialog, pro.plan).click();
    await expect(demoKeyLine(dialog, pro.plan)).toBeVisible();
    await expect(planButton(dialog, pro.plan)).toHaveAttribute('aria-pressed', 'true');
    await expect(planButton(dialog, lowestDemoKey.plan)).toHaveAttribute('aria-pressed', 'false');
    await expect(keyField(dialog)).toHaveValue(pro.key);

    const answered = page.waitForResponse(
      (r) => r.request().method() === 'GET' && r.url().startsWith(`${sandboxUrl}/pets`),
    );
    await send(dialog).click();
    const response = await answered;
    expect((await response.request().allHeaders())['x-api-key']).toBe(pro.key);
    expect(response.headers()['x-ratelimit-limit']).toBe(String(pro.perMinute));
    await expect(
      dialog.getByRole('table', { name: 'Rate limit' }).getByRole('row', { name: /^X-RateLimit-Limit / }),
    ).toContainText(String(pro.perMinute));
    // A demo key is the sandbox's, not the reader's: nothing is stored.
    expect(await storedKeys(page)).toEqual([null, null]);
  });

  test('off the sandbox the key field is empty and points to the Authentication guide; on it, a demo key', async ({
    page,
  }) => {
    // The sandbox does not answer the console's probe: the console starts on the spec's first server.
    await page.route(`${sandboxUrl}/**`, (route) =>
      route.request().method() === 'OPTIONS' ? route.abort() : route.fallback(),
    );
    const production = model.servers[0]?.url ?? 'missing';
    expect(production).not.toBe(sandboxUrl);
    await page.goto(urls.operation(operation('listPets')));
    const dialog = await openConsole(page);
    const chooseServer = async (url: string) => {
      await dialog.getByRole('button', { name: /^Server: / }).click();
      await page.getByRole('button', { name: url, exact: true }).click();
      await expect(dialog.getByRole('button', { name: `Server: ${url}` })).toBeVisible();
    };
    const guide = dialog.getByRole('link', { name: 'Authentication guide' });

    await expect(dialog.getByRole('button', { name: `Server: ${production}` })).toBeVisible();
    await expect(keyField(dialog)).toHaveValue('');
    await expect(keyField(dialog)).toHaveAttribute('placeholder', 'your API key');
    await expect(dialog.getByRole('group', { name: 'Sandbox demo keys' })).toHaveCount(0);
    await expect(guide).toHaveAttribute('href', '/guides/authentication/');

    await chooseServer(sandboxUrl);
    await expect(keyField(dialog)).toHaveValue(lowestDemoKey.key);
    await expect(demoKeyLine(dialog, lowestDemoKey.plan)).toBeVisible();
    await expect(guide).toHaveCount(0);

    // A demo key works only on the sandbox: it is not sent to another server.
    await chooseServer(production);
    await expect(keyField(dialog)).toHaveValue('');
    await guide.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Authentication' })).toBeVisible();
    expect(await storedKeys(page)).toEqual([null, null]);
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
    // The reader's key wins over the sandbox's demo key.
    await expect(keyField(dialog)).toHaveValue(key);
    await expect(dialog.getByRole('group', { name: 'Sandbox demo keys' })).toHaveCount(0);
    await send(dialog).click();
    await expect(dialog.getByText('200 OK')).toBeVisible();

    await dialog.getByRole('checkbox', { name: 'Remember on this device' }).check();
    expect(await storedKeys(page)).toEqual([null, key]);
    await dialog.getByRole('checkbox', { name: 'Remember on this device' }).uncheck();
    expect(await storedKeys(page)).toEqual([key, null]);
    await dialog.getByRole('button', { name: 'Clear API key' }).click();
    expect(await storedKeys(page)).toEqual([null, null]);
    // The reader's key is gone; on the sandbox the field falls back to its demo key, which is not stored.
    await expect(keyField(dialog)).toHaveValue(lowestDemoKey.key);
    await expect(demoKeyLine(dialog, lowestDemoKey.plan)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Clear API key' })).toBeDisabled();
    await page.reload();
    dialog = await openConsole(page);
    await expect(keyField(dialog)).toHaveValue(lowestDemoKey.key);
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

  test("the first Send makes the call the page's request sample shows: same path, query and body", async ({ page }) => {
    for (const id of ['placeOrder', 'listPets']) {
      const op = operation(id);
      const sample = harRequest(model, op);
      await page.goto(urls.operation(op));
      const dialog = await openConsole(page);
      const sent = page.waitForRequest((r) => r.method() === op.method.toUpperCase() && r.url().startsWith(sandboxUrl));
      await send(dialog).click();
      const request = await sent;
      const expected = new URL(sample.url);
      const actual = new URL(request.url());
      expect(actual.pathname, id).toBe(expected.pathname);
      expect([...actual.searchParams], id).toEqual([...expected.searchParams]);
      if (sample.postData) expect(request.postDataJSON(), id).toEqual(JSON.parse(bodyText(sample) ?? 'null'));
      else expect(request.postData(), id).toBeNull();
    }
  });

  // Both use the demo key the console starts with: the first call must come before the 429 test uses up its minute.
  test.describe('with the demo key the console starts with', () => {
    test.describe.configure({ mode: 'default' });

    test('the first Send works without typing, and says it used a sandbox demo key', async ({ page }) => {
      const cspViolations = await watchCspViolations(page);
      // Dark, so that axe checks the plan switch in both themes (the 429 test below is light).
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(urls.operation(operation('listPets')));
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      const dialog = await openConsole(page);
      await expect(demoKeyLine(dialog, lowestDemoKey.plan)).toBeVisible();
      await expect(planButton(dialog, lowestDemoKey.plan)).toHaveAttribute('aria-pressed', 'true');
      await expect(keyField(dialog)).toHaveAttribute('placeholder', 'your API key');

      const answered = page.waitForResponse(
        (r) => r.request().method() === 'GET' && r.url().startsWith(`${sandboxUrl}/pets`),
      );
      await send(dialog).click();
      const response = await answered;
      expect(response.status()).toBeGreaterThanOrEqual(200);
      expect(response.status()).toBeLessThan(300);
      expect((await response.request().allHeaders())['x-api-key']).toBe(lowestDemoKey.key);
      await expect(dialog.getByText(`${response.status()} ${response.statusText()}`)).toBeVisible();
      await expect(demoKeyLine(dialog, lowestDemoKey.plan)).toBeVisible();
      // The demo key is not the reader's: nothing is stored, and there is nothing of theirs to clear.
      expect(await storedKeys(page)).toEqual([null, null]);
      await expect(dialog.getByRole('button', { name: 'Clear API key' })).toBeDisabled();
      expect(await cspViolations()).toEqual([]);
      const results = await new AxeBuilder({ page })
        .include('[role="dialog"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(results.violations).toEqual([]);
    });

    test('a 429 shows the rate-limit headers the sandbox sent and a Retry-After countdown', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const key = lowestDemoKey.key;
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
      await expect(keyField(dialog)).toHaveValue(key);
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

  test('on a phone, Send brings the answer into view, and the console fills the screen to its bottom', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(urls.operation(operation('listPets')));
    const dialog = await openConsole(page);
    const box = await dialog.boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBeGreaterThanOrEqual(843);
    // The Enterprise key: the Free demo key's minute is the 429 test's to use up.
    await keyField(dialog).fill(demoKey('Enterprise'));
    await send(dialog).click();
    const status = dialog.getByRole('link', { name: '200 OK' });
    await expect(status).toBeVisible();
    await expect(status).toBeInViewport();
  });

  test('opens and closes with the keyboard, moving focus in and back', async ({ page }) => {
    await page.goto(urls.operation(operation('listPets')));
    const tryIt = page.getByRole('button', { name: /^Try it/ });
    await tryIt.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'API Client' });
    await expect(dialog).toBeVisible({ timeout: consoleLoadTimeout });
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
    // Axe over Scalar's whole modal takes about 18 s alone on 2 cores: twice that beside the other worker under load.
    test.setTimeout(60_000);
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
