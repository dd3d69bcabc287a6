/** `/llms.txt` as agents read it: a summary in sentences, then guides, the reference, models and the rest. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { modelsIndexPages, referenceUrls } from '../../src/reference/routes.ts';
import {
  llmsText,
  modelLineAtMost,
  operationsListedUpTo,
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
