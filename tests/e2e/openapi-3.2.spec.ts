/**
 * A site built from an OpenAPI 3.2 description (tests/fixtures/events-3.2/openapi.yaml), read in Chromium: a
 * webhook's page says the API calls the reader and offers nothing to send; so does a callback's, which the page
 * of the operation it follows lists; a QUERY operation shows its method and
 * samples; a parent tag is a group in the sidebar, labelled by its summary; a stream says what each item is.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { brokenLinks, walk } from '../support/built-site.ts';
import { servedFixtureSite } from '../support/fixture-site.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/events-3.2/openapi.yaml');
const site = servedFixtureSite(fixture, 'events-3.2');

test('a webhook has its own page, marked as the API calling you, with its payload and no Try it', async ({ page }) => {
  await page.goto(`${site().baseUrl}/reference/subscriptions/event-arrived/`);
  await expect(page.getByRole('heading', { level: 1, name: 'An event arrived' })).toBeVisible();
  await expect(page.getByText('Webhook', { exact: true })).toBeVisible();
  const aside = page.getByRole('complementary', { name: 'Webhook: the API calls you' });
  await expect(aside).toContainText('Event Hub API sends this POST request to the URL you give it');
  await expect(page.getByRole('button', { name: /^Try it/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Authentication' })).toHaveCount(0);

  const payload = page.getByRole('region', { name: 'Payload example' });
  await expect(payload).toContainText('POST /your-webhook-url HTTP/1.1');
  await expect(payload).toContainText('"receivedAt": "2026-11-24T09:30:00Z"');
  await expect(page.getByRole('heading', { name: '204 No Content' })).toBeVisible();
  await expect(
    page.getByRole('cell', { name: 'You no longer want events; the hub ends the subscription.' }),
  ).toBeVisible();

  // The home page counts it as a webhook, not as an operation.
  await page.goto(`${site().baseUrl}/`);
  const glance = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Subscriptions —' });
  await expect(glance).toHaveText('Subscriptions — Subscriptions (1 webhook)');
  await expect(page.getByRole('main')).toContainText('5 operations, 1 webhook, 1 callback and 2 schemas.');
});

test('a callback has its own page, reached from the operation it follows, saying where the API sends it', async ({
  page,
}) => {
  await page.goto(`${site().baseUrl}/reference/publishing/publish-event/`);
  const callbacks = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Event stored' });
  await expect(page.getByRole('heading', { level: 2, name: 'Callbacks' })).toBeVisible();
  await expect(callbacks).toHaveText('POST Event stored, to the URL in the request’s X-Notify-Url header.');
  await callbacks.getByRole('link', { name: 'Event stored' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Event stored' })).toBeVisible();
  await expect(page.getByText('Callback', { exact: true })).toBeVisible();
  const aside = page.getByRole('complementary', { name: 'Callback: the API calls you back' });
  await expect(aside).toContainText(
    'After Publish an event, Event Hub API sends this POST request to the URL in the request’s X-Notify-Url header.',
  );
  await expect(page.getByRole('button', { name: /^Try it/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Authentication' })).toHaveCount(0);
  const payload = page.getByRole('region', { name: 'Payload example' });
  await expect(payload).toContainText('POST /your-callback-url HTTP/1.1');
  await expect(page.getByRole('heading', { name: '204 No Content' })).toBeVisible();

  await aside.getByRole('link', { name: 'Publish an event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Publish an event' })).toBeVisible();
});

test('a response link says what to call next, with which of its values, and leads there', async ({ page }) => {
  await page.goto(`${site().baseUrl}/reference/publishing/publish-event/`);
  const created = page.getByRole('region', { name: '201 Created' });
  await expect(created).toContainText('What to call next with this response:');
  const link = created.getByRole('listitem').filter({ hasText: 'Get an event' });
  await expect(link).toHaveText(
    'Get an event, with eventId from the response body’s id field. The event as the hub keeps it.',
  );
  await link.getByRole('link', { name: 'Get an event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Get an event' })).toBeVisible();
});

test('a QUERY operation shows its method, its samples send QUERY, and the page says why there is no console', async ({
  page,
}) => {
  await page.goto(`${site().baseUrl}/reference/search/search-events/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Search events' })).toBeVisible();
  await expect(page.getByText('QUERY', { exact: true }).first()).toBeVisible();
  const sample = page.getByRole('region', { name: 'Request sample' });
  await expect(sample).toContainText('--request QUERY');
  await expect(sample).toContainText('"type": "order.created"');
  await expect(page.getByText('The live console cannot send QUERY requests')).toBeVisible();
  // The 200 is JSON Lines: each line one event.
  await expect(page.getByText('a stream of Event items, each sent as it is ready')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Response example' })).toContainText('One item of the stream');
});

test('a parent tag is a group in the sidebar, labelled by its summary; a tag with no parent is a plain entry', async ({
  page,
}) => {
  await page.goto(`${site().baseUrl}/reference/publishing/publish-event/`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Events', { exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Events', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Searching', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Subscriptions', exact: true })).toBeVisible();
  await expect(nav.getByText('Subscriptions tags')).toHaveCount(0);
  // The LINK operation from additionalOperations sits under its tag, with its method as written.
  await expect(nav.getByRole('link', { name: /Link an event to another/ })).toBeVisible();
  expect(brokenLinks(site().outDir)).toEqual([]);
});

test('an OAuth 2 scheme says how to get a token and what each scope allows; an operation names the scopes it needs', async ({
  page,
}) => {
  await page.goto(`${site().baseUrl}/reference/publishing/publish-event/`);
  const docs = page.getByRole('main');
  await expect(docs.getByText('hubAuth: oauth2, with the scopes events:write (how to get one).')).toBeVisible();
  await docs.getByRole('link', { name: 'how to get one' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'hubAuth' })).toBeInViewport();
  await expect(
    page.getByText('OAuth 2, client credentials flow: Get tokens from https://auth.example.com/token.'),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: 'events:read Read and search events.' })).toBeVisible();
});

test('the home page says the description’s title and summary, and promises no changelog or sandbox it lacks', async ({
  page,
}) => {
  await page.goto(`${site().baseUrl}/`);
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Event Hub API documentation' })).toBeVisible();
  await expect(main).toContainText('Publish events, search them, and be told when they arrive.');
  // No releases, no sandbox server, no SANDBOX_URL: neither is offered.
  await expect(main.getByRole('link', { name: /changelog/i })).toHaveCount(0);
  await expect(main).not.toContainText(/sandbox|changelog/i);
  await main.getByRole('link', { name: '5 operations' }).click();
  await expect(page).toHaveURL(/\/reference\/$/);
  const twin = await (await page.request.get(`${site().baseUrl}/index.md`)).text();
  expect(twin).toMatch(
    /^# Event Hub API documentation\n\nPublish events, search them, and be told when they arrive\.\n/,
  );
});

test("the site is the description's own: nothing of the Pet Store anywhere in it, and no domain of another", () => {
  const { outDir, pages } = site();
  // Every file: pages, head, host files, feeds, llms.txt, the API catalog, scripts, the search index.
  const mentions = walk(outDir).filter((file) => /pet ?store/i.test(readFileSync(file, 'latin1')));
  expect(mentions.map((file) => path.relative(outDir, file))).toEqual([]);
  // Domains, redirects and CNAME come only from a portal.json beside the description; it has none.
  expect(existsSync(path.join(outDir, 'CNAME'))).toBe(false);
  expect(existsSync(path.join(outDir, '_redirects'))).toBe(false);
  // Guides about the Pet Store's product, its own calls, or running this portal are not the site's.
  for (const guide of ['custom-domains', 'publishing', 'getting-started', 'errors']) {
    expect(pages).not.toContain(`/guides/${guide}/`);
  }
});
