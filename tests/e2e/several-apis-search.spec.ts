/**
 * Search in a site of several APIs (tests/fixtures/several-apis-search/portal.json: the Pet Store, the Kennel Booking API,
 * the Event Hub API and the Garden API with its 1.x), built once with the real build script: on an API's page search
 * keeps to that API, its filter ticked and the reader free to untick it; from a guide it sees every API; on an
 * earlier major's page the API and the version filters together keep to that API's that version.
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { servedFixtureSite } from '../support/fixture-site.ts';
import { searchResultTimeout } from './timeouts.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/several-apis-search/portal.json');
const site = servedFixtureSite(fixture, 'several-apis-search');
// Each test searches two or three times, each search up to searchResultTimeout on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function searchFrom(page: Page, url: string, term: string) {
  await page.goto(`${site().baseUrl}${url}`);
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Search' }).fill(term);
  return dialog;
}

test("on an API's page, search keeps to that API, and unticking its filter widens it", async ({ page }) => {
  const dialog = await searchFrom(page, '/reference/kennel/stays/get-stay/', 'List stays');
  // The result names its API; the first is the operation searched for.
  await expect(dialog.getByRole('listitem').first().getByRole('link').first()).toHaveText(
    'List stays (Kennel Booking API)',
    { timeout: searchResultTimeout },
  );
  const kennel = dialog.getByRole('checkbox', { name: /^Kennel Booking API/ });
  await expect(kennel).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /^Pet Store API/ })).not.toBeChecked();

  // A word every API has: this API's pages only, until the reader unticks it.
  await dialog.getByRole('textbox', { name: 'Search' }).fill('list');
  await expect(dialog.getByRole('link', { name: 'List stays (Kennel Booking API)' })).toBeVisible({
    timeout: searchResultTimeout,
  });
  await expect(dialog.locator('a[href^="/reference/"]:not([href^="/reference/kennel/"])')).toHaveCount(0);
  await kennel.uncheck();
  await expect(dialog.getByRole('link', { name: 'List pets (Pet Store API)' })).toBeVisible({
    timeout: searchResultTimeout,
  });
});

test('from a guide, search sees every API', async ({ page }) => {
  const dialog = await searchFrom(page, '/guides/getting-started/', 'list');
  await expect(dialog.getByRole('link', { name: 'List pets (Pet Store API)' })).toBeVisible({
    timeout: searchResultTimeout,
  });
  await expect(dialog.getByRole('link', { name: 'List stays (Kennel Booking API)' })).toBeVisible();
  // The API filter is offered, closed, with nothing ticked.
  await dialog.getByText('API', { exact: true }).first().click();
  await expect(dialog.getByRole('checkbox', { name: /^Pet Store API/ })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { checked: true, name: /API/ })).toHaveCount(0);
});

test("on an earlier major's page, search keeps to that API's that version", async ({ page }) => {
  const dialog = await searchFrom(page, '/reference/garden/1.x/plants/get-plant/', 'plants');
  await expect(dialog.getByRole('link', { name: 'List plants (Garden API 1.x)' })).toBeVisible({
    timeout: searchResultTimeout,
  });
  await expect(dialog.getByRole('checkbox', { name: /^Garden API/ })).toBeChecked();
  const earlier = dialog.getByRole('checkbox', { name: /^1\.x/ });
  await expect(earlier).toBeChecked();
  await expect(dialog.locator('a[href^="/reference/"]:not([href^="/reference/garden/1.x/"])')).toHaveCount(0);
  // Unticking the version: the API's current version too, and still no other API.
  await earlier.uncheck();
  await expect(dialog.getByRole('link', { name: 'List plants (Garden API)' })).toBeVisible({
    timeout: searchResultTimeout,
  });
  await expect(dialog.locator('a[href^="/reference/"]:not([href^="/reference/garden/"])')).toHaveCount(0);
});
