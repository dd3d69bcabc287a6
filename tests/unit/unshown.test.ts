/** src/openapi/unshown.ts: what a description holds that the pages do not show is a warning, never silence. */
import { describe, expect, it } from 'vitest';
import { minimalSpec, modelOf } from './support/check.ts';

const unshownParts = `${minimalSpec.replace(
  '          description: OK\n',
  `          description: OK
          links:
            next:
              operationId: listThings
    post:
      operationId: addThing
      requestBody:
        content:
          multipart/form-data:
            schema: { type: object, properties: { file: { type: string, format: binary } } }
            encoding:
              file: { contentType: image/png }
      callbacks:
        done:
          '{$request.body#/callback}':
            post:
              responses: { '200': { description: OK } }
      responses:
        '201':
          description: Added
          links:
            self:
              operationId: listThings
`,
)}components:
  securitySchemes:
    login:
      type: oauth2
      flows:
        implicit:
          authorizationUrl: https://example.com/login
          scopes: { read: Read things }
`;

describe('structures the pages do not show', () => {
  // The OAuth 2 scheme, the callback and the links are shown (normalize/security.ts, paths.ts, content.ts): no warning.
  it('are each one warning, at the first place, with the count of places', async () => {
    const model = await modelOf(unshownParts);
    expect(model.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        '/paths/~1things/post/requestBody/content/multipart~1form-data/encoding',
        'A media type’s `encoding` (how each part of a multipart or form body is sent) is not shown on the pages.',
      ],
    ]);
  });

  it('are no warning where a description has none of them', async () => {
    expect((await modelOf(minimalSpec)).warnings).toEqual([]);
  });
});
