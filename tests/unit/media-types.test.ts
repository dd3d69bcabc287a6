/**
 * A body's media types on an operation page (MediaTypes.astro): a plain string body has no fields, so no "Fields"
 * expander that opens onto nothing, and a request body's given examples are cut as the sample pane's are.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import OperationView from '../../src/components/reference/OperationView.astro';
import { exampleShownAtMost } from '../../src/reference/pages/operation-outline.ts';
import { modelOf } from './support/check.ts';
import { operationViewProps } from './support/operation-view.ts';

const huge = 'z'.repeat(1_000_000);
const model = await modelOf(`openapi: 3.0.3
info: { title: Tiny, version: 1.0.0 }
paths:
  /notes:
    post:
      operationId: addNote
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { text: { type: string } } }
            examples:
              short: { value: { text: hello } }
              long: { value: { text: ${huge} } }
          text/plain:
            schema: { type: string }
            examples:
              short: { value: hello }
              long: { value: ${huge} }
      responses:
        '200':
          description: The note, as text.
          content:
            text/plain:
              schema: { type: string }
`);
const operation = model.operations[0];
if (!operation) throw new Error('no operation');
const container = await AstroContainer.create();
const html = await container.renderToString(OperationView, { props: operationViewProps(model, operation) });

describe('an operation page’s bodies', () => {
  it('offer no Fields expander for a body with no fields', () => {
    expect(html).not.toMatch(/<summary>Fields<\/summary>\s*<\/details>/);
    // The JSON body's fields are still there.
    expect(html).toContain('<summary>Fields</summary>');
  });

  it('cut a given example of any size, and say how much they show', () => {
    expect(html.length).toBeLessThan(4 * exampleShownAtMost);
    expect(html).toContain('characters; the description has the whole example.');
  });
});
