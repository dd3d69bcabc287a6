/** The remaining guides: figures and lists a reader needs, each taken from the spec or the hosting rules. */

import path from 'node:path';
import { expect, test } from '@playwright/test';
import { resolveSpecPath } from '../../src/openapi/index.ts';
import { loadPortalConfig } from '../../src/site/portal-config.ts';
import { reservedApiIds } from '../../src/site/site-config.ts';
import { model, operation, urls } from './support.ts';

const hosting = loadPortalConfig(resolveSpecPath(path.resolve(import.meta.dirname, '../..'), {}), {}).projectHosting;
if (!hosting) throw new Error('spec/portal.json has no projectHosting: the custom-domains guide is not built');
const projectHosting = hosting;

test('authentication names the header, the plan-restricted operations and the failure codes', async ({ page }) => {
  await page.goto('/guides/authentication/');
  const main = page.getByRole('main');
  await expect(main.getByText('X-API-Key: YOUR_API_KEY')).toBeVisible();
  const restricted = model.operations.filter((o) => o.requiredPlan);
  for (const o of restricted)
    await expect(main.getByRole('listitem').filter({ hasText: `needs the ${o.requiredPlan} plan` })).toBeVisible();
  for (const code of ['missing_api_key', 'invalid_api_key', 'plan_forbidden', 'api_key_banned']) {
    await expect(main.getByText(code).first()).toBeVisible();
  }
});

test('errors lists every code of the catalog with its status', async ({ page }) => {
  await page.goto('/guides/errors/');
  const rows = page.getByRole('main').getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(model.errorCodes.length + 1);
  await expect(rows.filter({ hasText: 'rate_limited' })).toContainText('429 Too Many Requests');
});

test('versioning gives the versions, the stability promises, the deprecated operations and the way to the changelog', async ({
  page,
}) => {
  await page.goto('/guides/versioning/');
  const main = page.getByRole('main');
  await expect(main).toContainText(`${model.info.title} ${model.info.version}, described in OpenAPI ${model.openapi}`);
  await expect(main.getByRole('link', { name: 'Complete an order' })).toBeVisible();
  const getPet = operation('getPet');
  const row = main.getByRole('row').filter({ hasText: 'GET /pets/{petId}' });
  await expect(row.locator('time')).toHaveAttribute('datetime', getPet.deprecation?.sunset ?? '');
  await expect(row.getByRole('link', { name: 'Get a pet with its ETag' })).toHaveAttribute(
    'href',
    urls.operation(operation('getPetDetails')),
  );
  for (const name of ['Deprecation', 'Sunset', 'Link'])
    await expect(main.getByRole('rowheader', { name })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Atom feed' })).toHaveAttribute('href', '/changelog/feed.xml');
  await main.getByRole('link', { name: 'changelog', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible();
});

test('custom domains has the eight points in order, with DNS examples and troubleshooting', async ({ page }) => {
  await page.goto('/guides/custom-domains/');
  const main = page.getByRole('main');
  const steps = main.getByRole('list').filter({ hasText: 'Add the domain' }).locator(':scope > li');
  await expect(steps).toHaveCount(8);
  const expectations = [
    'Add the domain',
    'CNAME',
    'ALIAS or ANAME',
    'SSL certificate is issued automatically',
    `up to ${projectHosting.propagationHours} hours`,
    'A record for the same name blocks the CNAME',
    `${projectHosting.redirectStatus} (permanent)`,
    'stops serving traffic for it immediately',
  ];
  for (const [i, text] of expectations.entries()) await expect(steps.nth(i)).toContainText(text);
  await expect(steps.nth(1)).toContainText(
    `A TTL of ${projectHosting.cnameTtlSeconds.toLocaleString('en-US')} seconds`,
  );
  await expect(main).toContainText(
    `docs.example.org. ${projectHosting.cnameTtlSeconds} IN CNAME ${projectHosting.platformTarget}.`,
  );
  await expect(main.getByRole('heading', { name: 'Troubleshooting' })).toBeVisible();
});

test('publishing shows the redirects and domain the build writes for this portal', async ({ page, request }) => {
  await page.goto('/guides/publishing/');
  const main = page.getByRole('main');
  await expect(main).toContainText('https://www.docs.petstore.dev/* https://docs.petstore.dev/:splat 301!');
  await expect(main.getByRole('listitem').filter({ hasText: 'CNAME' })).toContainText('docs.petstore.dev');
  // The page says what the host files really contain.
  expect(await (await request.get('/_redirects')).text()).toContain(
    'https://www.docs.petstore.dev/* https://docs.petstore.dev/:splat 301!',
  );
  expect((await (await request.get('/CNAME')).text()).trim()).toBe('docs.petstore.dev');
});

test('publishing says how to list several APIs, and which ids the build refuses', async ({ page }) => {
  await page.goto('/guides/publishing/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Several APIs in one portal' })).toBeVisible();
  const section = main.getByRole('paragraph').filter({ hasText: 'An id is lower-case letters' });
  // The ids it names are the ones portal.json's check refuses (site-config.ts), every one of them.
  for (const id of reservedApiIds) await expect(section.getByText(id, { exact: true })).toBeVisible();
});
