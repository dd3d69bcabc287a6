/** src/openapi/normalize/error-codes.ts: the error catalog (x-error-codes) against the examples that use it. */
import { describe, expect, it } from 'vitest';
import { modelOf } from '../support/check.ts';

describe('the error catalog', () => {
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
});
