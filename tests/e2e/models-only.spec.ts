/**
 * A description of models only (a schema or event catalogue, as 13 of APIs-guru's 2,639 are) builds a site: the
 * introduction and a page per model, with no empty sections and no links to pages that were not built.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { brokenLinks } from '../support/built-site.ts';
import { servedFixtureSite } from '../support/fixture-site.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/models-only/openapi.yaml');
const site = servedFixtureSite(fixture, 'models-only');

test('has its introduction and a page per model, and nothing about operations it does not have', async ({ page }) => {
  const { baseUrl, pages } = site();
  expect(pages.filter((p) => p.startsWith('/reference/')).sort()).toEqual([
    '/reference/',
    '/reference/schemas/',
    '/reference/schemas/kennel/',
    '/reference/schemas/stay-ended/',
    '/reference/schemas/stay-started/',
  ]);
  await page.goto(`${baseUrl}/reference/`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Kennel Events reference' })).toBeVisible();
  await expect(main.getByText('There is no HTTP API: this description is a catalogue')).toBeVisible();
  for (const name of ['Reading an operation page', 'Operations by group', 'Servers', 'Authentication']) {
    await expect(main.getByRole('heading', { name })).toHaveCount(0);
  }
  // No empty group in the sidebar: the site has no guides.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Guides', { exact: true })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Models' }).click();
  await page.getByRole('main').getByRole('link', { name: 'StayStarted' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'StayStarted' })).toBeVisible();
  await expect(page.getByRole('main').getByText('A pet checked in for a stay.')).toBeVisible();
});

test('links only to pages that were built', () => {
  expect(brokenLinks(site().outDir)).toEqual([]);
});
