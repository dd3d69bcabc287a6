/**
 * On wide screens the sample pane sticks beside the docs as the reader scrolls. It must never cover what it sits
 * beside or what follows it: checked on every operation page, at 1280 and 1600 wide, with every table row of the
 * page (parameters, headers, errors) scrolled into view in turn; on the Pet Store's pages and on a real description's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { type ApiModel, loadApiModel } from '../../src/openapi/index.ts';
import { referenceUrls } from '../../src/reference/routes.ts';
import { buildAndServe, type FixtureSite } from '../support/fixture-site.ts';
import { fetchNpmDescriptions, readmeTrainTravel31 } from '../support/npm-descriptions.ts';
import { model } from './support.ts';

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** The pane's two cards, found by their headings as a reader sees them. */
async function paneBoxes(page: Page): Promise<Box[]> {
  const cards: Locator[] = [
    page.getByRole('region', { name: 'Request sample' }),
    page.getByRole('region', { name: /^(Response example|Payload example)$/ }),
  ];
  const boxes: Box[] = [];
  for (const card of cards) {
    if ((await card.count()) === 0) continue;
    const box = await card.first().boundingBox();
    if (box) boxes.push(box);
  }
  return boxes;
}

/** The table rows of the pages, each scrolled into view in turn: how many, and those a sample pane covers. */
async function rowsUnderThePane(
  page: Page,
  pageUrls: readonly string[],
): Promise<{ checked: number; covered: string[] }> {
  const covered: string[] = [];
  let checked = 0;
  for (const url of pageUrls) {
    await page.goto(url);
    const rows = page.getByRole('main').getByRole('row');
    const count = await rows.count();
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      if (!(await row.isVisible())) continue;
      await row.scrollIntoViewIfNeeded();
      const box = await row.boundingBox();
      if (!box) continue;
      checked++;
      for (const pane of await paneBoxes(page)) {
        if (overlap(box, pane) > 0) covered.push(`${url}: "${((await row.textContent()) ?? '').slice(0, 60)}"`);
      }
    }
  }
  return { checked, covered };
}

/** Each operation's page, once (an operation under several tags has one page). */
const operationPages = (of: ApiModel, base = '') => [
  ...new Set(of.operations.map((operation) => `${base}${referenceUrls(of).operation(operation)}`)),
];
const pages = operationPages(model);
const widths = [1280, 1600];

for (const width of widths) {
  test(`no operation page's sample pane covers a row of its tables, ${width} px wide`, async ({ page }) => {
    test.setTimeout(pages.length * 15_000);
    await page.setViewportSize({ width, height: 900 });
    const { checked, covered } = await rowsUnderThePane(page, pages);
    expect(checked).toBeGreaterThan(0);
    expect(covered).toEqual([]);
  });
}

/**
 * The same on a description written elsewhere, with its own tables: ReadMe's copy of Bump.sh's Train Travel API
 * (OpenAPI 3.1, from npm, as the corpus test fetches it), whose every operation documents its errors and headers.
 * Built once for both widths.
 */
test.describe('on a real description', () => {
  test.describe.configure({ mode: 'serial' });
  let dir = '';
  let site: FixtureSite | undefined;
  let realPages: string[] = [];
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    dir = mkdtempSync(path.join(tmpdir(), 'petstore-real-pane-'));
    const [file = ''] = await fetchNpmDescriptions(dir, [readmeTrainTravel31]);
    site = await buildAndServe(file, 'train-travel');
    realPages = operationPages(await loadApiModel(file), site.baseUrl);
  });
  test.afterAll(() => {
    site?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const width of widths) {
    test(`${readmeTrainTravel31.label}: no sample pane covers a table row, ${width} px wide`, async ({ page }) => {
      expect(realPages.length, 'operation pages').toBeGreaterThan(0);
      test.setTimeout(realPages.length * 15_000);
      await page.setViewportSize({ width, height: 900 });
      const { checked, covered } = await rowsUnderThePane(page, realPages);
      // Its tables were there to be covered: parameters, headers and errors.
      expect(checked).toBeGreaterThan(realPages.length);
      expect(covered).toEqual([]);
    });
  }
});

test('on a phone, each sample and example shows a screenful and scrolls inside itself, so the docs follow soon', async ({
  page,
}) => {
  test.setTimeout(pages.length * 10_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const tall: string[] = [];
  for (const url of pages) {
    await page.goto(url);
    for (const name of ['Request sample', /^(Response example|Payload example)$/]) {
      const card = page.getByRole('region', { name });
      if ((await card.count()) === 0) continue;
      // The visible code block of each card: the one tab shown.
      for (const block of await card.first().locator('pre').all()) {
        const box = (await block.isVisible()) ? await block.boundingBox() : null;
        if (box && box.height > 20 * 16 + 1) tall.push(`${url}: ${Math.round(box.height)} px`);
      }
    }
  }
  expect(tall).toEqual([]);
});
