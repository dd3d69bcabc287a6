/**
 * Two majors side by side, as a reader sees them: tests/fixtures/versions/ (1.x from its last release, 1.1.0, and the
 * current 2.0.0) built on its own. The switcher goes to the same operation in the other version with and without
 * JavaScript; an earlier major says it is not current; Try it stays only where the current version is unchanged.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { servedFixtureSite } from '../support/fixture-site.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/versions/openapi.yaml');
const site = servedFixtureSite(fixture, 'versions');
const versions = (page: Page) => page.getByRole('navigation', { name: 'API versions' });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('the switcher goes to the same operation in the other version and back', async ({ page }) => {
      await page.goto(`${site().baseUrl}/reference/1.x/plants/get-plant/`);
      await expect(versions(page).getByRole('link', { name: '1.x' })).toHaveAttribute('aria-current', 'page');
      await expect(
        page.getByRole('complementary', { name: /You are reading 1\.x \(1\.1\.0\); 2\.0\.0 is current/ }),
      ).toBeVisible();
      // getPlant is fetchPlant in 2.0.0, at the same method and path.
      await versions(page).getByRole('link', { name: '2.0.0 (current)' }).click();
      await expect(page).toHaveURL(/\/reference\/plants\/fetch-plant\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Get a plant' })).toBeVisible();
      await expect(page.getByText(/is current/)).toHaveCount(0);
      await versions(page).getByRole('link', { name: '1.x' }).click();
      await expect(page).toHaveURL(/\/reference\/1\.x\/plants\/get-plant\/$/);
    });
  });
}

test('a removed operation’s page says where it went, and leads there', async ({ page }) => {
  await page.goto(`${site().baseUrl}/reference/1.x/plants/delete-plant/`);
  await expect(page.getByText('This operation was removed in 2.0.0.')).toBeVisible();
  await page
    .getByRole('complementary', { name: /You are reading/ })
    .getByRole('link', { name: 'Archive a plant' })
    .click();
  await expect(page).toHaveURL(/\/reference\/plants\/archive-plant\/$/);
});

test('Try it is off on an earlier major’s changed operation, with the reason, and on for an unchanged one', async ({
  page,
}) => {
  await page.goto(`${site().baseUrl}/reference/1.x/plants/list-plants/`);
  await expect(page.getByRole('heading', { level: 1, name: 'List plants' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Try it/ })).toHaveCount(0);
  await expect(
    page.getByText('The sandbox implements the current version, 2.0.0, in which this operation has changed'),
  ).toBeVisible();
  await page.goto(`${site().baseUrl}/reference/1.x/plants/list-waterings/`);
  await expect(page.getByRole('button', { name: /Try it/ })).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the switcher and the notice have no axe violations in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const problems: string[] = [];
    for (const url of ['/reference/1.x/plants/delete-plant/', '/reference/plants/list-plants/']) {
      await page.goto(`${site().baseUrl}${url}`);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
        .analyze();
      for (const v of results.violations) problems.push(`${url} ${v.id}: ${v.help}`);
    }
    expect(problems).toEqual([]);
  });
}

test('search keeps to the version being read, with the filter open to widen it', async ({ page }) => {
  const searchFor = async (term: string) => {
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Search' }).fill(term);
    return dialog;
  };
  const current = (dialog: Locator) => dialog.getByRole('link', { name: "List a plant's waterings", exact: true });
  const earlier = (dialog: Locator) => dialog.getByRole('link', { name: "List a plant's waterings (1.x)" });

  // On a current page: the current version's results only, its filter ticked; unticking it adds 1.x's.
  await page.goto(`${site().baseUrl}/reference/plants/list-plants/`);
  let dialog = await searchFor('waterings');
  await expect(current(dialog).first()).toBeVisible();
  await expect(earlier(dialog)).toHaveCount(0);
  await expect(dialog.locator('a[href^="/reference/1.x/"]')).toHaveCount(0);
  const currentFilter = dialog.getByRole('checkbox', { name: /^2\.0\.0 \(current\)/ });
  await expect(currentFilter).toBeChecked();
  await currentFilter.uncheck();
  await expect(earlier(dialog)).toBeVisible();
  await expect(current(dialog).first()).toBeVisible();

  // The changelog counts as current: found from a current page with the filter on.
  await page.goto(`${site().baseUrl}/reference/plants/list-plants/`);
  dialog = await searchFor('changelog');
  await expect(dialog.getByRole('checkbox', { name: /^2\.0\.0 \(current\)/ })).toBeChecked();
  await expect(dialog.getByRole('link', { name: 'Changelog', exact: true }).first()).toBeVisible();

  // On an earlier major's page: that major's results only.
  await page.goto(`${site().baseUrl}/reference/1.x/plants/list-plants/`);
  dialog = await searchFor('waterings');
  await expect(earlier(dialog)).toBeVisible();
  // Its sections keep the page's own headings, so the current version is told apart by where its links go.
  await expect(dialog.locator('a[href^="/reference/plants/"]')).toHaveCount(0);
  await expect(dialog.getByRole('checkbox', { name: /^1\.x/ })).toBeChecked();
});
