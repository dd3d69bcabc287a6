/**
 * The live console as a visitor of the published portal meets it: the site built with SANDBOX_URL (the hosted
 * sandbox's address) and served as a static host serves it, the sandbox running there, and nothing a visitor could
 * reach on localhost:4010 (requests there are cut). Try it, then Send without typing: a 2xx, with a key the sandbox
 * made for this visitor. Then, with the sandbox stopped, the console says which server did not answer.
 */
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { resolveSpecPath, sandboxKeyIssuer, sandboxServer } from '../../src/openapi/index.ts';
import { openConsole, servedWithHostedSandbox } from '../support/hosted-console.ts';
import { model, operation, urls, watchCspViolations } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const localSandbox = sandboxServer(model)?.url ?? 'http://localhost:4010';
const issuerPath = sandboxKeyIssuer(model)?.path ?? '/sandbox/keys';

const built = servedWithHostedSandbox(resolveSpecPath(root, {}), 'published');

/** Every request the page makes to the description's local sandbox is cut, and listed. */
async function withoutLocalSandbox(page: Page): Promise<string[]> {
  const tried: string[] = [];
  await page.route(`${localSandbox}/**`, (route) => {
    tried.push(route.request().url());
    return route.abort('connectionrefused');
  });
  return tried;
}

const send = (dialog: Locator) => dialog.getByRole('button', { name: /^Send .* request/ });

test('Try it, then Send without typing: 2xx from the hosted sandbox, with a key made for this visitor', async ({
  page,
}) => {
  const { site, sandboxUrl } = built();
  const local = await withoutLocalSandbox(page);
  const csp = await watchCspViolations(page);
  const issued: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url() === `${sandboxUrl}${issuerPath}`) issued.push(request.url());
  });

  await page.goto(`${site.baseUrl}${urls.operation(operation('listPets'))}`);
  const dialog = await openConsole(page);
  await expect(dialog.getByRole('button', { name: `Server: ${sandboxUrl}` })).toBeVisible();
  const lowest = model.rateLimits?.plans[0]?.plan ?? 'Free';
  await expect(dialog.getByText(`Using a sandbox key made for you on the ${lowest} plan`)).toBeVisible();
  await expect(
    dialog.getByRole('group', { name: 'Sandbox plans' }).getByRole('button', { name: lowest, exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');

  const answered = page.waitForResponse(
    (r) => r.request().method() === 'GET' && r.url().startsWith(`${sandboxUrl}/pets`),
  );
  await send(dialog).click();
  const response = await answered;
  expect(response.status()).toBeGreaterThanOrEqual(200);
  expect(response.status()).toBeLessThan(300);
  const key = (await response.request().allHeaders())['x-api-key'] ?? '';
  expect(key).toMatch(/^sk_sandbox_/);
  await expect(dialog.getByText(`${response.status()} ${response.statusText()}`)).toBeVisible();

  // Another operation in the same tab keeps the same key: the sandbox is asked once.
  await page.goto(`${site.baseUrl}${urls.operation(operation('getPet'))}`);
  const again = await openConsole(page);
  await expect(again.getByText(`Using a sandbox key made for you on the ${lowest} plan (${key})`)).toBeVisible();
  expect(issued).toHaveLength(1);
  // Nothing went to the description's local sandbox, and the CSP let the hosted one through.
  expect(local).toEqual([]);
  expect(await csp()).toEqual([]);
});

test('the guides and the home page send readers to the hosted sandbox, not to one on their machine', async ({
  page,
}) => {
  const { site, sandboxUrl } = built();
  await page.goto(`${site.baseUrl}/guides/getting-started/`);
  const main = page.getByRole('main');
  await expect(main.getByText(`curl -s -X POST "\${PETSTORE_URL:-${sandboxUrl}}${issuerPath}"`)).toBeVisible();
  await expect(main.getByText(`curl -i "\${PETSTORE_URL:-${sandboxUrl}}/pets?limit=2"`)).toBeVisible();
  await expect(main).not.toContainText(localSandbox);

  await page.goto(`${site.baseUrl}/`);
  const note = page.getByRole('region', { name: 'Try it against the sandbox' });
  await expect(note).toContainText(`The sandbox at ${sandboxUrl}`);
  await expect(note).toContainText('the console gets you a key of your own');
  await expect(page.getByRole('main')).not.toContainText(localSandbox);
});

test('with the sandbox stopped, the console names it and says it is unavailable, instead of "Failed to fetch"', async ({
  page,
}) => {
  const { site, sandboxUrl, sandbox } = built();
  await withoutLocalSandbox(page);
  const stopped = new Promise((resolve) => sandbox.child.once('exit', resolve));
  sandbox.child.kill('SIGTERM');
  await stopped;

  await page.goto(`${site.baseUrl}${urls.operation(operation('listPets'))}`);
  const dialog = await openConsole(page);
  // Still the sandbox (the published console's server), with the reason it has no key.
  await expect(dialog.getByRole('button', { name: `Server: ${sandboxUrl}` })).toBeVisible();
  await expect(
    dialog.getByText(`The sandbox at ${sandboxUrl} cannot be reached, so it could not issue a key.`),
  ).toBeVisible();
  await send(dialog).click();
  await expect(dialog.getByText(`The sandbox at ${sandboxUrl} did not answer.`)).toBeVisible();
  // A visitor cannot start the hosted sandbox: it is unavailable, try later; no command, no blame on their connection.
  await expect(dialog.getByText('It is unavailable just now.')).toBeVisible();
  await expect(dialog.getByText('Try again later.')).toBeVisible();
  await expect(dialog).not.toContainText('npm run sandbox');
});
