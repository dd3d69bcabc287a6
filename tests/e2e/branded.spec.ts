/**
 * A site that is its docs team's own without a fork (tests/fixtures/branded): portal.json sets its brand and
 * navigation, so the header shows its title and theme's logo and its own links (in the menu on a phone) in both
 * themes, a banner above the page can be dismissed and stays dismissed, the footer has its links, links take the
 * accent colour in both themes; the team's `guides/` are pages like ours (sidebar, search, twins, `llms.txt`), its
 * `home.md` is the home page's words; what its description marks `x-internal` or `x-hidden` is in no file of the
 * site; and the pages stay accessible and no wider than a phone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { accentThemes, linkColors } from '../../src/site/accent-colors.ts';
import { brokenLinks, brokenTwinLinks, walk } from '../support/built-site.ts';
import { servedFixtureSite } from '../support/fixture-site.ts';
import { searchResultTimeout, watchCspViolations } from './support.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/branded/openapi.yaml');
const site = servedFixtureSite(fixture, 'branded');
const operationPage = '/reference/widgets/list-widgets/';

const fixtureFile = (name: string) => readFileSync(path.join(path.dirname(fixture), name), 'utf8');
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(axeTags).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

/** `#0b5fff` as the browser computes it: `rgb(11, 95, 255)`. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

test('the header shows the title with its logo and the site’s links, and every page is titled so', async ({ page }) => {
  const csp = await watchCspViolations(page);
  await page.goto(`${site().baseUrl}${operationPage}`);
  await expect(page).toHaveTitle(/Acme Widgets/);
  const header = page.getByRole('banner');
  const home = header.getByRole('link', { name: 'Acme Widgets', exact: true });
  await expect(home).toBeVisible();
  const logo = home.getByRole('img', { name: 'Acme Widgets' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const links = header.getByRole('navigation', { name: 'Site links' });
  await expect(links.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', 'https://app.widgets.example/');
  await expect(links.getByRole('link', { name: 'Sign up' })).toBeVisible();
  expect(await csp()).toEqual([]);
});

test('the home page is headed with the site’s title, not the API’s', async ({ page }) => {
  await page.goto(`${site().baseUrl}/`);
  await expect(page.getByRole('heading', { name: 'Acme Widgets', level: 1, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^Acme Widgets/);
});

test('the footer lists the site’s links', async ({ page }) => {
  await page.goto(`${site().baseUrl}${operationPage}`);
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('link', { name: 'Status' })).toHaveAttribute('href', 'https://status.widgets.example/');
  await expect(footer.getByRole('link', { name: 'Terms of use' })).toBeVisible();
});

test('the banner shows above the page, and once dismissed stays hidden on the next page', async ({ page }) => {
  await page.goto(`${site().baseUrl}/`);
  const banner = page.getByRole('region', { name: 'Announcement' });
  await expect(banner.getByRole('link', { name: 'Widgets API v2 is coming: read what changes.' })).toBeVisible();
  await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(banner).toBeHidden();
  await page.goto(`${site().baseUrl}${operationPage}`);
  await expect(page.getByRole('heading', { name: 'List widgets', level: 1 })).toBeVisible();
  await expect(page.getByText('Widgets API v2 is coming')).toBeHidden();
});

test('without JavaScript the banner just shows, with nothing to dismiss it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site().baseUrl}/`);
  const banner = page.getByRole('region', { name: 'Announcement' });
  await expect(banner.getByText('Widgets API v2 is coming: read what changes.')).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Dismiss announcement' })).toBeHidden();
  await context.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`links take the accent colour derived for the ${theme} theme, and the home page passes axe`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: theme });
    const page = await context.newPage();
    await page.goto(`${site().baseUrl}/`);
    const dashboard = page.getByRole('navigation', { name: 'Site links' }).getByRole('link', { name: 'Dashboard' });
    const expected = rgb(linkColors(accentThemes('#0b5fff'))[theme]);
    await expect(dashboard).toHaveCSS('color', expected);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
}

for (const width of [1280, 390])
  for (const theme of ['light', 'dark'] as const) {
    const onPhone = width < 500;
    test(`at ${width} px in the ${theme} theme the header shows that theme’s logo and the site’s links${onPhone ? ' in its menu' : ''}`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ colorScheme: theme, viewport: { width, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${site().baseUrl}${operationPage}`);
      const header = page.getByRole('banner');
      // One logo shows (the other theme's is hidden), and it is the file portal.json names for this theme.
      const logo = header
        .getByRole('link', { name: 'Acme Widgets', exact: true })
        .getByRole('img', { name: 'Acme Widgets' });
      await expect(logo).toBeVisible();
      const src = await logo.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(await (await page.request.get(src)).text()).toBe(
        fixtureFile(theme === 'light' ? 'logo.svg' : 'logo-dark.svg'),
      );
      if (onPhone) await page.getByRole('button', { name: 'Menu' }).click();
      const links = page.getByRole('navigation', { name: 'Site links' });
      await expect(links.getByRole('link', { name: 'Dashboard' })).toBeVisible();
      await expect(links.getByRole('link', { name: 'Sign up' })).toBeVisible();
      await context.close();
    });
  }

/** The team's two guides (tests/fixtures/branded/guides/): file name, title, words of their own. */
const teamGuides = [
  { name: 'widget-care', title: 'Caring for widgets', words: 'sprocketology oil' },
  { name: 'where-widgets-live', title: 'Where widgets live', words: 'lives in a hangar' },
];

test('the team’s guides are in the sidebar in their order, run the portal’s components, and pass axe', async ({
  page,
}) => {
  await page.goto(`${site().baseUrl}/guides/widget-care/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Caring for widgets' })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar.getByRole('link', { name: /Caring for widgets|Where widgets live/ })).toHaveText(
    teamGuides.map((g) => g.title),
  );
  expect(await axeViolations(page)).toEqual([]);
  await sidebar.getByRole('link', { name: 'Where widgets live' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Where widgets live' })).toBeVisible();
  // `import { Servers } from '@portal/components'`: the description's own server.
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'https://' })).toHaveText([
    'https://api.widgets.example/v1',
  ]);
  expect(await axeViolations(page)).toEqual([]);
});

for (const guide of teamGuides)
  test(`search finds “${guide.title}” by its own words`, async ({ page }) => {
    await page.goto(`${site().baseUrl}/`);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Search' }).fill(guide.words);
    await expect(
      page
        .getByRole('dialog', { name: 'Search' })
        .getByRole('link', { name: new RegExp(guide.title) })
        .first(),
    ).toBeVisible({ timeout: searchResultTimeout });
  });

test('the team’s guides have Markdown twins, listed in llms.txt', async ({ request }) => {
  for (const guide of teamGuides) {
    const twin = await request.get(`${site().baseUrl}/guides/${guide.name}.md`);
    expect(twin.ok(), guide.name).toBe(true);
    const text = await twin.text();
    expect(text).toContain(`# ${guide.title}`);
    expect(text).toContain(guide.words);
  }
  // The MDX guide's twin says what its component showed.
  expect(await (await request.get(`${site().baseUrl}/guides/where-widgets-live.md`)).text()).toContain(
    'https://api.widgets.example/v1',
  );
  const llms = await (await request.get(`${site().baseUrl}/llms.txt`)).text();
  expect(llms).toMatch(/\[Caring for widgets\]\([^)]*\/guides\/widget-care\.md\): How to keep a widget oiled/);
  expect(llms).toMatch(/\[Where widgets live\]\([^)]*\/guides\/where-widgets-live\.md\): The servers that keep/);
});

test('the home page says home.md’s words, not the description’s, and leads to the team’s guides', async ({ page }) => {
  await page.goto(`${site().baseUrl}/`);
  const main = page.getByRole('main');
  await expect(main.getByText('Widgets for every workshop, documented by the people who make them.')).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: 'Built for widget makers' })).toBeVisible();
  await expect(main).toContainText(
    "Acme's widget makers wrote these pages so that your first widget ships on a Tuesday.",
  );
  await expect(main).not.toContainText('A small description whose portal.json');
  const guides = main.getByRole('region', { name: 'Guides' });
  for (const guide of teamGuides) await expect(guides.getByRole('link', { name: guide.title })).toBeVisible();
});

test('what the description keeps for its team is in no file of the site, the search index included', () => {
  const { outDir } = site();
  // The x-internal operation, the x-hidden tag and its operation, and the model only it uses: ids, slugs, words.
  const hidden = [
    /zanzibarPurgeCache/i,
    /zanzibar-purge-cache/i,
    /quokka/i,
    /openMarmaladeVault/i,
    /open-marmalade-vault/i,
    /marmalade/i,
    /Backoffice Vault/i,
    /backoffice-vault/i,
    /quince/i,
  ];
  const texts = walk(outDir).map((file) => {
    const bytes = readFileSync(file);
    // Pagefind writes its index gzipped: read it as it is searched.
    const plain = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
    return { file: path.relative(outDir, file), text: plain.toString('latin1') };
  });
  const leaks = texts.flatMap(({ file, text }) =>
    hidden.filter((word) => word.test(text)).map((w) => `${file}: ${w.source}`),
  );
  expect(leaks).toEqual([]);
  // The same reading finds what is published, in the search index too: the check can see a leak where it would be.
  const mentioning = (word: RegExp) => texts.filter(({ text }) => word.test(text)).map(({ file }) => file);
  expect(mentioning(/listWidgets/).length).toBeGreaterThan(1);
  expect(mentioning(/sprocketology/).some((file) => file.startsWith('pagefind/'))).toBe(true);
});

test('no page and no Markdown twin of the site, the team’s guides and home page included, has a link that leads nowhere', () => {
  const { outDir } = site();
  expect(brokenLinks(outDir)).toEqual([]);
  expect(brokenTwinLinks(outDir)).toEqual([]);
});

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the sidebar lists the site’s links, where the header has no room for them', async ({ page }) => {
    await page.goto(`${site().baseUrl}${operationPage}`);
    const links = page.getByRole('navigation', { name: 'Site links' });
    await expect(links).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const width = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  test('no page scrolls sideways, and the menu holds the site’s links', async ({ page }) => {
    for (const url of site().pages) {
      await page.goto(`${site().baseUrl}${url}`);
      expect(await width(page), url).toBeLessThanOrEqual(390);
    }
    await page.goto(`${site().baseUrl}${operationPage}`);
    await expect(page.getByRole('navigation', { name: 'Site links' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    const links = page.getByRole('navigation', { name: 'Site links' });
    await expect(links.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(links.getByRole('link', { name: 'Sign up' })).toBeVisible();
  });
});
