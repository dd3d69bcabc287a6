/** The reference's sidebar in Chromium: every group's tags on every page, groups as labels (reference/navigation.ts). */
import { expect, test } from '@playwright/test';
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
