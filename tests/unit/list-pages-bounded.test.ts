/**
 * Pages that list what grows with the API stay bounded at any scale: a tag's operations, the models index, the
 * introduction's tags and the error catalog, rendered for a generated description with one tag of thousands of
 * operations, thousands of tags and models. Each page's content must leave room under the page-size goal (issue 35:
 * 300 KB a page) for the shell and the sidebar, which tests/unit/shell-size.test.ts and the bench measure.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import IntroductionView from '../../src/components/reference/IntroductionView.astro';
import SchemasView from '../../src/components/reference/SchemasView.astro';
import TagView from '../../src/components/reference/TagView.astro';
import ErrorsView from '../../src/components/shared/ErrorsView.astro';
import type { ApiModel } from '../../src/openapi/index.ts';
import { pageMarkdown, referenceRoutes } from '../../src/reference/page-kinds.ts';
import { errorCatalogOutline } from '../../src/reference/pages/errors-outline.ts';
import { introductionOutline } from '../../src/reference/pages/introduction-outline.ts';
import { modelsIndexOutline } from '../../src/reference/pages/models-index-outline.ts';
import { tagOutline } from '../../src/reference/pages/tag-outline.ts';
import { operationsPerTagPage, type ReferenceRoute } from '../../src/reference/routes.ts';
import { generateDescription } from '../bench/generate-description.ts';
import { modelOf } from './support/check.ts';

/** The page-size goal, less what the shell and a windowed sidebar may take. */
const contentBudget = 250_000;
const operations = 4_000;
const bigTag = 1_500;

let model: ApiModel;
let routes: ReferenceRoute[];
const sizes = new Map<string, number>();

beforeAll(async () => {
  model = await modelOf(generateDescription(operations, { oneTagHolds: bigTag }));
  routes = referenceRoutes(model);
  const container = await AstroContainer.create();
  for (const route of routes) {
    const html =
      route.type === 'tag'
        ? await container.renderToString(TagView, {
            props: { outline: tagOutline(model, route.tag, route.group, route.listing) },
          })
        : route.type === 'schemas'
          ? await container.renderToString(SchemasView, { props: { outline: modelsIndexOutline(model, route.index) } })
          : route.type === 'introduction'
            ? await container.renderToString(IntroductionView, {
                props: { outline: introductionOutline(model), files: [] },
              })
            : route.type === 'errors'
              ? await container.renderToString(ErrorsView, {
                  props: { outline: errorCatalogOutline(model, route.errorCodes) },
                })
              : undefined;
    if (html !== undefined) sizes.set(route.path, Buffer.byteLength(html));
  }
}, 300_000);

describe(`list pages of a ${operations.toLocaleString('en')}-operation description`, () => {
  it('stay within the page budget, whatever grows with the API', () => {
    const over = [...sizes].filter(([, bytes]) => bytes > contentBudget).map(([path, bytes]) => `${path}: ${bytes}`);
    expect(over).toEqual([]);
    // Every kind of list page was measured, the big tag's pages among them.
    expect(sizes.has('reference')).toBe(true);
    expect(sizes.has('reference/errors')).toBe(true);
    expect(sizes.has('reference/schemas/page/2')).toBe(true);
  });

  it("pages a big tag's operations, each on one page, every page linked from every other", () => {
    const pages = routes.filter(
      (route): route is Extract<ReferenceRoute, { type: 'tag' }> =>
        route.type === 'tag' && route.listing.total === bigTag,
    );
    expect(pages).toHaveLength(Math.ceil(bigTag / operationsPerTagPage));
    const [overview, second] = pages;
    expect(overview?.path).toBe('reference/billing-invoices');
    expect(second?.path).toBe('reference/billing-invoices/page/2');
    expect(second?.title).toBe(`Billing invoices, page 2 of ${pages.length}`);
    // Each page is named by its first and last operation's path.
    const secondOperations = second?.listing.operations ?? [];
    expect(overview?.listing.pages[1]).toEqual({
      first: secondOperations[0]?.path,
      last: secondOperations.at(-1)?.path,
    });
    const listed = pages.flatMap((page) => page.listing.operations.map((operation) => operation.operationId));
    expect(new Set(listed).size).toBe(bigTag);
    const twin = pageMarkdown(model, second as ReferenceRoute, { downloads: [] });
    expect(twin).toContain('More operations of [Billing invoices](/reference/billing-invoices/)');
    for (const n of pages.keys())
      expect(twin).toContain(
        n === 0 ? '(/reference/billing-invoices/)' : `(/reference/billing-invoices/page/${n + 1}/)`,
      );
    // Every other tag is one page, its overview.
    const small = routes.filter((route) => route.type === 'tag' && route.listing.total < operationsPerTagPage);
    expect(small.length).toBeGreaterThan(100);
    expect(small.every((route) => route.type === 'tag' && route.listing.pages.length === 1)).toBe(true);
  });
});
