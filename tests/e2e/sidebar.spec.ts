/** The reference's sidebar in Chromium: every group's tags on every page, groups as labels (reference/site-lists/navigation.ts). */
import { expect, test } from '@playwright/test';
import { badgeLabel } from '../../src/reference/shared/badges.ts';
import { model, operation, urls } from './support.ts';

test.describe('sidebar', () => {
  test("on a Pets operation page, lists the other group's tags as links, and no group is a link", async ({ page }) => {
    const listPets = operation('listPets');
    const own = model.tagGroups.find((group) => group.tags.some((tag) => listPets.tags.includes(tag)));
    const others = model.tagGroups.filter((group) => group !== own);
    expect(own, 'listPets is in a group').toBeDefined();
    expect(others.length, 'the Pet Store has another group').toBeGreaterThan(0);

    await page.goto(urls.operation(listPets));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: /List pets/ })).toHaveAttribute('aria-current', 'page');
    for (const group of model.tagGroups) {
      // A group is a label holding its tags, with no page of its own.
      await expect(nav.getByText(group.name, { exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: group.name, exact: true })).toHaveCount(0);
      await expect(nav.getByRole('link', { name: `${group.name} tags`, exact: true })).toHaveCount(0);
    }
    for (const group of others) {
      for (const name of group.tags) {
        const tag = model.tags.find((t) => t.name === name);
        if (!tag) throw new Error(`no tag ${name}`);
        const link = nav.getByRole('link', { name, exact: true });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute('href', urls.tag(tag));
      }
    }
  });
});

const badged = model.operations.flatMap((operation) =>
  operation.badge ? [{ operation, badge: operation.badge }] : [],
);

for (const [width, height] of [
  [1280, 900],
  [390, 844],
] as const) {
  test(`an operation's badge sits on its label's last line, not a line of its own, ${width} px wide`, async ({
    page,
  }) => {
    expect(badged.length, 'the Pet Store has operations with a badge').toBeGreaterThan(0);
    await page.setViewportSize({ width, height });
    for (const { operation: each, badge: level } of badged) {
      await page.goto(urls.operation(each));
      const nav = page.getByRole('navigation', { name: 'Main' });
      const menu = nav.getByRole('button', { name: 'Menu' });
      if (await menu.isVisible()) await menu.click();
      const { text } = badgeLabel(level);
      // Named with its badge as a word of its own.
      const link = nav.getByRole('link', { name: `${each.summary ?? each.operationId} ${text}` });
      const badge = link.getByText(text, { exact: true });
      await link.scrollIntoViewIfNeeded();
      await expect(badge).toBeVisible();
      // The label's lines as drawn (its text, without the badge's), and the badge.
      const { lastLine, badgeBox } = await badge.evaluate((element) => {
        const label = document.createRange();
        const anchor = element.parentElement as HTMLElement;
        label.setStart(anchor, 0);
        label.setEndBefore(element);
        const lines = [...label.getClientRects()];
        const { top, bottom } = element.getBoundingClientRect();
        return { lastLine: lines.at(-1), badgeBox: { top, bottom } };
      });
      expect(lastLine, each.operationId).toBeDefined();
      const middle = (badgeBox.top + badgeBox.bottom) / 2;
      expect(middle, `${each.operationId}'s badge beside its label`).toBeGreaterThan(lastLine?.top ?? 0);
      expect(middle, `${each.operationId}'s badge beside its label`).toBeLessThan(lastLine?.bottom ?? 0);
    }
  });
}
