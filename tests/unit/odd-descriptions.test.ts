/**
 * Valid-looking but unusual descriptions: references to the wrong kind of
 * thing, `$ref`'d path items, OAS 3.2 tag parents, repeated tags. The loader
 * must either handle them or say exactly what is wrong — never crash.
 */
import { describe, expect, it } from 'vitest';
import { checkSpecText } from '../../src/openapi/load-spec.ts';
import { defaultParseLimits } from '../../src/openapi/parse-source.ts';
import { minimalSpec, modelOf, onlyError, problemsOf } from './support/check.ts';

describe('descriptions that are odd but must not crash the loader', () => {
  it('refuses a $ref that leads to null', async () => {
    const text = `${minimalSpec}  /other:
    $ref: '#/x-nothing'
x-nothing: null
`;
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe('The reference "#/x-nothing" leads to null, not to a definition.');
    expect(error.pointer).toBe('/paths/~1other/$ref');
  });

  it('refuses a parameter $ref that leads to a schema', async () => {
    const text = `${minimalSpec.replace(
      '      tags: [Things]\n',
      "      tags: [Things]\n      parameters:\n        - $ref: '#/components/schemas/Thing'\n",
    )}components:\n  schemas:\n    Thing:\n      type: object\n`;
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe(
      'This should be a parameter, but it (or what its `$ref` leads to) has no `name` and `in`.',
    );
    expect(error.pointer).toBe('/paths/~1things/get/parameters/0');
  });

  it("reads a $ref'd path item, with problems pointing at where the operation is written", async () => {
    const text = `${minimalSpec}  /shared:
    $ref: '#/x-shared-paths/shared'
x-shared-paths:
  shared:
    get:
      operationId: getShared
      deprecated: true
      x-sunset: not-a-date
      responses:
        '200':
          description: OK
`;
    const error = onlyError(await problemsOf(text));
    expect(error.pointer).toBe('/x-shared-paths/shared/get/x-sunset');
    expect(error.position).toEqual({ line: 20, column: 7 });
  });

  it('keeps operations written beside a path item $ref', async () => {
    const text = `${minimalSpec}  /shared:
    $ref: '#/x-shared-paths/shared'
    post:
      operationId: postShared
      responses:
        '201':
          description: Created
x-shared-paths:
  shared:
    get:
      operationId: getShared
      responses:
        '200':
          description: OK
`;
    const model = await modelOf(text);
    expect(model.operations.map((o) => [o.operationId, o.pointer])).toEqual([
      ['listThings', '/paths/~1things/get'],
      ['getShared', '/x-shared-paths/shared/get'],
      ['postShared', '/paths/~1shared/post'],
    ]);
  });

  it('accepts the OAS 3.2 tag parent and groups by it', async () => {
    const text = `${minimalSpec}tags:
  - name: Everything
    description: All of it.
  - name: Things
    parent: Everything
`;
    const model = await modelOf(text);
    expect(model.tagGroups).toEqual([{ name: 'Everything', description: 'All of it.', tags: ['Things'] }]);
    expect(model.warnings).toEqual([]);
  });

  it('refuses a description with no operations', async () => {
    const error = onlyError(await problemsOf('openapi: 3.0.3\ninfo:\n  title: Empty\n  version: 1.0.0\npaths: {}\n'));
    expect(error.message).toBe('The description has no operations, so there is nothing to document.');
  });

  it('warns about a tag declared twice and uses the first declaration everywhere', async () => {
    const text = `${minimalSpec}tags:
  - name: Things
    description: First.
  - name: Things
    description: Second.
x-tagGroups:
  - name: Group
    tags: [Things]
`;
    const model = await modelOf(text);
    expect(model.tags[0]?.description).toBe('First.');
    expect(model.warnings.map((w) => [w.pointer, w.message])).toEqual([
      ['/tags/1', 'The tag "Things" is declared twice; the first declaration is used.'],
    ]);
  });

  it('puts a loose tag named like a group into that group instead of making a second one', async () => {
    const text = `${minimalSpec}  /pets:
    get:
      operationId: listPets
      tags: [Pets]
      responses:
        '200':
          description: OK
x-tagGroups:
  - name: Pets
    tags: [Things]
`;
    const model = await modelOf(text);
    expect(model.tagGroups).toEqual([{ name: 'Pets', tags: ['Pets', 'Things'] }]);
  });

  it('warns when an example error code is not in the catalog or has another status', async () => {
    const text = `openapi: 3.0.3
info: { title: T, version: '1' }
paths:
  /a:
    get:
      responses:
        '404':
          description: Missing
          content:
            application/json:
              example: { code: gone, message: Gone., status: 404 }
        '409':
          description: Conflict
          content:
            application/json:
              example: { code: missing, message: Missing., status: 409 }
components:
  schemas:
    Error:
      type: object
      x-error-codes:
        - { code: missing, status: 404, meaning: Nothing there. }
`;
    const model = await modelOf(text);
    expect(model.warnings.map((w) => w.message).filter((m) => m.startsWith('An example'))).toEqual([
      'An example error uses the code "gone", which the error catalog (x-error-codes) does not list.',
      'An example error uses the code "missing" under a 409 response, but the catalog gives it status 404.',
    ]);
    expect(model.errorCodes).toEqual([
      { code: 'missing', status: 404, meaning: 'Nothing there.', global: false, operations: [] },
    ]);
  });

  it('hints at status codes for a misspelt response key', async () => {
    const text = minimalSpec.replace("        '200':", "        '20':");
    const problems = await problemsOf(text);
    expect(problems.map((p) => p.hint)).toContain(
      'Responses are keyed by an HTTP status such as 200, a range such as 4XX, or `default`.',
    );
  });
});

describe('relative links written for the vendor’s own site', () => {
  const withLinks = (extra = '') =>
    minimalSpec.replace(
      '      tags: [Things]\n',
      `      tags: [Things]\n      description: See [the guide](/docs/guide), [paging](../paging) and [below](#below).\n      summary: List [things](/docs/things)\n`,
    ) + extra;

  it('are counted in one warning that names the first and says they are shown as text', async () => {
    const model = await modelOf(withLinks());
    expect(model.linkBase).toBeUndefined();
    expect(model.warnings.filter((w) => w.message.includes('relative')).map((w) => [w.pointer, w.message])).toEqual([
      [
        '/paths/~1things/get/description',
        '4 links in descriptions are relative (paths or anchors of another site), such as "/docs/guide" here; with no site to resolve them against, they are shown as text.',
      ],
    ]);
  });

  it("are resolved against the description's externalDocs.url, or the address the docs team gives", async () => {
    const model = await modelOf(withLinks('externalDocs:\n  url: https://docs.example.com/api/\n'));
    expect(model.linkBase).toBe('https://docs.example.com/api/');
    expect(model.warnings.map((w) => w.message)).toContain(
      '4 links in descriptions are relative (paths or anchors of another site), such as "/docs/guide" here; they are resolved against https://docs.example.com/api/.',
    );
    const result = await checkSpecText(withLinks(), defaultParseLimits, { linkBase: 'https://vendor.example/' });
    expect(result.ok && result.model.linkBase).toBe('https://vendor.example/');
  });
});
