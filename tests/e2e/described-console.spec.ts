/**
 * Try it for an API the sandbox has no hand-written rules for: the Workshop fixture published with SANDBOX_URL
 * pointing at a sandbox made from that description (as its docs team would host it). Try it, then Send without
 * typing: a 2xx, with a personal key the sandbox issued filled into the operation's own credential (an API key
 * header, a bearer token); what a POST made, the list then shows.
 */
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { openConsole, servedWithHostedSandbox } from '../support/hosted-console.ts';
import { watchCspViolations } from './support.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/described-sandbox/openapi.yaml');

const built = servedWithHostedSandbox(fixture, 'described-console');

async function sendAndAnswer(page: Page, dialog: Locator, sandboxUrl: string, method: string) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === method && r.url().startsWith(sandboxUrl) && !r.url().includes('/sandbox/keys'),
  );
  await dialog.getByRole('button', { name: /^Send .* request/ }).click();
  return answered;
}

test('Try it, then Send without typing: 2xx from the sandbox made from the description, with a key made for this visitor', async ({
  page,
}) => {
  const { site, sandboxUrl } = built();
  const csp = await watchCspViolations(page);
  await page.goto(`${site.baseUrl}/reference/tools/get-tool/`);
  const dialog = await openConsole(page);
  await expect(dialog.getByRole('button', { name: `Server: ${sandboxUrl}` })).toBeVisible();
  await expect(dialog.getByText('Using a sandbox key made for you on the Sandbox plan')).toBeVisible();

  const response = await sendAndAnswer(page, dialog, sandboxUrl, 'GET');
  expect(response.status()).toBe(200);
  const key = (await response.request().allHeaders())['x-workshop-key'] ?? '';
  expect(key).toMatch(/^sk_sandbox_/);
  expect(await response.json()).toMatchObject({ id: 7, name: 'Hammer' });
  await expect(dialog.getByText('200 OK')).toBeVisible();
  expect(await csp()).toEqual([]);
});

test('a bearer operation gets the key as its token, and what it made is listed', async ({ page }) => {
  const { site, sandboxUrl } = built();
  await page.goto(`${site.baseUrl}/reference/benches/add-drawer/`);
  const dialog = await openConsole(page);
  const made = await sendAndAnswer(page, dialog, sandboxUrl, 'POST');
  expect(made.status()).toBe(201);
  const authorization = (await made.request().allHeaders()).authorization ?? '';
  expect(authorization).toMatch(/^Bearer sk_sandbox_/);
  const drawer = (await made.json()) as { id: string };

  const listed = await fetch(`${sandboxUrl}/benches/oak/drawers`, {
    headers: { Authorization: `Basic ${Buffer.from(`${authorization.slice(7)}:x`).toString('base64')}` },
  });
  expect(await listed.json()).toContainEqual(expect.objectContaining({ id: drawer.id }));
});

test("the docs team's guides beside the description are pages like ours: sidebar, order, twins, llms.txt and search", async ({
  page,
}) => {
  const { site } = built();
  await page.goto(`${site.baseUrl}/guides/safety/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Safety first' })).toBeVisible();
  // MDX runs: the guide's own expression is rendered.
  await expect(page.getByRole('main')).toContainText('Wear gloves when you handle the saws.');
  const guides = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /etiquette|Safety/ });
  // In the order their frontmatter gives (`order: 1`, `order: 2`), not by file name.
  await expect(guides).toHaveText(['Bench etiquette', 'Safety first']);
  expect(await (await page.request.get(`${site.baseUrl}/guides/bench-etiquette.md`)).text()).toContain(
    '## Before you leave',
  );
  expect(await (await page.request.get(`${site.baseUrl}/llms.txt`)).text()).toMatch(
    /\[Bench etiquette\]\([^)]*\/guides\/bench-etiquette\.md\): How the workshop's benches/,
  );
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Search' }).fill('drawer label');
  await expect(
    page
      .getByRole('dialog', { name: 'Search' })
      .getByRole('link', { name: /Bench etiquette/ })
      .first(),
  ).toBeVisible();
});

test("a docs team's guide states the description's facts through the portal's components", async ({ page }) => {
  const { site } = built();
  await page.goto(`${site.baseUrl}/guides/safety/`);
  // `import { Servers } from '@portal/components'` in the fixture's safety.mdx: the description's own server.
  const servers = page.getByRole('main').getByRole('listitem').filter({ hasText: 'https://' });
  await expect(servers).toHaveText(['https://api.workshop.example/v2']);
});

test('the home page is the description’s and leads only to what this site has', async ({ page }) => {
  const { site } = built();
  await page.goto(`${site.baseUrl}/`);
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Workshop API documentation' })).toBeVisible();
  await expect(main).toContainText('A description the sandbox has no hand-written rules for');
  await expect(main.getByRole('heading', { name: 'What this portal is' })).toHaveCount(0);
  // No releases beside the description: no changelog to lead to.
  await expect(main.getByRole('link', { name: /changelog/i })).toHaveCount(0);
  // Built with SANDBOX_URL: the hosted sandbox is named.
  await expect(main.getByRole('region', { name: 'Try it against the sandbox' })).toContainText(built().sandboxUrl);
  const guides = main.getByRole('region', { name: 'Guides' });
  await expect(guides.getByRole('link')).toHaveText(['Bench etiquette', 'Safety first']);
  await guides.getByRole('link', { name: 'Safety first' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Safety first' })).toBeVisible();
  await page.goBack();
  await main.getByRole('link', { name: 'Read the API reference' }).click();
  await expect(page).toHaveURL(/\/reference\/$/);

  // Its twin, announced in its head, has the page's headings.
  await page.goto(`${site.baseUrl}/`);
  const twinPath = await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href');
  expect(twinPath).toBe('/index.md');
  const twin = await (await page.request.get(`${site.baseUrl}${twinPath}`)).text();
  const shown = await main.getByRole('heading').allTextContents();
  expect(twin.match(/^#{1,6} .+$/gm)?.map((line) => line.replace(/^#+ /, ''))).toEqual(shown.map((h) => h.trim()));
});
