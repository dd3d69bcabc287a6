/** `/llms.txt` as agents read it: a summary in sentences, then guides, the reference, models and the rest. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ApiModel, loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { siteLlmsTxt } from '../../src/publishing/agent-texts.ts';
import { apiChangelogPaths } from '../../src/publishing/changelog-paths.ts';
import { pageMarkdown, referenceRoutes } from '../../src/reference/page-kinds.ts';
import {
  modelsIndexPages,
  publishReferenceAt,
  type ReferenceRoute,
  referenceUrls,
} from '../../src/reference/routes.ts';
import { textFilesInMemory, writeSiteFullText } from '../../src/reference/site-lists/llms-full.ts';
import {
  llmsText,
  modelLineAtMost,
  operationsListedUpTo,
  siteLlmsText,
  siteOperationsListedUpTo,
  siteTagsListedUpTo,
  summaryAtMost,
} from '../../src/reference/site-lists/llms-text.ts';
import { generateDescription } from '../bench/generate-description.ts';
import { modelOf } from './support/check.ts';

const model = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..'), {}));
const absolute = (p: string) => `https://docs.example.org${p}`;
const guides = [
  { title: 'Getting started', description: 'Get a key and make a first call.', path: '/guides/getting-started/' },
];
const optional = [{ title: 'OpenAPI description (YAML)', path: '/openapi.yaml' }];

describe('llms.txt', () => {
  const text = llmsText(model, { absolute, guides, optional });

  it('opens with the name and a one-paragraph summary in plain sentences, not the whole description', () => {
    const [title, , summary] = text.split('\n');
    expect(title).toBe(`# ${model.info.title}`);
    expect(summary).toMatch(/^> The Pet Store API runs a pet shop: .+\.$/);
    // The description's later sections (its headings run into sentences when flattened) stay out.
    expect(summary).not.toContain('Requests and responses');
    expect(summary?.length).toBeLessThan(400);
  });

  it('has the guides, the reference by group with each operation’s Markdown and badge, the models and the rest', () => {
    expect(text).toContain(
      '## Guides\n\n- [Getting started](https://docs.example.org/guides/getting-started/): Get a key',
    );
    for (const group of model.tagGroups) expect(text).toContain(`### ${group.name}`);
    for (const operation of model.operations) {
      expect(text).toContain(`\`${operation.method.toUpperCase()} ${operation.path}\``);
    }
    expect(text).toMatch(
      /\[Get a pet\]\(https:\/\/docs\.example\.org\/reference\/animals\/get-pet\.md\): `GET \/pets\/\{petId\}` \(deprecated\)/,
    );
    expect(text).toContain('(experimental)');
    expect(text).toContain('## Models\n');
    for (const schema of model.schemas) expect(text).toContain(`[${schema.name}](`);
    expect(text).toContain('## Optional\n\n- [OpenAPI description (YAML)](https://docs.example.org/openapi.yaml)');
    // Small enough to read whole.
    expect(Buffer.byteLength(text)).toBeLessThan(10_000);
  });

  it(`lists tags and the models index's pages, each as Markdown, past ${operationsListedUpTo} operations, and stays small`, async () => {
    const large = await modelOf(generateDescription(2_000));
    const text = llmsText(large, { absolute, guides: [], optional: [] });
    const urls = referenceUrls(large);
    for (const operation of large.operations) expect(text).not.toContain(urls.operationMarkdown(operation));
    const tag = large.tags.find((t) => t.operations.length > 0);
    expect(text).toContain(`[${tag?.summary ?? tag?.name}](https://docs.example.org/reference/${tag?.slug}.md): `);
    const pages = modelsIndexPages(large);
    expect(pages.length).toBeGreaterThan(1);
    expect(text).toContain('](https://docs.example.org/reference/schemas.md): 400 models');
    expect(text).toContain(`](https://docs.example.org/reference/schemas/page/${pages.length}.md): `);
    for (const schema of large.schemas) expect(text).not.toContain(`[${schema.name}](`);
    // Under the goal for GitHub's description, which is smaller.
    expect(Buffer.byteLength(text)).toBeLessThan(50_000);
  });

  it(`keeps the summary to ${summaryAtMost} characters and each model's line short, however long the description's first paragraph`, async () => {
    const sentence = 'The service keeps an inventory of every animal in every shop and reports on it nightly. ';
    const endless = 'word '.repeat(5_000);
    const long = await modelOf(`openapi: 3.0.3
info:
  title: Long
  version: 1.0.0
  description: "${sentence.repeat(40)}"
paths:
  /things:
    get:
      operationId: listThings
      responses:
        "200":
          description: OK
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Thing" }
components:
  schemas:
    Thing:
      type: object
      description: "${endless}"
`);
    const text = llmsText(long, { absolute, guides: [], optional: [] });
    const summary = text.split('\n')[2] ?? '';
    expect(summary.startsWith(`> ${sentence.trim()}`)).toBe(true);
    // Cut after a sentence, not inside one.
    expect(summary).toMatch(/nightly\.$/);
    expect(summary.length).toBeLessThanOrEqual(summaryAtMost + 2);
    const thing = text.split('\n').find((line) => line.startsWith('- [Thing]')) ?? '';
    // No sentence ends in it: cut at a word, and marked as cut.
    expect(thing).toMatch(/: word( word)*…$/);
    expect(thing.length).toBeLessThan(modelLineAtMost + 100);
    const info = await modelOf(`openapi: 3.1.0
info:
  title: Long
  version: 1.0.0
  summary: "${endless}"
paths: {}
components:
  schemas:
    Thing: { type: object }
`);
    const own = llmsText(info, { absolute, guides: [], optional: [] }).split('\n')[2] ?? '';
    expect(own.length).toBeLessThanOrEqual(summaryAtMost + 2);
  });

  it('keeps every link whole when a name from the description holds brackets, parentheses or HTML', async () => {
    const hostile = await modelOf(`openapi: 3.1.0
info:
  title: "Shop <img src=x onerror=alert(1)>"
  version: 1.0.0
  summary: "Sells [pets](javascript:alert(1)) and <b>toys</b>."
tags:
  - name: "Pets [beta]](https://evil.example/tag)"
x-tagGroups:
  - name: "Store]("
    tags: ["Pets [beta]](https://evil.example/tag)"]
paths:
  /pets:
    get:
      operationId: listPets
      summary: "List pets](https://evil.example/op) [x"
      tags: ["Pets [beta]](https://evil.example/tag)"]
      responses:
        "200":
          description: OK
`);
    const text = llmsText(hostile, { absolute, guides: [], optional: [] });
    const operationLine = text.split('\n').find((line) => line.includes('list-pets.md')) ?? '';
    // The whole title is the link's text, and the link goes to the operation's Markdown, nowhere else.
    expect(operationLine).toBe(
      '- [List pets\\](https://evil.example/op) \\[x](https://docs.example.org/reference/pets-beta-https-evil-example-tag/list-pets.md): `GET /pets`',
    );
    // No link to anywhere the description says: every `](` that opens a destination goes to the site.
    const destinations = [...text.matchAll(/(?<!\\)\]\((<?[^)\s>]+)/g)].map((m) => m[1]);
    expect(destinations.length).toBeGreaterThan(0);
    for (const destination of destinations) expect(destination).toMatch(/^<?https:\/\/docs\.example\.org\//);
    expect(text).not.toMatch(/(?<!\\)<(img|b)\b/);
    expect(text).toContain('### Store\\](');
  });
});

/** Three fixtures, each published below its own /reference/<id>/ as the site's loading does (api-of-site.ts). */
const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const site = await Promise.all(
  [
    ['garden', 'changelog/openapi.yaml'],
    ['kennel', 'swagger-2.0/openapi.yaml'],
    ['events', 'events-3.2/openapi.yaml'],
  ].map(async ([id = '', file = '']) => {
    const of = await loadApiModel(path.join(fixtures, file));
    publishReferenceAt(of, `reference/${id}`);
    return { id, model: of };
  }),
);

describe('a site of several APIs', () => {
  const links = (id: string) => [{ title: 'OpenAPI description (YAML)', path: `/reference/${id}/openapi.yaml` }];
  const apis = site.map(({ id, model: of }) => ({ id, model: of, links: links(id) }));
  const text = siteLlmsText({ title: 'Acme APIs', apis, absolute, guides, optional });

  it('has the site’s title, how many APIs, the guides once, a section per API and the optional links once', () => {
    const [title, , opening] = text.split('\n');
    expect(title).toBe('# Acme APIs');
    expect(opening).toBe(
      `> This site documents 3 APIs: ${site
        .map(({ model: of }) => of.info.title)
        .join(', ')
        .replace(/, (?=[^,]*$)/, ' and ')}.`,
    );
    const sections = text.split('\n').filter((line) => line.startsWith('## '));
    expect(sections).toEqual(['## Guides', ...site.map(({ model: of }) => `## ${of.info.title}`), '## Optional']);
    expect(text.match(/getting-started/g)).toHaveLength(1);
  });

  it('links each API’s operations under its own /reference/<id>/, in its own section, with its downloads', () => {
    for (const [i, { id, model: of }] of site.entries()) {
      const section = text.split(/^## /m)[i + 2] ?? '';
      expect(section.startsWith(of.info.title)).toBe(true);
      expect(section).toContain(`Its reference at https://docs.example.org/reference/${id}/ `);
      expect(of.operations.length).toBeGreaterThan(0);
      for (const operation of of.operations) {
        expect(section).toContain(`](https://docs.example.org${referenceUrls(of).operationMarkdown(operation)}): `);
        expect(referenceUrls(of).operationMarkdown(operation)).toMatch(new RegExp(`^/reference/${id}/`));
      }
      expect(section).toContain(
        `- [OpenAPI description (YAML)](https://docs.example.org/reference/${id}/openapi.yaml)`,
      );
    }
  });

  it('tells apart APIs of the same title by their id', () => {
    const twice = siteLlmsText({
      title: 'Twins',
      apis: apis.slice(0, 1).flatMap((api) => [api, { ...api, id: 'garden-v2' }]),
      absolute,
      guides: [],
      optional: [],
    });
    expect(twice).toContain('\n## Garden API (garden)\n');
    expect(twice).toContain('\n## Garden API (garden-v2)\n');
  });

  it(`stays bounded for many APIs: tags past ${siteOperationsListedUpTo} operations in all, the introduction alone past ${siteTagsListedUpTo} tags`, async () => {
    const many = async (count: number, operations: number) => {
      const list = [];
      for (let i = 0; i < count; i++) {
        const of = await modelOf(generateDescription(operations).replace(/title: .*/, `title: API ${i}`));
        publishReferenceAt(of, `reference/api-${i}`);
        list.push({ id: `api-${i}`, model: of, links: links(`api-${i}`) });
      }
      return siteLlmsText({ title: 'Many', apis: list, absolute, guides, optional });
    };
    // As many APIs as Twilio's (45), of 15 operations and 3 tags each: 675 operations in all.
    const twilio = await many(45, 15);
    expect(twilio.split('\n').filter((line) => line.startsWith('## API '))).toHaveLength(45);
    expect(twilio).not.toMatch(/: `(GET|POST|PUT|PATCH|DELETE) \//);
    expect(twilio).toMatch(/\]\(https:\/\/docs\.example\.org\/reference\/api-44\/[^)]+\.md\): \d+ operations?/);
    expect(twilio).toContain('675 operations in all');
    expect(Buffer.byteLength(twilio)).toBeLessThan(50_000);
    // Past 500 tags in all (11 APIs of 50 tags): each API's introduction alone.
    const tagged = await many(11, 250);
    expect(tagged.split('\n').filter((line) => line.startsWith('## API '))).toHaveLength(11);
    expect(tagged).not.toMatch(/\.md\): \d+ operations?/);
    expect(tagged).toContain("so each API's section links its reference's introduction");
    expect(tagged).toContain('](https://docs.example.org/reference/api-10.md)) documents 250 operations');
    expect(Buffer.byteLength(tagged)).toBeLessThan(10_000);
  });
});

describe('the full text of a site of several APIs', () => {
  const inputs = { downloads: [] };
  const apis = site.map(({ id, model: of }) => {
    const changelog = id === 'garden' ? { path: `/reference/${id}/changelog/`, markdown: '# Changelog\n' } : undefined;
    return { id, model: of, markdownOf: (route: ReferenceRoute) => pageMarkdown(of, route, inputs), changelog };
  });
  const guides = [{ path: '/guides/getting-started/', markdown: '# Getting started\n' }];
  const written = async (splitAt?: number) => {
    const files = textFilesInMemory();
    const full = await writeSiteFullText('Acme APIs', apis, guides, files, absolute, splitAt);
    return { full, files };
  };

  it('holds the guides, then every API’s pages in reading order, with its changelog', async () => {
    const { full, files } = await written();
    expect(full.wholeBytes).toBeDefined();
    expect(files.names()).toEqual(['llms-full.txt']);
    const text = files.read('llms-full.txt') ?? '';
    const at = (marker: string) => text.indexOf(`<!-- ${marker} -->`);
    expect(at('/guides/getting-started/')).toBe(0);
    let last = 0;
    for (const { model: of } of apis) {
      for (const route of referenceRoutes(of).filter((r) => r.type !== 'tag' || r.listing.number === 1)) {
        expect(at(`/${route.path}/`), route.path).toBeGreaterThan(0);
      }
      const introduction = at(`${referenceUrls(of).introduction}`);
      expect(introduction).toBeGreaterThan(last);
      last = introduction;
    }
    expect(at('/reference/garden/changelog/')).toBeLessThan(at('/reference/kennel/'));
  });

  it('past its size is a part per API, and an API past it alone a part per tag group', async () => {
    const sizes = await Promise.all(
      apis.map(async (api) => {
        const files = textFilesInMemory();
        await writeSiteFullText('One', [api], [], files, absolute);
        return Buffer.byteLength(files.read('llms-full.txt') ?? '');
      }),
    );
    // Each API fits a part but the largest.
    const largest = sizes.indexOf(Math.max(...sizes));
    const splitAt = Math.max(...sizes.filter((_, i) => i !== largest)) + 100;
    expect(sizes[largest]).toBeGreaterThan(splitAt);
    const { full, files } = await written(splitAt);
    expect(full.wholeBytes).toBeUndefined();
    const slugs = full.parts.map((part) => part.slug);
    const big = apis[largest]?.id ?? '';
    const [small, other] = apis.filter((_, i) => i !== largest);
    expect(slugs).toContain('guides');
    expect(slugs).toContain(small?.id);
    expect(slugs).toContain(other?.id);
    expect(slugs).not.toContain(big);
    expect(slugs).toContain(`${big}-introduction`);
    expect(slugs).toContain(`${big}-models`);
    expect(slugs.filter((slug) => slug.startsWith(`${big}-`)).length).toBeGreaterThan(2);
    expect(full.parts.find((part) => part.slug === small?.id)?.api).toBe(apis.indexOf(small as (typeof apis)[number]));
    expect(full.parts.filter((part) => part.slug.startsWith(`${big}-`)).every((part) => part.api === largest)).toBe(
      true,
    );
    // Only the parts kept are left, besides the index.
    expect(files.names().sort()).toEqual(['llms-full.txt', ...slugs.map((slug) => `llms-full/${slug}.txt`)].sort());
    const index = files.read('llms-full.txt') ?? '';
    expect(index).toMatch(/^# Acme APIs: the full text, in parts\n/);
    const title = small?.model.info.title;
    expect(index).toContain(`## ${title}\n\n- [${title}](https://docs.example.org/llms-full/${small?.id}.txt): `);
    expect(files.read(`llms-full/${small?.id}.txt`)).toContain(`<!-- /reference/${small?.id}/ -->`);
  });
});

describe('llms.txt of a site of several APIs, with its links', () => {
  const [garden, kennel] = site.map(({ model: of }) => of) as [ApiModel, ApiModel];
  const changelog = { title: 'Changelog', path: '/reference/garden/changelog/', twinPath: '', markdown: '' };
  const apis = [
    { id: 'garden', model: garden, changelog },
    { id: 'kennel', model: kennel },
  ];

  it('names each API’s part of the full text, its downloads and changelog in its section, and the rest once', async () => {
    const full = {
      wholeBytes: undefined,
      parts: [
        { slug: 'guides', title: 'Guides', bytes: 2_000 },
        { slug: 'garden', title: 'Garden API', bytes: 900_000, api: 0 },
        { slug: 'kennel-introduction', title: 'Introduction and errors', bytes: 5_000, api: 1 },
        { slug: 'kennel-stays', title: 'Stays', bytes: 990_000, api: 1 },
      ],
    };
    const text = await siteLlmsTxt('Acme APIs', apis, { guides: [] }, full, absolute);
    const [, gardenSection = '', kennelSection = '', optionalSection = ''] = text.split(/^## /m);
    expect(gardenSection).toContain('- [Full text](https://docs.example.org/llms-full/garden.txt): ');
    expect(gardenSection).toContain(
      '- [OpenAPI description (YAML)](https://docs.example.org/reference/garden/openapi.yaml)',
    );
    expect(gardenSection).toContain('- [Changelog](https://docs.example.org/reference/garden/changelog/)');
    expect(gardenSection).toContain(
      '- [Changelog feed (Atom)](https://docs.example.org/reference/garden/changelog/feed.xml)',
    );
    expect(kennelSection).toContain('- [Full text: Stays](https://docs.example.org/llms-full/kennel-stays.txt): ');
    expect(kennelSection).not.toContain('Changelog');
    expect(optionalSection).toContain('- [Full text, in parts](https://docs.example.org/llms-full.txt)');
    expect(optionalSection).toContain('- [Full text: Guides](https://docs.example.org/llms-full/guides.txt)');
    expect(optionalSection).toContain('(https://docs.example.org/.well-known/api-catalog)');
  });

  it('puts a listed API’s changelog beside its reference, a one-API site’s where it always was', () => {
    expect(apiChangelogPaths(garden)).toEqual({
      page: '/reference/garden/changelog/',
      feed: '/reference/garden/changelog/feed.xml',
    });
    expect(apiChangelogPaths(model)).toEqual({ page: '/changelog/', feed: '/changelog/feed.xml' });
  });
});
