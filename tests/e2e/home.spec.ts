import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { referenceUrls } from '../../src/reference/routes.ts';

// The figures on the page must be the spec's, so the test reads them from the same model.
const model = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..')));
const urls = referenceUrls(model);
const countIn = (tags: string[]) =>
  new Set(model.tags.filter((t) => tags.includes(t.name)).flatMap((t) => t.operations)).size;

test.describe('home page', () => {
  test('says what the portal is and what the API holds', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Pet Store API/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pet Store API documentation' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What this portal is' })).toBeVisible();
    const glance = page.getByRole('region', { name: 'Pet Store API at a glance' });
    await expect(glance.getByRole('paragraph').first()).toHaveText(
      `Description version 1.0.0 (OpenAPI 3.0.3): ${model.operations.length} operations and ${model.schemas.length} schemas.`,
    );
    await expect(glance.getByRole('listitem')).toHaveText(
      model.tagGroups.map((g) => {
        const count = countIn(g.tags);
        return `${g.name} — ${g.tags.join(', ')} (${count} operation${count === 1 ? '' : 's'})`;
      }),
    );
    await expect(glance).toContainText(
      'Requests send an API key in the X-API-Key header (all but Get a sandbox key). Keys belong to a plan: Free, Pro, Business, Enterprise.',
    );
  });

  test('leads on: to the reference and the first guide, to each tag, and through a menu on a phone', async ({
    page,
  }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Read the API reference' }).click();
    await expect(page).toHaveURL(/\/reference\/$/);
    await page.goto('/');
    await main.getByRole('link', { name: 'Get started' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
    await page.goto('/');
    const glance = page.getByRole('region', { name: 'Pet Store API at a glance' });
    for (const tag of model.tags.filter((t) => model.tagGroups.some((g) => g.tags.includes(t.name)))) {
      await expect(glance.getByRole('link', { name: tag.name, exact: true })).toHaveAttribute('href', urls.tag(tag));
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Getting started' }),
    ).toBeVisible();
  });

  test('reads the same with JavaScript turned off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Pet Store API documentation' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pet Store API at a glance' })).toContainText(
      `${model.operations.length} operations`,
    );
    // A theme select needs scripts to do anything, so it is not offered.
    await expect(page.getByRole('combobox', { name: 'Select theme' })).toHaveCount(0);
    await context.close();
  });

  test('follows a dark colour scheme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('heading', { name: 'What this portal is' })).toBeVisible();
  });

  test('the theme select switches the theme and remembers it on the next page', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    const themeSelect = page.getByRole('combobox', { name: 'Select theme' }).first();
    await expect(themeSelect).toHaveValue('auto');
    await themeSelect.selectOption({ label: 'Light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.goto('/reference/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('combobox', { name: 'Select theme' }).first()).toHaveValue('light');
    await page.getByRole('combobox', { name: 'Select theme' }).first().selectOption({ label: 'Auto' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe("the Pet Store's own words", () => {
  // spec/home.md beside the description: the portal's code holds none of them.
  const homeMd = readFileSync(path.resolve(import.meta.dirname, '../../spec/home.md'), 'utf8');
  const headings = [...homeMd.matchAll(/^## (.+)$/gm)].map((m) => m[1] ?? '');
  const tagline = /^description: (.+)$/m.exec(homeMd)?.[1] ?? 'missing';

  test('come from spec/home.md, before what the site holds', async ({ page }) => {
    expect(headings.length).toBeGreaterThan(0);
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByText(tagline)).toBeVisible();
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      ...headings,
      'Pet Store API at a glance',
      'Guides',
      'Changelog',
      'Try it against the local sandbox',
    ]);
    await expect(main).not.toContainText('The docs team publishes');
    const guides = main.getByRole('region', { name: 'Guides' });
    await guides.getByRole('link', { name: 'Rate limits' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rate limits' })).toBeVisible();
    await page.goBack();
    await main.getByRole('region', { name: 'Changelog' }).getByRole('link', { name: 'Read the changelog' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible();
  });

  test('and its Markdown twin, announced in its head, has the same headings', async ({ page }) => {
    await page.goto('/');
    const twinPath = await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href');
    expect(twinPath).toBe('/index.md');
    const response = await page.request.get(twinPath ?? '');
    expect(response.headers()['content-type']).toMatch(/^text\/markdown/);
    const twin = await response.text();
    const shown = (await page.getByRole('main').getByRole('heading').allTextContents()).map((h) => h.trim());
    expect(twin.match(/^#{1,6} .+$/gm)?.map((line) => line.replace(/^#+ /, ''))).toEqual(shown);
    expect(twin).toContain(tagline);
  });
});

test.describe('sandbox note', () => {
  test('lists the demo keys and limits the spec gives, and says the data resets', async ({ page }) => {
    const sandbox = model.servers.find((s) => s.demoKeys?.length);
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Try it against the local sandbox' });
    await expect(section).toContainText('resets every time it restarts');
    await expect(section).toContainText(sandbox?.url ?? 'missing');
    const rows = section.getByRole('row');
    await expect(rows).toHaveText([
      'PlanDemo keyRequests per minuteRequests per day',
      ...(sandbox?.demoKeys ?? []).map(
        (k) => `${k.plan}${k.key}${k.perMinute.toLocaleString('en-US')}${k.perDay.toLocaleString('en-US')}`,
      ),
    ]);
  });
});

test.describe('a dead link', () => {
  test('lands on a page that says so and leads to the reference and the home page', async ({ page }) => {
    const response = await page.goto('/reference/animals/no-such-operation/');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    // No page of the sidebar is marked as the one being read (the changelog was, built at the same time).
    await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveCount(0);
    await main.getByRole('link', { name: 'The API reference' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /reference/ })).toBeVisible();
    await page.goBack();
    await main.getByRole('link', { name: 'The home page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pet Store API documentation' })).toBeVisible();
  });
});
