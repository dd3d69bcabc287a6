/**
 * Generated examples stay small whatever the schema: a deep, wide, self-referencing description of Microsoft
 * Graph's shape (200-field models, navigation properties into each other and themselves, a 30-level chain,
 * allOf and oneOf mixes) gets a request sample and a response example of a few kilobytes, to a bounded depth,
 * with no read-only field in the request and no write-only one in the response.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiModel, type ApiOperation, codeSamples, exampleFromSchema } from '../../src/openapi/index.ts';
import { maxDepth, maxValues, optionalFieldsPerObject } from '../../src/openapi/schema-example.ts';
import {
  cutExampleLines,
  exampleShownAtMost,
  operationOutline,
  requestBodyFile,
  responseExamples,
  sharedBodyLines,
  wholeExamples,
} from '../../src/reference/pages/operation-outline.ts';
import { operationMarkdown } from '../../src/reference/twins/operation-markdown.ts';
import { smallGraphDescription } from '../bench/generate-graph-description.ts';
import { modelOf } from './support/check.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Nesting of objects and arrays: a scalar is 0, `{}` 1, `{"a": []}` 2. */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

/** Values (the top, every field and array item) in an example. */
function valuesIn(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce((sum: number, child) => sum + valuesIn(child), 0);
}

/** Every field name anywhere in the value. */
function fieldNames(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) fieldNames(item, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [name, child] of Object.entries(value)) {
      into.add(name);
      fieldNames(child, into);
    }
  }
  return into;
}

let model: ApiModel;
let operation: ApiOperation;
beforeAll(async () => {
  model = await modelOf(smallGraphDescription());
  const found = model.operations[0];
  if (!found) throw new Error('no operation');
  operation = found;
});

/** A few kilobytes: before bounds, the generator wrote this request body as hundreds of kilobytes of JSON. */
const sizeBound = 10_000;

describe('an example generated from a deep, wide, self-referencing schema', () => {
  it('is bounded in size, depth and values, in a request and in a response', () => {
    for (const mode of ['write', 'read'] as const) {
      const value = exampleFromSchema(model.schemaResolver, ref('Entity0'), mode);
      expect(JSON.stringify(value, null, 2).length).toBeLessThan(sizeBound);
      expect(depthOf(value)).toBeLessThanOrEqual(maxDepth + 1);
      expect(valuesIn(value)).toBeLessThanOrEqual(maxValues);
    }
  });

  it('sends the required fields and a bounded number of optional ones', () => {
    const value = exampleFromSchema(model.schemaResolver, ref('Entity0'), 'write') as Record<string, unknown>;
    expect(value).toHaveProperty('field_0');
    expect(value).toHaveProperty('chain.next.next.depth', 2);
    // `ro_1` is required but read-only: the reader does not send it.
    expect(Object.keys(value).length).toBeLessThanOrEqual(2 + optionalFieldsPerObject);
  });

  it('never puts a read-only field in a request, nor a write-only one in a response', () => {
    const request = fieldNames(exampleFromSchema(model.schemaResolver, ref('Entity0'), 'write'));
    const response = fieldNames(exampleFromSchema(model.schemaResolver, ref('Entity0'), 'read'));
    expect([...request].filter((name) => name.startsWith('ro_'))).toEqual([]);
    expect([...response].filter((name) => name.startsWith('wo_'))).toEqual([]);
    expect(response.has('ro_1')).toBe(true);
  });

  it('never follows a reference into a schema it is already inside', () => {
    const value = exampleFromSchema(model.schemaResolver, ref('Entity0'), 'read') as Record<string, unknown>;
    expect(value).not.toHaveProperty('self');
    expect(value.children).toEqual([]);
  });

  it('keeps the page small: four languages and the response example', () => {
    const samples = codeSamples(model, operation);
    expect(samples.map((s) => s.id)).toEqual(['curl', 'javascript', 'python', 'go']);
    for (const sample of samples) expect(sample.code.length).toBeLessThan(sizeBound);
    const [created] = responseExamples(model.schemaResolver, operation.responses);
    expect(created?.generated).toBe(true);
    expect(created?.examples[0]?.code.length).toBeLessThan(sizeBound);
  });
});

describe('an example past the size cap', () => {
  /** 3,000 lines of JSON: past `exampleShownAtMost` characters and `cutExampleLines` lines. */
  const long = Array.from({ length: 3000 }, (_, n) => `item number ${n} of a long list`);

  async function modelWith(request: unknown, response: unknown): Promise<ApiModel> {
    return modelOf(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Long', version: '1.0.0' },
        servers: [{ url: 'https://example.test' }],
        paths: {
          '/lists': {
            post: {
              operationId: 'postList',
              requestBody: { content: { 'application/json': request } },
              responses: { 200: { description: 'OK', content: { 'application/json': response } } },
            },
          },
        },
      }),
    );
  }

  it('is one body file every language reads, shown once by its start', async () => {
    const small = { schema: { type: 'object', properties: { id: { type: 'integer' } } } };
    const given = await modelWith({ example: { items: long } }, small);
    const [op] = given.operations;
    if (!op) throw new Error('no operation');
    const outline = operationOutline(given, op);
    const whole = JSON.stringify({ items: long }, null, 2);
    expect(whole.length).toBeGreaterThan(exampleShownAtMost);
    expect(outline.sharedBody?.whole).toEqual({ file: requestBodyFile, code: whole, lines: 3004, cut: 'lines' });
    expect(outline.sharedBody?.code.split('\n')).toHaveLength(cutExampleLines + 1);
    const code = Object.fromEntries(outline.samples.map((s) => [s.id, s.code]));
    for (const sample of Object.values(code)) {
      expect(sample).not.toContain('item number');
      expect(sample.length).toBeLessThan(2_000);
    }
    expect(code.curl).toContain(`--data-binary @${requestBodyFile}`);
    expect(code.javascript).toContain(`body: await readFile('${requestBodyFile}', 'utf8')`);
    expect(code.python).toContain(`data=open("${requestBodyFile}", "rb")`);
    expect(code.go).toContain(`payload, _ := os.Open("${requestBodyFile}")`);
    expect(code.go).not.toContain('"strings"');
    expect(wholeExamples(given, op)).toEqual([{ file: requestBodyFile, code: whole, lines: 3004, cut: 'lines' }]);
  });

  it('is one body file too when longer than sharedBodyLines, shown once and whole', async () => {
    const small = { schema: { type: 'object', properties: { id: { type: 'integer' } } } };
    const items = long.slice(0, sharedBodyLines);
    const model = await modelWith({ example: { items } }, small);
    const [op] = model.operations;
    if (!op) throw new Error('no operation');
    const outline = operationOutline(model, op);
    const whole = JSON.stringify({ items }, null, 2);
    expect(outline.sharedBody).toEqual({ code: whole, whole: { file: requestBodyFile, code: whole, lines: 64 } });
    for (const sample of outline.samples) expect(sample.code).not.toContain('item number');
    // The Markdown twin shows it once, after the languages, with the file it is read from.
    const twin = operationMarkdown(model, op);
    expect(twin.split('item number 0 of').length - 1).toBe(1);
    expect(twin).toContain(`The body every sample sends, read from [\`${requestBodyFile}\`](/reference/`);
    // Shorter, each language writes it out.
    const shorter = await modelWith({ example: { items: items.slice(0, sharedBodyLines - 5) } }, small);
    const [short] = shorter.operations;
    if (!short) throw new Error('no operation');
    const shortOutline = operationOutline(shorter, short);
    expect(shortOutline.sharedBody).toBeUndefined();
    for (const sample of shortOutline.samples) expect(sample.code).toContain('item number 0 of');
  });

  it('shows a generated response example by its start and links to the whole', async () => {
    const schema = { type: 'object', properties: { items: { type: 'array', example: long } } };
    const generated = await modelWith({ schema: { type: 'object' } }, { schema });
    const [op] = generated.operations;
    if (!op) throw new Error('no operation');
    const [ok] = responseExamples(generated.schemaResolver, op.responses);
    const whole = JSON.stringify({ items: long }, null, 2);
    expect(ok?.generated).toBe(true);
    expect(ok?.examples[0]?.whole).toEqual({ file: 'example-200.json', code: whole, lines: 3004, cut: 'lines' });
    expect(ok?.examples[0]?.code.split('\n')).toHaveLength(cutExampleLines + 1);
    expect(operationOutline(generated, op).sharedBody).toBeUndefined();
    expect(wholeExamples(generated, op)).toEqual([
      { file: 'example-200.json', code: whole, lines: 3004, cut: 'lines' },
    ]);
  });
});
