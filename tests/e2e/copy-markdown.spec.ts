/** "Copy as Markdown" on every page with a twin: a click copies the twin and says so; without JavaScript, a link. */
import { expect, test } from '@playwright/test';
import { operation, urls } from './support.ts';

const pages = [
  { name: 'a guide', path: '/guides/errors/', twin: '/guides/errors.md', starts: '# Errors\n' },
  {
    name: 'an operation',
    path: urls.operation(operation('placeOrder')),
    twin: urls.operationMarkdown(operation('placeOrder')),
    starts: '# Place an order\n',
  },
  { name: 'the changelog', path: '/changelog/', twin: '/changelog.md', starts: '# Changelog\n' },
];

test.describe('Copy as Markdown', () => {
  for (const { name, path, twin, starts } of pages) {
    test(`copies ${name}'s Markdown twin and says it did`, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const twins: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('.md')) twins.push(request.url());
      });
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'View as Markdown' })).toHaveAttribute('href', twin);
      // Nothing is fetched before the reader asks.
      expect(twins).toEqual([]);
      await main.getByRole('link', { name: 'Copy as Markdown' }).click();
      await expect(main.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied.startsWith(starts)).toBe(true);
      expect(copied).toBe(await (await page.request.get(twin)).text());
      // The reader stays on the page.
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }
});

test.describe('Copy as Markdown without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('is a link that opens the twin', async ({ page }) => {
    await page.goto('/guides/errors/');
    await page.getByRole('main').getByRole('link', { name: 'Copy as Markdown' }).click();
    await expect(page).toHaveURL(/\/guides\/errors\.md$/);
    expect(await page.locator('body').textContent()).toContain('## Every code');
  });
});
