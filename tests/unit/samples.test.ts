/** Code samples: operation → HAR request → curl, JavaScript, Python and Go, and x-codeSamples winning. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiModel,
  type ApiOperation,
  apiHostPlaceholder,
  exampleRequest,
  loadApiModel,
  resolveSpecPath,
} from '../../src/openapi/index.ts';
import {
  bodyText,
  type CodeSample,
  codeSamples,
  generatedSamples,
  type HarRequest,
  harRequest,
  languageOf,
  pythonLiteral,
  withHandWrittenSamples,
} from '../../src/openapi/samples.ts';
import { operationOutline, outlineHeadings } from '../../src/reference/pages/operation-outline.ts';
import { modelOf } from './support/check.ts';

const root = path.resolve(import.meta.dirname, '../..');

let model: ApiModel;
beforeAll(async () => {
  model = await loadApiModel(resolveSpecPath(root, {}));
});

function operation(from: ApiModel, operationId: string): ApiOperation {
  const found = from.operations.find((o) => o.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
}

function sample(samples: readonly CodeSample[], id: string): string {
  const found = samples.find((s) => s.id === id);
  if (!found) throw new Error(`no sample ${id} among ${samples.map((s) => s.id).join(', ')}`);
  return found.code;
}

/** A one-operation description written as JSON (which is YAML), so test strings need no YAML quoting. */
async function modelWith(op: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<ApiModel> {
  const { path: opPath = '/things', method = 'post', ...fields } = op;
  return modelOf(
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Tiny', version: '1.0.0' },
      servers: [{ url: 'https://example.test/v1/' }],
      paths: {
        [String(opPath)]: {
          [String(method)]: { operationId: 'op', responses: { 200: { description: 'OK' } }, ...fields },
        },
      },
      ...extra,
    }),
  );
}

/** What a JavaScript sample passes to fetch, when run with a fake one. */
function runFetchSample(code: string): { url: string; init: { method?: string; headers?: unknown; body?: string } } {
  let call: { url: string; init: { method?: string; headers?: unknown; body?: string } } | undefined;
  runInNewContext(code, {
    JSON,
    fetch: (url: string, init: { method?: string; headers?: unknown; body?: string } = {}) => {
      call = { url, init };
    },
  });
  if (!call) throw new Error('the sample did not call fetch');
  return call;
}

describe('on the Pet Store description', () => {
  it('builds createPet as a HAR request: server default, example body, placeholder key', () => {
    const request = harRequest(model, operation(model, 'createPet'));
    expect(request).toEqual({
      method: 'POST',
      url: 'https://api.petstore.dev/pets',
      httpVersion: 'HTTP/1.1',
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'X-API-Key', value: 'YOUR_API_KEY' },
      ],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 40,
      postData: { mimeType: 'application/json', text: '{\n  "name": "Bella",\n  "categoryId": 1\n}' },
    } satisfies HarRequest);
  });

  it('offers curl, JavaScript, Python and Go, in that order', () => {
    const samples = codeSamples(model, operation(model, 'createPet'));
    expect(samples.map(({ id, label, language, source }) => ({ id, label, language, source }))).toEqual([
      { id: 'curl', label: 'curl', language: 'bash', source: 'generated' },
      { id: 'javascript', label: 'JavaScript', language: 'javascript', source: 'generated' },
      { id: 'python', label: 'Python', language: 'python', source: 'generated' },
      { id: 'go', label: 'Go', language: 'go', source: 'generated' },
    ]);
  });

  it('writes createPet in curl', () => {
    expect(sample(codeSamples(model, operation(model, 'createPet')), 'curl')).toBe(
      [
        'curl https://api.petstore.dev/pets \\',
        '  --request POST \\',
        "  --header 'Content-Type: application/json' \\",
        "  --header 'X-API-Key: YOUR_API_KEY' \\",
        "  --data '{",
        '  "name": "Bella",',
        '  "categoryId": 1',
        "}'",
      ].join('\n'),
    );
  });

  it('writes createPet in JavaScript, and the code sends the example when run', () => {
    const code = sample(codeSamples(model, operation(model, 'createPet')), 'javascript');
    expect(code).toContain("fetch('https://api.petstore.dev/pets', {");
    expect(code).toContain("method: 'POST'");
    expect(code).toContain("'X-API-Key': 'YOUR_API_KEY'");
    expect(code).toContain("body: JSON.stringify({\n    name: 'Bella',\n    categoryId: 1\n  })");
    const { url, init } = runFetchSample(code);
    expect(url).toBe('https://api.petstore.dev/pets');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'X-API-Key': 'YOUR_API_KEY' });
    expect(JSON.parse(init.body ?? '')).toEqual({ name: 'Bella', categoryId: 1 });
  });

  it('writes createPet in Python with requests, import included', () => {
    const code = sample(codeSamples(model, operation(model, 'createPet')), 'python');
    expect(code).toBe(
      [
        'import requests',
        '',
        'requests.post("https://api.petstore.dev/pets",',
        '    headers={',
        '      "Content-Type": "application/json",',
        '      "X-API-Key": "YOUR_API_KEY"',
        '    },',
        '    json={',
        '      "name": "Bella",',
        '      "categoryId": 1',
        '    }',
        ')',
      ].join('\n'),
    );
  });

  it('writes createPet in Go with net/http', () => {
    const code = sample(codeSamples(model, operation(model, 'createPet')), 'go');
    expect(code).toMatch(/^package main\n/);
    expect(code).toContain('requestUrl := "https://api.petstore.dev/pets"');
    expect(code).toContain('payload := strings.NewReader(`{\n  "name": "Bella",\n  "categoryId": 1\n}`)');
    expect(code).toContain('http.NewRequest("POST", requestUrl, payload)');
    expect(code).toContain('req.Header.Add("X-API-Key", "YOUR_API_KEY")');
    expect(code).toContain('req.Header.Add("Content-Type", "application/json")');
    expect(code).toMatch(/fmt\.Println\(string\(body\)\)\n\}$/);
  });

  it('fills the path parameter of getPet from its example, with no body or method flag', () => {
    const samples = codeSamples(model, operation(model, 'getPet'));
    expect(sample(samples, 'curl')).toBe(
      "curl https://api.petstore.dev/pets/1 \\\n  --header 'X-API-Key: YOUR_API_KEY'",
    );
    expect(sample(samples, 'javascript')).toContain("fetch('https://api.petstore.dev/pets/1', {");
    expect(sample(samples, 'javascript')).not.toContain('method:');
    expect(sample(samples, 'python')).toContain('requests.get("https://api.petstore.dev/pets/1",');
    expect(sample(samples, 'go')).toContain('http.NewRequest("GET", requestUrl, nil)');
  });

  it('calls listPets and getPetDetails without their optional filters and conditional header', () => {
    const list = harRequest(model, operation(model, 'listPets'));
    expect(operation(model, 'listPets').parameters.filter((p) => p.in === 'query').length).toBeGreaterThan(0);
    expect(list.url).toBe('https://api.petstore.dev/pets');
    expect(list.queryString).toEqual([]);
    const curl = sample(codeSamples(model, operation(model, 'getPetDetails')), 'curl');
    expect(curl).not.toContain('If-None-Match');
  });

  it('uses another server and a given key only when asked', () => {
    const sandbox = model.servers.find((s) => s.url.startsWith('http://localhost'));
    if (!sandbox) throw new Error('the description lists no sandbox server');
    const request = harRequest(model, operation(model, 'getPet'), { server: sandbox, apiKey: 'demo-free-key' });
    expect(request.url).toBe('http://localhost:4010/pets/1');
    expect(request.headers).toContainEqual({ name: 'X-API-Key', value: 'demo-free-key' });
  });

  it('gives every operation four filled-in samples that show no real key', () => {
    const demoKeys = model.servers.flatMap((s) => s.demoKeys ?? []).map((k) => k.key);
    expect(demoKeys.length).toBeGreaterThan(0);
    for (const op of model.operations) {
      const request = harRequest(model, op);
      // The production API's address, or the operation's own server where it names one (createSandboxKey).
      const base = op.operationId === 'createSandboxKey' ? 'http://localhost:4010' : 'https://api.petstore.dev';
      expect(request.url.startsWith(`${base}/`) && !/[{}]/.test(request.url), `${op.operationId}: ${request.url}`).toBe(
        true,
      );
      const samples = codeSamples(model, op);
      expect(samples.map((s) => s.id)).toEqual(['curl', 'javascript', 'python', 'go']);
      for (const { code } of samples) {
        // An operation that needs no key shows none.
        if (op.security.length > 0) expect(code).toContain('YOUR_API_KEY');
        else expect(code).not.toContain('X-API-Key');
        for (const key of demoKeys) expect(code, op.operationId).not.toContain(key);
      }
    }
  });
});

describe('on small descriptions', () => {
  const thingBody = {
    required: true,
    content: { 'application/json': { schema: { type: 'object' }, example: { name: 'Thing' } } },
  };

  it('lets x-codeSamples replace a generated language and add others', async () => {
    const small = await modelWith({
      requestBody: thingBody,
      'x-codeSamples': [
        { lang: 'Shell', label: 'cURL (by hand)', source: 'curl -X POST https://example.test/v1/things' },
        { lang: 'Node', source: 'await client.things.create()' },
        { lang: 'Ruby', label: 'Ruby SDK', source: 'Client.new.things.create' },
        { lang: 'sh', label: 'HTTPie', source: 'http POST example.test/v1/things' },
        { lang: 'MadeUpLang', source: '???' },
      ],
    });
    const samples = codeSamples(small, operation(small, 'op'));
    expect(samples.map(({ id, label, language, source }) => ({ id, label, language, source }))).toEqual([
      { id: 'curl', label: 'cURL (by hand)', language: 'bash', source: 'x-codeSamples' },
      { id: 'javascript', label: 'JavaScript', language: 'javascript', source: 'x-codeSamples' },
      { id: 'python', label: 'Python', language: 'python', source: 'generated' },
      { id: 'go', label: 'Go', language: 'go', source: 'generated' },
      { id: 'ruby', label: 'Ruby SDK', language: 'ruby', source: 'x-codeSamples' },
      { id: 'sh', label: 'HTTPie', language: 'bash', source: 'x-codeSamples' },
      { id: 'made-up-lang', label: 'MadeUpLang', language: 'madeuplang', source: 'x-codeSamples' },
    ]);
    expect(sample(samples, 'curl')).toBe('curl -X POST https://example.test/v1/things');
    expect(sample(samples, 'javascript')).toBe('await client.things.create()');
    expect(sample(samples, 'python')).toContain('json={\n      "name": "Thing"\n    }');
  });

  it.each([
    ['shell', 'bash'],
    ['SH', 'bash'],
    ['curl', 'bash'],
    ['js', 'javascript'],
    ['node', 'javascript'],
    ['py', 'python'],
    ['golang', 'go'],
    ['Go', 'go'],
    ['csharp', 'csharp'],
    ['Klingon', 'klingon'],
  ])('reads the x-codeSamples lang %s as %s', (lang, language) => {
    expect(languageOf(lang)).toBe(language);
  });

  it('keeps generated samples when no entry matches, and ids unique', () => {
    const generated = generatedSamples(harRequest(model, operation(model, 'getPet')));
    const merged = withHandWrittenSamples(generated, [
      { lang: 'curl', source: 'a' },
      { lang: 'curl', source: 'b' },
      { lang: 'curl', source: 'c' },
    ]);
    expect(merged.map((s) => s.id)).toEqual(['curl', 'javascript', 'python', 'go', 'curl-2', 'curl-3']);
    expect(merged.map((s) => s.code).filter((code) => code.length === 1)).toEqual(['a', 'b', 'c']);
  });

  it('gives a path parameter without an example a placeholder of its type', async () => {
    const small = await modelWith({
      path: '/shops/{shopId}/things/{name}/{kind}/{size}',
      method: 'get',
      parameters: [
        { name: 'shopId', in: 'path', required: true, schema: { type: 'integer' } },
        { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'kind', in: 'path', required: true, schema: { type: 'string', enum: ['toy', 'food'] } },
        { name: 'size', in: 'path', required: true, schema: { type: 'string', default: 'large' } },
      ],
    });
    expect(harRequest(small, operation(small, 'op')).url).toBe('https://example.test/v1/shops/1/things/name/toy/large');
  });

  it('takes a path parameter from its schema example through a $ref', async () => {
    const small = await modelWith(
      {
        path: '/things/{thingId}',
        method: 'get',
        parameters: [{ name: 'thingId', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } }],
      },
      { components: { schemas: { Id: { type: 'string', example: 'th_42' } } } },
    );
    expect(harRequest(small, operation(small, 'op')).url).toBe('https://example.test/v1/things/th_42');
  });

  it('sends required query and header parameters and leaves out optional ones, even those with examples', async () => {
    const small = await modelWith({
      method: 'get',
      parameters: [
        { name: 'page', in: 'query', schema: { type: 'integer', default: 1 } },
        { name: 'sort', in: 'query', schema: { type: 'string' }, example: 'name' },
        { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'tag', in: 'query', schema: { type: 'array', items: { type: 'string' } }, example: ['a', 'b c'] },
        { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
        { name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' }, example: 'acme' },
        { name: 'X-Region', in: 'header', schema: { type: 'string' }, example: 'eu' },
        { name: 'Accept', in: 'header', schema: { type: 'string' }, example: 'text/csv' },
      ],
    });
    const request = harRequest(small, operation(small, 'op'));
    expect(request.url).toBe('https://example.test/v1/things?q=q');
    expect(request.headers).toEqual([{ name: 'X-Tenant', value: 'acme' }]);
  });

  it('writes required query parameters into every language, Python as a params dict', async () => {
    const small = await modelWith({
      method: 'get',
      parameters: [
        { name: 'limit', in: 'query', required: true, schema: { type: 'integer' }, example: 20 },
        { name: 'status', in: 'query', required: true, schema: { type: 'string', enum: ['available', 'sold'] } },
      ],
    });
    const request = harRequest(small, operation(small, 'op'));
    expect(request.queryString).toEqual([
      { name: 'limit', value: '20' },
      { name: 'status', value: 'available' },
    ]);
    const samples = codeSamples(small, operation(small, 'op'));
    const url = 'https://example.test/v1/things?limit=20&status=available';
    expect(sample(samples, 'curl')).toContain(`curl '${url}'`);
    expect(sample(samples, 'javascript')).toContain(`fetch('${url}'`);
    // requests encodes a params dict itself, so Python gets the bare URL and the dict.
    expect(sample(samples, 'python')).toContain('requests.get("https://example.test/v1/things",');
    expect(sample(samples, 'python')).toContain('"status": "available"');
    expect(sample(samples, 'go')).toContain(`requestUrl := "${url}"`);
  });

  it('sends no credential without security, and each scheme where it belongs', async () => {
    const schemes = {
      QueryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
      Bearer: { type: 'http', scheme: 'bearer' },
    };
    const open = await modelWith({ method: 'get' });
    expect(harRequest(open, operation(open, 'op')).headers).toEqual([]);

    const secured = await modelWith(
      { method: 'get', security: [{ QueryKey: [], Bearer: [] }] },
      { components: { securitySchemes: schemes } },
    );
    const request = harRequest(secured, operation(secured, 'op'), { apiKey: 'k-123' });
    expect(request.url).toBe('https://example.test/v1/things?api_key=k-123');
    expect(request.headers).toEqual([{ name: 'Authorization', value: 'Bearer YOUR_TOKEN' }]);
  });

  it('takes the body from the schema example when the media type has none', async () => {
    const small = await modelWith(
      {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
      },
      { components: { schemas: { Thing: { type: 'object', example: { name: 'From schema', ok: true } } } } },
    );
    expect(harRequest(small, operation(small, 'op')).postData).toEqual({
      mimeType: 'application/json',
      text: '{\n  "name": "From schema",\n  "ok": true\n}',
    });
  });

  it('fills server variables with their defaults', async () => {
    const withVariables = await modelWith(
      { method: 'get' },
      {
        servers: [
          {
            url: 'https://{region}.example.test/{version}',
            variables: { region: { default: 'eu' }, version: { default: 'v2' } },
          },
        ],
      },
    );
    expect(harRequest(withVariables, operation(withVariables, 'op')).url).toBe('https://eu.example.test/v2/things');
  });

  it('writes Python literals, not JSON, even for words inside strings', () => {
    expect(pythonLiteral({ a: true, b: [null, false], s: 'x: true, y: null,' })).toBe(
      '{\n  "a": True,\n  "b": [\n    None,\n    False\n  ],\n  "s": "x: true, y: null,"\n}',
    );
  });
});

describe('a server written without a scheme or a host', () => {
  const curlOf = (model: ApiModel, options: { descriptionUrl?: string } = {}) =>
    sample(codeSamples(model, operation(model, 'op'), options), 'curl');
  const get = (servers?: unknown[]) =>
    modelOf(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Tiny', version: '1.0.0' },
        ...(servers ? { servers } : {}),
        paths: { '/things': { get: { operationId: 'op', responses: { 200: { description: 'OK' } } } } },
      }),
    );

  it("is sent over https when written scheme-relative (Redoc's `//petstore.swagger.io/v2`), in every language", async () => {
    const model = await get([{ url: '//petstore.swagger.io/v2' }]);
    expect(harRequest(model, operation(model, 'op')).url).toBe('https://petstore.swagger.io/v2/things');
    for (const { id, code } of codeSamples(model, operation(model, 'op'))) {
      expect(code, id).toContain('https://petstore.swagger.io/v2/things');
      expect(code, id).not.toMatch(/["'`]\/\/petstore/);
    }
    expect(curlOf(model)).toMatch(/^curl https:\/\/petstore\.swagger\.io\/v2\/things$/);
  });

  it("is resolved against the description's published address when the build knows it", async () => {
    const descriptionUrl = 'https://docs.example.com/docs/openapi.json';
    expect(curlOf(await get([{ url: '/v1.56' }]), { descriptionUrl })).toBe(
      'curl https://docs.example.com/v1.56/things',
    );
    expect(curlOf(await get([{ url: 'v2' }]), { descriptionUrl })).toBe('curl https://docs.example.com/docs/v2/things');
    // No server at all is OpenAPI's `/`: the host that serves the description.
    expect(curlOf(await get(), { descriptionUrl })).toBe('curl https://docs.example.com/things');
  });

  it('is sent to a placeholder host that says what to put there when the build does not know it', async () => {
    expect(curlOf(await get([{ url: '/v1.56' }]))).toBe(`curl ${apiHostPlaceholder}/v1.56/things`);
    expect(curlOf(await get([{ url: 'v2' }]))).toBe(`curl ${apiHostPlaceholder}/v2/things`);
    expect(curlOf(await get())).toBe(`curl ${apiHostPlaceholder}/things`);
    expect(apiHostPlaceholder).toBe('https://YOUR-API-HOST');
  });

  it('never gives a sample that starts `curl /`, however the server is written', async () => {
    for (const url of ['/', '', '/v1', '//', '///x', '//h/', '-o/etc/passwd', '.', '../up', '{base}']) {
      const model = await get([{ url, variables: url.includes('{') ? { base: { default: '/api' } } : undefined }]);
      const curl = curlOf(model);
      expect(curl, url).toMatch(/^curl '?https:\/\//);
    }
  });

  it('stays inert with quotes, spaces and line breaks in it', async () => {
    const hostile = [`//evil.test/a'b"c\nd e;$(pwned)`, `/v1'; rm -rf ~ #\n--output /tmp/x`];
    for (const url of hostile) {
      const model = await get([{ url }]);
      const samples = codeSamples(model, operation(model, 'op'), { descriptionUrl: 'https://docs.example.com/' });
      const curl = sample(samples, 'curl');
      expect(curl.split('\n'), url).toHaveLength(1);
      // One quoted word: nothing in it can end the quotes.
      expect(curl).toMatch(/^curl '[^'\n]*'$/);
      for (const { id, code } of samples) {
        expect(code, id).not.toContain("a'b");
        expect(code, id).not.toContain('"c');
        expect(code, id).not.toContain('rm -rf ~ ');
      }
      if (!url.startsWith('//')) expect(curl).toMatch(/^curl 'https:\/\/docs\.example\.com\/v1%27;%20rm/);
    }
  });
});

describe('hostile example values', () => {
  const hostile = `'; rm -rf / # </script> $(pwned) \`pwned\` \\ " : true, done`;
  let small: ApiModel;
  let request: HarRequest;
  let samples: CodeSample[];
  const body = { name: hostile, note: 'a: true, b: null,', tags: [hostile], ok: false };

  beforeAll(async () => {
    small = await modelWith({
      path: '/things/{thingId}',
      parameters: [
        { name: 'thingId', in: 'path', required: true, schema: { type: 'string' }, example: hostile },
        { name: 'q', in: 'query', required: true, schema: { type: 'string' }, example: hostile },
        {
          name: 'X-Note',
          in: 'header',
          required: true,
          schema: { type: 'string' },
          example: `${hostile}\r\nX-Injected: yes`,
        },
      ],
      requestBody: { content: { 'application/json': { schema: { type: 'object' }, example: body } } },
    });
    request = harRequest(small, operation(small, 'op'));
    samples = codeSamples(small, operation(small, 'op'));
  });

  it('percent-encodes them in the URL and keeps line breaks out of headers', () => {
    const encoded =
      '%27%3B%20rm%20-rf%20%2F%20%23%20%3C%2Fscript%3E%20%24%28pwned%29%20%60pwned%60%20%5C%20%22%20%3A%20true%2C%20done';
    expect(request.url).toBe(`https://example.test/v1/things/${encoded}?q=${encoded}`);
    expect(request.headers).toContainEqual({ name: 'X-Note', value: `${hostile}  X-Injected: yes` });
  });

  it('stays inside the quotes of the curl sample', () => {
    const curl = sample(samples, 'curl');
    expect(curl).toContain(`--header 'X-Note: '\\''; rm -rf / # </script>`);
    expect(curl).toContain(`"name": "'\\''; rm -rf / # </script> $(pwned)`);
  });

  // Bash reads the sample with `curl`, `rm` and `pwned` as harmless functions: the words curl
  // receives must be exactly the request's, and nothing else may run.
  it.skipIf(spawnSync('bash', ['--version']).status !== 0)('gives curl exactly the request when bash reads it', () => {
    const script = [
      'rm() { echo RM-RAN; }',
      'pwned() { echo PWNED; }',
      'curl() { printf \'%s\\0\' "$@"; }',
      sample(samples, 'curl'),
    ].join('\n');
    const run = spawnSync('bash', ['--noprofile', '--norc', '-c', script], { encoding: 'utf8', env: {} });
    expect(run.stderr).toBe('');
    expect(run.stdout.split('\0').slice(0, -1)).toEqual([
      request.url,
      '--request',
      'POST',
      '--header',
      'Content-Type: application/json',
      '--header',
      `X-Note: ${hostile}  X-Injected: yes`,
      '--data',
      bodyText(request),
    ]);
  });

  it('stays inside the strings of the JavaScript sample', () => {
    const { url, init } = runFetchSample(sample(samples, 'javascript'));
    expect(url).toBe(request.url);
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'X-Note': `${hostile}  X-Injected: yes` });
    expect(JSON.parse(init.body ?? '')).toEqual(body);
  });

  it('stays inside the strings of the Go sample', () => {
    const go = sample(samples, 'go');
    expect(go).toContain(`requestUrl := ${JSON.stringify(request.url)}`);
    // A backtick in the body rules out Go's raw string, so it is an escaped "…" literal.
    expect(go).toContain(`payload := strings.NewReader(${JSON.stringify(bodyText(request))})`);
    expect(go).toContain(`req.Header.Add("X-Note", ${JSON.stringify(`${hostile}  X-Injected: yes`)})`);
  });

  // Python runs the sample against a stand-in `requests` module that prints what it is given.
  it.skipIf(spawnSync('python3', ['--version']).status !== 0)(
    'sends exactly the request from Python, words like `true` inside strings untouched',
    () => {
      const fake = mkdtempSync(path.join(tmpdir(), 'samples-python-'));
      try {
        writeFileSync(
          path.join(fake, 'requests.py'),
          [
            'import json',
            'def _call(method):',
            '    def call(url, **kwargs):',
            '        print(json.dumps({"method": method, "url": url, **kwargs}))',
            '    return call',
            'get, post, put, patch, delete = (_call(m) for m in ("GET", "POST", "PUT", "PATCH", "DELETE"))',
          ].join('\n'),
        );
        const run = spawnSync('python3', ['-c', sample(samples, 'python')], {
          encoding: 'utf8',
          env: { ...process.env, PYTHONPATH: fake },
        });
        expect(run.stderr).toBe('');
        expect(JSON.parse(run.stdout)).toEqual({
          method: 'POST',
          url: request.url.split('?')[0],
          params: { q: hostile },
          headers: { 'Content-Type': 'application/json', 'X-Note': `${hostile}  X-Injected: yes` },
          json: body,
        });
      } finally {
        rmSync(fake, { recursive: true, force: true });
      }
    },
  );
});

describe('a body the description gives only field by field', () => {
  it("is built from the fields' examples in every language, leaving read-only fields out", async () => {
    const tiny = await modelOf(`openapi: 3.0.3
info: { title: Tiny, version: 1.0.0 }
servers: [{ url: 'https://api.example.com' }]
paths:
  /tasks:
    post:
      operationId: createTask
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
                data:
                  type: object
                  properties:
                    id: { type: string, readOnly: true }
                    name: { type: string, example: Buy catnip }
                    priority: { type: integer, minimum: 1, maximum: 5 }
      responses:
        '201': { description: Created. }
`);
    const operation = tiny.operations[0];
    if (!operation) throw new Error('no operation');
    const samples = codeSamples(tiny, operation);
    expect(samples.map((s) => s.id)).toEqual(['curl', 'javascript', 'python', 'go']);
    for (const sample of samples) {
      expect(sample.code, sample.id).toContain('Buy catnip');
      expect(sample.code, sample.id).toContain('priority');
      expect(sample.code, sample.id).not.toContain('"id"');
    }
  });
});

describe('a webhook’s sample', () => {
  const events = readFileSync(path.resolve(import.meta.dirname, '../fixtures/events-3.2/openapi.yaml'), 'utf8');

  it('is the HTTP message the API sends to the reader’s server, payload and all, not code that sends it', async () => {
    const model = await modelOf(events);
    const webhook = model.operations.find((o) => o.operationId === 'eventArrived');
    if (!webhook) throw new Error('no webhook');
    const [sample, ...others] = codeSamples(model, webhook);
    expect(others).toEqual([]);
    expect(sample).toMatchObject({ label: 'HTTP', language: 'http' });
    const [head, body] = (sample?.code ?? '').split('\n\n');
    expect(head?.split('\n')).toEqual([
      'POST /your-webhook-url HTTP/1.1',
      'Host: your-server.example',
      'Content-Type: application/json',
    ]);
    expect(JSON.parse(body ?? '')).toMatchObject({ id: 'evt_42', type: 'order.created', data: { orderId: 1 } });
  });

  it('is headed as a payload, and the page asks no credentials of the reader', async () => {
    const model = await modelOf(events);
    const webhook = model.operations.find((o) => o.operationId === 'eventArrived');
    if (!webhook) throw new Error('no webhook');
    const outline = operationOutline(model, webhook);
    expect(outline.requestSample.title).toBe('Payload example');
    expect(outlineHeadings(outline).map((h) => h.title)).not.toContain('Authentication');
  });

  it('carries the read-only fields the API fills in, as a response does, and no write-only ones', async () => {
    const model = await modelOf(`openapi: 3.1.0
info: { title: Hooks, version: '1' }
webhooks:
  orderPaid:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                id: { type: string, readOnly: true, example: ord_1 }
                total: { type: integer, example: 30 }
                secret: { type: string, writeOnly: true, example: hunter2 }
      responses: { '204': { description: Received } }
`);
    const webhook = model.operations.find((o) => o.webhook);
    if (!webhook) throw new Error('no webhook');
    const body = (codeSamples(model, webhook)[0]?.code ?? '').split('\n\n')[1] ?? '';
    expect(JSON.parse(body)).toEqual({ id: 'ord_1', total: 30 });
  });
});

describe('a form body', () => {
  const form = (mediaType: string, required = ['photo', 'caption', 'tags']) =>
    modelWith({
      path: '/photos',
      requestBody: {
        required: true,
        content: {
          [mediaType]: {
            schema: {
              type: 'object',
              ...(required.length > 0 ? { required } : {}),
              properties: {
                photo: { type: 'string', format: 'binary' },
                caption: { type: 'string', example: 'At the beach' },
                tags: { type: 'array', items: { type: 'string' }, example: ['sea', 'sand'] },
              },
            },
          },
        },
      },
    });
  const sample = (model: ApiModel, id: string) => {
    const operation = model.operations[0];
    if (!operation) throw new Error('no operation');
    return codeSamples(model, operation).find((s) => s.id === id)?.code ?? '';
  };

  it('is sent as a multipart form in every language, a binary field as a file to choose', async () => {
    const model = await form('multipart/form-data');
    const curl = sample(model, 'curl');
    expect(curl).toContain("--form 'photo=@path/to/photo'");
    expect(curl).toContain("--form 'caption=At the beach'");
    expect(curl).toContain("--form 'tags=sea'");
    expect(curl).toContain("--form 'tags=sand'");
    // curl writes the multipart Content-Type itself, with the boundary only it knows.
    expect(curl).not.toContain('Content-Type');
    expect(sample(model, 'python')).toContain('("photo", open("path/to/photo", "rb"))');
    expect(sample(model, 'javascript')).toContain("formData.append('caption', 'At the beach')");
    expect(sample(model, 'go')).toContain('writer.CreateFormFile("photo", "path/to/photo")');
  });

  it('is sent URL-encoded where the description asks for it, however it writes the media type', async () => {
    const model = await form('Application/x-www-form-urlencoded; charset=utf-8');
    const curl = sample(model, 'curl');
    expect(curl).toContain("--data-urlencode 'caption=At the beach'");
    expect(curl).toContain("--data-urlencode 'tags=sea'");
    // Go's client writes no Content-Type of its own for a form.
    expect(sample(model, 'go')).toContain('req.Header.Add("Content-Type", "application/x-www-form-urlencoded")');
  });

  it('sends the required fields, as a form is filled in, or every field where none is', async () => {
    const some = sample(await form('multipart/form-data', ['photo']), 'curl');
    expect(some).toContain("--form 'photo=@path/to/photo'");
    expect(some).not.toContain('caption');
    const none = sample(await form('multipart/form-data', []), 'curl');
    expect(none).toContain("--form 'caption=At the beach'");
  });

  it('names each file field and the file the samples send, which the console leaves for the reader', async () => {
    const model = await form('multipart/form-data');
    const operation = model.operations[0];
    if (!operation) throw new Error('no operation');
    const { body } = exampleRequest(model.schemaResolver, operation);
    expect(body).toEqual({
      mediaType: 'multipart/form-data',
      value: { photo: '<binary>', caption: 'At the beach', tags: ['sea', 'sand'] },
      files: { photo: 'path/to/photo' },
    });
  });
});

describe('a body of bytes', () => {
  const put = (content: Record<string, unknown>) =>
    modelWith({ method: 'put', path: '/archive', requestBody: { required: true, content } });
  const samplesOf = (model: ApiModel) => codeSamples(model, operation(model, 'op'));

  it('is read from a file in every language, with its media type', async () => {
    const cases: [string, unknown][] = [
      ['application/octet-stream', { type: 'string', format: 'binary' }],
      ['application/x-tar', { type: 'string', format: 'binary' }],
      ['image/png', { type: 'string', format: 'binary' }],
      ['application/pdf', undefined],
      ['application/zip', { type: 'string' }],
    ];
    for (const [mediaType, schema] of cases) {
      const samples = samplesOf(await put({ [mediaType]: schema === undefined ? {} : { schema } }));
      const curl = sample(samples, 'curl');
      expect(curl, mediaType).toContain(`--header 'Content-Type: ${mediaType}'`);
      expect(curl, mediaType).toMatch(/--data-binary @path\/to\/file$/);
      const javascript = sample(samples, 'javascript');
      expect(javascript).toContain("import { readFile } from 'node:fs/promises';");
      expect(javascript).toContain("body: await readFile('path/to/file')");
      expect(javascript).toContain(`'Content-Type': '${mediaType}'`);
      const python = sample(samples, 'python');
      expect(python, mediaType).toContain('data=open("path/to/file", "rb")');
      expect(python).toContain(`"Content-Type": "${mediaType}"`);
      const go = sample(samples, 'go');
      expect(go).toContain('payload, _ := os.Open("path/to/file")');
      expect(go).toContain('\t"os"\n');
      expect(go).not.toContain('strings');
      for (const { id, code } of samples) expect(code, id).not.toContain('PST_BODY_FROM_FILE');
    }
  });

  it('sends the file the example names, but only a plain path: never a quote or an option', async () => {
    const named = await put({
      'application/x-tar': { schema: { type: 'string', format: 'binary' }, example: '@rootfs.tar' },
    });
    expect(sample(samplesOf(named), 'curl')).toContain('--data-binary @rootfs.tar');
    for (const hostile of ["@x'; rm -rf ~ #", '@-o/etc/passwd', '@x\ny', '@$(pwned)']) {
      const model = await put({
        'application/x-tar': { schema: { type: 'string', format: 'binary' }, example: hostile },
      });
      for (const { id, code } of samplesOf(model)) {
        expect(code, id).toContain('path/to/file');
        expect(code, id).not.toContain(hostile.slice(1, 4));
      }
    }
  });

  it('is read from its file beside a query string too (Python gets the query as params)', async () => {
    const model = await modelWith({
      method: 'put',
      path: '/archive',
      parameters: [{ name: 'path', in: 'query', required: true, schema: { type: 'string' }, example: '/srv' }],
      requestBody: { content: { 'application/x-tar': { schema: { type: 'string', format: 'binary' } } } },
    });
    const samples = codeSamples(model, operation(model, 'op'));
    expect(sample(samples, 'python')).toContain('data=open("path/to/file", "rb")');
    expect(sample(samples, 'python')).toContain('"path": "/srv"');
    expect(sample(samples, 'curl')).toContain("curl 'https://example.test/v1/archive?path=%2Fsrv'");
    for (const { id, code } of samples) expect(code, id).toContain('path/to/file');
  });

  it('gives way to a JSON body or a form the operation also takes', async () => {
    const both = await put({
      'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
      'application/json': { schema: { type: 'object' }, example: { name: 'x' } },
    });
    const curl = sample(samplesOf(both), 'curl');
    expect(curl).toContain("--header 'Content-Type: application/json'");
    expect(curl).not.toContain('--data-binary');
    // An XML or other structured body is not a file: it has no sample body (as before).
    const xml = await put({ 'application/xml': { schema: { type: 'object', properties: { a: { type: 'string' } } } } });
    expect(sample(samplesOf(xml), 'curl')).not.toContain('--data');
  });

  it('from a Swagger 2.0 body parameter (Docker Engine’s archive upload) is a file too', async () => {
    const model = await modelOf(`swagger: '2.0'
info: { title: Engine, version: '1.56' }
host: docker.example
paths:
  /containers/{id}/archive:
    put:
      operationId: PutContainerArchive
      consumes: [application/x-tar, application/octet-stream]
      parameters:
        - { name: id, in: path, required: true, type: string }
        - { name: inputStream, in: body, required: true, schema: { type: string, format: binary } }
      responses:
        '200': { description: OK }
`);
    const curl = sample(codeSamples(model, operation(model, 'PutContainerArchive')), 'curl');
    expect(curl).toBe(
      "curl http://docker.example/containers/id/archive \\\n  --request PUT \\\n  --header 'Content-Type: application/x-tar' \\\n  --data-binary @path/to/file",
    );
  });

  it('is left for the reader to choose in the console: no example in its place', async () => {
    const model = await put({ 'image/png': { schema: { type: 'string', format: 'binary' }, example: 'not bytes' } });
    const { body } = exampleRequest(model.schemaResolver, operation(model, 'op'));
    expect(body).toEqual({ mediaType: 'image/png', value: undefined, file: 'path/to/file' });
  });

  it('is named, not written out, in a webhook’s message', async () => {
    const model = await modelOf(
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Hooks', version: '1.0.0' },
        webhooks: {
          snapshot: {
            post: {
              operationId: 'snapshot',
              requestBody: { content: { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } } },
              responses: { 200: { description: 'OK' } },
            },
          },
        },
      }),
    );
    const message = sample(codeSamples(model, operation(model, 'snapshot')), 'http');
    expect(message).toBe('POST /your-webhook-url HTTP/1.1\nHost: your-server.example\nContent-Type: image/png');
  });
});

describe('a multipart body whose only field is a file', () => {
  it('sends that file as a form field in every language', async () => {
    const model = await modelWith({
      path: '/upload',
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      },
    });
    const samples = codeSamples(model, operation(model, 'op'));
    expect(sample(samples, 'curl')).toMatch(/--form 'file=@path\/to\/file'$/);
    expect(sample(samples, 'python')).toContain('("file", open("path/to/file", "rb"))');
    expect(sample(samples, 'javascript')).toContain("formData.append('file'");
    expect(sample(samples, 'go')).toContain('writer.CreateFormFile("file", "path/to/file")');
  });
});
