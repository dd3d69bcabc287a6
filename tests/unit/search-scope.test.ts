/**
 * How much of the descriptions search indexes: all of them, until their words would take Pagefind past the
 * build's memory; then each up to its first paragraph.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { describeIndexing, wholeDescriptionsUpTo } from '../../src/reference/site-lists/search-scope.ts';
import { renderMarkdown } from '../../src/render/markdown.ts';
import { modelOf } from './support/check.ts';

const described = (operation: string, tag: string, schema: string) => `openapi: 3.0.3
info: { title: T, version: '1' }
tags:
  - name: pets
    description: ${JSON.stringify(tag)}
paths:
  /pets:
    get:
      operationId: listPets
      tags: [pets]
      description: ${JSON.stringify(operation)}
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
components:
  schemas:
    Pet:
      type: object
      description: ${JSON.stringify(schema)}
      properties: { id: { type: integer, description: 'Not counted: field descriptions are not searched.' } }
`;

describe('describeIndexing', () => {
  it("counts the words of operations', tags' and models' descriptions", async () => {
    const model = await modelOf(described('Lists the pets.', 'Pets in **the** store.', 'A pet: its `name` and tags.'));
    expect(describeIndexing(model)).toEqual({ scope: 'whole', words: 3 + 4 + 6 });
  });

  it('indexes openings only once the descriptions hold more words than the budget', async () => {
    const model = await modelOf(described('one two three four', 'five six', 'seven eight'));
    expect(describeIndexing(model, 8).scope).toBe('whole');
    expect(describeIndexing(model, 7)).toEqual({ scope: 'opening', words: 8 });
  });

  it('indexes the Pet Store whole, with room to spare', async () => {
    const petStore = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..'), {}));
    const { scope, words } = describeIndexing(petStore);
    expect(scope).toBe('whole');
    expect(words).toBeGreaterThan(500);
    expect(words).toBeLessThan(wholeDescriptionsUpTo / 100);
  });
});

describe('renderMarkdown: searchOpeningOnly', () => {
  const text = 'What it does.\n\n- a list\n- of details\n\n```sh\ncurl x\n```\n\n## More\n\nThe rest.';

  /** Each top-level block's tag and attributes, in order. */
  const blocksOf = (html: string) =>
    [...html.matchAll(/^<(\w+)([^>]*)>/gm)]
      .map(([, tag, attributes]) => [tag, attributes?.trim()])
      .filter(([tag]) => tag !== 'li');

  it('marks every top-level block after the first paragraph for Pagefind to skip, and shows them all', () => {
    const html = renderMarkdown(text, { searchOpeningOnly: true });
    expect(html.startsWith('<p>What it does.</p>')).toBe(true);
    expect(blocksOf(html)).toEqual([
      ['p', ''],
      ['ul', 'data-pagefind-ignore=""'],
      ['pre', 'data-pagefind-ignore=""'],
      ['h4', 'data-pagefind-ignore=""'],
      ['p', 'data-pagefind-ignore=""'],
    ]);
    expect(html).toContain('<li>of details</li>');
    expect(html).toContain('The rest.');
  });

  it('keeps a heading or a code block before the first paragraph with it', () => {
    const headed = renderMarkdown('## Overview\n\nWhat it does.\n\nThe rest.', { searchOpeningOnly: true });
    expect(blocksOf(headed)).toEqual([
      ['h4', ''],
      ['p', ''],
      ['p', 'data-pagefind-ignore=""'],
    ]);
    const noParagraph = renderMarkdown('```sh\ncurl x\n```\n\n- a\n- b', { searchOpeningOnly: true });
    expect(blocksOf(noParagraph)).toEqual([
      ['pre', ''],
      ['ul', 'data-pagefind-ignore=""'],
    ]);
  });

  it('leaves a one-block description and the default rendering unmarked', () => {
    expect(renderMarkdown('Only this.', { searchOpeningOnly: true })).toBe('<p>Only this.</p>');
    expect(renderMarkdown(text)).not.toContain('pagefind');
  });
});
