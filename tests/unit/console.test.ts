/**
 * The console's own logic, without a browser: where the key is kept, what the
 * response notes say, and what each operation page tells the console.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { API_KEY_STORAGE_KEY, createApiKeyStore, type KeyStorage } from '../../src/console/api-key-store.ts';
import { withConsoleServers, withoutClosedOperations, withPageRequest } from '../../src/console/console-document.ts';
import { RequestNotes } from '../../src/console/console-panels.ts';
import { chooseKey, fieldChanged, NO_KEY } from '../../src/console/key-choice.ts';
import {
  documentedHeadersFor,
  retryAfterDate,
  secondsLeft,
  summarizeResponse,
} from '../../src/console/response-summary.ts';
import type { ConsoleTarget } from '../../src/contracts/console-target.ts';
import { type ApiModel, loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { bodyText, harRequest } from '../../src/openapi/samples.ts';
import { consoleTarget, tryItWhereServed } from '../../src/reference/pages/console-target.ts';
import { consoleSandbox } from '../../src/site/console-sandbox.ts';
import { modelOf } from './support/check.ts';
import { MemoryStorage } from './support/memory-storage.ts';

/** The sandbox the console calls in `npm run dev`, as the pages there pass it. */
const devSandbox = (model: ApiModel) => consoleSandbox(model, { dev: true, env: {} });

class BrokenStorage implements KeyStorage {
  getItem(): string | null {
    throw new Error('SecurityError');
  }
  setItem(): void {
    throw new Error('QuotaExceededError');
  }
  removeItem(): void {
    throw new Error('SecurityError');
  }
}

describe('the API key store', () => {
  it('keeps the key in sessionStorage only, until "remember" moves it to localStorage', () => {
    const session = new MemoryStorage();
    const local = new MemoryStorage();
    const keys = createApiKeyStore(session, local);
    keys.set('demo-pro-key');
    expect([session.getItem(API_KEY_STORAGE_KEY), local.getItem(API_KEY_STORAGE_KEY)]).toEqual(['demo-pro-key', null]);
    keys.remember(true);
    expect([session.getItem(API_KEY_STORAGE_KEY), local.getItem(API_KEY_STORAGE_KEY)]).toEqual([null, 'demo-pro-key']);
    keys.set('demo-free-key');
    expect(local.getItem(API_KEY_STORAGE_KEY)).toBe('demo-free-key');
    keys.remember(false);
    expect([session.getItem(API_KEY_STORAGE_KEY), local.getItem(API_KEY_STORAGE_KEY)]).toEqual(['demo-free-key', null]);
  });

  it('finds a remembered key on the next visit, and clearing removes it everywhere', () => {
    const session = new MemoryStorage();
    const local = new MemoryStorage();
    local.setItem(API_KEY_STORAGE_KEY, 'demo-business-key');
    const keys = createApiKeyStore(session, local);
    expect([keys.get(), keys.remembered()]).toEqual(['demo-business-key', true]);
    keys.clear();
    expect([keys.get(), keys.remembered(), session.items.size, local.items.size]).toEqual([undefined, false, 0, 0]);
  });

  it('treats an emptied key field as no key, and works in memory when storage refuses', () => {
    const keys = createApiKeyStore(new BrokenStorage(), new BrokenStorage());
    keys.set('demo-free-key');
    expect(keys.get()).toBe('demo-free-key');
    keys.set('');
    expect(keys.get()).toBeUndefined();
  });
});

describe('the key in the console', () => {
  const demoKeys = [
    { plan: 'Free', key: 'free-key-0001' },
    { plan: 'Pro', key: 'pro-key-00002' },
  ];

  it("on the sandbox, starts with the lowest plan's demo key, or the plan the reader switched to", () => {
    expect(chooseKey({ readerKey: undefined, onSandbox: true, demoKeys })).toEqual({
      source: 'demo',
      plan: 'Free',
      key: 'free-key-0001',
    });
    expect(chooseKey({ readerKey: undefined, onSandbox: true, demoKeys, plan: 'Pro' })).toEqual({
      source: 'demo',
      plan: 'Pro',
      key: 'pro-key-00002',
    });
    expect(chooseKey({ readerKey: undefined, onSandbox: true, demoKeys, plan: 'Gone' })).toMatchObject({
      plan: 'Free',
    });
    expect(chooseKey({ readerKey: undefined, onSandbox: true, demoKeys: [] })).toEqual(NO_KEY);
  });

  it("starts an operation that needs a higher plan with that plan's demo key, not one that gets 403", () => {
    expect(chooseKey({ readerKey: undefined, onSandbox: true, demoKeys, requiredPlan: 'Pro' })).toMatchObject({
      plan: 'Pro',
    });
    // The reader can still switch down, to see the refusal.
    expect(
      chooseKey({ readerKey: undefined, onSandbox: true, demoKeys, requiredPlan: 'Pro', plan: 'Free' }),
    ).toMatchObject({ plan: 'Free' });
    // A plan the sandbox has no key for falls back to the lowest.
    expect(chooseKey({ readerKey: undefined, onSandbox: true, demoKeys, requiredPlan: 'Gold' })).toMatchObject({
      plan: 'Free',
    });
  });

  it('is told the required plan by the operation page', () => {
    const updateStock = model.operations.find((o) => o.requiredPlan !== undefined);
    expect(updateStock).toBeDefined();
    if (updateStock)
      expect(consoleTarget(model, updateStock, devSandbox(model)).requiredPlan).toBe(updateStock.requiredPlan);
  });

  it("gives the reader's own key on any server, and no key off the sandbox", () => {
    for (const onSandbox of [true, false]) {
      expect(chooseKey({ readerKey: 'my-own-key', onSandbox, demoKeys, plan: 'Pro' })).toEqual({
        source: 'reader',
        key: 'my-own-key',
      });
    }
    expect(chooseKey({ readerKey: undefined, onSandbox: false, demoKeys, plan: 'Pro' })).toEqual(NO_KEY);
  });

  it("tells the console's own demo key from what the reader types, and an emptied field from both", () => {
    const shown = { source: 'demo', plan: 'Free', key: 'free-key-0001' } as const;
    expect(fieldChanged('free-key-0001', shown)).toBe(shown);
    expect(fieldChanged('pro-key-00002', shown)).toEqual({ source: 'reader', key: 'pro-key-00002' });
    expect(fieldChanged('free-key-0001', NO_KEY)).toEqual({ source: 'reader', key: 'free-key-0001' });
    expect(fieldChanged('', shown)).toEqual(NO_KEY);
    expect(fieldChanged('', { source: 'reader', key: 'my-own-key' })).toEqual(NO_KEY);
  });
});

describe('the response notes', () => {
  const receivedAt = new Date('2026-11-22T10:15:30Z');
  const documented = {
    '200': ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-Total-Count', 'Link'],
    '429': ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
    '4XX': ['X-RateLimit-Limit'],
    default: ['X-Request-Id'],
  };

  it('lists the rate-limit headers Limit, Remaining, Reset first, whatever order they came in', () => {
    const summary = summarizeResponse({
      status: 200,
      headers: [
        ['x-ratelimit-reset', String(Date.parse('2026-11-22T10:16:00Z') / 1000)],
        ['content-type', 'application/json'],
        ['x-ratelimit-remaining', '59'],
        ['x-ratelimit-limit', '60'],
        ['x-total-count', '12'],
        ['link', '</pets?offset=20>; rel="next"'],
      ],
      documented,
      receivedAt,
    });
    expect(summary.rateLimit.map((line) => [line.name, line.value])).toEqual([
      ['X-RateLimit-Limit', '60'],
      ['X-RateLimit-Remaining', '59'],
      ['X-RateLimit-Reset', String(Date.parse('2026-11-22T10:16:00Z') / 1000)],
    ]);
    expect(summary.rateLimit[2]?.at?.toISOString()).toBe('2026-11-22T10:16:00.000Z');
    expect(summary.missing).toEqual([]);
    expect(summary.retryAt).toBeUndefined();
  });

  it('on a 429 gives the moment a retry is allowed, and names documented headers the browser could not see', () => {
    const summary = summarizeResponse({
      status: 429,
      headers: [
        ['retry-after', '30'],
        ['x-ratelimit-limit', '60'],
      ],
      documented,
      receivedAt,
    });
    expect(summary.retryAt?.toISOString()).toBe('2026-11-22T10:16:00.000Z');
    expect(summary.missing).toEqual(['X-RateLimit-Remaining', 'X-RateLimit-Reset']);
    expect(secondsLeft(summary.retryAt ?? receivedAt, new Date('2026-11-22T10:15:45.200Z'))).toBe(15);
    expect(secondsLeft(summary.retryAt ?? receivedAt, new Date('2026-11-22T10:17:00Z'))).toBe(0);
  });

  it('reads Retry-After as seconds or as an HTTP date, and ignores nonsense', () => {
    expect(retryAfterDate('Sun, 22 Nov 2026 10:20:00 GMT', receivedAt)?.toISOString()).toBe('2026-11-22T10:20:00.000Z');
    expect(retryAfterDate('soon', receivedAt)).toBeUndefined();
  });

  it('falls back from the exact status to its class, then to default', () => {
    expect(documentedHeadersFor(404, documented)).toEqual(['X-RateLimit-Limit']);
    expect(documentedHeadersFor(500, documented)).toEqual(['X-Request-Id']);
    expect(documentedHeadersFor(500, {})).toEqual([]);
  });
});

const model = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..')));

describe('what operation pages tell the console', () => {
  const byId = (id: string) => {
    const found = model.operations.find((o) => o.operationId === id);
    if (!found) throw new Error(id);
    return found;
  };

  it('leaves operations whose console is off out of the description the console loads, and keeps the rest', () => {
    expect(consoleTarget(model, byId('listPets'), devSandbox(model)).documentUrl).toBe('/openapi.json');
    const document = withoutClosedOperations(JSON.parse(JSON.stringify(model.source)));
    const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
    expect(document.components).toEqual(model.source.components);
    const listed = Object.entries(paths).flatMap(([p, item]) =>
      Object.keys(item ?? {})
        .filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key))
        .map((method) => `${method} ${p}`),
    );
    const expected = model.operations.filter((o) => o.tryIt.enabled).map((o) => `${o.method} ${o.path}`);
    expect(listed.sort()).toEqual(expected.sort());
    expect(listed).not.toContain('get /store/orders');
    expect(listed).toContain('post /store/orders');
  });

  it("reads the spec's rule, aliases included, and drops path items left without an operation", () => {
    const document = withoutClosedOperations({
      openapi: '3.0.3',
      paths: {
        '/a': { parameters: [], get: { 'x-explorer-enabled': false }, post: { 'x-try-it': { enabled: true } } },
        '/b': { parameters: [], get: { 'x-hideTryItPanel': true } },
      },
    });
    expect(document.paths).toEqual({ '/a': { parameters: [], post: { 'x-try-it': { enabled: true } } } });
  });

  it('gives the sandbox, the key scheme, the documented headers and, when deprecated, sunset and successor', () => {
    const target = consoleTarget(model, byId('getPet'), devSandbox(model));
    const sandbox = model.servers.find((s) => s.demoKeys);
    expect(target.sandbox?.url).toBe(sandbox?.url);
    expect(target.sandbox?.hosted).toBe(false);
    expect(target.apiKeyScheme).toBe('ApiKeyAuth');
    expect(target.deprecation).toEqual({
      sunset: byId('getPet').deprecation?.sunset,
      successor: { title: 'Get a pet with its ETag', url: '/reference/animals/get-pet-details/' },
    });
    const ok = byId('getPet').responses.find((r) => r.status === '200');
    expect(target.documentedHeaders['200']).toEqual(ok?.headers.map((h) => h.name));
    expect(target.documentedHeaders['200']).toContain('Sunset');
    expect(consoleTarget(model, byId('listPets'), devSandbox(model)).deprecation).toBeUndefined();
  });

  it("gives the sandbox's demo keys in plan order, whatever order the spec lists them in, and the Authentication guide", () => {
    const plans = model.rateLimits?.plans.map((p) => p.plan);
    const sandbox = model.servers.find((s) => s.demoKeys);
    const inPlanOrder = plans?.flatMap((plan) =>
      (sandbox?.demoKeys ?? []).filter((k) => k.plan === plan).map(({ key }) => ({ plan, key })),
    );
    expect(inPlanOrder?.length).toBeGreaterThan(1);
    expect(consoleTarget(model, byId('listPets'), devSandbox(model)).sandboxDemoKeys).toEqual(inPlanOrder);
    const reversed = {
      ...model,
      servers: model.servers.map((s) => (s.demoKeys ? { ...s, demoKeys: [...s.demoKeys].reverse() } : s)),
    };
    expect(consoleTarget(reversed, byId('listPets'), devSandbox(reversed)).sandboxDemoKeys).toEqual(inPlanOrder);
    // The Authentication guide is linked only where the site ships it (the page passes its path from the outline).
    expect(consoleTarget(model, byId('listPets'), devSandbox(model)).authenticationGuideUrl).toBeUndefined();
    expect(
      consoleTarget(model, byId('listPets'), devSandbox(model), '/guides/authentication/').authenticationGuideUrl,
    ).toBe('/guides/authentication/');
  });
});

describe("the console's servers", () => {
  const text = `openapi: 3.1.1
info:
  title: Tiny
  version: 1.0.0
servers:
  - url: javascript:alert(1)//
  - url: '{scheme}://api.example.com/v1'
    variables:
      scheme: { default: https }
  - url: '{scheme}://other.example.com'
    variables:
      scheme: { default: data }
  - url: /relative/v1
paths:
  /things:
    get:
      operationId: listThings
      servers:
        - url: vbscript:msgbox(1)
        - url: http://localhost:4010
      responses:
        '200': { description: OK }
`;

  const urls = (list: unknown) => (list as { url: string }[]).map((server) => server.url);

  it('are the http(s) ones wherever the description lists them, relative ones on the site the build knows', async () => {
    const tiny = await modelOf(text);
    const [operation] = tiny.operations;
    if (!operation) throw new Error('no operation');
    const target = consoleTarget(tiny, operation, devSandbox(tiny), undefined, {
      descriptionUrl: 'https://docs.example.com/docs/openapi.json',
    });
    // In dev the sandbox made from the description comes first (it names none of its own), once.
    expect(target.servers).toEqual(['http://localhost:4010', '{scheme}://api.example.com/v1', '/relative/v1']);
    expect(target.serverAddresses).toEqual([{ written: '/relative/v1', url: 'https://docs.example.com/relative/v1' }]);
    const document = withConsoleServers(
      JSON.parse(JSON.stringify(tiny.source)),
      target.servers,
      target.serverAddresses,
    );
    expect(urls(document.servers)).toEqual(['{scheme}://api.example.com/v1', 'https://docs.example.com/relative/v1']);
    const paths = document.paths as Record<string, Record<string, { servers?: unknown }>>;
    expect(urls(paths['/things']?.get?.servers)).toEqual(['http://localhost:4010']);
    expect(JSON.stringify(document)).not.toMatch(/javascript:|vbscript:|data:/);
  });

  it('leave a relative server out where the build does not know the site (it warns: nothing to call there)', async () => {
    const tiny = await modelOf(text);
    const [operation] = tiny.operations;
    if (!operation) throw new Error('no operation');
    const target = consoleTarget(tiny, operation, devSandbox(tiny), undefined, { descriptionUrl: undefined });
    expect(target.servers).toEqual(['http://localhost:4010', '{scheme}://api.example.com/v1']);
    expect(target.serverAddresses).toBeUndefined();
    const document = withConsoleServers(
      JSON.parse(JSON.stringify(tiny.source)),
      target.servers,
      target.serverAddresses,
    );
    expect(urls(document.servers)).toEqual(['{scheme}://api.example.com/v1']);
  });

  it('turn Try it off, saying why, where the console would have nothing to call', async () => {
    const engine = await modelOf(
      text
        .replace(/servers:[\s\S]*?paths:/, 'servers:\n  - url: /v1.56\npaths:')
        .replace(/ {6}servers:[\s\S]*?(?= {6}responses)/, ''),
    );
    const [operation] = engine.operations;
    if (!operation) throw new Error('no operation');
    const off = tryItWhereServed(operation, undefined, {});
    expect(off).toMatchObject({ enabled: false, source: 'servers' });
    expect(off.enabled ? '' : off.reason).toContain('"/v1.56", names no host');
    expect(off.enabled ? '' : off.reason).toContain('YOUR-API-HOST');
    // On the site's address, or with a sandbox to call, it stays on.
    expect(tryItWhereServed(operation, undefined, { descriptionUrl: 'https://docs.example.com/openapi.json' })).toBe(
      operation.tryIt,
    );
    expect(tryItWhereServed(operation, { url: 'http://localhost:4010', hosted: false }, {})).toBe(operation.tryIt);
    // A hostile server list with nothing http(s) in it: off too.
    const scripts = await modelOf(
      text
        .replace(/servers:[\s\S]*?paths:/, 'servers:\n  - url: "javascript:alert(1)//"\npaths:')
        .replace(/ {6}servers:[\s\S]*?(?= {6}responses)/, ''),
    );
    const [scripted] = scripts.operations;
    if (!scripted) throw new Error('no operation');
    expect(tryItWhereServed(scripted, undefined, {})).toMatchObject({ enabled: false, source: 'servers' });
  });

  it("call a scheme-relative server (Redoc's `//petstore.swagger.io/v2`) over https", async () => {
    const redoc = await modelOf(text.replace('  - url: /relative/v1', '  - url: //petstore.swagger.io/v2'));
    const [operation] = redoc.operations;
    if (!operation) throw new Error('no operation');
    const target = consoleTarget(redoc, operation, devSandbox(redoc), undefined, { descriptionUrl: undefined });
    expect(target.servers).toContain('//petstore.swagger.io/v2');
    expect(target.serverAddresses).toEqual([
      { written: '//petstore.swagger.io/v2', url: 'https://petstore.swagger.io/v2' },
    ]);
    const document = withConsoleServers(
      JSON.parse(JSON.stringify(redoc.source)),
      target.servers,
      target.serverAddresses,
    );
    expect(urls(document.servers)).toEqual(['{scheme}://api.example.com/v1', 'https://petstore.swagger.io/v2']);
  });
});

describe("the console's first request", () => {
  const byId = (id: string) => {
    const found = model.operations.find((o) => o.operationId === id);
    if (!found) throw new Error(id);
    return found;
  };
  const operationIn = (document: Record<string, unknown>, method: string, at: string) =>
    (document.paths as Record<string, Record<string, Record<string, unknown>>>)[at]?.[method] ?? {};
  const copy = () => JSON.parse(JSON.stringify(model.source)) as Record<string, unknown>;

  it("sends the body the page's samples send (Place an order)", () => {
    const op = byId('placeOrder');
    const document = withPageRequest(copy(), consoleTarget(model, op, devSandbox(model)));
    const sample = harRequest(model, op);
    const requestBody = operationIn(document, op.method, op.path).requestBody as {
      content: Record<string, { example?: unknown; examples?: unknown }>;
    };
    const media = requestBody.content[sample.postData?.mimeType ?? ''];
    // Named as the parameters' example is (`page`): Scalar sends the body and the path values of one example name.
    expect(media?.examples).toEqual({ page: { value: JSON.parse(bodyText(sample) ?? 'null') } });
    expect(media?.example).toBeUndefined();
  });

  it('leaves a body of bytes for the reader to choose: no example in its place', async () => {
    const tiny = await modelOf(`openapi: 3.0.3
info: { title: t, version: 1.0.0 }
servers: [{ url: 'https://api.example.com' }]
paths:
  /images:
    put:
      operationId: putImage
      requestBody:
        content:
          image/png: { schema: { type: string, format: binary }, example: not-bytes }
      responses: { '200': { description: OK } }
`);
    const [op] = tiny.operations;
    if (!op) throw new Error('no operation');
    const target = consoleTarget(tiny, op, devSandbox(tiny));
    expect(target.request.body).toEqual({ mediaType: 'image/png', file: 'path/to/file' });
    const document = withPageRequest(JSON.parse(JSON.stringify(tiny.source)), target);
    const requestBody = operationIn(document, 'put', '/images').requestBody as { content: Record<string, unknown> };
    expect(requestBody.content['image/png']).toEqual({ schema: { type: 'string', format: 'binary' } });
  });

  it("starts the optional filters of List pets disabled, as the page's samples leave them out, and changes no shared parameter", () => {
    const op = byId('listPets');
    const before = copy();
    const document = withPageRequest(before, consoleTarget(model, op, devSandbox(model)));
    const parameters = operationIn(document, op.method, op.path).parameters as Record<string, unknown>[];
    const queries = parameters.filter((p) => p.in === 'query');
    expect(queries.map((p) => p.name)).toEqual(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
    for (const query of queries) {
      expect(query.examples).toEqual({ page: { value: expect.anything(), 'x-disabled': true } });
    }
    expect(document.components).toEqual(model.source.components);
    expect(harRequest(model, op).queryString).toEqual([]);
  });

  it("is handed every parameter written out whole: the path item's ($ref followed) merged with the operation's", async () => {
    const tiny = await modelOf(`openapi: 3.0.3
info: { title: t, version: 1.0.0 }
paths:
  /things/{id}:
    parameters:
      - $ref: '#/components/parameters/Id'
      - { name: q, in: query, schema: { type: string, default: none } }
    get:
      operationId: getThing
      parameters:
        - { name: q, in: query, style: form, explode: false, schema: { type: string, default: all } }
      responses: { '200': { description: OK } }
components:
  parameters:
    Id: { name: id, in: path, required: true, schema: { type: string }, example: th_1 }
`);
    const [op] = tiny.operations;
    if (!op) throw new Error('no operation');
    const target = consoleTarget(tiny, op, devSandbox(tiny));
    expect(target.request.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' }, examples: { page: { value: 'th_1' } } },
      {
        name: 'q',
        in: 'query',
        required: false,
        schema: { type: 'string', default: 'all' },
        style: 'form',
        explode: false,
        examples: { page: { value: 'all', 'x-disabled': true } },
      },
    ]);
    const document = withPageRequest(JSON.parse(JSON.stringify(tiny.source)), target);
    expect(operationIn(document, 'get', '/things/{id}').parameters).toEqual(target.request.parameters);
    // The path item's own list stays, for its other operations.
    const item = (document.paths as Record<string, { parameters?: unknown[] }>)['/things/{id}'];
    expect(item?.parameters).toHaveLength(2);
  });

  it('fills a form with the fields the sample sends, but leaves its files for the reader to choose', () => {
    const photo = { type: 'string', format: 'binary' };
    const document = withPageRequest(
      {
        paths: {
          '/photos': {
            post: { requestBody: { content: { 'multipart/form-data': { schema: { properties: { photo } } } } } },
          },
        },
      },
      {
        ...consoleTarget(model, byId('listPets'), devSandbox(model)),
        method: 'POST',
        path: '/photos',
        request: {
          parameters: [],
          body: {
            mediaType: 'multipart/form-data',
            value: { photo: '<binary>', caption: 'At the beach' },
            files: { photo: 'path/to/photo' },
          },
        },
      },
    );
    expect(operationIn(document, 'post', '/photos').requestBody).toEqual({
      content: {
        'multipart/form-data': {
          schema: { properties: { photo } },
          examples: { page: { value: { caption: 'At the beach' } } },
        },
      },
    });
  });
});

describe('the request notes', () => {
  it("warn of a deprecated operation's sunset in the operation page's words, not the browser's locale", async () => {
    const target: ConsoleTarget = {
      documentUrl: '/openapi.json',
      method: 'get',
      path: '/pets/{petId}',
      servers: ['https://api.example.com'],
      deprecation: { sunset: '2027-06-30' },
      request: { parameters: [] },
      documentedHeaders: {},
      authenticationGuideUrl: '/guides/authentication/',
    };
    const html = await renderToString(
      h(RequestNotes, {
        target,
        state: { key: NO_KEY, onSandbox: false, remembered: false, summary: undefined },
        actions: { remember: () => {}, clear: () => {}, usePlan: () => {} },
      }),
    );
    expect(html).toContain('This operation stops working on <time datetime="2027-06-30">30 June 2027</time>.');
  });
});

describe('the key note off the sandbox', () => {
  const target: ConsoleTarget = {
    documentUrl: '/openapi.json',
    method: 'get',
    path: '/pets',
    servers: ['https://api.example.com'],
    apiKeyScheme: 'ApiKey',
    request: { parameters: [] },
    documentedHeaders: {},
  };
  const note = (given: ConsoleTarget) =>
    renderToString(
      h(RequestNotes, {
        target: given,
        state: { key: NO_KEY, onSandbox: false, remembered: false, summary: undefined },
        actions: { remember: () => {}, clear: () => {}, usePlan: () => {} },
      }),
    );

  it('points to the Authentication guide where the site ships it, and to no page where it does not', async () => {
    expect(await note({ ...target, authenticationGuideUrl: '/guides/authentication/' })).toContain(
      'No key yet? See the <a href="/guides/authentication/">Authentication guide</a>.',
    );
    const without = await note(target);
    expect(without).toContain('Enter your API key under Authentication; it is reused on every operation in this tab.');
    expect(without).not.toContain('<a');
  });
});

describe("Scalar's placeholders", () => {
  it('are replaced by words saying what goes there, and are still the ones in its templates', async () => {
    const { readFileSync } = await import('node:fs');
    const { honestPlaceholders } = await import('../../src/console/markup-repairs.ts');
    const dir = path.resolve(import.meta.dirname, '../../node_modules/@scalar/api-client/dist/v2/blocks');
    const sources = [
      'scalar-auth-selector-block/components/OAuth2.vue.script.js',
      'scalar-auth-selector-block/components/OAuth2Metadata.vue.script.js',
      'scalar-auth-selector-block/components/OpenIDConnect.vue.script.js',
    ]
      .map((file) => readFileSync(path.join(dir, file), 'utf8'))
      .join('\n');
    for (const [scalar, ours] of Object.entries(honestPlaceholders)) {
      expect(sources, `Scalar no longer writes ${scalar}`).toContain(`placeholder: "${scalar}"`);
      // Words, not something that could pass for a value: no URL, no digits, no token.
      expect(ours).toMatch(/^(your|the) /);
      expect(ours).not.toMatch(/https?:|\d/);
    }
    expect(Object.keys(honestPlaceholders)).toEqual(expect.arrayContaining(['12345', 'XYZ123']));
  });
});
