/**
 * Every class of bad description the build must refuse, with what a docs
 * writer sees: the message, the line and column, and the JSON pointer.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../src/openapi/index.ts';
import { checkSpecText } from '../../src/openapi/load-spec.ts';
import { defaultParseLimits } from '../../src/openapi/parse-source.ts';
import { minimalSpec, modelOf, onlyError, problemsOf } from './support/check.ts';
import { root } from './support/programs.ts';

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

  it('has one indentation typo, reported once: the errors that follow from it are counted, not listed', async () => {
    // The Pet Store with one path key a space short: the YAML parser reads the rest out of step (10 errors).
    const lines = readFileSync(path.join(root, 'spec/openapi.yaml'), 'utf8').split('\n');
    const typo = lines.indexOf('  /pets/{petId}:');
    lines[typo] = ' /pets/{petId}:';
    const error = onlyError(await problemsOf(lines.join('\n')));
    expect(error.position?.line).toBe(typo + 1);
    expect(error.message).toMatch(
      /^The file is not valid YAML: .+\. The \d+ errors after it follow from this one and are not listed: fix this one and check again\.$/,
    );
    expect(error.hint).toMatch(/indentation/);
  });

  it('keeps a repeated key before a syntax error: it is a mistake of its own', async () => {
    const text = minimalSpec
      .replace('  title: Tiny\n', '  title: Tiny\n  title: Again\n')
      .replace(/\npaths:/, '\n paths:');
    const problems = await problemsOf(text);
    expect(problems.map((p) => p.message.slice(0, 45))).toEqual([
      'The file is not valid YAML: Map keys must be ',
      expect.stringMatching(/^The file is not valid YAML: /),
    ]);
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

  it.each([
    ['4.0.0', 'The description says `openapi: 4.0.0`; the portal reads OpenAPI 3.0.x, 3.1.x and 3.2.x.'],
    ['2.0', 'The description says `openapi: 2.0`; the portal reads OpenAPI 3.0.x, 3.1.x and 3.2.x.'],
    ['3.0', 'The description says `openapi: 3.0`; the portal reads OpenAPI 3.0.x, 3.1.x and 3.2.x.'],
  ])('declares OpenAPI %s', async (version, message) => {
    const error = onlyError(await problemsOf(minimalSpec.replace('openapi: 3.0.3', `openapi: "${version}"`)));
    expect(error.message).toBe(message);
    expect(error.position).toEqual({ line: 1, column: 1 });
  });

  it('is a Swagger file of a version other than 2.0', async () => {
    const error = onlyError(await problemsOf(minimalSpec.replace('openapi: 3.0.3', 'swagger: "1.2"')));
    expect(error.message).toBe(
      'The description says `swagger: 1.2`; the portal reads Swagger 2.0 and OpenAPI 3.0, 3.1 and 3.2.',
    );
    expect(error.position).toEqual({ line: 1, column: 1 });
  });

  it('names a successor that does not exist', async () => {
    const text = minimalSpec.replace(
      '      operationId: listThings\n',
      '      operationId: listThings\n      deprecated: true\n      x-successor: listThingsV2\n',
    );
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe('`x-successor` names "listThingsV2", but no operation has that operationId.');
  });

  it('has a path parameter missing from the operation (under --strict; a warning otherwise)', async () => {
    const text = minimalSpec.replace('  /things:', '  /things/{thingId}:');
    const result = await checkSpecText(text, undefined, { strict: true });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(onlyError(result.problems).message).toBe(
        'The path /things/{thingId} has {thingId}, but the operation declares no path parameter "thingId"; the page shows the path as written.',
      );
    }
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

describe('a description with small mistakes still builds, with a warning for each (issue 17, item 6)', () => {
  const mistakes = `openapi: 3.0.3
info:
  title: Tiny
  version: 1.0.0
  termsOfService: "see our site"
paths:
  /things?kind=all:
    get:
      operationId: listThings
      tags: [Things]
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: string
                pattern: 5
  /others:
    get:
      operationId: listThings
      tags: [Things]
      responses:
        '200':
          description: OK
x-tagGroups:
  - name: Everything
    tags: [Things, Thigns]
`;

  it('draws every page it can and says what it made of each mistake, where', async () => {
    const model = await modelOf(mistakes);
    expect(model.operations.map((o) => [o.operationId, o.path])).toEqual([
      ['listThings', '/things?kind=all'],
      ['listThings_2', '/others'],
    ]);
    expect(new Set(model.operations.map((o) => o.slug)).size).toBe(2);
    expect(model.tagGroups).toEqual([{ name: 'Everything', tags: ['Things'] }]);
    expect(model.warnings.map((w) => [w.pointer, w.message, w.position?.line])).toEqual([
      [
        '/info/termsOfService',
        '`termsOfService` is the text "see our site", which is not a URL; it is not made a link.',
        5,
      ],
      [
        '/paths/~1things?kind=all/get/responses/200/content/application~1json/schema/pattern',
        '`pattern` must be a string, but it is a number (5); it is not shown.',
        18,
      ],
      [
        '/paths/~1things?kind=all',
        'The path /things?kind=all holds a query string, which a path may not; it is shown as written.',
        7,
      ],
      [
        '/paths/~1others/get/operationId',
        'The operationId "listThings" is used twice: by GET /things?kind=all and by GET /others, which is called "listThings_2" here.',
        21,
      ],
      [
        '/x-tagGroups/0/tags/1',
        'The group "Everything" names the tag "Thigns", which is neither declared under `tags` nor used by any operation; it is left out.',
        28,
      ],
    ]);
  });

  it('has an operationId too long for a file name: its page gets a shortened slug, not ENAMETOOLONG', async () => {
    const long = `${'ListAllThePetsThatAreAvailable'.repeat(10)}Xyz`;
    const model = await modelOf(minimalSpec.replace('operationId: listThings', `operationId: ${long}`));
    const [operation] = model.operations;
    expect(operation?.operationId).toBe(long);
    expect(operation?.slug).toBe(
      'things/list-all-the-pets-that-are-available-list-all-the-pets-that-are-available-list-all-the-pets-obnq68',
    );
  });

  it('refuses each of them when strict', async () => {
    const result = await checkSpecText(mistakes, defaultParseLimits, { strict: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.severity)).toEqual(['error', 'error', 'error', 'error', 'error']);
  });
});
