/** The operation page's outline: what each section shows, planned once for the view and the table of contents. */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiModel, loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { modelOutline } from '../../src/reference/pages/model-outline.ts';
import {
  cutExampleLines,
  exampleShownAtMost,
  isErrorStatus,
  operationOutline,
  outlineHeadings,
  responseExamples,
  shownStart,
  wholeExamples,
} from '../../src/reference/pages/operation-outline.ts';
import { fieldsPerPage } from '../../src/reference/shared/field-tree.ts';
import { schemaMarkdown } from '../../src/reference/twins/page-markdown.ts';
import { modelOf, outerAndInner } from './support/check.ts';

let model: ApiModel;
beforeAll(async () => {
  model = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..'), {}));
});

const operation = (id: string) => {
  const found = model.operations.find((o) => o.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

describe('operation outline', () => {
  it('gives every section a unique id, on every Pet Store operation', () => {
    for (const op of model.operations) {
      const ids = outlineHeadings(operationOutline(model, op)).map((h) => h.id);
      expect(new Set(ids).size, op.operationId).toBe(ids.length);
    }
  });

  it('lists one error row per catalog code the operation can return, under its status', () => {
    const placeOrder = operation('placeOrder');
    const rows = operationOutline(model, placeOrder).errors?.rows ?? [];
    const expected = model.errorCodes.filter((c) => !c.global && c.operations.includes('placeOrder'));
    expect(rows.map((r) => r.code?.code).sort()).toEqual(expected.map((c) => c.code).sort());
    for (const row of rows) expect(row.status).toBe(String(row.code?.status));
    // Every error status the operation documents has at least one row.
    const statuses = placeOrder.responses.filter((r) => isErrorStatus(r.status)).map((r) => r.status);
    expect([...new Set(rows.map((r) => r.status))]).toEqual(statuses);
  });

  it('describes headers every response carries once, and keeps the ones only some statuses send with them', () => {
    const outline = operationOutline(model, operation('listPets'));
    expect(outline.commonHeaders.map((row) => row.header.name)).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]);
    expect(outline.outcomes[0]?.headers.map((row) => row.header.name)).toEqual(['X-Total-Count', 'Link']);
    const tooMany = outline.errors?.rows.find((row) => row.status === '429');
    expect(tooMany?.headers.map((h) => h.name)).toEqual(['Retry-After']);
    // Retry-After is sent by 403 and 429 alike: described once, both rows link to it.
    expect(outline.errors?.headers.map((row) => row.header.name)).toEqual(['Retry-After']);
    const banned = outline.errors?.rows.find((row) => row.status === '403');
    expect(banned?.headers[0]?.anchor).toBe(tooMany?.headers[0]?.anchor);
  });

  it("plans the error body once, as the catalog's model", () => {
    const bodies = operationOutline(model, operation('placeOrder')).errors?.bodies ?? [];
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.media.schema).toEqual({ $ref: '#/components/schemas/Error' });
  });

  it('puts the success example first, then each status with an example, in the order written', () => {
    const examples = responseExamples(model.schemaResolver, operation('placeOrder').responses);
    expect(examples[0]?.status).toBe('201');
    expect(examples.map((e) => e.status)).toEqual([
      '201',
      '400',
      '401',
      '403',
      '409',
      '413',
      '415',
      '422',
      '429',
      '500',
    ]);
    // Several examples under one status are all shown, each with its name.
    expect(examples.find((e) => e.status === '409')?.examples.map((e) => e.caption)).toHaveLength(2);
    expect(examples[0]?.examples[0]?.caption).toBeUndefined();
  });

  it('takes a status range and default as errors, and a description without a catalog as plain rows', async () => {
    const tiny = await modelOf(`openapi: 3.0.3
info: { title: Tiny, version: 1.0.0 }
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200': { description: OK }
        '304': { description: Not modified }
        4XX: { description: Something about the request was wrong. }
        default: { description: Anything else. }
`);
    const outline = operationOutline(tiny, tiny.operations[0] ?? operation('listPets'));
    expect(outline.outcomes.map((o) => o.heading.title)).toEqual(['200 OK', '304 Not Modified']);
    expect(outline.errors?.rows.map((r) => [r.status, r.code, r.description])).toEqual([
      ['4XX', undefined, 'Something about the request was wrong.'],
      ['default', undefined, 'Anything else.'],
    ]);
    expect(outline.commonHeaders).toEqual([]);
    expect(outline.responseExamples).toEqual([]);
    // Nothing to show, so no "Response example" card, and no table-of-contents link to one.
    expect(outline.responseExample).toBeUndefined();
    expect(outlineHeadings(outline).map((h) => h.title)).not.toContain('Response example');
  });
});

describe('response examples where the description gives none', () => {
  it("builds one from the schema, from its fields' examples, and says it is generated", async () => {
    const tiny = await modelOf(`openapi: 3.0.3
info: { title: Tiny, version: 1.0.0 }
paths:
  /tasks/{id}:
    get:
      operationId: getTask
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The task.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Task' }
        '404':
          description: No such task.
components:
  schemas:
    Task:
      type: object
      properties:
        id: { type: string, format: uuid, readOnly: true }
        name: { type: string, example: Buy catnip }
        done: { type: boolean }
        secret: { type: string, writeOnly: true }
        tags: { type: array, items: { type: string, enum: [home, work] } }
        due: { type: string, format: date-time }
`);
    const [ok, ...rest] = responseExamples(tiny.schemaResolver, tiny.operations[0]?.responses ?? []);
    expect(rest).toEqual([]); // a response without a body has nothing to show
    expect(ok?.generated).toBe(true);
    expect(JSON.parse(ok?.examples[0]?.code ?? 'null')).toEqual({
      id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      name: 'Buy catnip',
      done: true,
      tags: ['home'],
      due: '2026-01-01T12:00:00Z',
    });
  });
});

describe('named examples of one response', () => {
  it('show a body once: a later example with the same body points at the first instead of repeating it', async () => {
    const tiny = await modelOf(`openapi: 3.0.3
info: { title: Tiny, version: 1.0.0 }
paths:
  /items/{id}:
    patch:
      operationId: updateItem
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The item.
          content:
            application/json:
              schema: { type: object }
              examples:
                text_field: { value: { id: 1, value: big } }
                number_field: { value: { id: 1, value: big } }
                date_field: { summary: A date, value: { id: 2 } }
`);
    const [ok] = responseExamples(tiny.schemaResolver, tiny.operations[0]?.responses ?? []);
    expect(ok?.examples.map(({ caption, sameAs, code }) => ({ caption, sameAs, shown: code !== '' }))).toEqual([
      { caption: 'text_field', sameAs: undefined, shown: true },
      { caption: 'number_field', sameAs: 'text_field', shown: false },
      { caption: 'A date', sameAs: undefined, shown: true },
    ]);
  });
});

describe('a response example too long to show whole', () => {
  it('shows its first lines, and the whole goes to a file next to the page, once per distinct body', async () => {
    const emoji = Object.fromEntries(
      Array.from({ length: 1500 }, (_, i) => [`emoji_${i}`, `https://example.com/emoji/${i}.png?v=8`]),
    );
    const long = await modelOf(`openapi: 3.0.3
info: { title: Tiny, version: 1.0.0 }
paths:
  /emojis:
    get:
      operationId: listEmojis
      responses:
        '200':
          description: Every emoji.
          content:
            application/json:
              examples:
                all: { value: ${JSON.stringify(emoji)} }
                again: { value: ${JSON.stringify(emoji)} }
                few: { value: { one: 1 } }
`);
    const listEmojis = long.operations[0];
    if (!listEmojis) throw new Error('no operation');
    const whole = JSON.stringify(emoji, null, 2);
    expect(whole.length).toBeGreaterThan(exampleShownAtMost);
    const [ok] = responseExamples(long.schemaResolver, listEmojis.responses);
    const [all, again, few] = ok?.examples ?? [];
    expect(all?.code.split('\n')).toEqual([...whole.split('\n').slice(0, cutExampleLines), '…']);
    expect(all?.whole).toEqual({ file: 'example-200.json', code: whole, lines: 1502, cut: 'lines' });
    expect(again).toMatchObject({ sameAs: 'all', code: '' });
    expect(again?.whole).toBeUndefined();
    expect(few?.whole).toBeUndefined();
    expect(wholeExamples(long, listEmojis)).toEqual([
      { file: 'example-200.json', code: whole, lines: 1502, cut: 'lines' },
    ]);
  });

  it('is cut to its first characters when its lines are long (a base64 file is one line), as are text and model examples', async () => {
    const data = 'QUJD'.repeat(20_000);
    const blob = await modelOf(`openapi: 3.0.3
info: { title: Tiny, version: 1.0.0 }
paths:
  /files/{id}:
    get:
      operationId: getFile
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The file, base64.
          content:
            application/json:
              example: { id: f1, data: ${data} }
        '202':
          description: The file as text.
          content:
            text/plain:
              example: ${data}
components:
  schemas:
    File:
      type: object
      properties: { data: { type: string } }
      example: { data: ${data} }
`);
    const getFile = blob.operations[0];
    if (!getFile) throw new Error('no operation');
    const [ok, accepted] = responseExamples(blob.schemaResolver, getFile.responses);
    const json = JSON.stringify({ id: 'f1', data }, null, 2);
    const shown = ok?.examples[0];
    expect(shown?.code).toBe(`${json.slice(0, exampleShownAtMost)}\n…`);
    expect(shown?.whole).toEqual({ file: 'example-200.json', code: json, lines: 4, cut: 'characters' });
    expect(shown?.whole && shownStart(shown.whole)).toBe(
      `The first 50,000 of ${json.length.toLocaleString('en-US')} characters`,
    );
    expect(wholeExamples(blob, getFile).map((file) => file.file)).toEqual(['example-200.json']);
    // A text example has no file of its own: its start, and where the rest is.
    const text = accepted?.examples[0]?.code ?? '';
    expect(text.startsWith(data.slice(0, exampleShownAtMost))).toBe(true);
    expect(text.length).toBeLessThan(exampleShownAtMost + 200);
    expect(text).toMatch(/the description has the whole example\)$/);
    const file = blob.schemas.find((schema) => schema.name === 'File');
    if (!file) throw new Error('no File model');
    const model = modelOutline(blob, file);
    expect(model.example?.json.length).toBeLessThan(exampleShownAtMost + 10);
    expect(model.example?.shown).toMatch(/^The first 50,000 of [\d,]+ characters$/);
    const twin = schemaMarkdown(blob, file);
    expect(twin.length).toBeLessThan(exampleShownAtMost + 2_000);
    expect(twin).toContain('characters; the description has the whole example.');
  });
});

describe('the fields budget on operation pages', () => {
  /** GET /things answers with Outer (its own field and Inner, of `innerFields`), and errors with Error (20 fields). */
  const described = (innerFields: number) => {
    const errorFields = Array.from({ length: 20 }, (_, i) => `        e${i}: { type: string }`).join('\n');
    return `openapi: 3.0.3
info: { title: T, version: '1' }
paths:
  /things:
    get:
      operationId: getThings
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { $ref: '#/components/schemas/Outer' } } }
        '400':
          description: Bad
          content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } }
components:
  schemas:
${outerAndInner(innerFields)}    Error:
      type: object
      properties:
${errorFields}
`;
  };
  const innerOf = async (innerFields: number) => {
    const api = await modelOf(described(innerFields));
    const operation = api.operations[0];
    if (!operation) throw new Error('no operation');
    const outline = operationOutline(api, operation);
    const tree = outline.outcomes[0]?.media[0]?.tree;
    return tree?.kind === 'shape' ? tree.shape.rows.find((row) => row.name === 'inner')?.children : undefined;
  };

  it('counts the fields shown, not those of an error model the page only links to', async () => {
    // 2 + 290 fields shown; the Error model's 20 would make it 312, but the page links to Error instead.
    expect((await innerOf(fieldsPerPage - 10))?.kind).toBe('shape');
  });

  it(`shows the models nested in the answer's model as links past ${fieldsPerPage} fields`, async () => {
    expect(await innerOf(fieldsPerPage)).toEqual({ kind: 'elsewhere', model: 'Inner', reason: 'too-deep' });
  });
});
