/**
 * Render what can be drawn; refuse only what cannot (issue 32, item 4): a mistake confined to one schema or one
 * metadata field is a warning at its place, in words, and the page draws what it can; --strict still refuses it.
 */

import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { type ApiOperation, exampleRequest } from '../../src/openapi/index.ts';
import { checkSpecText } from '../../src/openapi/load-spec.ts';
import { operationOutline } from '../../src/reference/pages/operation-outline.ts';
import { type FieldTree, FieldTreePlanner } from '../../src/reference/shared/field-tree.ts';
import { minimalSpec, modelOf } from './support/check.ts';

// Redoc's own demo has a property like this: a 3.0 tuple (not valid 3.0, but Redoc draws it).
const tuple = `openapi: 3.0.3
info: { title: Tuples, version: 1.0.0 }
paths:
  /points:
    post:
      operationId: addPoint
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                name: { type: string }
                pair:
                  type: array
                  items:
                    - type: string
                    - type: integer
                  additionalItems: false
      responses:
        '204': { description: Added }
`;

// 3.1 allows a license's \`url\` or its \`identifier\`, not both (Redoc's 3.1 demo has both).
const license = `openapi: 3.1.0
info:
  title: Licensed
  version: 1.0.0
  license:
    name: Apache 2.0
    url: https://www.apache.org/licenses/LICENSE-2.0.html
    identifier: Apache-2.0
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200': { description: OK }
`;

const noRawKeyword = /must NOT|must be valid|must match/;

describe('a tuple-style items list', () => {
  it('is drawn as an array of its item shapes, with warnings at their lines', async () => {
    const model = await modelOf(tuple);
    const body = model.operations[0]?.requestBody?.content[0]?.schema as OpenAPIV3.SchemaObject;
    const pair = body.properties?.pair as OpenAPIV3.ArraySchemaObject;
    expect(pair.type).toBe('array');
    expect(pair.items).toEqual({ anyOf: [{ type: 'string' }, { type: 'integer' }] });
    expect(pair).not.toHaveProperty('additionalItems');
    expect(body.properties?.name).toEqual({ type: 'string' });
    const warnings = model.warnings.map((w) => [w.position?.line, w.message]);
    expect(warnings).toContainEqual([16, expect.stringContaining('`items` is a list (a tuple')]);
    expect(warnings).toContainEqual([19, expect.stringContaining('`additionalItems`')]);
    for (const w of model.warnings) expect(w.message).not.toMatch(noRawKeyword);
  });

  it('keeps the description as written for the downloads', async () => {
    const model = await modelOf(tuple);
    expect(JSON.stringify(model.source)).toContain('additionalItems');
  });

  it('is refused under --strict', async () => {
    const result = await checkSpecText(tuple, undefined, { strict: true });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.message).join('\n')).toMatch(/`items` is a list/);
  });
});

describe('a 3.1 license with both url and identifier', () => {
  it('keeps its URL, with a warning that names the clash', async () => {
    const model = await modelOf(license);
    expect(model.info.license?.url).toBe('https://www.apache.org/licenses/LICENSE-2.0.html');
    expect(model.info.license?.name).toBe('Apache 2.0');
    const warning = model.warnings.find((w) => w.pointer === '/info/license');
    expect(warning?.severity).toBe('warning');
    expect(warning?.position?.line).toBe(5);
    expect(warning?.message).toMatch(/both `url` and `identifier`.*3\.1 allows only one/);
    expect(warning?.message).not.toMatch(noRawKeyword);
  });

  it('is refused under --strict, in words', async () => {
    const result = await checkSpecText(license, undefined, { strict: true });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      const messages = result.problems.map((p) => p.message).join('\n');
      expect(messages).toMatch(/both `url` and `identifier`/);
      expect(messages).not.toMatch(noRawKeyword);
    }
  });
});

// Medium's and ClickSend's descriptions in the APIs-guru directory write a query string into the path key.
describe('a path template that does not match its parameters', () => {
  const queryInPath = minimalSpec.replace('  /things:', '  /things/{thingId}/search?q={q}:');

  it('draws the operation, with one warning per mismatch at the operation', async () => {
    const model = await modelOf(queryInPath);
    expect(model.operations.map((o) => o.path)).toEqual(['/things/{thingId}/search?q={q}']);
    const messages = model.warnings.map((w) => w.message);
    expect(messages).toContainEqual(expect.stringContaining('declares no path parameter "thingId"'));
    expect(messages).toContainEqual(expect.stringContaining('holds a query string'));
    // {q} is part of the query string, already warned about: not a second, misleading "declare a path parameter".
    expect(messages.some((m) => m.includes('path parameter "q"'))).toBe(false);
  });

  it('is refused under --strict', async () => {
    expect((await checkSpecText(queryInPath, undefined, { strict: true })).ok).toBe(false);
  });
});

// Google's Cloud Build description in the APIs-guru directory has a stray top-level `source`.
describe('an unknown field at the top of the description', () => {
  const stray = `${minimalSpec}source: generated\n`;

  it('is left out, with a warning naming it', async () => {
    const model = await modelOf(stray);
    const warning = model.warnings.find((w) => w.pointer === '/source');
    expect(warning?.message).toBe(
      '`source` is not a field OpenAPI 3.0 allows at the top of a description; it is left out.',
    );
    expect(warning?.position?.line).toBe(minimalSpec.split('\n').length);
  });

  it('is refused under --strict', async () => {
    expect((await checkSpecText(stray, undefined, { strict: true })).ok).toBe(false);
  });
});

describe('what is not confined', () => {
  it('is still refused: an operation without responses', async () => {
    const broken = tuple.replace("      responses:\n        '204': { description: Added }\n", '');
    expect((await checkSpecText(broken)).ok).toBe(false);
  });

  it('a schema keyword of the wrong kind is left out of that schema only', async () => {
    const text = tuple.replace('name: { type: string }', 'name: { type: string, required: true }');
    const model = await modelOf(text);
    const body = model.operations[0]?.requestBody?.content[0]?.schema as OpenAPIV3.SchemaObject;
    expect(body.properties?.name).toEqual({ type: 'string' });
    expect(model.warnings.map((w) => w.message)).toContainEqual(
      expect.stringContaining('the schema is drawn without `required`'),
    );
  });
});

// Redoc's Cafe demo: a menu item whose `id` is read-only and `secret` write-only, created and answered.
const cafe = `openapi: 3.0.3
info: { title: Cafe, version: 1.0.0 }
paths:
  /menu:
    post:
      operationId: createMenuItem
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/MenuItem' }
      responses:
        '201':
          description: Created
          content:
            application/json:
              schema: { $ref: '#/components/schemas/MenuItem' }
components:
  schemas:
    MenuItem:
      type: object
      required: [id, name, secret]
      properties:
        id: { type: string, readOnly: true }
        name: { type: string }
        secret: { type: string, writeOnly: true }
        photo: { $ref: '#/components/schemas/Photo' }
    Photo:
      type: object
      properties:
        url: { type: string, readOnly: true }
        upload: { type: string, writeOnly: true }
`;

/** The field names of a planned tree, nested ones as `parent.child`. */
function fieldNames(tree: FieldTree | undefined, prefix = ''): string[] {
  if (tree?.kind !== 'shape') return tree ? [`${prefix}<${tree.kind}>`] : [];
  return tree.shape.rows.flatMap((row) => [
    `${prefix}${row.name}`,
    ...fieldNames(row.children, `${prefix}${row.name}.`),
  ]);
}

describe('readOnly and writeOnly in field lists', () => {
  it('a request lists no read-only field, a response no write-only one, each model expanded for each', async () => {
    const model = await modelOf(cafe);
    const operation = model.operations[0] as ApiOperation;
    const outline = operationOutline(model, operation);
    const request = outline.requestBody?.media[0]?.tree;
    const response = outline.outcomes[0]?.media[0]?.tree;
    expect(fieldNames(request)).toEqual(['name', 'secret', 'photo', 'photo.upload']);
    // Not "shown above": the request's MenuItem lacks fields the response has.
    expect(fieldNames(response)).toEqual(['id', 'name', 'photo', 'photo.url']);
  });

  it('a model with nothing to leave out is still expanded once per page', async () => {
    const plain = cafe.replaceAll(/, (read|write)Only: true/g, '');
    const model = await modelOf(plain);
    const outline = operationOutline(model, model.operations[0] as ApiOperation);
    expect(outline.outcomes[0]?.media[0]?.tree).toMatchObject({ kind: 'elsewhere', reason: 'shown-above' });
  });

  it('a model page lists every field', async () => {
    const model = await modelOf(cafe);
    const tree = new FieldTreePlanner(model.schemaResolver).plan({ $ref: '#/components/schemas/MenuItem' });
    expect(fieldNames(tree)).toEqual(['id', 'name', 'secret', 'photo', 'photo.url', 'photo.upload']);
  });
});

// A form whose variants share a discriminator: the sample fills in the chosen variant, not only `kind`.
const paymentForm = `openapi: 3.0.3
info: { title: Payments, version: 1.0.0 }
paths:
  /payments:
    post:
      operationId: pay
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              required: [kind]
              properties:
                kind: { type: string }
              discriminator: { propertyName: kind }
              oneOf:
                - $ref: '#/components/schemas/Card'
                - $ref: '#/components/schemas/Transfer'
      responses:
        '204': { description: Paid }
components:
  schemas:
    Card:
      type: object
      required: [kind, number, receipt]
      properties:
        kind: { type: string, enum: [card] }
        number: { type: string, example: '4242424242424242' }
        receipt: { type: string, format: binary }
        note: { type: string }
    Transfer:
      type: object
      required: [kind, iban]
      properties:
        kind: { type: string, enum: [transfer] }
        iban: { type: string }
`;

describe('a form sample for a oneOf body', () => {
  it('sends the chosen variant’s required fields, its files as files', async () => {
    const model = await modelOf(paymentForm);
    const { body } = exampleRequest(model.schemaResolver, model.operations[0] as ApiOperation);
    expect(body?.value).toEqual({ kind: 'card', number: '4242424242424242', receipt: expect.anything() });
    expect(body?.files).toEqual({ receipt: 'path/to/receipt' });
  });
});
