/**
 * Slack's Web API description alone, as a team would first try the portal: no portal.json, `home.md`, guides or
 * releases beside it. The home page names Slack's API and leads only to what its site has (no changelog, no guides),
 * and no page and no Markdown twin of the site has a link that leads nowhere. One build, a few minutes.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { brokenLinks, brokenTwinLinks } from '../support/built-site.ts';
import { buildAndServe, type FixtureSite } from '../support/fixture-site.ts';
import { fetchNpmDescriptions, slackWeb } from '../support/npm-descriptions.ts';

let workDir: string | undefined;
let site: FixtureSite | undefined;
let title = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(900_000);
  workDir = mkdtempSync(path.join(tmpdir(), 'petstore-slack-'));
  const [fetched = ''] = await fetchNpmDescriptions(workDir, [slackWeb]);
  // Alone in its folder: nothing of a docs team's beside it.
  const alone = path.join(workDir, 'alone');
  mkdirSync(alone);
  const description = path.join(alone, 'slack.com.json');
  copyFileSync(fetched, description);
  title = (JSON.parse(readFileSync(description, 'utf8')) as { info: { title: string } }).info.title;
  site = await buildAndServe(description, 'slack');
});

test.afterAll(() => {
  site?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const built = () => {
  if (!site) throw new Error('Slack’s site was not built');
  return site;
};

test('the home page names Slack’s API, and every link on it leads to a page of the site', async ({ page }) => {
  const { baseUrl } = built();
  await page.goto(`${baseUrl}/`);
  expect(title).toBe('Slack Web API');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} documentation`);
  await expect(page).toHaveTitle(new RegExp(`^${title} documentation`));
  const main = page.getByRole('main');
  await expect(main).toContainText('One way to interact with the Slack platform is its HTTP RPC-based Web API');
  // No releases and no guides ship with it: nothing leads to a changelog or a guide.
  await expect(main.getByRole('link', { name: /changelog/i })).toHaveCount(0);
  await expect(main.getByRole('region', { name: 'Guides' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: /getting started/i })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Read the API reference' })).toBeVisible();
  const hrefs = await main.getByRole('link').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  const own = hrefs.filter((href) => href.startsWith(baseUrl));
  expect(own.length).toBeGreaterThan(1);
  for (const href of own) expect((await page.request.get(href)).status(), href).toBe(200);
});

test('no page of the site and no Markdown twin has a link that leads nowhere', () => {
  const { outDir, pages } = built();
  expect(pages.length).toBeGreaterThan(174);
  expect(pages.some((page) => page.startsWith('/guides/'))).toBe(false);
  expect(brokenLinks(outDir)).toEqual([]);
  expect(brokenTwinLinks(outDir)).toEqual([]);
});
