/**
 * Real descriptions are full of words that cannot break: 60-character model
 * names, URLs and hashes as examples, long paths (GitHub's REST description
 * has them all; tests/fixtures/long-words/openapi.yaml copies their shapes).
 * Built from that fixture, no page may scroll sideways on a phone or spill
 * out of its column on a laptop. Code blocks scroll inside themselves and are
 * not counted.
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { brokenLinks } from '../support/built-site.ts';
import { servedFixtureSite } from '../support/fixture-site.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/long-words/openapi.yaml');
const site = servedFixtureSite(fixture, 'long-words');

/** What sticks out: the page wider than the window, or text past the right edge of the page's column. */
function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const { scrollWidth, clientWidth } = document.documentElement;
    if (scrollWidth > clientWidth) found.push(`the page is ${scrollWidth} px wide in a ${clientWidth} px window`);
    const column = document.querySelector('.sl-markdown-content');
    if (!column) return [...found, 'no content column'];
    const edge = column.getBoundingClientRect().right;
    for (const element of column.querySelectorAll('*')) {
      if (element.closest('pre, [hidden], .sr-only') || element.getClientRects().length === 0) continue;
      const { right } = element.getBoundingClientRect();
      if (right > edge + 1) {
        found.push(`"${element.textContent?.trim().slice(0, 60)}" ends ${Math.round(right - edge)} px past the column`);
      }
    }
    return found;
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`no page scrolls sideways or spills out of its column at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    const pages = site().pages.filter((url) => url.startsWith('/reference/'));
    // The operation, its tag, the models index and each model's page.
    expect(pages.length).toBeGreaterThanOrEqual(7);
    await page.setViewportSize(viewport);
    const problems: string[] = [];
    for (const url of pages) {
      await page.goto(`${site().baseUrl}${url}`);
      await page.evaluate(() => {
        for (const details of document.querySelectorAll('details')) details.open = true;
      });
      for (const problem of await overflow(page)) problems.push(`${url}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
}

test('is named after its own description, and ships no Pet Store page or link to a page it did not build', async ({
  page,
}) => {
  await page.goto(`${site().baseUrl}/`);
  await expect(page).toHaveTitle('Long words documentation | Long words');
  await expect(page.getByRole('heading', { level: 1, name: 'Long words documentation' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Long words', exact: true })).toBeVisible(); // the site title, home link
  await expect(page.getByText('Pet Store')).toHaveCount(0);
  // Guides that quote what this description lacks (an error catalog, rate limits, demo keys) are left out.
  await page.goto(`${site().baseUrl}/reference/`);
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  for (const guide of ['Getting started', 'Authentication', 'Rate limits', 'Errors']) {
    await expect(sidebar.getByRole('link', { name: guide, exact: true })).toHaveCount(0);
  }
  // Nor the guides about the Pet Store's own product and about running this portal: they need its portal.json.
  for (const guide of ['Custom domains', 'Publishing the portal']) {
    await expect(sidebar.getByRole('link', { name: guide })).toHaveCount(0);
  }
  expect(brokenLinks(site().outDir)).toEqual([]);
});
