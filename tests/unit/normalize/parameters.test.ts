/** src/openapi/normalize/parameters.ts: a parameter that is not one is refused where it is written. */
import { describe, expect, it } from 'vitest';
import { minimalSpec, onlyError, problemsOf } from '../support/check.ts';

describe('parameters', () => {
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
});
