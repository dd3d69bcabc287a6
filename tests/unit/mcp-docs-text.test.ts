/**
 * What the MCP tools answer is Markdown an agent may render: a hostile description's names, summaries and
 * descriptions reach `list_operations` and `search_docs` as text, never as HTML or a link of their own.
 */
import { describe, expect, it } from 'vitest';
import { createDocs } from '../../src/mcp/docs.ts';
import { createSiteDocs } from '../../src/mcp/site-docs.ts';
import { modelOf } from './support/check.ts';
import { markdownNodes } from './support/markdown-nodes.ts';

const hostile = await modelOf(`openapi: 3.0.3
info:
  title: Shop
  version: 1.0.0
tags:
  - name: 'Pets <img src="x" onerror="alert(1)">'
    description: "Pets [click](javascript:alert('tag-desc')) <script>alert('tag-script')</script>"
paths:
  /pets:
    get:
      operationId: listPets
      summary: 'List <b onclick="alert(2)">bold</b> pets'
      description: "Lists pets. [steal](javascript:alert('op-desc')) <script>alert('op-script')</script>"
      tags: ['Pets <img src="x" onerror="alert(1)">']
      responses:
        "200":
          description: OK
`);
const docs = createDocs(hostile, { downloads: [] }, (path) => `https://docs.example.org${path}`);
const hostileApi = await modelOf(`openapi: 3.1.0
info:
  title: 'Shop <img src="x" onerror="alert(1)">'
  summary: "A shop [click](javascript:alert('summary')) <script>alert('summary-script')</script>"
  version: '1.0.0 <b>'
paths:
  /things:
    get:
      operationId: listThings
      responses:
        "200":
          description: OK
`);
const site = createSiteDocs(
  [
    { id: 'shop', model: hostileApi, inputs: { downloads: [] } },
    { id: 'pets', model: hostile, inputs: { downloads: [] } },
  ],
  (path) => `https://docs.example.org${path}`,
);

describe('the MCP tools’ Markdown from a hostile description', () => {
  it.each([
    ['list_operations', () => docs.listOperations(undefined)],
    ['search_docs, matching the title', () => docs.search('pets')],
    ['search_docs, matching the description', () => docs.search('steal')],
    ['list_apis of a site of several', () => site.listApis()],
    ['list_operations of a site of several', () => site.listOperations(undefined, undefined)],
    ['search_docs of a site of several', () => site.search('pets shop', undefined)],
  ])('%s carries no HTML and links only to the site', (_, answer) => {
    const text = answer();
    expect(text).toContain('alert');
    const { html, links } = markdownNodes(text);
    expect(html).toEqual([]);
    for (const url of links) expect(url).toMatch(/^https:\/\/docs\.example\.org\//);
  });
});
