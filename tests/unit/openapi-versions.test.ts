/**
 * OpenAPI 3.0, 3.1 and 3.2 into one model (src/openapi/dialect.ts): each way 3.1 and 3.2 write something
 * differently, in a small snippet, comes out as the model reads it; what the pages do not show yet is a
 * warning; and the Pet Store written the 3.1 way builds the same pages, word for word, as spec/openapi.yaml.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { toModelDialect } from '../../src/openapi/dialect.ts';
import { exampleFromSchema } from '../../src/openapi/index.ts';
import { constraints, hasChildren, typeLabel } from '../../src/reference/schema-summary.ts';
import { walk } from '../support/built-site.ts';
import { modelOf, problemsOf } from './support/check.ts';
import { buildSite, run } from './support/programs.ts';

/** A 3.1 (or `version`) description of one GET /things whose 200 body is `schema`, with `extra` appended. */
const describe31 = (schema: string, extra = '', version = '3.1.1') => `openapi: ${version}
info:
  title: Tiny
  version: 1.0.0
paths:
  /things:
    get:
      operationId: listThings
      tags: [Things]
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
${schema
  .split('\n')
  .map((line) => `                ${line}`)
  .join('\n')}
${extra}`;

/** The 200 body schema of the one operation, as the model reads it. */
async function bodySchema(text: string) {
  const model = await modelOf(text);
  const media = model.operations[0]?.responses[0]?.content[0];
  if (!media?.schema) throw new Error('no body schema');
  return { model, schema: media.schema, resolved: model.schemaResolver.resolve(media.schema) };
}

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

describe('the rest of a 3.1 or 3.2 description', () => {
  it('reads info.summary and license.identifier', async () => {
    const model = await modelOf(
      describe31('type: string').replace(
        '  version: 1.0.0\n',
        '  version: 1.0.0\n  summary: A tiny API.\n  license:\n    name: MIT\n    identifier: MIT\n',
      ),
    );
    expect(model.info.summary).toBe('A tiny API.');
    expect(model.info.license?.identifier).toBe('MIT');
  });

  it('reads a path item kept in components.pathItems', async () => {
    const text = `openapi: 3.1.1
info: { title: Tiny, version: 1.0.0 }
paths:
  /things:
    $ref: "#/components/pathItems/Things"
components:
  pathItems:
    Things:
      get:
        operationId: listThings
        responses:
          '200': { description: OK }
`;
    expect((await modelOf(text)).operations.map((o) => `${o.method} ${o.path}`)).toEqual(['get /things']);
  });

  it('reads the schemas of a callback kept in components.callbacks the 3.1 way too', async () => {
    const model = await modelOf(`openapi: 3.1.1
info: { title: Tiny, version: 1.0.0 }
paths:
  /jobs:
    post:
      operationId: startJob
      callbacks:
        done: { $ref: "#/components/callbacks/Done" }
      responses: { '202': { description: Started } }
components:
  callbacks:
    Done:
      "{$request.body#/url}":
        post:
          requestBody:
            content:
              application/json:
                schema: { type: object, properties: { result: { type: [string, "null"] } } }
          responses: { '204': { description: OK } }
`);
    const done = model.operations.find((o) => o.callback);
    const schema = done?.requestBody?.content[0]?.schema;
    if (!schema) throw new Error('no callback body');
    const result = model.schemaResolver.resolve(schema).properties?.result ?? {};
    expect(typeLabel(model.schemaResolver, result)).toBe('string | null');
  });

  it("lets a reference's description replace its target's", async () => {
    const text = `openapi: 3.1.1
info: { title: Tiny, version: 1.0.0 }
paths:
  /things:
    get:
      operationId: listThings
      parameters:
        - $ref: "#/components/parameters/Limit"
          description: At most this many things.
      responses:
        '200': { description: OK }
components:
  parameters:
    Limit:
      name: limit
      in: query
      description: The page size.
      schema: { type: integer }
`;
    expect((await modelOf(text)).operations[0]?.parameters[0]?.description).toBe('At most this many things.');
  });

  it('reads a 3.2 description', async () => {
    const model = await modelOf(describe31('type: string', '', '3.2.0'));
    expect(model.openapi).toBe('3.2.0');
    expect(model.operations).toHaveLength(1);
  });

  it('warns, once per kind with a count, about what the pages do not show', async () => {
    const text = describe31(
      'type: object\npatternProperties:\n  "^x-": { type: string }\nproperties:\n  a:\n    type: object\n    patternProperties:\n      "^y": { type: string }',
      'webhooks:\n  newThing:\n    post:\n      responses:\n        "200": { description: OK }\n',
    );
    const model = await modelOf(text);
    const dialectWarnings = model.warnings.filter((w) => w.pointer !== '/tags'); // not the one about tag groups
    expect(dialectWarnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        '/paths/~1things/get/responses/200/content/application~1json/schema/patternProperties',
        'The schema keyword `patternProperties` is not shown on the pages (2 places; this is the first).',
      ],
    ]);
    // Webhooks are shown (tests/unit/normalize/paths.test.ts), so they are no warning.
  });

  it('still refuses what the 3.1 schema refuses, naming the version', async () => {
    const problems = await problemsOf(describe31('type: string').replace('paths:', 'pathz: {}\npaths:'));
    expect(problems.map((p) => p.message)).toContain('`pathz` is not a field OpenAPI 3.1 allows here.');
  });

  it('leaves a 3.0 description as it is', () => {
    const document = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {} };
    expect(toModelDialect(document).document).toBe(document);
  });
});

describe('the Pet Store written the 3.1 way', () => {
  it('builds the same pages, word for word, as spec/openapi.yaml', () => {
    const build = (spec: string) => {
      const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'petstore-versions-')), 'dist');
      // The same API has the same history: both builds read the Pet Store's releases (and show its changelog).
      const env = { PETSTORE_SPEC: spec, PETSTORE_RELEASES: 'spec/releases' };
      const { status, output } = run(buildSite, ['--outDir', outDir], env);
      expect(status, output.slice(-2000)).toBe(0);
      return outDir;
    };
    const v30 = build('spec/openapi.yaml');
    const v31 = build('tests/fixtures/pet-store-3.1/openapi.yaml');
    const pages = (dir: string) =>
      walk(dir)
        .filter((file) => file.endsWith('.html'))
        .map((file) => path.relative(dir, file))
        .sort();
    expect(pages(v31)).toEqual(pages(v30));
    expect(pages(v30)).toContain(path.join('changelog', 'index.html'));
    // The words a reader sees (highlighting classes aside); each build names its own version, once as 3.0.3 and
    // once as 3.1.1, which count as the same word.
    const words = (file: string) =>
      readFileSync(file, 'utf8')
        .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .replace(/3\.0\.3|3\.1\.1/g, 'VERSION')
        .trim();
    const differing = pages(v30).filter((page) => words(path.join(v30, page)) !== words(path.join(v31, page)));
    expect(differing).toEqual([]);
  });
});
