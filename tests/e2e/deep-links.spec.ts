/**
 * Links saved from Redoc, Swagger UI and Scalar, arriving where a moved site's old links arrive (the home page and
 * the reference's introduction), land on the page they mean. Other fragments stay, and cost nothing.
 */
import { expect, type Page, test } from '@playwright/test';
import { deepLinkMapPath } from '../../src/reference/site-lists/deep-links.ts';
import { model, operation, urls } from './support.ts';

const placeOrder = operation('placeOrder');
const tag = model.tags.find((t) => t.operations.includes(placeOrder.operationId));
const schema = model.schemas.find((s) => s.name === 'Pet');
if (!tag || !schema) throw new Error('the spec has no tag for placeOrder, or no Pet model');
const tagPage = urls.tag(tag);
const modelPage = urls.schema(schema.name);
const dashed = (name: string) => name.replaceAll(' ', '-');

const forms: [string, string, string | undefined][] = [
  [
    'Redoc, an operation in its tag',
    `/#tag/${dashed(tag.name)}/operation/${placeOrder.operationId}`,
    urls.operation(placeOrder),
  ],
  ['Redoc, an operation', `/reference/#operation/${placeOrder.operationId}`, urls.operation(placeOrder)],
  ['Redoc, a tag', `/#tag/${dashed(tag.name)}`, tagPage],
  ['Swagger UI, an operation', `/#/${tag.name}/${placeOrder.operationId}`, urls.operation(placeOrder)],
  [
    'Scalar, an operation by method and path',
    `/reference/#tag/${tag.slug}/${placeOrder.method.toUpperCase()}${placeOrder.path}`,
    urls.operation(placeOrder),
  ],
  ['Scalar, a model', `/reference/#model/${schema.name.toLowerCase()}`, modelPage],
  ['a schema', `/#schema/${schema.name}`, modelPage],
];

async function landsOn(page: Page, from: string, to: string | undefined) {
  await page.goto(from);
  await expect(page).toHaveURL((url) => url.pathname === to);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

for (const [name, from, to] of forms) {
  test(`a saved link in ${name}'s form lands on its page: ${from}`, async ({ page }) => {
    await landsOn(page, from, to);
  });
}

test('a fragment of another kind stays where it is, and the map is never fetched', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(deepLinkMapPath)) fetched.push(request.url());
  });
  await page.goto('/reference/#authentication');
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(new URL(page.url()).pathname).toBe('/');
  expect(fetched).toEqual([]);
  // An unknown operation stays on the page it arrived at, also one named like a property every object has.
  for (const name of ['noSuchOperation', 'constructor', '__proto__']) {
    // From another page: a change of fragment alone would not load the page (and its script) again.
    await page.goto('/reference/');
    await page.goto(`/#operation/${name}`);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname, name).toBe('/');
  }
});
