/**
 * Swagger 2.0 in (src/openapi/swagger2.ts): converted on load into the model 3.0, 3.1 and 3.2 give, with what 3.0
 * cannot say as a warning, and every problem at its place in the 2.0 file as written.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { formatProblems, loadApiModel } from '../../src/openapi/index.ts';
import { convertSwagger2 } from '../../src/openapi/swagger2.ts';
import { modelOf, onlyError, problemsOf } from './support/check.ts';
import { root } from './support/programs.ts';

const fixture = path.join(root, 'tests/fixtures/swagger-2.0/openapi.yaml');

describe('a Swagger 2.0 description', () => {
  it('becomes the same model as OpenAPI 3: servers, media types, form and file bodies, security schemes', async () => {
    const model = await loadApiModel(fixture);
    expect(model.convertedFrom).toBe('swagger-2.0');
    expect(model.servers.map((s) => s.url)).toEqual([
      'https://api.kennels.example/v2',
      'http://api.kennels.example/v2',
    ]);

    const byId = (id: string) => model.operations.find((o) => o.operationId === id);
    // consumes → the body's media type; produces → the responses' (an operation's own wins over the document's).
    expect(byId('bookStay')?.requestBody?.content.map((c) => c.mediaType)).toEqual(['application/json']);
    expect(byId('bookStay')?.requestBody?.required).toBe(true);
    expect(byId('getStay')?.responses[0]?.content.map((c) => c.mediaType)).toEqual([
      'application/json',
      'application/xml',
    ]);
    expect(byId('listStays')?.responses[0]?.content.map((c) => c.mediaType)).toEqual(['application/json']);
    // A shared response keeps the document's media types.
    expect(
      byId('cancelStay')
        ?.responses.find((r) => r.status === '404')
        ?.content.map((c) => c.mediaType),
    ).toEqual(['application/json']);

    // formData → a form body; a `file` parameter → a binary field of a multipart body.
    const notes = byId('addNote')?.requestBody?.content[0];
    expect(notes?.mediaType).toBe('application/x-www-form-urlencoded');
    expect(notes?.schema).toMatchObject({
      type: 'object',
      required: ['text'],
      properties: { text: { type: 'string' } },
    });
    const photo = byId('uploadPhoto')?.requestBody?.content[0];
    expect(photo?.mediaType).toBe('multipart/form-data');
    expect(photo?.schema).toMatchObject({
      properties: { photo: { type: 'string', format: 'binary' } },
      required: ['photo'],
    });
    // Path-level parameters, shared ones and a collection format.
    expect(byId('getStay')?.parameters.map((p) => `${p.in} ${p.name}`)).toEqual(['path stayId']);
    expect(byId('listStays')?.parameters.map((p) => `${p.in} ${p.name}`)).toEqual(['query pageSize', 'query kennels']);

    const schemes = Object.fromEntries(model.securitySchemes.map((s) => [s.key, s]));
    expect(schemes.basicAuth).toMatchObject({ type: 'http', httpScheme: 'basic' });
    expect(schemes.apiKey).toMatchObject({ type: 'apiKey', apiKey: { in: 'header', name: 'X-Api-Key' } });
    expect(schemes.oauth?.oauthFlows).toEqual([
      {
        flow: 'authorizationCode',
        authorizationUrl: 'https://auth.kennels.example/authorize',
        tokenUrl: 'https://auth.kennels.example/token',
        scopes: [
          { name: 'stays:read', description: 'Read stays' },
          { name: 'stays:write', description: 'Book and cancel stays' },
        ],
      },
    ]);
    // Definitions are model schemas; x-nullable and a string discriminator read as 3.0 writes them.
    expect(model.schemas.map((s) => s.name)).toEqual(['NewStay', 'Stay', 'Pet', 'Dog', 'Photo', 'Error']);
    const source = model.source as { components: { schemas: Record<string, Record<string, unknown>> } };
    expect(source.components.schemas.Pet?.discriminator).toEqual({ propertyName: 'kind' });
    expect(model.warnings).toEqual([]);
  });

  it('downloads as the OpenAPI 3.0 it was converted to', async () => {
    const model = await loadApiModel(fixture);
    expect(Object.keys(model.source).slice(0, 3)).toEqual(['openapi', 'info', 'servers']);
    expect(model.source.swagger).toBeUndefined();
  });

  it('refuses a broken 2.0 file at the line in the file as written', async () => {
    const text = readFileSync(fixture, 'utf8').replace(
      '      operationId: getStay\n',
      '      operationId: getStay\n      consumes: json\n',
    );
    const error = onlyError(await problemsOf(text));
    expect(error.pointer).toBe('/paths/~1stays~1{stayId}/get/consumes');
    expect(error.message).toBe('`consumes` must be an array, but it is the text "json".');
    expect(error.position?.line).toBe(lineOf(text, '      consumes: json'));
  });

  it('refuses a 2.0 $ref that leads nowhere, at its line', async () => {
    const text = readFileSync(fixture, 'utf8').replace('$ref: "#/definitions/Photo"', '$ref: "#/definitions/Foto"');
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe('The reference "#/definitions/Foto" points at nothing in this file.');
    expect(error.position?.line).toBe(lineOf(text, '$ref: "#/definitions/Foto"'));
  });

  it('warns about what 3.0 cannot say, at its line in the 2.0 file', async () => {
    const text = readFileSync(fixture, 'utf8').replace('collectionFormat: multi', 'collectionFormat: tsv');
    const model = await modelOf(text);
    expect(model.warnings).toHaveLength(1);
    const [warning] = model.warnings;
    expect(warning?.message).toMatch(/^`collectionFormat: tsv` has no OpenAPI 3 equivalent for a query value/);
    expect(warning?.pointer).toBe('/paths/~1stays/get/parameters/1/collectionFormat');
    expect(warning?.position?.line).toBe(lineOf(text, 'collectionFormat: tsv'));
    expect(formatProblems('kennels.yaml', model.warnings)).toContain(
      `kennels.yaml:${lineOf(text, 'collectionFormat: tsv')}:11`,
    );
  });

  it('places problems found after the conversion in the 2.0 file', async () => {
    // A `$ref` to a shared body parameter, a relative link in a definition: found in the 3.0 document, shown at 2.0's place.
    const text = readFileSync(fixture, 'utf8').replace(
      '  Photo:\n    type: object\n',
      '  Photo:\n    type: object\n    description: See [the guide](/guides/photos).\n',
    );
    const model = await modelOf(text);
    const warning = model.warnings.find((w) => w.message.includes('relative'));
    expect(warning?.pointer).toBe('/definitions/Photo/description');
    expect(warning?.position?.line).toBe(lineOf(text, '    description: See [the guide]'));
  });

  it('maps places in the 3.0 document back to the 2.0 one', () => {
    const original = JSON.parse(JSON.stringify(loadYaml(readFileSync(fixture, 'utf8')))) as Record<string, unknown>;
    const { toOriginal } = convertSwagger2(original);
    expect(toOriginal('/servers/0/url')).toBe('/host');
    expect(toOriginal('/components/schemas/Pet/properties/kind')).toBe('/definitions/Pet/properties/kind');
    expect(toOriginal('/components/securitySchemes/oauth/flows')).toBe('/securityDefinitions/oauth');
    expect(toOriginal('/components/parameters/pageSize/schema/maximum')).toBe('/parameters/pageSize/maximum');
    expect(toOriginal('/components/responses/NotFound/content/application~1json/schema')).toBe(
      '/responses/NotFound/schema',
    );
    expect(toOriginal('/paths/~1stays/get/parameters/1/schema/items')).toBe('/paths/~1stays/get/parameters/1/items');
    expect(toOriginal('/paths/~1stays/post/requestBody/content/application~1json/schema/required')).toBe(
      '/paths/~1stays/post/parameters/0/schema/required',
    );
    expect(
      toOriginal(
        '/paths/~1stays~1{stayId}~1photos/post/requestBody/content/multipart~1form-data/schema/properties/caption',
      ),
    ).toBe('/paths/~1stays~1{stayId}~1photos/post/parameters/1');
    expect(toOriginal('/paths/~1stays/get/responses/200/content/application~1json/schema/items')).toBe(
      '/paths/~1stays/get/responses/200/schema/items',
    );
    expect(toOriginal('/paths/~1stays/get/responses/200/headers/X-Next-Page/schema/type')).toBe(
      '/paths/~1stays/get/responses/200/headers/X-Next-Page/type',
    );
    expect(toOriginal('/paths/~1stays~1{stayId}/parameters/0')).toBe('/paths/~1stays~1{stayId}/parameters/0');
  });
});

function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at === -1) throw new Error(`${needle} is not in the text`);
  return text.slice(0, at).split('\n').length;
}

function loadYaml(text: string): unknown {
  return load(text, { schema: CORE_SCHEMA });
}
