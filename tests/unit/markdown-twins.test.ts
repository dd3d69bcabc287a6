/**
 * The Markdown twins of reference pages (src/reference/twins/page-markdown.ts, operation-markdown.ts) and the full text
 * (llms-full.ts): the page's headings, what the page shows, and description text that cannot change the twin's
 * structure.
 */
import path from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { type ApiModel, loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { pageHeadings, pageMarkdown, pageOutline, referenceRoutes } from '../../src/reference/page-kinds.ts';
import { operationOutline, outlineHeadings } from '../../src/reference/pages/operation-outline.ts';
import { type ReferenceRoute, twinOf } from '../../src/reference/routes.ts';
import { textFilesInMemory, writeFullText } from '../../src/reference/site-lists/llms-full.ts';
import { descriptionMarkdown, inline } from '../../src/reference/twins/markdown-text.ts';
import { operationMarkdown } from '../../src/reference/twins/operation-markdown.ts';
import type { TwinInputs } from '../../src/reference/twins/page-markdown.ts';
import { modelOf } from './support/check.ts';

const model = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..'), {}));
const inputs: TwinInputs = { downloads: [{ name: 'openapi.yaml', path: '/openapi.yaml', note: 'the description' }] };
const routes = referenceRoutes(model);
const route = <T extends ReferenceRoute['type']>(
  type: T,
  where: (r: Extract<ReferenceRoute, { type: T }>) => boolean,
) => {
  const found = routes.find((r): r is Extract<ReferenceRoute, { type: T }> => r.type === type && where(r as never));
  if (!found) throw new Error(`no ${type} route`);
  return found;
};
/** A twin's `##`–`######` headings, as `depth text`. */
const twinHeadings = (markdown: string) =>
  [...markdown.replace(/^(`{3,}|~{3,})[\s\S]*?^\1$/gm, '').matchAll(/^(#{2,6}) (.+)$/gm)].map(
    (m) => `${m[1]?.length} ${m[2]?.replace(/\\(.)/g, '$1')}`,
  );

describe('Markdown twins', () => {
  it('give every page kind the headings of its table of contents, in order', () => {
    // The twin may have more (the sample pane's languages and statuses, the introduction's groups and schemes):
    // the table of contents must be found in it, in order.
    const inOrder = (twin: string[], shown: string[]) => {
      let at = 0;
      for (const heading of twin) if (heading === shown[at]) at++;
      return shown.slice(at);
    };
    for (const r of routes) {
      const shown =
        r.type === 'operation'
          ? outlineHeadings(operationOutline(model, r.operation)).map((h) => `${h.depth} ${h.title}`)
          : pageHeadings(pageOutline(model, r)).map((h) => `${h.depth} ${h.text}`);
      expect(shown.length > 0 || r.type === 'schemas' || r.type === 'errors', r.path).toBe(true);
      expect(inOrder(twinHeadings(pageMarkdown(model, r, inputs)), shown), `${r.path}: not in the twin`).toEqual([]);
    }
  });

  it('give an operation its request and response fields for each status, headers and error codes', () => {
    const text = operationMarkdown(
      model,
      route('operation', (r) => r.operation.operationId === 'placeOrder').operation,
    );
    expect(text).toContain('## Request sample');
    expect(text).toContain('### Request body');
    expect(text).toContain('- `quantity` (integer, required, 1–100): Number of units ordered.');
    expect(text).toContain('### 201 Created');
    expect(text).toMatch(/- `complete` \(boolean, read-only/);
    expect(text).toContain('- `Location` (string (uri))');
    expect(text).toMatch(/^- `X-RateLimit-Remaining` \(integer, always sent\): .* Example: `297`$/m);
    expect(text).toContain('| 409 Conflict | `pet_not_available` |');
    expect(text).toContain('- `Retry-After` (integer, always sent): ');
    expect(text).toContain('Error body: [Error](/reference/schemas/error/).');
  });

  it("carry what an operation page shows of a body's several examples and of a header without a schema", async () => {
    const big = { items: Array.from({ length: 3_000 }, (_, i) => ({ id: i, name: `item ${i}` })) };
    const several = await modelOf(`openapi: 3.0.3
info: { title: T, version: '1' }
paths:
  /x:
    post:
      operationId: postX
      requestBody:
        required: false
        content:
          application/json:
            schema: { type: object }
            examples:
              small: { summary: A small one, value: { id: 1 } }
              large: { summary: A large one, value: ${JSON.stringify(big)} }
      responses:
        '204':
          description: Done
          headers:
            X-Trace:
              description: The trace id.
              content: { text/plain: { schema: { type: string } } }
`);
    const operation = several.operations[0];
    if (!operation) throw new Error('no operation');
    const text = operationMarkdown(several, operation);
    expect(text).toContain('Optional.');
    expect(text).toMatch(/^Example A small one \(`application\/json`\):\n\n```json\n\{\n {2}"id": 1\n\}\n```$/m);
    expect(text).toContain('Example A large one (`application/json`):');
    // Cut as the page cuts it, and said so: the twin does not grow with a given example.
    expect(text).toMatch(/The first \d+ of [\d,]+ lines; the description has the whole example\./);
    expect(text.length).toBeLessThan(JSON.stringify(big).length / 2);
    expect(text).toContain('- `X-Trace` (string): The trace id.');
  });

  it('give a tag its description and operations, a model its fields and users, the catalog every code', () => {
    const tag = pageMarkdown(
      model,
      route('tag', (r) => r.tag.name === 'Orders' || r.path.endsWith('orders')),
      inputs,
    );
    expect(tag).toMatch(/^# Orders\n/);
    expect(tag).toContain('## Operations');
    expect(tag).toContain('- [Place an order](/reference/orders/place-order/): `POST /store/orders`');
    const order = pageMarkdown(
      model,
      route('schema', (r) => r.schema.name === 'Order'),
      inputs,
    );
    expect(order).toMatch(/^# Order\n\nType: \*\*object\*\*/);
    expect(order).toContain('## Fields\n\n- `id` (integer (int64), read-only');
    expect(order).toContain('## Used by');
    const errors = pageMarkdown(
      model,
      route('errors', () => true),
      inputs,
    );
    for (const entry of model.errorCodes) expect(errors).toContain(`| \`${entry.code}\` | ${entry.status} `);
    const intro = pageMarkdown(
      model,
      route('introduction', () => true),
      inputs,
    );
    expect(intro).toContain('## Downloads\n\n- [openapi.yaml](/openapi.yaml)');
    expect(intro).toContain('## About this API');
  });

  it('are announced at the page URL plus .md', () => {
    expect(twinOf('/reference/')).toBe('/reference.md');
    expect(twinOf('/reference/orders/place-order/')).toBe('/reference/orders/place-order.md');
  });
});

describe('description text in a twin', () => {
  it('cannot add HTML, script links or images, nor swallow the rest with an open fence', () => {
    const hostile = [
      '# Title <img src=x onerror=alert(1)>',
      '',
      '<script>alert(1)</script>',
      '',
      // One HTML block, whose rest becomes Markdown once the block is escaped.
      "<script>x</script>[after](javascript:alert('block'))",
      '',
      "[js](javascript:alert('x')) [tab](java&#9;script:x) <javascript:alert(2)> [ok](https://example.org/)",
      '',
      '![pixel](https://evil.example/p.png)',
      '',
      '[r]: javascript:alert(3)',
      '',
      '```',
      'never closed',
    ].join('\n');
    const safe = descriptionMarkdown(hostile, 2);
    expect(safe).not.toMatch(/<(script|img)/i);
    expect(safe).toContain('## Title &lt;img');
    expect(safe).not.toMatch(/\]\(\s*j/i);
    // The HTML block reads as the text it was, its link included (as on the HTML page, where it is raw HTML).
    expect(safe).toContain('&lt;script>x&lt;/script>\\[after]');
    expect(safe).not.toContain('javascript:alert(3)');
    expect(safe).toContain('[ok](https://example.org/)');
    expect(safe).toContain('[Image: pixel](https://evil.example/p.png)');
    // What a Markdown reader finds in it: no HTML, and links to http(s) only.
    const found: string[] = [];
    const visit = (node: { type: string; url?: string; children?: unknown[] }) => {
      if (node.type === 'html' || node.type === 'link') found.push(`${node.type} ${node.url ?? ''}`);
      for (const child of node.children ?? []) visit(child as typeof node);
    };
    visit(unified().use(remarkParse).use(remarkGfm).parse(safe));
    expect(found).toEqual(['link https://example.org/', 'link https://evil.example/p.png']);
    expect(safe.endsWith('never closed\n```')).toBe(true);
  });

  it('leaves no HTML in any twin of the hostile descriptions, for a Markdown reader to render', async () => {
    const fixtures = path.resolve(import.meta.dirname, '../fixtures/hostile');
    for (const file of ['openapi.yaml', '3.2/openapi.yaml']) {
      const hostile = await loadApiModel(path.join(fixtures, file));
      for (const r of referenceRoutes(hostile)) {
        const html: string[] = [];
        const visit = (node: { type: string; value?: string; children?: unknown[] }) => {
          if (node.type === 'html') html.push(node.value ?? '');
          for (const child of node.children ?? []) visit(child as typeof node);
        };
        visit(
          unified()
            .use(remarkParse)
            .use(remarkGfm)
            .parse(pageMarkdown(hostile, r, inputs)),
        );
        expect(html, `${file} ${r.path}`).toEqual([]);
      }
    }
  });

  it('still places setext headings, in quotes and lists too, in text without the usual Markdown characters', () => {
    // Plain text skips the parse: these are edits that need no `<`, `[`, `#` or fence.
    expect(descriptionMarkdown('Title\n===\n\nText.', 2)).toBe('## Title\n\nText.');
    expect(descriptionMarkdown('Intro.\n\nPart\n-\n\nText.', 2)).toBe('Intro.\n\n## Part\n\nText.');
    expect(descriptionMarkdown('> Quoted\n> ---', 3)).toBe('> ### Quoted');
    expect(descriptionMarkdown('- Item\n  - Part\n    ===')).toBe('- Item\n  - #### Part');
    // And text with none of them is kept as written, its line ends made \n.
    expect(descriptionMarkdown('  A *plain* text - with_words\r\n\r\n1. one\r\n2. two  ')).toBe(
      'A *plain* text - with_words\n\n1. one\n2. two',
    );
  });

  it('as plain text escapes everything that would start Markdown or HTML', () => {
    expect(inline('<b>x</b> *y* [z](javascript:1) | api_key_banned')).toBe(
      '\\<b\\>x\\</b\\> \\*y\\* \\[z\\](javascript:1) \\| api_key_banned',
    );
  });

  it('keeps a hostile summary and field out of the operation twin’s structure', async () => {
    const hostileModel = await modelOf(`openapi: 3.0.3
info: { title: T, version: '1' }
paths:
  /x:
    post:
      operationId: postX
      summary: "<script>alert(1)</script> Post"
      description: "<iframe src=x></iframe>\\n\\n\`\`\`\\nopen"
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                "a|b<i>": { type: string, description: "<img src=x onerror=alert(1)> | cell" }
      responses: { '204': { description: "Done <b>now</b>" } }
`);
    const operation = hostileModel.operations[0];
    if (!operation) throw new Error('no operation');
    const text = operationMarkdown(hostileModel, operation);
    expect(text).not.toMatch(/<(script|iframe|img|b>)/i);
    // The open fence is closed before the page's own sections, which still follow as headings.
    expect(text).toMatch(/open\n```\n/);
    expect(text).toMatch(/^## Request sample$/m);
    expect(text).toMatch(/^### 204 No Content$/m);
  });
});

describe('llms-full.txt', () => {
  const others = {
    guides: [{ path: '/guides/getting-started/', markdown: '# Getting started\n\n## 1. Get a sandbox key\n' }],
    changelog: { path: '/changelog/', markdown: '# Changelog\n\n## 1.1.0\n' },
  };
  const absolute = (path: string) => `https://docs.example.org${path}`;
  /** The full text written to memory, and how often each page's Markdown was asked for. */
  const written = async (of: ApiModel, splitAt?: number, partLimit?: number) => {
    const files = textFilesInMemory();
    const asked = new Map<string, number>();
    const markdownOf = (r: ReferenceRoute) => {
      asked.set(r.path, (asked.get(r.path) ?? 0) + 1);
      return pageMarkdown(of, r, inputs);
    };
    const full = await writeFullText(of, markdownOf, others, files, absolute, splitAt, partLimit);
    return { full, files, asked };
  };

  it('is every page’s Markdown in reading order: guides, introduction, tags with their operations, models, errors, changelog', async () => {
    const { full, files, asked } = await written(model);
    const text = files.read('llms-full.txt') ?? '';
    expect(full.wholeBytes).toBe(Buffer.byteLength(text));
    const at = (s: string) => {
      const i = text.indexOf(s);
      expect(i, s).toBeGreaterThanOrEqual(0);
      return i;
    };
    const guide = at('<!-- /guides/getting-started/ -->\n\n# Getting started\n');
    const intro = at('# Pet Store API reference');
    const orders = at('\n# Orders\n');
    const placeOrder = at('\n# Place an order\n');
    const order = at('\n# Order\n');
    const errors = at('\n# Errors\n');
    const changelog = at('<!-- /changelog/ -->\n\n# Changelog\n');
    expect(guide < intro && intro < orders && orders < placeOrder && placeOrder < order).toBe(true);
    expect(order < errors && errors < changelog).toBe(true);
    for (const r of routes) expect(text).toContain(`<!-- /${r.path}/ -->`);
    // Each page's Markdown is made once, for its twin and the full text alike.
    expect([...asked.values()].every((times) => times === 1)).toBe(true);
    // One file: no parts are left behind.
    expect(files.names()).toEqual(['llms-full.txt']);
  });

  it('is one file for the Pet Store, and past the threshold an index of parts per tag group', async () => {
    const { full, files, asked } = await written(model, 10_000);
    expect(full.wholeBytes).toBeUndefined();
    expect(full.parts.map((p) => p.slug)).toEqual([
      'guides',
      'introduction',
      ...model.tagGroups.map((g) => g.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')),
      'models',
      'changelog',
    ]);
    const texts = full.parts.map((p) => files.read(`llms-full/${p.slug}.txt`) ?? '');
    expect(texts.map((t) => Buffer.byteLength(t))).toEqual(full.parts.map((p) => p.bytes));
    const joined = texts.join('\n\n');
    for (const r of routes) expect(joined).toContain(`<!-- /${r.path}/ -->`);
    expect(joined).toContain('<!-- /guides/getting-started/ -->');
    expect([...asked.values()].every((times) => times === 1)).toBe(true);
    const index = files.read('llms-full.txt') ?? '';
    for (const part of full.parts) {
      expect(index).toContain(
        `(https://docs.example.org/llms-full/${part.slug}.txt): ${Math.ceil(part.bytes / 1000)} KB`,
      );
    }
  });

  it('packs consecutive tags outside any group into parts up to the threshold, named by their first and last tag', async () => {
    const tags = Array.from({ length: 12 }, (_, i) => `Tag ${String.fromCharCode(65 + i)}`);
    const paths = tags
      .map(
        (tag, i) => `  /things${i}:
    get:
      operationId: getThing${i}
      summary: Get thing ${i}
      tags: [${tag}]
      description: ${'A sentence about things that fills the page. '.repeat(20)}
      responses:
        '200':
          description: OK`,
      )
      .join('\n');
    const ungrouped = await modelOf(`openapi: 3.0.3
info: { title: Things, version: 1.0.0 }
paths:
${paths}
`);
    const { full, files } = await written(ungrouped, 6_000);
    const tagParts = full.parts.filter((p) => !['guides', 'introduction', 'models', 'changelog'].includes(p.slug));
    expect(tagParts.length).toBeGreaterThan(1);
    expect(tagParts.length).toBeLessThan(tags.length);
    // In reading order, each part's tags follow the last part's, and its title names its first and last.
    const tagsOf = (slug: string) =>
      [...(files.read(`llms-full/${slug}.txt`) ?? '').matchAll(/^# (Tag [A-Z])$/gm)].map((m) => m[1]);
    expect(tagParts.flatMap((p) => tagsOf(p.slug))).toEqual(tags);
    for (const part of tagParts) {
      const held = tagsOf(part.slug);
      expect(part.title).toBe(held.length === 1 ? held[0] : `${held[0]} to ${held.at(-1)}`);
      if (held.length > 1) expect(part.bytes).toBeLessThanOrEqual(6_000);
    }
  });

  it('goes on in a next part past the part limit, so no file grows with the API', async () => {
    const limit = 3_000;
    const { full, files } = await written(model, 1_000, limit);
    const models = full.parts.filter((p) => p.slug === 'models' || /^models-\d+$/.test(p.slug));
    expect(models.length).toBeGreaterThan(1);
    expect(models.map((p) => p.title)).toEqual(models.map((_, i) => (i === 0 ? 'Models' : `Models (${i + 1})`)));
    // Every model page is still there once, in order, and a part is over the limit only when one page alone is.
    const text = models.map((p) => files.read(`llms-full/${p.slug}.txt`) ?? '').join('\n\n');
    const modelPages = routes
      .filter((r) => r.type === 'schemas' || r.type === 'schema')
      .map((r) => `<!-- /${r.path}/ -->`);
    expect([...text.matchAll(/^<!-- (\S+) -->$/gm)].map((m) => m[0])).toEqual(modelPages);
    for (const part of full.parts) {
      const pages = (files.read(`llms-full/${part.slug}.txt`) ?? '').match(/^<!-- \S+ -->$/gm) ?? [];
      if (pages.length > 1) expect(part.bytes).toBeLessThanOrEqual(limit);
    }
  });
});
