/**
 * Each reference page's outline feeds its view, its table of contents and its Markdown twin: these tests render the
 * view from the outline and write the twin, and fail where the three would disagree about the page's sections.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import IntroductionView from '../../src/components/reference/IntroductionView.astro';
import OperationView from '../../src/components/reference/OperationView.astro';
import SchemasView from '../../src/components/reference/SchemasView.astro';
import SchemaView from '../../src/components/reference/SchemaView.astro';
import TagView from '../../src/components/reference/TagView.astro';
import ErrorsView from '../../src/components/shared/ErrorsView.astro';
import { type ApiModel, loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { twinInputs } from '../../src/publishing/twin-inputs.ts';
import { pageHeadings, pageMarkdown, pageOutline, referenceRoutes } from '../../src/reference/page-kinds.ts';
import { errorCatalogOutline, returnersLead } from '../../src/reference/pages/errors-outline.ts';
import { introductionOutline } from '../../src/reference/pages/introduction-outline.ts';
import { modelOutline, usedByShown } from '../../src/reference/pages/model-outline.ts';
import { modelsIndexOutline } from '../../src/reference/pages/models-index-outline.ts';
import type { Words } from '../../src/reference/pages/operation-notices.ts';
import { tagOutline } from '../../src/reference/pages/tag-outline.ts';
import { modelsIndexPages, type ReferenceRoute, tagListingPages } from '../../src/reference/routes.ts';
import { operationMarkdown } from '../../src/reference/twins/operation-markdown.ts';
import { guideSandbox } from '../../src/site/sandbox-address.ts';
import { modelOf } from './support/check.ts';
import { operationViewProps } from './support/operation-view.ts';

const root = path.resolve(import.meta.dirname, '../..');
const petStore = await loadApiModel(resolveSpecPath(root, {}));
const events = await loadApiModel(path.join(root, 'tests/fixtures/events-3.2/openapi.yaml'));
const modelsOnly = await loadApiModel(path.join(root, 'tests/fixtures/models-only/openapi.yaml'));
const container = await AstroContainer.create();

const routeOf = <T extends ReferenceRoute['type']>(model: ApiModel, type: T) => {
  const found = referenceRoutes(model).filter((r): r is Extract<ReferenceRoute, { type: T }> => r.type === type);
  if (found.length === 0) throw new Error(`no ${type} page`);
  return found;
};
/** The ids of a page's `h2`–`h6` headings, in order. */
const htmlHeadingIds = (html: string) => [...html.matchAll(/<h[2-6][^>]* id="([^"]+)"/g)].map((m) => m[1] ?? '');
/** A twin's `##`–`######` headings' text, outside code blocks. */
const twinHeadings = (markdown: string) =>
  [...markdown.replace(/^(`{3,}|~{3,})[\s\S]*?^\1$/gm, '').matchAll(/^#{2,6} (.+)$/gm)].map((m) =>
    (m[1] ?? '').replace(/\\(.)/g, '$1'),
  );

describe.each([
  ['the Pet Store', petStore],
  ['a 3.2 description of events', events],
  ['a description of models only', modelsOnly],
])("the introduction's outline, for %s", (_, model) => {
  const route = routeOf(model, 'introduction')[0] as ReferenceRoute;
  // As `npm run dev` has it: with the local sandbox, where the description has one.
  const sandbox = guideSandbox(model, true);
  const outline = introductionOutline(model, sandbox);
  const toc = pageHeadings(pageOutline(model, route, sandbox));

  it('gives the view, the table of contents and the twin the same sections', async () => {
    const html = await container.renderToString(IntroductionView, { props: { outline, files: [] } });
    const shown = htmlHeadingIds(html);
    // Every entry of the table of contents is a heading of the page, in the same order.
    expect(shown.filter((id) => toc.some((h) => h.slug === id))).toEqual(toc.map((h) => h.slug));
    // Every heading of the page is in the table of contents, or a group or scheme the outline has under one.
    const under = [...(outline.groups?.groups ?? []), ...(outline.authentication?.schemes ?? [])].map((s) => s.id);
    if (outline.groups?.ungrouped) under.push(outline.groups.ungrouped.id);
    expect(shown.filter((id) => !toc.some((h) => h.slug === id) && !under.includes(id))).toEqual([]);
    // The twin has every heading the page has, by the same words.
    const twin = twinHeadings(pageMarkdown(model, route, await twinInputs(model, true)));
    expect(toc.map((h) => h.text).filter((text) => !twin.includes(text))).toEqual([]);
  });

  it('tells the twin what the page shows of security schemes and rate limits', async () => {
    const twin = pageMarkdown(model, route, await twinInputs(model, true));
    for (const scheme of outline.authentication?.schemes ?? []) {
      for (const flow of scheme.flows) {
        expect(twin).toContain(`OAuth 2, ${flow.label} flow:`);
        for (const { url } of flow.urls) expect(twin).toContain(url);
      }
    }
    for (const plan of outline.rateLimits?.own ? [] : (outline.rateLimits?.plans ?? [])) {
      expect(twin).toContain(`| ${plan.plan} |`);
    }
  });
});

describe.each([
  ['the Pet Store', petStore],
  ['a 3.2 description of events', events],
])("a model page's outline, for %s", (_, model) => {
  it('gives the view, the table of contents and the twin the same sections, Example and Used by included', async () => {
    let sections = 0;
    for (const route of routeOf(model, 'schema')) {
      const page = pageOutline(model, route);
      if (page.type !== 'schema') throw new Error('not a model page');
      const toc = pageHeadings(page);
      const html = await container.renderToString(SchemaView, {
        props: { outline: page.outline, schemaHref: (name: string) => `/reference/schemas/${name}/` },
      });
      expect(htmlHeadingIds(html), route.path).toEqual(toc.map((h) => h.slug));
      const twin = twinHeadings(pageMarkdown(model, route, { downloads: [] }));
      expect(
        toc.map((h) => h.text).filter((text) => !twin.includes(text)),
        route.path,
      ).toEqual([]);
      sections += toc.length;
    }
    // More than Fields alone: the Pet Store's models have examples and users.
    expect(sections).toBeGreaterThan(routeOf(model, 'schema').length);
  });
});

describe("the model page's users", () => {
  it(`are at most the first ${usedByShown}, with the count of them all`, () => {
    const error = petStore.schemas.find((schema) => schema.name === 'Error');
    if (!error) throw new Error('no Error model');
    const outline = modelOutline(petStore, error);
    expect(outline.usedBy?.total).toBeGreaterThan(1);
    expect(outline.usedBy?.operations.length).toBe(Math.min(usedByShown, outline.usedBy?.total ?? 0));
    expect(outline.typeLabel).toBe('object');
  });
});

describe("the models index's outline", () => {
  it('gives the page and the twin the same models, each with its type, and the same pages of a long index', async () => {
    // Pages of five, as a description past the threshold would have them.
    const pages = modelsIndexPages(petStore, 5);
    expect(pages.length).toBeGreaterThan(1);
    for (const index of pages) {
      const outline = modelsIndexOutline(petStore, index);
      const html = await container.renderToString(SchemasView, { props: { outline } });
      const twin = pageMarkdown(
        petStore,
        { type: 'schemas', path: 'reference/schemas', title: 'Models', index },
        {
          downloads: [],
        },
      );
      expect(outline.rows.map((row) => row.name)).toEqual(index.schemas.map((schema) => schema.name));
      for (const row of outline.rows) {
        expect(html).toContain(`<a href="${row.href}">${row.name}</a>`);
        expect(html).toContain(`<td>${row.typeLabel}</td>`);
        expect(twin).toContain(`- [${row.name}](${row.href}) (${row.typeLabel})`);
      }
      for (const page of outline.pages?.pages ?? []) {
        expect(html).toContain(`href="${page.href}"`);
        expect(twin).toContain(`[${page.first} to ${page.last}](${page.href})`);
      }
    }
  });
});

describe("the error catalog's outline", () => {
  it('gives the page and the twin every code with its status and who returns it, in the same words', async () => {
    const outline = errorCatalogOutline(petStore, petStore.errorCodes);
    const html = await container.renderToString(ErrorsView, { props: { outline } });
    const twin = pageMarkdown(petStore, routeOf(petStore, 'errors')[0] as ReferenceRoute, { downloads: [] });
    expect(outline.rows.length).toBe(petStore.errorCodes.length);
    for (const column of outline.columns)
      expect(twin.split('\n').find((line) => line.startsWith('| Code'))).toContain(column);
    for (const row of outline.rows) {
      expect(html).toContain(`<tr id="${row.id}">`);
      const line = twin.split('\n').find((l) => l.startsWith(`| \`${row.code}\` |`));
      expect(line, row.code).toContain(`| ${row.status.trim()} |`);
      const lead = returnersLead(row.returners);
      if (lead) {
        expect(html).toContain(lead);
        expect(line).toContain(lead);
      }
    }
  });
});

describe("a tag page's outline", () => {
  it('gives the view, the table of contents and the twin the same sections, on every page of a long tag', async () => {
    for (const model of [petStore, events]) {
      for (const route of routeOf(model, 'tag')) {
        // Pages of two operations, as a tag past the threshold would have them.
        for (const listing of [route.listing, ...tagListingPages(model, route.tag, 2)]) {
          const paged = { ...route, listing };
          const page = pageOutline(model, paged);
          if (page.type !== 'tag') throw new Error('not a tag page');
          const toc = pageHeadings(page);
          const html = await container.renderToString(TagView, { props: { outline: page.outline } });
          expect(htmlHeadingIds(html), route.path).toEqual(toc.map((h) => h.slug));
          const twin = pageMarkdown(model, paged, { downloads: [] });
          expect(
            toc.map((h) => h.text).filter((text) => !twin.includes(`## ${text}`)),
            route.path,
          ).toEqual([]);
          const outline = tagOutline(model, route.tag, route.group, listing);
          for (const other of outline.operations?.pages?.pages ?? []) {
            expect(html).toContain(`href="${other.href}"`);
            expect(twin).toContain(`(${other.href})`);
          }
          if (outline.overview) expect(twin).toContain(`(${outline.overview.href})`);
        }
      }
    }
  });
});

describe("the introduction's sandbox section", () => {
  it.each([
    ['hosted', { hosted: true, url: 'https://sandbox.example.test' }],
    ['local', { hosted: false, url: 'http://localhost:4010' }],
  ])('says the same of a %s sandbox on the page and in the twin', async (_, sandbox) => {
    const outline = introductionOutline(petStore, sandbox);
    const section = outline.sandbox;
    if (!section) throw new Error('no sandbox section');
    const html = await container.renderToString(IntroductionView, { props: { outline, files: [] } });
    const route = routeOf(petStore, 'introduction')[0] as ReferenceRoute;
    const twin = pageMarkdown(petStore, route, { downloads: [], sandbox });
    expect(html).toContain(`<h2 id="${section.id}">${section.title}</h2>`);
    expect(twin).toContain(`## ${section.title}`);
    for (const said of [section.url, ...section.demoKeys.map((key) => key.key)]) {
      expect(html).toContain(said);
      expect(twin).toContain(said);
    }
    for (const key of section.demoKeys) expect(twin).toContain(key.perDay.toLocaleString('en-US'));
    if (section.hosted) {
      expect(section.issuer).toBeDefined();
      expect(html).toContain(`href="${section.issuer?.href}"`);
      expect(twin).toContain(`(${section.issuer?.href})`);
    } else expect(section.demoKeys.length).toBeGreaterThan(0);
  });
});

/** Words as a reader sees them: names and link texts as written. */
const plainWords = (words: Words) =>
  words
    .map((word) => ('code' in word ? word.code : 'link' in word ? word.link : 'time' in word ? word.time : word.text))
    .join('');
/** A page's text, tags left out and entities decoded, spaces collapsed. */
const htmlText = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&(lt|gt|quot|#39|#x27|amp);/g, (_, name: string) =>
      name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : name === 'amp' ? '&' : "'",
    )
    .replace(/\s+/g, ' ');
/** A twin's text: code spans and links as their text, escapes undone, spaces collapsed. */
const twinText = (markdown: string) =>
  markdown
    .replace(/\[((?:\\.|[^\]\\])*)\]\([^)]*\)/g, '$1')
    .replace(/`+ ?([^`]*?) ?`+/g, '$1')
    .replace(/\\(.)/g, '$1')
    .replace(/\s+/g, ' ');

describe("an operation page's badges, callouts and credentials", () => {
  const lifecycle = readFile(path.join(root, 'tests/fixtures/specs/lifecycle.yaml'), 'utf8').then(modelOf);
  it.each([
    ['the Pet Store', async () => petStore],
    ['a 3.2 description of events', async () => events],
    ["a description of an operation's life", () => lifecycle],
  ])('are in the same words on the page and in its twin, for %s', async (_, load) => {
    const model = await load();
    const said = { notices: 0, credentials: 0 };
    for (const operation of model.operations) {
      const props = operationViewProps(model, operation);
      const { outline } = props;
      const page = htmlText(await container.renderToString(OperationView, { props }));
      const twin = twinText(operationMarkdown(model, operation));
      for (const badge of outline.badges) {
        expect(page, operation.operationId).toContain(badge.text);
        expect(twin, operation.operationId).toContain(badge.text);
      }
      for (const notice of outline.notices) {
        said.notices++;
        for (const text of [notice.title, plainWords(notice.words)]) {
          expect(page, operation.operationId).toContain(text);
          expect(twin, operation.operationId).toContain(text);
        }
      }
      const { credentials } = outline;
      for (const text of [
        credentials?.none,
        credentials?.lead,
        ...(credentials?.requirements ?? []).map(
          (requirement) =>
            `${'schemes' in requirement ? requirement.schemes.map(plainWords).join('') : plainWords(requirement.withoutCredentials)}.`,
        ),
      ]) {
        if (!text) continue;
        said.credentials++;
        expect(page, operation.operationId).toContain(text);
        expect(twin, operation.operationId).toContain(text);
      }
    }
    // Each description has something to say.
    expect(said.credentials + said.notices).toBeGreaterThan(0);
  });
});
