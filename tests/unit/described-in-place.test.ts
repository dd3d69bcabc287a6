/**
 * Descriptions where authors put them (issue 32, item 3): a parameter described in its schema (Spotify writes every
 * parameter's description and example there) shows them in the parameter table, the samples and the Markdown, as
 * Redoc and Scalar do; and 3.1's `description` (and `summary`) beside a `$ref` is shown where the `$ref` is used.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import OperationView from '../../src/components/reference/OperationView.astro';
import { type ApiModel, type ApiOperation, codeSamples } from '../../src/openapi/index.ts';
import { operationMarkdown } from '../../src/reference/twins/operation-markdown.ts';
import { modelOf } from './support/check.ts';
import { operationViewProps } from './support/operation-view.ts';

const kennels = `openapi: 3.1.0
info:
  title: Kennels
  version: 1.0.0
servers:
  - url: https://api.kennels.test
paths:
  /stays/{stayId}:
    get:
      operationId: getStay
      summary: Get a stay
      parameters:
        - name: stayId
          in: path
          required: true
          schema:
            type: string
            description: The id of the stay, from the booking.
            example: stay_42
        - name: market
          in: query
          required: true
          schema:
            type: string
            description: An ISO 3166-1 alpha-2 country code.
            examples: [GB]
        - name: limit
          in: query
          description: Written on the parameter, so it wins.
          schema:
            type: integer
            description: Said in the schema.
            example: 5
      responses:
        "200":
          description: The stay.
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Stay"
                description: The stay, with its kennel and dates
              examples:
                short:
                  $ref: "#/components/examples/ShortStay"
                  summary: A weekend stay
components:
  schemas:
    Stay:
      type: object
      description: A booking.
      properties:
        id:
          type: string
  examples:
    ShortStay:
      summary: Any stay
      value:
        id: stay_1
`;

let model: ApiModel;
let operation: ApiOperation;
let html: string;

beforeAll(async () => {
  model = await modelOf(kennels);
  const found = model.operations.find((o) => o.operationId === 'getStay');
  if (!found) throw new Error('no getStay');
  operation = found;
  const container = await AstroContainer.create();
  html = await container.renderToString(OperationView, {
    props: operationViewProps(model, operation),
  });
});

describe('a parameter described in its schema', () => {
  it('has that description and example in the model, unless the parameter says its own', () => {
    expect(operation.parameters.map((p) => [p.name, p.description, p.examples[0]?.value])).toEqual([
      ['stayId', 'The id of the stay, from the booking.', 'stay_42'],
      ['market', 'An ISO 3166-1 alpha-2 country code.', 'GB'],
      ['limit', 'Written on the parameter, so it wins.', 5],
    ]);
  });

  it('shows them in the parameter table', () => {
    expect(html).toContain('The id of the stay, from the booking.');
    expect(html).toContain('example <code>stay_42</code>');
    expect(html).toContain('An ISO 3166-1 alpha-2 country code.');
    expect(html).toContain('example <code>GB</code>');
    expect(html).toContain('Written on the parameter, so it wins.');
    expect(html).not.toMatch(/<p>Said in the schema/);
  });

  it('sends the examples in the samples', () => {
    const curl = codeSamples(model, operation)[0]?.code ?? '';
    expect(curl).toContain('https://api.kennels.test/stays/stay_42?market=GB');
  });

  it('shows them in the Markdown', () => {
    const text = operationMarkdown(model, operation);
    expect(text).toContain(
      '| `stayId` | path | string | yes | The id of the stay, from the booking. — example `stay_42` |',
    );
    expect(text).toContain('| `market` | query | string | yes | An ISO 3166-1 alpha-2 country code. — example `GB` |');
  });
});

describe('a description beside a `$ref` (3.1)', () => {
  it('describes the response body where it is used, which still names and links its model', () => {
    const body = operation.responses[0]?.content[0];
    expect(body?.description).toBe('The stay, with its kennel and dates');
    expect(body?.schema).toEqual({ $ref: '#/components/schemas/Stay' });
    expect(html).toContain('The stay, with its kennel and dates');
    expect(html).toMatch(/<a href="[^"]*\/schemas\/stay\/">Stay<\/a>/);
    expect(operationMarkdown(model, operation)).toContain(
      '### 200 OK\n\nThe stay.\n\n`application/json`: Stay — The stay, with its kennel and dates',
    );
  });

  it('gives an example its summary where it is used', () => {
    expect(operation.responses[0]?.content[0]?.examples[0]).toMatchObject({
      name: 'short',
      summary: 'A weekend stay',
      value: { id: 'stay_1' },
    });
  });
});
