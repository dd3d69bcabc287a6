/**
 * A description that restates one object inline under several fields (tests/fixtures/repeated-fields/openapi.yaml,
 * the shape of GitHub's webhook payloads): the page shows the fields once, and the later field's link opens them.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { servedFixtureSite } from '../support/fixture-site.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/repeated-fields/openapi.yaml');
const site = servedFixtureSite(fixture, 'repeated-fields');

test('fields repeated inline are shown once; the later field links to them and the link opens them', async ({
  page,
}) => {
  await page.goto(`${site().baseUrl}/reference/deliveries/get-delivery/`);
  const main = page.getByRole('main');
  await expect(main.getByText('The avatar url of the account.', { exact: true })).toHaveCount(1);

  // The link is right under the later field, not behind an expander of its own.
  await expect(main.getByText('Fields of recipient', { exact: true })).toHaveCount(0);
  await expect(main.getByText('Fields: the same as sender above.')).toBeVisible();
  const avatar = main.getByText('The avatar url of the account.', { exact: true });
  await expect(avatar).toBeHidden(); // inside the sender's expander, still closed
  await main.getByRole('link', { name: 'sender', exact: true }).click();
  await expect(avatar).toBeVisible();
  await expect(avatar).toBeInViewport();
});
