/**
 * Description Markdown that would leave a block open (a fence that never closes, whichever way it fails to) cannot
 * swallow what follows it: the twin, parsed as a reader's Markdown tool parses it, still has the page's next
 * sections as headings, and so does the full text for the pages after it (src/reference/twins/markdown-text.ts).
 */
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import type { ApiModel } from '../../src/openapi/index.ts';
import { pageMarkdown, referenceRoutes } from '../../src/reference/page-kinds.ts';
import type { ReferenceRoute } from '../../src/reference/routes.ts';
import { textFilesInMemory, writeFullText } from '../../src/reference/site-lists/llms-full.ts';
import { descriptionMarkdown } from '../../src/reference/twins/markdown-text.ts';
import type { TwinInputs } from '../../src/reference/twins/page-markdown.ts';
import { modelOf } from './support/check.ts';

const parser = unified().use(remarkParse).use(remarkGfm);
type Node = { type: string; depth?: number; value?: string; children?: Node[] };

const textOf = (node: Node): string => node.value ?? (node.children ?? []).map(textOf).join('');

/** The document's top-level headings, as `depth text`: what a reader's Markdown tool sees as its sections. */
function sections(markdown: string): string[] {
  const tree = parser.parse(markdown) as Node;
  return (tree.children ?? []).filter((n) => n.type === 'heading').map((n) => `${n.depth} ${textOf(n)}`);
}

/** Each way a description's fence fails to close, as a reader's Markdown tool reads it. */
const hostile: Record<string, string> = {
  'a closing fence indented four spaces': 'Intro.\n\n```js\nlet x = 1;\n    ```',
  'a closing fence indented by a tab': 'Intro.\n\n```\ncode\n\t```',
  'a fence left open in a quote': 'Intro.\n\n> Note:\n>\n> ```\n> quoted code',
  'a fence left open in a list item': 'Steps:\n\n1. Do this:\n\n   ```sh\n   run it',
  'a fence in a list item closed too far in': '- Do this:\n\n  ```sh\n  run it\n      ```',
  'tildes closed by backticks': '~~~\ncode\n```',
  'backticks closed by tildes': '```\ncode\n~~~',
  'a fence of ten backticks closed by three': '``````````\ncode with ``` inside\n```',
};

const inputs: TwinInputs = { downloads: [] };
const yamlString = (text: string) => JSON.stringify(text);

/** A description with the text in every place description Markdown enters a twin. */
async function described(text: string): Promise<ApiModel> {
  const d = yamlString(text);
  return modelOf(`openapi: 3.0.3
info: { title: T, version: '1', description: ${d} }
tags:
  - { name: First, description: ${d} }
  - { name: Second }
paths:
  /a:
    post:
      operationId: first
      summary: First operation
      tags: [First]
      description: ${d}
      requestBody:
        description: ${d}
        content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } }
      responses: { '204': { description: Done } }
  /b:
    get:
      operationId: second
      summary: Second operation
      tags: [Second]
      description: Plain.
      responses: { '204': { description: Done } }
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Key, description: ${d} }
  schemas:
    Thing: { type: object, description: ${d}, properties: { a: { type: string } } }
`);
}

const twinOf = (model: ApiModel, where: (r: ReferenceRoute) => boolean) => {
  const route = referenceRoutes(model).find(where);
  if (!route) throw new Error('no such page');
  return pageMarkdown(model, route, inputs);
};

describe('a description whose fence does not close', () => {
  for (const [name, text] of Object.entries(hostile)) {
    it(`cannot swallow the twin after it: ${name}`, async () => {
      const model = await described(text);
      const operation = sections(twinOf(model, (r) => r.type === 'operation' && r.operation.operationId === 'first'));
      // After the description, the sample pane; after the request body's, the responses.
      expect(operation).toContain('2 Request sample');
      expect(operation).toContain('2 Responses');
      expect(operation).toContain('3 204 No Content');
      const tag = sections(twinOf(model, (r) => r.type === 'tag' && r.tag.name === 'First'));
      expect(tag).toContain('2 Operations');
      const thing = sections(twinOf(model, (r) => r.type === 'schema' && r.schema.name === 'Thing'));
      expect(thing).toContain('2 Fields');
      const introduction = sections(twinOf(model, (r) => r.type === 'introduction'));
      expect(introduction).toContain('3 key');
      expect(introduction).toContain('2 About this API');
    });
  }

  it('keeps its code as code, in a fence longer than any backtick run in it', () => {
    const placed = descriptionMarkdown(hostile['a fence of ten backticks closed by three']);
    const tree = parser.parse(`${placed}\n\n## Next`) as Node;
    const code = tree.children?.find((n) => n.type === 'code');
    expect(code?.value).toBe('code with ``` inside\n```');
    expect(sections(`${placed}\n\n## Next`)).toEqual(['2 Next']);
  });

  it('cannot swallow the next pages of the full text', async () => {
    const models = await Promise.all(Object.values(hostile).map(described));
    for (const model of models) {
      const files = textFilesInMemory();
      const routes = referenceRoutes(model);
      await writeFullText(
        model,
        (r) => pageMarkdown(model, r, inputs),
        { guides: [{ path: '/guides/a/', markdown: '# A guide\n' }], changelog: { path: '/c/', markdown: '# Log\n' } },
        files,
        (p) => p,
      );
      const full = sections(files.read('llms-full.txt') ?? '');
      // Every page's title is a section of the full text, those after the hostile pages included.
      expect(full).toEqual(expect.arrayContaining(['1 First operation', '1 Second operation', '1 Thing', '1 Log']));
      const titles = full.filter((h) => h.startsWith('1 '));
      expect(titles).toHaveLength(routes.length + 2);
    }
  });
});
