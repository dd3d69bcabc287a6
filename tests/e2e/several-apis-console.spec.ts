/**
 * Try it in a site of several APIs (tests/fixtures/several-apis/portal.json: a Swagger 2.0 API as `legacy`, a 3.2
 * one as `events`, the Pet Store as `petstore`), built with SANDBOX_URL pointing at one sandbox service serving all
 * of them (`npm run sandbox` with that portal.json). Each API's console sends to that service's `/<id>`: Try it, then
 * Send without typing, on operation pages of two APIs, and each gets a 2xx from its own sandbox.
 */
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { openConsole, servedWithHostedSandbox } from '../support/hosted-console.ts';
import { watchCspViolations } from './support.ts';

const portal = path.resolve(import.meta.dirname, '../fixtures/several-apis/portal.json');

const built = servedWithHostedSandbox(portal, 'several-apis-console', 400_000);

/** Sends the request as the page fills it, and resolves with the answer to it (not to the key's request). */
async function sendUntouched(page: Page, dialog: Locator, apiSandbox: string) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'GET' && r.url().startsWith(`${apiSandbox}/`) && !r.url().includes('/sandbox/keys'),
  );
  await dialog.getByRole('button', { name: /^Send .* request/ }).click();
  return answered;
}

for (const { id, page: operationPage, path: calledPath } of [
  { id: 'petstore', page: '/reference/petstore/animals/list-pets/', path: '/pets' },
  { id: 'legacy', page: '/reference/legacy/stays/list-stays/', path: '/stays' },
]) {
  test(`Try it on ${id}'s page, then Send without typing: 2xx from ${id}'s own sandbox, at /${id}`, async ({
    page,
  }) => {
    const { site, sandboxUrl } = built();
    const apiSandbox = `${sandboxUrl}/${id}`;
    const csp = await watchCspViolations(page);
    await page.goto(`${site.baseUrl}${operationPage}`);
    const dialog = await openConsole(page);
    await expect(dialog.getByRole('button', { name: `Server: ${apiSandbox}` })).toBeVisible();
    await expect(dialog.getByText(/Using a sandbox key made for you on the \w+ plan/)).toBeVisible();

    const response = await sendUntouched(page, dialog, apiSandbox);
    expect(new URL(response.url()).pathname).toBe(`/${id}${calledPath}`);
    expect(response.status()).toBeGreaterThanOrEqual(200);
    expect(response.status()).toBeLessThan(300);
    expect(Array.isArray(await response.json())).toBe(true);
    await expect(dialog.getByText(`${response.status()} ${response.statusText()}`)).toBeVisible();
    expect(await csp()).toEqual([]);
  });
}
