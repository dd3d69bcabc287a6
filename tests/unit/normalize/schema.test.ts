/**
 * src/openapi/normalize/schema.ts: each way JSON Schema 2020-12 (OpenAPI 3.1 and 3.2) writes a schema differently
 * from 3.0, in a small snippet, comes out as the model reads it.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { exampleFromSchema } from '../../../src/openapi/index.ts';
import { constraints, hasChildren, typeLabel } from '../../../src/reference/shared/schema-summary.ts';
import { bodySchema, describe31 } from '../support/snippets.ts';

describe('a 3.1 schema, read as the model reads schemas', () => {
  it('turns a type list with null into the type and nullable', async () => {
    const { model, schema } = await bodySchema(describe31('type: [string, "null"]\nmaxLength: 5'));
    expect(typeLabel(model.schemaResolver, schema)).toBe('string | null');
  });

  it('turns several types into a choice of them', async () => {
    const { resolved } = await bodySchema(describe31('type: [string, integer]'));
    expect(resolved.anyOf).toEqual([{ type: 'string' }, { type: 'integer' }]);
  });

  it('turns const into a one-value enum, named by its value and typed by it where no type is given', async () => {
    const { model, schema } = await bodySchema(describe31('type: string\nconst: fixed'));
    expect(constraints(model.schemaResolver, schema)).toContain('only "fixed"');
    const bare = await bodySchema(describe31('const: 3'));
    expect(typeLabel(bare.model.schemaResolver, bare.schema)).toBe('integer');
  });

  it('names the types of a type list, with nothing to expand', async () => {
    const { model, schema } = await bodySchema(describe31('type: [string, integer, "null"]'));
    expect(typeLabel(model.schemaResolver, schema)).toBe('string | integer | null');
    expect(hasChildren(model.schemaResolver, schema)).toBe(false);
  });

  it('reads a boolean schema: true allows any value, false none, and no example carries the false one', async () => {
    const { model, schema, resolved } = await bodySchema(
      describe31('type: object\nproperties:\n  anything: true\n  never: false\n  name: { type: string }'),
    );
    const property = (name: string) => resolved.properties?.[name] ?? {};
    expect(typeLabel(model.schemaResolver, property('anything'))).toBe('any');
    expect(typeLabel(model.schemaResolver, property('never'))).toBe('no value allowed');
    expect(exampleFromSchema(model.schemaResolver, schema)).toEqual({ name: 'string' });
  });

  it('follows a $ref to a boolean schema kept in components, as 3.1 allows', async () => {
    const { model, resolved } = await bodySchema(
      describe31(
        'type: object\nproperties:\n  extra:\n    $ref: "#/components/schemas/Anything"',
        'components:\n  schemas:\n    Anything: true\n',
      ),
    );
    expect(typeLabel(model.schemaResolver, resolved.properties?.extra ?? {})).toBe('Anything');
    expect(model.schemaResolver.resolve(resolved.properties?.extra ?? {})).toEqual({});
  });

  it('reads binary data written the 3.1 way: contentEncoding as bytes, a binary contentMediaType as a file', async () => {
    const { model, resolved } = await bodySchema(
      describe31(
        [
          'type: object',
          'properties:',
          '  photo: { type: string, contentMediaType: image/png }',
          '  thumbnail: { type: string, contentEncoding: base64, contentMediaType: image/png }',
          '  settings: { type: string, contentMediaType: application/json }',
        ].join('\n'),
      ),
    );
    const label = (name: string) => typeLabel(model.schemaResolver, resolved.properties?.[name] ?? {});
    expect([label('photo'), label('thumbnail'), label('settings')]).toEqual([
      'string (binary)',
      'string (byte)',
      'string',
    ]);
  });

  it('takes the first of an examples list as the example', async () => {
    const { resolved } = await bodySchema(describe31('type: integer\nexamples: [7, 8]'));
    expect(resolved.example).toBe(7);
  });

  it('reads numeric exclusiveMinimum and exclusiveMaximum as exclusive bounds', async () => {
    const { model, schema } = await bodySchema(describe31('type: number\nexclusiveMinimum: 0\nexclusiveMaximum: 10'));
    expect(constraints(model.schemaResolver, schema)).toEqual(['> 0', '< 10']);
  });

  it('keeps the stricter bound where a minimum and a numeric exclusiveMinimum are both given', async () => {
    const inclusive = await bodySchema(describe31('type: integer\nminimum: 10\nexclusiveMinimum: 5'));
    expect(constraints(inclusive.model.schemaResolver, inclusive.schema)).toEqual(['≥ 10']);
    const exclusive = await bodySchema(describe31('type: integer\nmaximum: 10\nexclusiveMaximum: 5'));
    expect(constraints(exclusive.model.schemaResolver, exclusive.schema)).toEqual(['< 5']);
  });

  it('keeps a $ref and the keywords beside it (3.0 would drop them)', async () => {
    const text = describe31(
      'type: object\nproperties:\n  owner:\n    $ref: "#/components/schemas/Person"\n    description: Who owns it.',
      'components:\n  schemas:\n    Person:\n      type: object\n      properties:\n        name: { type: string }\n',
    );
    const { resolved } = await bodySchema(text);
    expect(resolved.properties?.owner).toEqual({
      description: 'Who owns it.',
      allOf: [{ $ref: '#/components/schemas/Person' }],
    });
  });

  it('converts schemas inside properties, items and compositions', async () => {
    const { resolved } = await bodySchema(
      describe31(
        'type: array\nitems:\n  type: object\n  properties:\n    id:\n      type: [integer, "null"]\n      const: 1',
      ),
    );
    const item = (resolved as OpenAPIV3.ArraySchemaObject).items as OpenAPIV3.SchemaObject;
    expect(item.properties?.id).toEqual({ type: 'integer', nullable: true, enum: [1] });
  });
});
