/**
 * The page's script loads after its first paint (src/publishing/after-paint.ts): the page requests no script before
 * it has painted, and a reader who acts before the script has run loses nothing.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { operation, urls } from './support.ts';

test("an operation page requests its script only after its first paint, and the script's controls then work", async ({
  page,
}) => {
  await page.goto(urls.operation(operation('listPets')));
  const scriptStarts = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\/_astro\/[\w.-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    );
  await expect.poll(async () => (await scriptStarts()).length).toBeGreaterThan(0);
  const firstPaint = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
  );
  for (const start of await scriptStarts()) expect(start).toBeGreaterThanOrEqual(firstPaint);
  await page.getByRole('tab', { name: 'Python' }).first().click();
  await expect(page.getByRole('tab', { name: 'Python' }).first()).toHaveAttribute('aria-selected', 'true');
});

test('a Try it click made before the script ran still opens the console', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto(urls.operation(operation('listPets')), { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: /^Try it/ }).click();
  await scripts.release();
  await expect(page.getByRole('dialog', { name: 'API Client' })).toBeVisible({ timeout: 30_000 });
});

test('a reader who picked a sample language earlier gets the script at once, so the samples open in that language', async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem('portal.sample-language', 'python');
    // Where the page was when the Python tab was first chosen.
    const seen = new MutationObserver(() => {
      if (!document.querySelector('[role="tab"][data-pst-tab="python"][aria-selected="true"]')) return;
      document.documentElement.dataset.chosenWhile = document.readyState;
      seen.disconnect();
    });
    seen.observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-selected'] });
  });
  // The stylesheets come late, so the load event (after which a first visit loads the script) comes late too.
  await page.route('**/_astro/*.css', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await page.goto(urls.operation(operation('listPets')), { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('tab', { name: 'Python' }).first()).toHaveAttribute('aria-selected', 'true');
  const chosenWhile = await page.evaluate(() => document.documentElement.dataset.chosenWhile);
  expect(chosenWhile, 'the Python tab was chosen before the page finished loading').not.toBe('complete');
});

test('a Copy as Markdown click made before the script ran still copies the twin, and the reader stays', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const scripts = await holdScripts(page);
  await page.goto('/guides/errors/', { waitUntil: 'domcontentloaded' });
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Copy as Markdown' }).click();
  await scripts.release();
  await expect(main.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# Errors\n/);
  expect(new URL(page.url()).pathname).toBe('/guides/errors/');
});

test('a theme picked before the script ran is the theme the page takes, and keeps', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const scripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const themeSelect = page.getByRole('combobox', { name: 'Select theme' }).first();
  await themeSelect.selectOption({ label: 'Light' });
  await scripts.release();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light', { timeout: 30_000 });
  await expect(themeSelect).toHaveValue('light');
  await page.goto('/reference/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test("the shell's icons are drawn once the page has painted, and at once without JavaScript", async ({ browser }) => {
  // What the menu and search buttons' icons are masked by: an SVG once drawn (shell.css), none before.
  const iconOf = (button: Locator) =>
    button.evaluate((element) => {
      const style = getComputedStyle(element, '::before');
      return style.maskImage || style.webkitMaskImage;
    });
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(urls.operation(operation('listPets')));
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect
      .poll(() => iconOf(menu), { message: `the menu icon, JavaScript ${javaScriptEnabled}` })
      .toMatch(/^url\(.+\.svg"?\)$/);
    if (javaScriptEnabled) {
      await expect.poll(() => iconOf(page.getByRole('button', { name: 'Search' }))).toMatch(/^url\(.+\.svg"?\)$/);
    }
    await context.close();
  }
});

/**
 * The page's script files wait until `release` is called, so a click made before it surely comes before they run.
 * `release` first waits for the script to have been requested (the click starts the load).
 */
async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const requested: string[] = [];
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  await page.route('**/_astro/*.js', async (route) => {
    requested.push(route.request().url());
    await held;
    await route.continue();
  });
  return {
    release: async () => {
      await expect.poll(() => requested.length, { message: 'the script was requested' }).toBeGreaterThan(0);
      letThrough();
    },
  };
}
