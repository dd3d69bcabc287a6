/**
 * Site-wide quality: axe (WCAG 2.2 A and AA) on every kind of page in light
 * and dark, and every internal link and anchor in the built site resolves.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { brokenLinks, walk } from '../support/built-site.ts';
import { operation, urls, watchCspViolations } from './support.ts';

const pages = {
  home: '/',
  introduction: urls.introduction,
  'tag overview': urls.tag({ name: 'Animals', slug: 'animals', operations: [] }),
  'deprecated operation': urls.operation(operation('getPet')),
  'operation with a body': urls.operation(operation('createPet')),
  'operation without console': urls.operation(operation('listOrders')),
  models: urls.schemas,
  model: urls.schema('Pet') ?? '',
  errors: urls.errors,
  'getting started guide': '/guides/getting-started/',
  'rate limits guide': '/guides/rate-limits/',
  'authentication guide': '/guides/authentication/',
  'errors guide': '/guides/errors/',
  'versioning guide': '/guides/versioning/',
  'custom domains guide': '/guides/custom-domains/',
  'publishing guide': '/guides/publishing/',
};

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility in the ${scheme} theme`, () => {
    test.use({ colorScheme: scheme });
    for (const [kind, url] of Object.entries(pages)) {
      test(`${kind} has no axe violations`, async ({ page }) => {
        await page.goto(url);
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
        // Open every expander, so what they hide is checked too.
        await page.evaluate(() => {
          for (const details of document.querySelectorAll('details')) details.open = true;
        });
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
          .analyze();
        const summary = results.violations.map(
          (v) =>
            `${v.id}: ${v.help} (${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')})`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}

test.describe('links', () => {
  test('every internal link and anchor in the built site resolves', () => {
    const dist = path.resolve(import.meta.dirname, '../../dist');
    expect(walk(dist).filter((f) => f.endsWith('.html')).length).toBeGreaterThan(30);
    expect(brokenLinks(dist)).toEqual([]);
  });
});

test.describe('security headers', () => {
  test('every page is served with the CSP and causes no violation, no console error and no failed request', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const head = await request.get('/');
    const csp = head.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(head.headers()['x-content-type-options']).toBe('nosniff');

    const cspViolations = await watchCspViolations(page);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('requestfailed', (failed) => problems.push(`failed: ${failed.url()}`));
    const dist = path.resolve(import.meta.dirname, '../../dist');
    const pages = walk(dist)
      .filter((f) => f.endsWith('index.html'))
      .map((f) => `/${path.relative(dist, f).replace(/index\.html$/, '')}`);
    expect(pages.length).toBeGreaterThan(40);
    for (const url of pages) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      for (const v of await cspViolations()) problems.push(`${url}: CSP ${v}`);
    }
    // Search runs WebAssembly under the CSP too.
    await page.goto('/reference/');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Search' }).fill('pet');
    await expect(page.getByRole('dialog').getByRole('link').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});
