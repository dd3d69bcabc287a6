/**
 * On wide screens the sample pane sticks beside the docs as the reader scrolls. It must never cover what it sits
 * beside or what follows it: checked on every operation page, at 1280 and 1600 wide, with every table row of the
 * page (parameters, headers, errors) scrolled into view in turn.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { model, urls } from './support.ts';

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

const pages = [...new Set(model.operations.map((operation) => urls.operation(operation)))];

for (const width of [1280, 1600]) {
  test(`no operation page's sample pane covers a row of its tables, ${width} px wide`, async ({ page }) => {
    test.setTimeout(pages.length * 15_000);
    await page.setViewportSize({ width, height: 900 });
    const covered: string[] = [];
    for (const url of pages) {
      await page.goto(url);
      const rows = page.getByRole('main').getByRole('row');
      const count = await rows.count();
      for (let i = 0; i < count; i++) {
        const row = rows.nth(i);
        if (!(await row.isVisible())) continue;
        await row.scrollIntoViewIfNeeded();
        const box = await row.boundingBox();
        if (!box) continue;
        for (const pane of await paneBoxes(page)) {
          if (overlap(box, pane) > 0) covered.push(`${url}: "${((await row.textContent()) ?? '').slice(0, 60)}"`);
        }
      }
    }
    expect(covered).toEqual([]);
  });
}

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
