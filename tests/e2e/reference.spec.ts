/** The API reference as a reader sees it in Chromium, with and without JavaScript. */
import { expect, type Page, test } from '@playwright/test';
import { codeSamples } from '../../src/openapi/samples.ts';
import { OperationPage } from './pages/operation-page.ts';
import { model, operation, searchResultTimeout, urls } from './support.ts';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('sidebar', () => {
  test('holds Pets and Store as groups of their tags, with no page of their own', async ({ page }) => {
    await page.goto(urls.introduction);
    const nav = sidebar(page);
    for (const group of model.tagGroups) {
      // A group is a heading-like toggle, not a link.
      await expect(nav.getByRole('link', { name: group.name, exact: true })).toHaveCount(0);
      await expect(nav.getByText(group.name, { exact: true })).toBeVisible();
      for (const tag of group.tags) await expect(nav.getByRole('link', { name: tag, exact: true })).toBeVisible();
    }
  });

  test("lists a tag's operations with method and badge on that tag's pages", async ({ page }) => {
    await page.goto(urls.operation(operation('getPet')));
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'GET Get a pet Deprecated' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'POST Create a pet' })).toBeVisible();
    // Another tag's operations are not listed here; its overview is.
    await expect(nav.getByRole('link', { name: /Complete an order/ })).toHaveCount(0);
    await page.goto(urls.operation(operation('completeOrder')));
    await expect(sidebar(page).getByRole('link', { name: 'POST Complete an order Experimental' })).toBeVisible();
    await page.goto(urls.operation(operation('updateInventoryItem')));
    await expect(sidebar(page).getByRole('link', { name: "PUT Set a pet's stock count Beta" })).toBeVisible();
  });

  test('a group closes and opens from the keyboard, and stays as the reader left it on the next page', async ({
    page,
  }) => {
    await page.goto('/guides/getting-started/');
    const introduction = sidebar(page).getByRole('link', { name: 'Introduction', exact: true });
    await expect(introduction).toBeVisible();
    const reference = sidebar(page).getByText('API reference', { exact: true });
    await reference.focus();
    await page.keyboard.press('Enter');
    await expect(introduction).toBeHidden();
    await sidebar(page).getByRole('link', { name: 'Authentication', exact: true }).click();
    await expect(page).toHaveURL(/\/guides\/authentication\/$/);
    await expect(sidebar(page).getByRole('link', { name: 'Introduction', exact: true })).toBeHidden();
    await sidebar(page).getByText('API reference', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(sidebar(page).getByRole('link', { name: 'Introduction', exact: true })).toBeVisible();
  });
});

test.describe('a deprecated operation', () => {
  test('shows its badge, sunset date as <time>, time left and a working successor link', async ({ page }) => {
    const getPet = operation('getPet');
    await page.goto(urls.operation(getPet));
    await expect(page.getByRole('heading', { level: 1, name: 'Get a pet' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText('Deprecated', { exact: true }).first()).toBeVisible();
    const callout = main.getByRole('complementary').filter({ hasText: 'Deprecated since 2026-09-01' });
    await expect(callout.locator('time')).toHaveAttribute('datetime', getPet.deprecation?.sunset ?? '');
    await expect(callout).toContainText('It stops working on 30 June 2027 (sunset in');
    await callout.getByRole('link', { name: 'Get a pet with its ETag' }).click();
    await expect(page).toHaveURL(new RegExp(`${urls.operation(operation('getPetDetails'))}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Get a pet with its ETag' })).toBeVisible();
  });

  test('is marked in its tag overview too', async ({ page }) => {
    await page.goto(urls.tag(model.tags[0] as NonNullable<(typeof model.tags)[0]>));
    const item = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: /^GET Get a pet \/pets\/\{petId\}/ });
    await expect(item).toContainText('Deprecated');
    await expect(item.locator('time')).toHaveAttribute('datetime', '2027-06-30');
  });
});

test.describe('stability badges', () => {
  for (const [id, text, promise] of [
    ['completeOrder', 'Experimental', 'may change or disappear without notice'],
    ['updateInventoryItem', 'Beta', 'feature-complete but may still change'],
  ] as const) {
    test(`${id} carries ${text} with what it promises`, async ({ page }) => {
      await page.goto(urls.operation(operation(id)));
      const main = page.getByRole('main');
      await expect(main.getByText(text, { exact: true }).first()).toBeVisible();
      await expect(main.getByRole('complementary').filter({ hasText: promise })).toBeVisible();
    });
  }
});

test.describe('a full operation page', () => {
  test('has the endpoint, parameters, body, outcomes with their headers, errors and code samples', async ({ page }) => {
    const reference = new OperationPage(page);
    const createPet = operation('createPet');
    await reference.goto(createPet);
    const main = reference.main;
    await expect(main.getByText('POST', { exact: true }).first()).toBeVisible();
    await expect(
      main
        .getByRole('code')
        .filter({ hasText: /^\/pets$/ })
        .first(),
    ).toBeVisible();
    await expect(main.getByText(/^Send your API key in the X-API-Key header \(/)).toBeVisible();

    await expect(main.getByRole('heading', { name: 'Request body' })).toBeVisible();
    const body = main
      .locator('li')
      .filter({ has: page.getByRole('code').filter({ hasText: /^name$/ }) })
      .first();
    await expect(body).toContainText('required');
    await expect(body).toContainText('1–100 characters');

    // Success in full, under its own heading; every error status in the error table.
    for (const response of createPet.responses) {
      if (/^[45]/.test(response.status)) {
        await expect(reference.errorTable.getByRole('row').filter({ hasText: response.status }).first()).toBeVisible();
      } else {
        await expect(main.getByRole('heading', { level: 3, name: new RegExp(`^${response.status}\\b`) })).toBeVisible();
      }
    }
    // The 201's own header (Location) is described with it; the headers every response carries, once.
    const created = main.getByRole('region', { name: /^201/ });
    await expect(created.getByRole('rowheader', { name: /^Location/ })).toBeVisible();
    await main.getByText(/^Headers on every response/).click();
    for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
      const description = createPet.responses[0]?.headers.find((h) => h.name === name)?.description ?? '';
      const row = main
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}\\b`) }) });
      await expect(row).toContainText(description.split(/[.`]/)[0] ?? '');
    }

    await expect(reference.requestSample.getByRole('tab')).toHaveText(['curl', 'JavaScript', 'Python', 'Go']);
    await expect(reference.shownCode(reference.requestSample)).toContainText('curl https://api.petstore.dev/pets');
    await expect(reference.shownCode(reference.requestSample)).toContainText('X-API-Key: YOUR_API_KEY');
  });

  test('copies the method and path', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(urls.operation(operation('getPet')));
    await page.getByRole('button', { name: 'Copy method and path' }).click();
    // It says so, to eyes and to screen readers, for a moment (1.5 s: looked for first, before the clipboard is
    // read, so that a slow read on a busy machine cannot outlast it), then goes back.
    await expect(page.getByRole('button', { name: 'Copied method and path' })).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('GET /pets/{petId}');
    await expect(page.getByRole('button', { name: 'Copy method and path' })).toHaveText('Copy');
  });

  test('copies a code sample exactly as generated from the spec', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const createPet = operation('createPet');
    const reference = new OperationPage(page);
    await reference.goto(createPet);
    await reference.languageTab('Python').click();
    await page.getByRole('button', { name: 'Copy Python sample' }).click();
    const python = codeSamples(model, createPet).find((sample) => sample.id === 'python');
    expect(python?.code).toContain('requests.post');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(python?.code);
  });

  test('a table-of-contents link brings its section to the top of the window', async ({ page }) => {
    const reference = new OperationPage(page);
    await reference.goto(operation('createPet'));
    const toc = reference.tableOfContents;
    for (const name of ['Errors', '201 Created', 'Request body']) {
      await page.getByText('On this page', { exact: true }).click();
      await toc.getByRole('link', { name, exact: true }).click();
      const heading = reference.sectionHeading(name, 3);
      await expect(heading).toBeInViewport();
      // Right under the sticky header and the "On this page" bar, not somewhere further down.
      await expect.poll(async () => (await heading.boundingBox())?.y).toBeLessThan(170);
    }
  });

  test('shows the reason instead of a console where the spec turns it off', async ({ page }) => {
    await page.goto(urls.operation(operation('listOrders')));
    await expect(
      page.getByRole('complementary').filter({ hasText: 'No live console for this operation' }),
    ).toContainText('every customer');
  });
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('an operation page still shows everything, and offers no copy button that cannot work', async ({ page }) => {
    await page.goto(urls.operation(operation('createPet')));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Request body' })).toBeVisible();
    await expect(
      main.getByRole('table', { name: 'Errors this operation can return' }).getByRole('row').filter({ hasText: '429' }),
    ).toBeVisible();
    await expect(main.getByRole('region', { name: 'Request sample' })).toContainText(
      'curl https://api.petstore.dev/pets',
    );
    await expect(main.getByRole('button', { name: /Copy/ })).toHaveCount(0);
    await main.getByText(/^Headers on every response/).click(); // <details> works without JavaScript
    await expect(main.getByRole('table', { name: 'Headers' }).first()).toBeVisible();
  });
});

test.describe('models and errors', () => {
  test('a model page lists its fields and links circular or nested models', async ({ page }) => {
    await page.goto(urls.schema('Pet') ?? '');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Pet' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'PetStatus' }).first()).toHaveAttribute(
      'href',
      urls.schema('PetStatus') ?? '',
    );
  });

  test('the error catalog lists every code with its status and the operations that return it', async ({ page }) => {
    await page.goto(urls.errors);
    const rows = page.getByRole('main').getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(model.errorCodes.length + 1);
    const planRow = rows.filter({ hasText: 'plan_forbidden' });
    await expect(planRow).toContainText('403 Forbidden');
    await expect(planRow.getByRole('link')).toHaveText(["Set a pet's stock count"]);
    await expect(rows.filter({ hasText: 'route_not_found' })).toContainText('Any request');
  });
});

/** Types as a reader would into the search box, which must already have the focus, and waits for a result. */
async function typeInOpenSearch(page: Page, query: string, result: RegExp): Promise<void> {
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Search' })).toBeFocused();
  await page.keyboard.type(query);
  await expect(page.getByRole('dialog').getByRole('link', { name: result }).first()).toBeVisible({
    timeout: searchResultTimeout,
  });
}

/** The script chunk of Pagefind's UI (src/search/pagefind-ui.ts, which bundles it). */
const pagefindUiChunk = /\/pagefind-ui\.[\w-]+\.js$/;

test.describe('search', () => {
  test('finds an operation by summary, path and operationId, and a model by name', async ({ page }) => {
    await page.goto(urls.introduction);
    const searches: [string, string][] = [
      ['Place an order', 'Place an order'],
      ['placeOrder', 'Place an order'],
      ['/pets/{petId}/details', 'Get a pet with its ETag'],
      ['InventoryUpdate', 'InventoryUpdate'],
    ];
    for (const [query, expected] of searches) {
      await page.getByRole('button', { name: 'Search' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Search' }).fill(query);
      await expect(dialog.getByRole('link', { name: new RegExp(expected) }).first()).toBeVisible({
        timeout: searchResultTimeout,
      });
      await page.keyboard.press('Escape');
    }
  });

  test('shows what a page says, not the labels of its controls (Copy, Try it)', async ({ page }) => {
    await page.goto(urls.introduction);
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Search' }).fill('placeOrder');
    await expect(dialog.getByRole('link', { name: 'Place an order' }).first()).toBeVisible({
      timeout: searchResultTimeout,
    });
    await expect(dialog).toContainText('POST /store/orders');
    await expect(dialog).not.toContainText(/\bCopy\b|Try it/);
  });

  test("loads Pagefind's UI only when the reader goes to search, and Ctrl+K still opens it ready to type", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(urls.operation(operation('listPets')));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000); // Starlight used to load it when the browser was idle
    expect(scripts.filter((path) => pagefindUiChunk.test(path))).toEqual([]);

    await page.keyboard.press('Control+k');
    await typeInOpenSearch(page, 'placeOrder', /Place an order/);
    expect(scripts.filter((path) => pagefindUiChunk.test(path))).toHaveLength(1);
  });

  test('a reader who opens search before the page is idle still gets the search box and results', async ({ page }) => {
    const releaseIdle = await holdIdleCallbacks(page);
    await page.goto(urls.introduction);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await releaseIdle();
    await typeInOpenSearch(page, 'placeOrder', /Place an order/);
  });

  test('what a reader types before the search box exists goes into it and is searched', async ({ page }) => {
    // Both moments without a box: before Starlight sets search up, and while Pagefind's UI loads.
    const releaseIdle = await holdIdleCallbacks(page);
    const uiRequested = opening();
    const uiLetThrough = opening();
    await page.route(pagefindUiChunk, async (route) => {
      uiRequested.open();
      await uiLetThrough.opened;
      await route.continue();
    });
    await page.goto(urls.introduction);
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.type('place');
    await releaseIdle();
    await uiRequested.opened;
    await page.keyboard.type('Ordx');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('er');
    uiLetThrough.open();
    const box = page.getByRole('dialog').getByRole('textbox', { name: 'Search' });
    await expect(box).toHaveValue('placeOrder');
    await expect(box).toBeFocused();
    await expect(
      page
        .getByRole('dialog')
        .getByRole('link', { name: /Place an order/ })
        .first(),
    ).toBeVisible({ timeout: searchResultTimeout });
  });
});

/**
 * Holds back the page's idle callbacks (Starlight sets search up in one) until the returned function runs, as a
 * busy machine does.
 */
async function holdIdleCallbacks(page: Page): Promise<() => Promise<void>> {
  await page.addInitScript(() => {
    const held: IdleRequestCallback[] = [];
    const w = window as Window & { releaseIdle?: () => void };
    w.requestIdleCallback = (callback) => held.push(callback);
    w.releaseIdle = () => {
      for (const callback of held.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
    };
  });
  return () => page.evaluate(() => (window as Window & { releaseIdle?: () => void }).releaseIdle?.());
}

/** A promise the test opens when it chooses. */
function opening(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

test.describe('downloads for people and machines', () => {
  test('serves the spec as YAML and JSON, operations as Markdown, and llms.txt', async ({ request }) => {
    const yaml = await request.get('/openapi.yaml');
    expect(await yaml.text()).toContain('openapi: 3.0.3');
    const json = await (await request.get('/openapi.json')).json();
    expect(json.info.version).toBe(model.info.version);
    const md = await request.get(`${urls.operation(operation('getPet')).replace(/\/$/, '')}.md`);
    expect(await md.text()).toContain('`GET /pets/{petId}`');
    const llms = await (await request.get('/llms.txt')).text();
    for (const o of model.operations) expect(llms).toContain(`\`${o.method.toUpperCase()} ${o.path}\``);
  });

  test('an operation page announces its Markdown twin in its head and links it for readers', async ({
    page,
    request,
  }) => {
    await page.goto(urls.operation(operation('placeOrder')));
    const announced = await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href');
    expect(announced).toBe(urls.operationMarkdown(operation('placeOrder')));
    await expect(page.getByRole('main').getByRole('link', { name: 'View as Markdown' })).toHaveAttribute(
      'href',
      announced ?? '',
    );
    const twin = await request.get(announced ?? '');
    expect(twin.status()).toBe(200);
    expect(await twin.text()).toContain('`POST /store/orders`');
  });
});

test.describe('sidebar size', () => {
  test("on a page inside one group, the other group's tags are links, and only the open tag lists operations", async ({
    page,
  }) => {
    await page.goto(urls.operation(operation('createPet')));
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'Categories', exact: true })).toBeVisible();
    // The Pet Store has few tags, so the Store group lists its tags here too (no "Store tags" link).
    await expect(nav.getByRole('link', { name: 'Store tags', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: /Complete an order/ })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Orders', exact: true }).click();
    const orders = model.tags.find((t) => t.name === 'Orders');
    await expect(page).toHaveURL(new RegExp(`${orders ? urls.tag(orders) : '/orders/'}$`));
    await expect(sidebar(page).getByRole('link', { name: /Complete an order/ })).toBeVisible();
  });
});
