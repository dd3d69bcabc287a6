/**
 * The changelog as a reader sees it: the Pet Store's (one release) on the main build, and a description with three
 * releases (tests/fixtures/changelog/) built on its own: grouped changes that link to their pages, "Added in" /
 * "Changed in" on those pages, the Atom feed and the API catalog served with their types, all without JavaScript.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { parseFeed } from '@rowanmanning/feed-parser';
import { servedFixtureSite } from '../support/fixture-site.ts';
import { operation, urls } from './support.ts';

test.describe('the Pet Store’s changelog', () => {
  test('says 1.0.0 is the first release and lists its deprecation with the sunset, linking to the operation', async ({
    page,
  }) => {
    await page.goto(urls.introduction);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Changelog' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '1.0.0' })).toBeVisible();
    await expect(page.getByText('1.0.0 is the first release')).toBeVisible();
    await expect(page.getByText('Released 24 November 2026. The first release.')).toBeVisible();
    const deprecated = page.getByRole('listitem').filter({ hasText: 'GET /pets/{petId}' });
    await expect(deprecated).toContainText('Deprecated; sunset 30 June 2027');
    await deprecated.getByRole('link', { name: 'Get a pet' }).click();
    await expect(page).toHaveURL(new RegExp(`${urls.operation(operation('getPet'))}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Get a pet' })).toBeVisible();
  });

  test('every page’s head points at the feed and the API catalog, which are served with their types', async ({
    page,
    request,
  }) => {
    await page.goto(urls.introduction);
    const feedHref = await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href');
    const catalogHref = await page.locator('link[rel="api-catalog"]').getAttribute('href');
    expect(feedHref).toBe('/changelog/feed.xml');
    expect(catalogHref).toBe('/.well-known/api-catalog');

    const feed = await request.get(feedHref as string);
    expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(parseFeed(await feed.text()).items.map((item) => item.title)).toEqual(['Pet Store API 1.0.0']);

    const catalog = await request.get(catalogHref as string);
    expect(catalog.headers()['content-type']).toBe(
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    );
    const [api] = (await catalog.json()).linkset;
    expect(api['service-desc'].map((link: { href: string }) => new URL(link.href).pathname)).toEqual([
      '/openapi.yaml',
      '/openapi.json',
    ]);
    expect(new URL(api['service-meta'][0].href).pathname).toBe('/changelog/');

    // llms.txt names the same places for agents.
    const llms = await (await request.get('/llms.txt')).text();
    for (const place of ['/openapi.yaml', '/.well-known/api-catalog', '/changelog/', '/changelog/feed.xml']) {
      expect(llms).toContain(`${new URL(api['service-meta'][0].href).origin}${place})`);
    }
  });
});

test.describe('a description with three releases', () => {
  const fixture = path.resolve(import.meta.dirname, '../fixtures/changelog/openapi.yaml');
  const site = servedFixtureSite(fixture, 'changelog');
  test.use({ javaScriptEnabled: false });

  test('lists each release newest first, its breaking changes by operation, and follows one to its page', async ({
    page,
  }) => {
    await page.goto(`${site().baseUrl}/changelog/`);
    const releases = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(releases).toHaveText(['2.0.0', '1.1.0', '1.0.0']);
    await expect(page.getByText('Released 10 August 2026. Compared with 1.1.0.')).toBeVisible();

    const v2 = page.getByRole('region', { name: '2.0.0' });
    await expect(v2.getByRole('heading', { name: 'Breaking changes (4)' })).toBeVisible();
    // A removed operation has no page: it is named, not linked.
    const removed = v2.getByRole('listitem').filter({ hasText: 'DELETE /plants/{plantId}' });
    await expect(removed).toContainText('deletePlant');
    await expect(removed).toContainText('Removed the operation');
    await expect(removed.getByRole('link')).toHaveCount(0);
    // Description edits are folded away.
    await expect(v2.getByText('Changed servers › 0 › url')).toBeHidden();

    const v11 = page.getByRole('region', { name: '1.1.0' });
    await expect(v11.getByRole('listitem').filter({ hasText: 'DELETE /plants/{plantId}' })).toContainText(
      'Deprecated; sunset 30 June 2026',
    );
    await v2.getByRole('link', { name: 'List plants' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'List plants' })).toBeVisible();
    await expect(page.getByText('Changed in 2.0.0')).toBeVisible();
    await page.getByRole('link', { name: '2.0.0', exact: true }).click();
    await expect(page).toHaveURL(/\/changelog\/#v2-0-0$/);
  });

  test('an operation and a model added after the first release say so, linking to that release', async ({ page }) => {
    await page.goto(`${site().baseUrl}/reference/plants/list-waterings/`);
    await expect(page.getByText('Added in 1.1.0')).toBeVisible();
    await expect(page.getByRole('link', { name: '1.1.0' })).toHaveAttribute('href', '/changelog/#v1-1-0');
    await page.goto(`${site().baseUrl}/reference/schemas/watering/`);
    await expect(page.getByText('Added in 1.1.0')).toBeVisible();
    // There from the start and never changed: nothing to say.
    await page.goto(`${site().baseUrl}/reference/schemas/new-plant/`);
    await expect(page.getByText(/Added in|Changed in/)).toHaveCount(0);
  });
});
