/**
 * Servers written without a scheme or a host: where the samples and the console send, and the build's warning
 * when a server names no host and the build does not know the site's address.
 */
import { describe, expect, it } from 'vitest';
import { absoluteServerUrl, apiHostPlaceholder, serverAddress } from '../../src/openapi/index.ts';
import { publishedDescriptionUrl } from '../../src/reference/shared/description-address.ts';
import { modelOf } from './support/check.ts';

const server = (url: string, variables: { name: string; default: string }[] = []) => ({ url, variables });

describe('a server address', () => {
  it('is https for a scheme-relative server, and as written for an absolute one', () => {
    expect(absoluteServerUrl('//petstore.swagger.io/v2')).toBe('https://petstore.swagger.io/v2');
    expect(absoluteServerUrl('http://localhost:4010')).toBe('http://localhost:4010');
    expect(absoluteServerUrl('{base}/v1')).toBeUndefined();
  });

  it("is resolved against the description's address as OpenAPI says, or not at all", () => {
    const at = 'https://docs.example.com/docs/openapi.json';
    expect(absoluteServerUrl('/v1.56', at)).toBe('https://docs.example.com/v1.56');
    expect(absoluteServerUrl('v1', at)).toBe('https://docs.example.com/docs/v1');
    expect(absoluteServerUrl('/', at)).toBe('https://docs.example.com/');
    expect(absoluteServerUrl('/v1')).toBeUndefined();
    expect(absoluteServerUrl('/v1', 'not a url')).toBeUndefined();
  });

  it('for samples is always absolute: the placeholder host where nothing else is known', () => {
    expect(serverAddress(server('/v1.56/'))).toBe(`${apiHostPlaceholder}/v1.56`);
    expect(serverAddress(undefined)).toBe(apiHostPlaceholder);
    expect(serverAddress(server('{base}/x', [{ name: 'base', default: '//api.example.com' }]))).toBe(
      'https://api.example.com/x',
    );
  });
});

describe("the site's published description address", () => {
  it('is under the site when its URL is known, none for the placeholder site', () => {
    expect(publishedDescriptionUrl('https://docs.example.com')).toBe('https://docs.example.com/openapi.json');
    expect(publishedDescriptionUrl('https://portal.invalid')).toBeUndefined();
    expect(publishedDescriptionUrl('not a url')).toBeUndefined();
    expect(publishedDescriptionUrl('javascript:alert(1)')).toBeUndefined();
  });
});

describe('a server that names no host', () => {
  const paths = `paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: OK
`;
  const head = `openapi: 3.0.3
info:
  title: Tiny
  version: 1.0.0
`;

  it('is told at its line, once, with a count', async () => {
    const model = await modelOf(`${head}servers:
  - url: https://api.example.com
  - url: /v1
${paths.replace('    get:', `    servers:\n      - url: v2\n    get:`)}`);
    expect(model.hostlessServers).toMatchObject({
      severity: 'warning',
      pointer: '/servers/1/url',
      position: { line: 7 },
    });
    expect(model.hostlessServers?.message).toContain('The server `/v1` names no host');
    expect(model.hostlessServers?.message).toContain(apiHostPlaceholder);
    expect(model.hostlessServers?.message).toContain('the live console has no API host to call');
    expect(model.hostlessServers?.message).toContain('2 places name no host');
    expect(model.hostlessServers?.hint).toContain('SITE_URL');
    // Not among the warnings every build prints: only a build that does not know the site's address says it.
    expect(model.warnings).toEqual([]);
  });

  it('is told for a description with no server at all', async () => {
    const model = await modelOf(`${head}${paths}`);
    expect(model.hostlessServers).toMatchObject({ pointer: '' });
    expect(model.hostlessServers?.message).toContain('names no server');
  });

  it('is told at the basePath of a Swagger 2.0 description without a host', async () => {
    const model = await modelOf(`swagger: '2.0'
info:
  title: Engine
  version: '1.56'
basePath: /v1.56
${paths}`);
    expect(model.servers.map((s) => s.url)).toEqual(['/v1.56']);
    expect(model.hostlessServers).toMatchObject({ pointer: '/basePath', position: { line: 5 } });
  });

  it('is not told when every server has a host', async () => {
    const model = await modelOf(`${head}servers:
  - url: //petstore.swagger.io/v2
  - url: 'https://{region}.example.com'
    variables:
      region: { default: eu }
${paths}`);
    expect(model.hostlessServers).toBeUndefined();
  });

  it('keeps a hostile URL visible but inert in the message', async () => {
    const model = await modelOf(`${head}servers:
  - url: "/v1'\\n\\u001b[31mred"
${paths}`);
    const message = model.hostlessServers?.message ?? '';
    expect(message).toContain(String.raw`/v1'\n\u001b[31mred`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none gets through.
    expect(message).not.toMatch(/[\n\u001b]/);
  });
});

describe('a Swagger 2.0 description with `schemes` but no `host`', () => {
  const engine = (basePath: string) => `swagger: '2.0'
info:
  title: Engine
  version: '1.56'
schemes:
  - http
  - https
${basePath}paths:
  /containers/json:
    get:
      operationId: ContainerList
      responses:
        '200':
          description: OK
`;

  it('is valid 2.0: no warning that 3.0 has no `schemes`, the docs host instead', async () => {
    for (const basePath of ['basePath: /v1.56\n', '']) {
      const model = await modelOf(engine(basePath));
      expect(model.warnings.map((w) => w.message).join('\n')).not.toContain('schemes');
      expect(model.source).not.toHaveProperty('schemes');
      expect(model.hostlessServers?.message).toContain(
        'The description has no `host`, which Swagger 2.0 reads as the host that serves the description',
      );
    }
  });

  it('is told at its basePath, else at its schemes', async () => {
    expect((await modelOf(engine('basePath: /v1.56\n'))).hostlessServers).toMatchObject({
      pointer: '/basePath',
      position: { line: 8 },
    });
    expect((await modelOf(engine(''))).hostlessServers).toMatchObject({ pointer: '/schemes', position: { line: 5 } });
  });
});

describe('a description nothing is sent to', () => {
  it('is not told about its servers: models only, or webhooks only', async () => {
    const modelsOnly = await modelOf(`openapi: 3.0.3
info: { title: Catalogue, version: 1.0.0 }
paths: {}
components:
  schemas:
    Thing: { type: object, properties: { id: { type: string } } }
`);
    expect(modelsOnly.hostlessServers).toBeUndefined();
    const hooks = await modelOf(`openapi: 3.1.0
info: { title: Hooks, version: 1.0.0 }
webhooks:
  ping:
    post:
      operationId: ping
      responses: { '200': { description: OK } }
`);
    expect(hooks.hostlessServers).toBeUndefined();
  });
});
