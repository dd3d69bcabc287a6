/**
 * A site whose portal.json sets its brand and navigation (tests/fixtures/branded): the header shows its title and
 * logo and its own links (in the menu on a phone), a banner above the page can be dismissed and stays dismissed,
 * the footer has its links, links take the accent colour in both themes, and the pages stay accessible and no
 * wider than a phone.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { accentThemes, linkColors } from '../../src/site/accent-colors.ts';
import { servedFixtureSite } from '../support/fixture-site.ts';
import { watchCspViolations } from './support.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/branded/openapi.yaml');
const site = servedFixtureSite(fixture, 'branded');
const operationPage = '/reference/widgets/list-widgets/';

/** `#0b5fff` as the browser computes it: `rgb(11, 95, 255)`. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

test('the header shows the title with its logo and the site’s links, and every page is titled so', async ({ page }) => {
  const csp = await watchCspViolations(page);
  await page.goto(`${site().baseUrl}${operationPage}`);
  await expect(page).toHaveTitle(/Acme Widgets/);
  const header = page.getByRole('banner');
  const home = header.getByRole('link', { name: 'Acme Widgets', exact: true });
  await expect(home).toBeVisible();
  const logo = home.getByRole('img', { name: 'Acme Widgets' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const links = header.getByRole('navigation', { name: 'Site links' });
  await expect(links.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', 'https://app.widgets.example/');
  await expect(links.getByRole('link', { name: 'Sign up' })).toBeVisible();
  expect(await csp()).toEqual([]);
});

test('the home page is headed with the site’s title, not the API’s', async ({ page }) => {
  await page.goto(`${site().baseUrl}/`);
  await expect(page.getByRole('heading', { name: 'Acme Widgets', level: 1, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^Acme Widgets/);
});

test('the footer lists the site’s links', async ({ page }) => {
  await page.goto(`${site().baseUrl}${operationPage}`);
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('link', { name: 'Status' })).toHaveAttribute('href', 'https://status.widgets.example/');
  await expect(footer.getByRole('link', { name: 'Terms of use' })).toBeVisible();
});

test('the banner shows above the page, and once dismissed stays hidden on the next page', async ({ page }) => {
  await page.goto(`${site().baseUrl}/`);
  const banner = page.getByRole('region', { name: 'Announcement' });
  await expect(banner.getByRole('link', { name: 'Widgets API v2 is coming: read what changes.' })).toBeVisible();
  await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(banner).toBeHidden();
  await page.goto(`${site().baseUrl}${operationPage}`);
  await expect(page.getByRole('heading', { name: 'List widgets', level: 1 })).toBeVisible();
  await expect(page.getByText('Widgets API v2 is coming')).toBeHidden();
});

test('without JavaScript the banner just shows, with nothing to dismiss it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site().baseUrl}/`);
  const banner = page.getByRole('region', { name: 'Announcement' });
  await expect(banner.getByText('Widgets API v2 is coming: read what changes.')).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Dismiss announcement' })).toBeHidden();
  await context.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`links take the accent colour derived for the ${theme} theme, and the home page passes axe`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: theme });
    const page = await context.newPage();
    await page.goto(`${site().baseUrl}/`);
    const dashboard = page.getByRole('navigation', { name: 'Site links' }).getByRole('link', { name: 'Dashboard' });
    const expected = rgb(linkColors(accentThemes('#0b5fff'))[theme]);
    await expect(dashboard).toHaveCSS('color', expected);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
}

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the sidebar lists the site’s links, where the header has no room for them', async ({ page }) => {
    await page.goto(`${site().baseUrl}${operationPage}`);
    const links = page.getByRole('navigation', { name: 'Site links' });
    await expect(links).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const width = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  test('no page scrolls sideways, and the menu holds the site’s links', async ({ page }) => {
    for (const url of site().pages) {
      await page.goto(`${site().baseUrl}${url}`);
      expect(await width(page), url).toBeLessThanOrEqual(390);
    }
    await page.goto(`${site().baseUrl}${operationPage}`);
    await expect(page.getByRole('navigation', { name: 'Site links' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    const links = page.getByRole('navigation', { name: 'Site links' });
    await expect(links.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(links.getByRole('link', { name: 'Sign up' })).toBeVisible();
  });
});
