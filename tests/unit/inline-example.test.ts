/**
 * A parameter's or header's example stands in its table row as one line, on the page and in the twin: an object
 * as JSON (not "[object Object]"), and a description's megabyte cut to `inlineExampleAtMost` characters.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import ParameterTable from '../../src/components/reference/ParameterTable.astro';
import HeaderTable from '../../src/components/shared/HeaderTable.astro';
import { operationOutline } from '../../src/reference/pages/operation-outline.ts';
import { inlineExampleAtMost } from '../../src/reference/shared/inline-example.ts';
import { operationMarkdown } from '../../src/reference/twins/operation-markdown.ts';
import { modelOf } from './support/check.ts';

const huge = 'q'.repeat(1_000_000);
const model = await modelOf(`openapi: 3.0.3
info: { title: Tiny, version: 1.0.0 }
paths:
  /things:
    get:
      operationId: listThings
      parameters:
        - { name: q, in: query, schema: { type: string }, example: ${huge} }
      responses:
        '200':
          description: OK
          headers:
            X-Page:
              schema: { type: object }
              example: { next: 2, size: 10 }
`);
const operation = model.operations[0];
if (!operation) throw new Error('no operation');
const outline = operationOutline(model, operation);
const container = await AstroContainer.create();

describe('an inline example', () => {
  it('is cut on the page and in the twin when it is longer than a table cell should hold', async () => {
    const parameters = outline.parameters.flatMap((group) => group.parameters);
    const html = await container.renderToString(ParameterTable, {
      props: { parameters, schemaHref: () => undefined },
    });
    expect(html).toContain(`example <code>${'q'.repeat(inlineExampleAtMost)}…</code>`);
    expect(html.length).toBeLessThan(10_000);
    expect(operationMarkdown(model, operation).length).toBeLessThan(20_000);
  });

  it('shows an object as JSON', async () => {
    const rows = outline.outcomes.flatMap((outcome) => outcome.headers);
    const html = await container.renderToString(HeaderTable, { props: { rows } });
    expect(html).toContain('example <code>{&quot;next&quot;:2,&quot;size&quot;:10}</code>');
    expect(html).not.toContain('[object Object]');
  });
});
