/** The guides as a reader sees them: figures from the spec, header names, the figure, the samples. */
import { expect, test } from '@playwright/test';
import { sandboxKeyIssuer } from '../../src/openapi/index.ts';
import { model, sandboxUrl } from './support.ts';

const figure = (n: number | 'custom') => (n === 'custom' ? 'custom' : n.toLocaleString('en-US'));

test.describe('guides', () => {
  test('sit above the reference in the sidebar', async ({ page }) => {
    await page.goto('/guides/getting-started/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Getting started' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Rate limits' })).toBeVisible();
  });

  test('list their sections once: a column on a wide screen, the "On this page" menu on a phone', async ({ page }) => {
    await page.goto('/guides/getting-started/');
    const contents = page.getByRole('navigation', { name: 'On this page' });
    const section = contents.getByRole('link', { name: '3. Read the response' });
    // Wide: the column shows every section without a click, under its heading.
    await expect(contents.getByRole('heading', { name: 'On this page' })).toBeVisible();
    await expect(section).toBeVisible();
    await section.click();
    await expect(page.getByRole('heading', { level: 2, name: '3. Read the response' })).toBeInViewport();
    // Phone: the same list behind "On this page", which closes once a section is picked.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/guides/getting-started/');
    await expect(section).toBeHidden();
    // The column's heading is hidden on a phone; the bar's toggle says the same.
    await contents.getByText('On this page', { exact: true }).filter({ visible: true }).click();
    await section.click();
    await expect(page.getByRole('heading', { level: 2, name: '3. Read the response' })).toBeInViewport();
    await expect(section).toBeHidden();
  });

  test('getting started gets a sandbox key, then gives runnable samples and the rate-limit headers', async ({
    page,
  }) => {
    await page.goto('/guides/getting-started/');
    const main = page.getByRole('main');
    // Built without SANDBOX_URL, the guide sends readers to this machine's sandbox, where the test run's listens.
    const sandbox = sandboxUrl;
    await expect(main.getByRole('heading', { name: '1. Get a sandbox key' })).toBeVisible();
    await expect(
      main.getByText(`curl -s -X POST "\${PETSTORE_URL:-${sandbox}}${sandboxKeyIssuer(model)?.path}"`),
    ).toBeVisible();
    for (const name of ['curl', 'JavaScript (Node 18+ or a browser)', 'Python 3']) {
      await expect(main.getByRole('heading', { name })).toBeVisible();
    }
    await expect(main.getByText(`curl -i "\${PETSTORE_URL:-${sandbox}}/pets?limit=2"`)).toBeVisible();
    for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After']) {
      await expect(main.getByRole('rowheader', { name })).toBeVisible();
    }
  });

  test('rate limits quote the plan table, the ban and the figure from the spec', async ({ page }) => {
    await page.goto('/guides/rate-limits/');
    const main = page.getByRole('main');
    const rows = main.getByRole('table').first().getByRole('row');
    await expect(rows).toHaveText([
      'PlanRequests per minuteRequests per day',
      ...(model.rateLimits?.plans ?? []).map((p) => `${p.plan}${figure(p.perMinute)}${figure(p.perDay)}`),
    ]);
    const ban = model.rateLimits?.temporaryBan;
    await expect(main.getByRole('complementary').filter({ hasText: 'The temporary ban' })).toContainText(
      `Once ${ban?.afterRejectedRequests} requests of a key have been refused with 429 in one window, its next request starts a ban of ${(ban?.durationSeconds ?? 0) / 60} minutes`,
    );
    const chart = main.getByRole('img', { name: 'Remaining quota and back-off over three minutes' });
    await expect(chart).toBeVisible();
    await expect(main.locator('figure figcaption')).toContainText('so it is never banned');
    await expect(main.getByRole('heading', { name: 'TypeScript' })).toBeVisible();
    await expect(main.getByText('export function createClient(options: ClientOptions)')).toBeVisible();
  });

  test('the rate-limit figure has titled axes and labels a phone can read, none cut off', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/guides/rate-limits/');
    const chart = page.getByRole('main').getByRole('img', { name: 'Remaining quota and back-off over three minutes' });
    for (const title of ['Time since the first request', 'Requests left']) {
      await expect(chart.locator('text', { hasText: title })).toHaveCount(1);
    }
    const frame = await chart.boundingBox();
    const last = await chart.locator('text', { hasText: /^180 s$/ }).boundingBox();
    expect(last && frame && last.x + last.width).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0));
    // Tall enough to read: the 11 px labels drawn at 640 wide came out ~5 px tall here.
    expect(last?.height ?? 0).toBeGreaterThanOrEqual(10);
  });
});
