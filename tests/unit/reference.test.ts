/** Routes, sidebar, badges, sunset wording and schema summaries: the pure parts of the reference. */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiModel, loadApiModel, resolveSpecPath, type SchemaOrRef, slugify } from '../../src/openapi/index.ts';
import { pageHeadings, pageOutline, referenceRoutes } from '../../src/reference/page-kinds.ts';
import { introductionParts } from '../../src/reference/pages/introduction-parts.ts';
import {
  fullSummary,
  identifierWords,
  modelsIndexPages,
  operationLabel,
  operationTitle,
  referenceUrls,
  titleLength,
} from '../../src/reference/routes.ts';
import { badgeExplanation, badgeLabel } from '../../src/reference/shared/badges.ts';
import { sunsetStatus } from '../../src/reference/shared/deprecation.ts';
import { constraints, objectProperties, typeLabel } from '../../src/reference/shared/schema-summary.ts';
import { referenceSidebar, type SidebarItem, tagsListedEverywhere } from '../../src/reference/site-lists/navigation.ts';
import { operationMarkdown } from '../../src/reference/twins/operation-markdown.ts';
import { topSections } from '../../src/render/markdown.ts';
import { generateDescription } from '../bench/generate-description.ts';
import { minimalSpec, modelOf } from './support/check.ts';

let model: ApiModel;
beforeAll(async () => {
  model = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..'), {}));
});

const labels = (items: SidebarItem[]): unknown[] =>
  items.map((item) => ('items' in item ? { [item.label]: labels(item.items) } : item.label));

describe('routes', () => {
  it('gives every operation, tag, model and the errors a page, with stable URLs', () => {
    const routes = referenceRoutes(model);
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(routes.filter((r) => r.type === 'operation')).toHaveLength(model.operations.length);
    expect(routes.filter((r) => r.type === 'tag').map((r) => r.title)).toEqual([
      'Animals',
      'Categories',
      'Orders',
      'Inventory',
      'Sandbox',
    ]);
    expect(routes.filter((r) => r.type === 'schema')).toHaveLength(model.schemas.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        'reference',
        'reference/animals/get-pet',
        'reference/orders/list-orders',
        'reference/schemas/pet',
        'reference/errors',
      ]),
    );
  });

  it('lists the models on one index page, in the order the description gives them', () => {
    const indexes = referenceRoutes(model).filter((r) => r.type === 'schemas');
    expect(indexes.map((r) => [r.path, r.title])).toEqual([['reference/schemas', 'Models']]);
    expect(indexes[0]?.index.schemas.map((s) => s.name)).toEqual(model.schemas.map((s) => s.name));
  });

  it('pages a big models index alphabetically, each page named by its first and last model', async () => {
    const names = ['Zebra', 'page', 'apple', '2', 'Mango', '10', 'Éclair'];
    const text = `${minimalSpec}components:\n  schemas:\n${names.map((n) => `    '${n}': { type: object }\n`).join('')}`;
    const many = await modelOf(text);
    const pages = modelsIndexPages(many, 3);
    expect(pages.map((p) => p.schemas.map((s) => s.name))).toEqual([
      ['2', '10', 'apple'],
      ['Éclair', 'Mango', 'page'],
      ['Zebra'],
    ]);
    expect(pages[1]?.pages).toEqual([
      { first: '2', last: 'apple' },
      { first: 'Éclair', last: 'page' },
      { first: 'Zebra', last: 'Zebra' },
    ]);
    expect(pages.map((p) => p.number)).toEqual([1, 2, 3]);
    const urls = referenceUrls(many);
    expect([1, 2, 3].map((n) => urls.schemasPage(n))).toEqual([
      '/reference/schemas/',
      '/reference/schemas/page/2/',
      '/reference/schemas/page/3/',
    ]);
    // Models named "2" and "page" keep their own pages beside the index's.
    expect(urls.schema('2')).toBe('/reference/schemas/2/');
    expect(urls.schema('page')).toBe('/reference/schemas/page/');
    expect(modelsIndexPages(many, 7)).toHaveLength(1);
  });

  it("keeps tag pages clear of the reference's own paths", async () => {
    const text = minimalSpec.replace('tags: [Things]', 'tags: [Schemas]');
    const urls = referenceUrls(await modelOf(text));
    const tiny = await modelOf(text);
    expect(urls.tag(tiny.tags[0] as NonNullable<(typeof tiny.tags)[0]>)).toBe('/reference/schemas-tag/');
    expect(urls.operation(tiny.operations[0] as NonNullable<(typeof tiny.operations)[0]>)).toBe(
      '/reference/schemas-tag/list-things/',
    );
  });

  it("derives an operation page's table of contents from its outline: samples, request, outcomes, errors", () => {
    const route = referenceRoutes(model).find((r) => r.type === 'operation' && r.operation.operationId === 'createPet');
    if (route?.type !== 'operation') throw new Error('no createPet route');
    expect(pageHeadings(pageOutline(model, route)).map((h) => h.text)).toEqual([
      'Request sample',
      'Response example',
      'Request',
      'Authentication',
      'Request body',
      'Responses',
      '201 Created',
      'Errors',
    ]);
  });
});

describe('sidebar', () => {
  it('puts the tags under their groups (Pets, Store, Trying the API), which have no page of their own', () => {
    // As guides and the introduction see it: every group lists its tags, no operations.
    expect(labels(referenceSidebar(model))).toEqual([
      {
        'API reference': [
          'Introduction',
          { Pets: ['Animals', 'Categories'] },
          { Store: ['Orders', 'Inventory'] },
          { 'Trying the API': ['Sandbox'] },
          'Models',
          'Errors',
        ],
      },
    ]);
  });

  it("lists a tag's operations only on that tag's pages, and the other group's tags too", () => {
    expect(labels(referenceSidebar(model, new Set(['Animals'])))).toEqual([
      {
        'API reference': [
          'Introduction',
          {
            Pets: [
              {
                Animals: [
                  'Overview',
                  'List pets',
                  'Create a pet',
                  'Get a pet',
                  'Replace a pet',
                  'Delete a pet',
                  'Get a pet with its ETag',
                ],
              },
              'Categories',
            ],
          },
          { Store: ['Orders', 'Inventory'] },
          { 'Trying the API': ['Sandbox'] },
          'Models',
          'Errors',
        ],
      },
    ]);
  });

  it('shows each group as one link where no tag is open, once there are too many tags to list', async () => {
    const large = await modelOf(generateDescription(300));
    expect(large.tags.length).toBeGreaterThan(tagsListedEverywhere);
    const [reference] = labels(referenceSidebar(large)) as [{ 'API reference': unknown[] }];
    expect(reference['API reference']).toEqual([
      'Introduction',
      ...large.tagGroups.filter((group) => !group.implicit).map((group) => `${group.name} tags`),
      // Tags in no group are plain entries, not groups of their own.
      ...large.tagGroups.filter((group) => group.implicit).flatMap((group) => group.tags),
      'Models',
      'Errors',
    ]);
    // A tag's own pages still list its group's tags and its operations.
    const tag = large.tags[0]?.name ?? '';
    const groups = (items: SidebarItem[]): SidebarItem[] =>
      items.flatMap((i) => ('items' in i ? [i, ...groups(i.items)] : []));
    const opened = groups(referenceSidebar(large, new Set([tag]))).find((i) => i.label === tag);
    expect(opened && 'items' in opened ? opened.items.map((i) => i.label) : []).toEqual([
      'Overview',
      ...(large.tags[0]?.operations ?? []).flatMap((id) =>
        large.operations.filter((o) => o.operationId === id).map(operationTitle),
      ),
    ]);
  });

  it('marks operations with their method and badge', () => {
    const all = (items: SidebarItem[]): SidebarItem[] => items.flatMap((i) => ('items' in i ? all(i.items) : [i]));
    const everyTag = new Set(model.tags.map((tag) => tag.name));
    const entry = (label: string) => all(referenceSidebar(model, everyTag)).find((i) => i.label === label);
    expect(entry('Get a pet')).toMatchObject({ attrs: { 'data-method': 'GET' }, badge: { text: 'Deprecated' } });
    expect(entry('Complete an order')).toMatchObject({
      attrs: { 'data-method': 'POST' },
      badge: { text: 'Experimental' },
    });
    expect(entry("Set a pet's stock count")).toMatchObject({
      attrs: { 'data-method': 'PUT' },
      badge: { text: 'Beta' },
    });
  });
});

describe('badges and sunsets', () => {
  it('names every badge in text and says what its level promises', () => {
    expect(badgeLabel({ kind: 'deprecated' }).text).toBe('Deprecated');
    expect(badgeLabel({ kind: 'beta' }).text).toBe('Beta');
    expect(badgeExplanation({ kind: 'experimental' })).toMatch(/may change or disappear without notice/);
  });

  it.each([
    ['2027-06-30', '2026-11-22T15:00:00Z', { text: '30 June 2027', relative: 'in 220 days', passed: false }],
    ['2026-11-23', '2026-11-22T23:59:00Z', { relative: 'tomorrow', passed: false }],
    ['2026-11-22', '2026-11-22T08:00:00Z', { relative: 'today', passed: true }],
    ['2026-11-19', '2026-11-22T08:00:00Z', { relative: 'passed 3 days ago', passed: true }],
  ])('sunset %s seen on %s', (sunset, now, expected) => {
    expect(sunsetStatus(sunset, new Date(now))).toMatchObject({ datetime: sunset, ...expected });
  });
});

describe('schema summaries', () => {
  const doc = () => model.schemaResolver;
  it('merges allOf into one list of fields with required marks', () => {
    const storedPet = {
      allOf: [
        { $ref: '#/components/schemas/NewPet' },
        { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
      ],
    } satisfies SchemaOrRef;
    expect(objectProperties(doc(), storedPet)?.map((r) => [r.name, r.required])).toEqual([
      ['name', true],
      ['categoryId', true],
      ['status', false],
      ['id', true],
    ]);
  });

  it('describes types and constraints in words', () => {
    expect(typeLabel(doc(), { $ref: '#/components/schemas/Pets' })).toBe('Pets');
    expect(typeLabel(doc(), { type: 'array', items: { $ref: '#/components/schemas/Pet' } })).toBe('array of Pet');
    expect(typeLabel(doc(), { type: 'string', nullable: true })).toBe('string | null');
    expect(constraints(doc(), { type: 'integer', minimum: 1, maximum: 100, default: 20 })).toEqual([
      '1–100',
      'default: 20',
    ]);
    expect(constraints(doc(), { $ref: '#/components/schemas/PetStatus' })).toEqual([
      'one of: "available", "pending", "sold"',
    ]);
  });
});

describe('Markdown pages', () => {
  it("give an operation's essentials as text", () => {
    const operation = model.operations.find((o) => o.operationId === 'getPet');
    if (!operation) throw new Error('no getPet');
    const text = operationMarkdown(model, operation);
    expect(text).toContain('# Get a pet');
    expect(text).toContain('`GET /pets/{petId}`');
    expect(text).toContain('It stops working on 30 June 2027');
    expect(text).toContain('| `petId` | path | integer (int64) | yes |');
    expect(text).toContain('curl https://api.petstore.dev/pets/1');
  });
});

describe('the introduction', () => {
  it("lists the API description's own sections under About this API, with ids of their own", () => {
    const introduction = referenceRoutes(model).find((route) => route.type === 'introduction');
    if (!introduction) throw new Error('no introduction');
    const headings = pageHeadings(pageOutline(model, introduction));
    const about = headings.findIndex((h) => h.slug === 'about');
    // The description's top headings are `## …`; under the h2 "About this API" they are h3s. Its Authentication
    // and Rate limits are shown in the page's sections of those names instead, so each is said once.
    const written = [...(model.info.description ?? '').matchAll(/^## (.+)$/gm)].map((m) => m[1] ?? '');
    expect(written).toEqual(expect.arrayContaining(['Authentication', 'Rate limits']));
    const elsewhere = written.filter((text) => text !== 'Authentication' && text !== 'Rate limits');
    expect(headings.slice(about + 1).map((h) => [h.depth, h.slug, h.text])).toEqual(
      elsewhere.map((text) => [3, `about-api-${slugify(text)}`, text]),
    );
    expect(headings.filter((h) => /^(Authentication|Rate limits)$/.test(h.text)).map((h) => h.slug)).toEqual([
      'authentication',
      'rate-limits',
    ]);
    // Every id on the page is its own.
    expect(new Set(headings.map((h) => h.slug)).size).toBe(headings.length);
  });

  it("shows the description's own Authentication and Rate limits sections in the page's, and not again", () => {
    const parts = introductionParts(model);
    expect(parts.authentication).toMatch(/^Every request sends an API key/);
    expect(parts.rateLimits).toContain('| Plan | Requests per minute | Requests per day |');
    expect(parts.about).not.toMatch(/^## (Authentication|Rate limits)$/m);
    expect(parts.about).toMatch(/^The Pet Store API runs a pet shop/);
    expect(parts.about).toContain('## Paging');
  });

  it('cuts a description only at its top headings: not inside code, and keeps what comes before the first', () => {
    const text =
      'Intro.\n\n# Auth\n\nKeys.\n\n```\n# not a heading\n```\n\n## Deeper\n\nStays.\n\n# Rate limiting\n\nSlow.';
    const { lead, sections } = topSections(text);
    expect(lead).toBe('Intro.');
    expect(sections.map((s) => s.heading)).toEqual(['Auth', 'Rate limiting']);
    expect(sections[0]?.body).toBe('Keys.\n\n```\n# not a heading\n```\n\n## Deeper\n\nStays.');
  });
});

describe('operation titles', () => {
  const withSummary = async (summary: string) => {
    const model = await modelOf(
      minimalSpec.replace(
        '      tags: [Things]\n',
        `      tags: [Things]\n      summary: ${JSON.stringify(summary)}\n`,
      ),
    );
    const operation = model.operations[0];
    if (!operation) throw new Error('no operation');
    return operation;
  };

  it('are the summary as it is when it is plain and short', async () => {
    const operation = await withSummary('List things');
    expect(operationTitle(operation)).toBe('List things');
    expect(fullSummary(operation)).toBeUndefined();
  });

  it('drop the Markdown of a summary written as Markdown, and the page keeps the summary in full', async () => {
    const operation = await withSummary('List [things](https://example.com/things) in **one** call');
    expect(operationTitle(operation)).toBe('List things in one call');
    expect(fullSummary(operation)).toBe('List [things](https://example.com/things) in **one** call');
  });

  it('cut a long summary to its first sentence', async () => {
    const long = `Lists every thing the account can see. ${'Things are sorted by name, then by id. '.repeat(4)}`;
    const operation = await withSummary(long);
    expect(operationTitle(operation)).toBe('Lists every thing the account can see.');
    expect(fullSummary(operation)).toBe(long.trim());
  });

  it('are the words of the given operationId where there is no summary, else METHOD path (the sidebar: the path)', async () => {
    const named = (await modelOf(minimalSpec)).operations[0];
    const unnamed = (await modelOf(minimalSpec.replace('      operationId: listThings\n', ''))).operations[0];
    if (!named || !unnamed) throw new Error('no operation');
    expect([operationTitle(named), operationLabel(named)]).toEqual(['List things', 'List things']);
    expect([operationTitle(unnamed), operationLabel(unnamed)]).toEqual(['GET /things', '/things']);
  });

  it("are the words of a webhook's name where it has neither summary nor operationId", async () => {
    const model = await modelOf(
      `${minimalSpec.replace('openapi: 3.0.3', 'openapi: 3.1.0')}webhooks:\n  batch_cancelled:\n    post:\n      responses: { '200': { description: OK } }\n`,
    );
    const webhook = model.operations.find((o) => o.webhook);
    if (!webhook) throw new Error('no webhook');
    expect(operationTitle(webhook)).toBe('Batch cancelled');
  });

  it.each([
    ['getPetByID', 'Get pet by ID'],
    ['add_guild_member', 'Add guild member'],
    ['repos/get-content', 'Repos get content'],
    ['HTTPServerStatus', 'HTTP server status'],
    ['listAPIs', 'List APIs'],
    ['getIsActive', 'Get is active'],
    ['__', ''],
  ])('read the operationId %s as "%s"', (identifier, words) => {
    expect(identifierWords(identifier)).toBe(words);
  });

  it('take the first paragraph of a summary written as a description, past a notice that opens in bold', async () => {
    const paragraphs = await withSummary('Create a container file\n\nYou can send either a form or a JSON body.');
    expect(operationTitle(paragraphs)).toBe('Create a container file');
    const notice = await withSummary(
      '**Starting a new project?** We recommend trying [Responses](/docs/responses).\n\n---\n\nCreates a model\nresponse for the given chat conversation.',
    );
    expect(operationTitle(notice)).toBe('Creates a model response for the given chat conversation.');
    expect(fullSummary(notice)).toContain('**Starting a new project?**');
  });

  it('skip only a bold label as a notice, and fall back past a summary with nothing to read', async () => {
    expect(operationTitle(await withSummary('**Create** a thing\n\nReturns the thing.'))).toBe('Create a thing');
    expect(operationTitle(await withSummary('**Note:** admins only.\n\nLists things.'))).toBe('Lists things.');
    expect(operationTitle(await withSummary('---'))).toBe('List things');
  });

  it('cut a long summary without a sentence end at the length limit, with an ellipsis', async () => {
    const operation = await withSummary('word '.repeat(40));
    expect(operationTitle(operation)).toMatch(/^word word .*…$/);
    expect(operationTitle(operation).length).toBeLessThanOrEqual(titleLength);
  });
});
