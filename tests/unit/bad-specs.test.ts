/**
 * Every class of bad description the build must refuse, with what a docs
 * writer sees: the message, the line and column, and the JSON pointer.
 */
import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../src/openapi/index.ts';
import { minimalSpec, onlyError, problemsOf } from './support/check.ts';

describe('a description the build refuses', () => {
  it('is empty', async () => {
    const error = onlyError(await problemsOf('  \n'));
    expect(error.message).toBe('The file is empty.');
  });

  it('is not valid YAML, reporting where', async () => {
    const error = onlyError(await problemsOf('openapi: 3.0.3\ninfo:\n  title: [unclosed\n  version: 1\n'));
    expect(error.message).toMatch(/^The file is not valid YAML/);
    expect(error.position?.line).toBeGreaterThanOrEqual(3);
  });

  it('has a duplicate key, pointing at the second one', async () => {
    const text = minimalSpec.replace('  title: Tiny\n', '  title: Tiny\n  title: Again\n');
    const error = onlyError(await problemsOf(text));
    expect(error.message).toContain('Map keys must be unique');
    expect(error.hint).toMatch(/appear once/);
    expect(error.position).toEqual({ line: 4, column: 3 });
  });

  it('has a $ref that leads nowhere, with a did-you-mean hint', async () => {
    const text = `${minimalSpec}          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Thng'
components:
  schemas:
    Thing:
      type: object
`;
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe('The reference "#/components/schemas/Thng" points at nothing in this file.');
    expect(error.hint).toBe('Did you mean "#/components/schemas/Thing"?');
    expect(error.pointer).toBe('/paths/~1things/get/responses/200/content/application~1json/schema/$ref');
    expect(error.position).toEqual({ line: 16, column: 17 });
  });

  it('has a value of the wrong type', async () => {
    const text = minimalSpec.replace('  version: 1.0.0', '  version:\n    major: 1');
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe('`version` must be a string, but it is a mapping.');
    expect(error.pointer).toBe('/info/version');
    expect(error.position).toEqual({ line: 4, column: 3 });
  });

  it('has no info block', async () => {
    const text = minimalSpec.replace('info:\n  title: Tiny\n  version: 1.0.0\n', '');
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe('The document is missing the required field `info`.');
    expect(error.pointer).toBe('');
    expect(error.position).toEqual({ line: 1, column: 1 });
  });

  it('uses one operationId twice, naming both operations', async () => {
    const text = `${minimalSpec}    post:
      operationId: listThings
      responses:
        '201':
          description: Created
`;
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe('The operationId "listThings" is used twice: by GET /things and by POST /things.');
    expect(error.pointer).toBe('/paths/~1things/post/operationId');
    expect(error.position).toEqual({ line: 14, column: 7 });
  });

  it.each([
    ['4.0.0', 'The description says `openapi: 4.0.0`; the portal reads OpenAPI 3.0.x, 3.1.x and 3.2.x.'],
    ['2.0', 'The description says `openapi: 2.0`; the portal reads OpenAPI 3.0.x, 3.1.x and 3.2.x.'],
    ['3.0', 'The description says `openapi: 3.0`; the portal reads OpenAPI 3.0.x, 3.1.x and 3.2.x.'],
  ])('declares OpenAPI %s', async (version, message) => {
    const error = onlyError(await problemsOf(minimalSpec.replace('openapi: 3.0.3', `openapi: "${version}"`)));
    expect(error.message).toBe(message);
    expect(error.position).toEqual({ line: 1, column: 1 });
  });

  it('is a Swagger 2.0 file', async () => {
    const error = onlyError(await problemsOf(minimalSpec.replace('openapi: 3.0.3', 'swagger: "2.0"')));
    expect(error.message).toBe('This is a Swagger 2.0 description; the portal reads OpenAPI 3.0, 3.1 and 3.2.');
  });

  it('has a tag group naming an unknown tag', async () => {
    const text = `${minimalSpec}x-tagGroups:
  - name: Everything
    tags: [Things, Thigns]
`;
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe(
      'The group "Everything" names the tag "Thigns", which is neither declared under `tags` nor used by any operation.',
    );
    expect(error.pointer).toBe('/x-tagGroups/0/tags/1');
    expect(error.position).toEqual({ line: 15, column: 20 });
  });

  it.each(['2027-02-30', '30/06/2027', 'next summer', '2027-6-30'])(
    'has a malformed x-sunset date (%s)',
    async (date) => {
      const text = minimalSpec.replace(
        '      operationId: listThings\n',
        `      operationId: listThings\n      deprecated: true\n      x-sunset: "${date}"\n`,
      );
      const error = onlyError(await problemsOf(text));
      expect(error.message).toBe(`\`x-sunset\` is "${date}", which is not a real ISO 8601 date.`);
      expect(error.hint).toContain('YYYY-MM-DD');
      expect(error.pointer).toBe('/paths/~1things/get/x-sunset');
      expect(error.position).toEqual({ line: 10, column: 7 });
    },
  );

  it('names a successor that does not exist', async () => {
    const text = minimalSpec.replace(
      '      operationId: listThings\n',
      '      operationId: listThings\n      deprecated: true\n      x-successor: listThingsV2\n',
    );
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe('`x-successor` names "listThingsV2", but no operation has that operationId.');
  });

  it('has a path parameter missing from the operation', async () => {
    const text = minimalSpec.replace('  /things:', '  /things/{thingId}:');
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe(
      'The path /things/{thingId} has {thingId}, but the operation declares no path parameter "thingId".',
    );
  });

  it('names a security scheme that is not defined', async () => {
    const text = `${minimalSpec}security:
  - ApiKey: []
`;
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe(
      'The security requirement names "ApiKey", which is not defined under components.securitySchemes.',
    );
  });

  it('has an unknown field, naming it and where it is', async () => {
    const text = minimalSpec.replace('      tags: [Things]\n', '      tags: [Things]\n      sumary: Misspelt\n');
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe('`sumary` is not a field OpenAPI 3.0 allows here.');
    expect(error.pointer).toBe('/paths/~1things/get/sumary');
    expect(error.position).toEqual({ line: 10, column: 7 });
  });

  it('has a parameter in an impossible place, folded into one message', async () => {
    const text = minimalSpec.replace(
      '      tags: [Things]\n',
      '      tags: [Things]\n      parameters:\n        - name: q\n          in: qury\n          schema:\n            type: string\n',
    );
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe('`in` is the text "qury"; it must be one of: path, query, header, cookie.');
    expect(error.pointer).toBe('/paths/~1things/get/parameters/0/in');
  });

  it('has an operation without responses', async () => {
    const text = minimalSpec.replace(
      "      responses:\n        '200':\n          description: OK\n",
      '      responses: {}\n',
    );
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe('`responses` is empty; it needs at least 1 entry.');
    expect(error.pointer).toBe('/paths/~1things/get/responses');
  });

  it('reports every problem at once, not just the first', async () => {
    const text = minimalSpec
      .replace('  version: 1.0.0', '  version: [1]')
      .replace(
        "        '200':",
        "        '200':\n          content:\n            text/plain:\n              schema:\n                $ref: '#/nowhere'",
      );
    const problems = await problemsOf(text);
    expect(problems.map((p) => p.pointer).sort()).toEqual([
      '/info/version',
      '/paths/~1things/get/responses/200/content/text~1plain/schema/$ref',
    ]);
  });
});

describe('the report a docs writer reads', () => {
  it('gives file:line:column, the pointer, the message and the hint', async () => {
    const problems = await problemsOf(minimalSpec.replace('  title: Tiny\n', '  title: Tiny\n  title: Again\n'));
    expect(formatProblems('spec/openapi.yaml', problems)).toBe(
      [
        'The API description spec/openapi.yaml has 1 error; nothing was built.',
        '',
        'spec/openapi.yaml:4:3  error  at (document root)',
        '  The file is not valid YAML: Map keys must be unique.',
        '  Hint: Each key may appear once in a mapping; remove or rename the repeated one.',
      ].join('\n'),
    );
  });
});
