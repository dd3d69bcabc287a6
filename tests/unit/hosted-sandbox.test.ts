/**
 * The console on a published portal: which sandbox it calls (SANDBOX_URL at build, the local one in dev), the
 * personal keys it gets there, and what it says when a server does not answer. The browser side is
 * tests/e2e/published-console.spec.ts.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { withConsoleServers, withSandboxAt } from '../../src/console/console-document.ts';
import { type ConsoleState, RequestNotes } from '../../src/console/console-panels.ts';
import { createPersonalKeys, PERSONAL_KEYS_STORAGE_KEY } from '../../src/console/personal-keys.ts';
import { loadApiModel, planOrder, resolveSpecPath, sandboxKeyIssuer, sandboxServer } from '../../src/openapi/index.ts';
import { everyServer, headersFile, serverOrigins } from '../../src/publishing/host-files.ts';
import { consoleTarget } from '../../src/reference/pages/console-target.ts';
import {
  consoleSandbox,
  hostedSandboxUrl,
  localSandboxWarning,
  SandboxUrlError,
} from '../../src/site/console-sandbox.ts';
import { problemsOf } from './support/check.ts';
import { MemoryStorage } from './support/memory-storage.ts';

const root = path.resolve(import.meta.dirname, '../..');
const model = await loadApiModel(resolveSpecPath(root, {}));
const local = sandboxServer(model);
const hostedUrl = 'https://sandbox.example.org';
const operation = (id: string) => {
  const found = model.operations.find((op) => op.operationId === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

describe('the sandbox the console calls', () => {
  it('is the local one in dev, and in a build without SANDBOX_URL (which warns); the hosted one with it', () => {
    expect(local?.url).toMatch(/^http:\/\/localhost:/);
    const env = { SANDBOX_URL: `${hostedUrl}/` };
    expect(consoleSandbox(model, { dev: true, env })).toEqual({
      url: local?.url,
      describedUrl: local?.url,
      hosted: false,
    });
    expect(consoleSandbox(model, { dev: false, env: {} })?.hosted).toBe(false);
    expect(localSandboxWarning(model, {})).toContain(`will call the sandbox at ${local?.url}`);
    expect(localSandboxWarning(model, {})).toContain('Set SANDBOX_URL');
    expect(consoleSandbox(model, { dev: false, env })).toEqual({
      url: hostedUrl,
      describedUrl: local?.url,
      hosted: true,
    });
    expect(localSandboxWarning(model, env)).toBeUndefined();
  });

  it('follows SANDBOX_PORT, where npm run sandbox listens, in dev and in a build without SANDBOX_URL', () => {
    const moved = new URL(local?.url ?? '');
    moved.port = '5201';
    for (const dev of [true, false]) {
      expect(consoleSandbox(model, { dev, env: { SANDBOX_PORT: '5201' } })).toEqual({
        url: moved.href.replace(/\/$/, ''),
        describedUrl: local?.url,
        hosted: false,
      });
    }
    expect(consoleSandbox(model, { dev: false, env: {} })?.url).toBe(local?.url);
    expect(consoleSandbox(model, { dev: true, env: { SANDBOX_PORT: 'nope' } })?.url).toBe(local?.url);
  });

  it('never moves a sandbox server the description names elsewhere than this machine', async () => {
    const remote = {
      ...model,
      servers: model.servers.map((server) =>
        server.url === local?.url ? { ...server, url: 'https://sandbox.example.org/v1' } : server,
      ),
    };
    for (const dev of [true, false]) {
      expect(consoleSandbox(remote, { dev, env: { SANDBOX_PORT: '5201' } })?.url).toBe(
        'https://sandbox.example.org/v1',
      );
    }
  });

  it('refuses a SANDBOX_URL that is not an http(s) address, naming the setting and the value', () => {
    for (const bad of ['sandbox.example.org', 'javascript:alert(1)', 'https://sandbox.example.org/?x=1', 'ftp://x']) {
      expect(() => hostedSandboxUrl({ SANDBOX_URL: bad })).toThrow(SandboxUrlError);
      expect(() => hostedSandboxUrl({ SANDBOX_URL: bad })).toThrow(`SANDBOX_URL is ${JSON.stringify(bad)}`);
    }
    expect(hostedSandboxUrl({ SANDBOX_URL: '  ' })).toBeUndefined();
  });

  it('on a hosted sandbox, the page offers personal keys from the issuer the spec marks, never the shared demo keys', async () => {
    const issuer = sandboxKeyIssuer(model);
    expect(issuer?.operationId).toBe('createSandboxKey');
    const hosted = consoleSandbox(model, { dev: false, env: { SANDBOX_URL: hostedUrl } });
    const target = consoleTarget(model, operation('listPets'), hosted);
    expect(target.sandbox).toEqual({
      url: hostedUrl,
      describedUrl: local?.url,
      hosted: true,
      keyIssuer: { url: `${hostedUrl}${issuer?.path}`, plans: planOrder(model) },
    });
    expect(target.sandboxDemoKeys).toBeUndefined();
    expect(target.servers).toContain(hostedUrl);
    expect(target.servers).not.toContain(local?.url);
    // Locally, the demo keys as before, and no issuer: nobody else shares them.
    const locally = consoleTarget(model, operation('listPets'), consoleSandbox(model, { dev: true, env: {} }));
    expect(locally.sandbox?.keyIssuer).toBeUndefined();
    expect(locally.sandboxDemoKeys?.length).toBeGreaterThan(0);
    // An operation that takes no key gets no key issuer.
    expect(consoleTarget(model, operation('createSandboxKey'), hosted).sandbox?.keyIssuer).toBeUndefined();
  });

  it('the CSP lets the console call the hosted sandbox', () => {
    const origins = [...serverOrigins(everyServer(model)), new URL(hostedUrl).origin];
    expect(headersFile({ scriptHashes: [], apiOrigins: origins })).toMatch(
      /connect-src 'self'[^;\n]* https:\/\/sandbox\.example\.org/,
    );
  });

  it('the console document lists the hosted sandbox in the place of the local one, with its own description', () => {
    const hosted = consoleTarget(model, operation('createSandboxKey'), {
      url: hostedUrl,
      ...(local ? { describedUrl: local.url } : {}),
      hosted: true,
    });
    const document = {
      servers: [
        { url: 'https://api.example.org' },
        { url: local?.url, description: 'Local sandbox (`npm run sandbox`)' },
      ],
      paths: { '/sandbox/keys': { post: { servers: [{ url: local?.url }] } } },
    };
    const moved = withConsoleServers(
      withSandboxAt(document, hosted.sandbox),
      hosted.servers.concat('https://api.example.org'),
    );
    expect(moved.servers).toEqual([
      { url: 'https://api.example.org' },
      { url: hostedUrl, description: expect.stringContaining('Sandbox') },
    ]);
    expect(moved.paths).toEqual({
      '/sandbox/keys': { post: { servers: [{ url: hostedUrl, description: expect.any(String) }] } },
    });
    // A local sandbox leaves the document as it is.
    expect(
      withSandboxAt(
        document,
        consoleTarget(model, operation('listPets'), consoleSandbox(model, { dev: true, env: {} })).sandbox,
      ),
    ).toBe(document);
    // Moved to SANDBOX_PORT in dev, the console sends to where the sandbox listens, not to the written port.
    const devMoved = consoleTarget(
      model,
      operation('listPets'),
      consoleSandbox(model, { dev: true, env: { SANDBOX_PORT: '5201' } }),
    );
    const devServers = withConsoleServers(withSandboxAt(document, devMoved.sandbox), devMoved.servers).servers;
    expect(devServers).toEqual([
      { url: 'http://localhost:5201', description: expect.stringContaining('SANDBOX_PORT') },
    ]);
  });

  it('is marked by x-sandbox-key-issuer, which must be true on a POST', async () => {
    const problems = await problemsOf(`openapi: 3.0.3
info: { title: t, version: 1.0.0 }
paths:
  /keys:
    get:
      x-sandbox-key-issuer: true
      responses: { "200": { description: ok } }
    post:
      x-sandbox-key-issuer: "yes"
      responses: { "201": { description: ok } }
`);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: expect.stringContaining('on a GET operation; keys are issued by a POST') }),
        expect.objectContaining({ message: '`x-sandbox-key-issuer` is "yes", not true or false.' }),
      ]),
    );
  });
});

describe('personal sandbox keys', () => {
  const issuerUrl = `${hostedUrl}/sandbox/keys`;
  const answer = (status: number, body: unknown) =>
    (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

  it('asks the issuer for the plan, keeps the key for the tab, and hands it out until a minute before it ends', async () => {
    const storage = new MemoryStorage();
    const sent: { url: string; body: unknown }[] = [];
    const expiresAt = '2026-11-27T12:00:00.000Z';
    const send = (async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ key: 'sk_sandbox_abc', plan: 'pro', expiresAt }), { status: 201 });
    }) as unknown as typeof fetch;
    const keys = createPersonalKeys(issuerUrl, storage, send);
    expect(keys.kept('Pro')).toBeUndefined();
    expect(await keys.issue('Pro')).toEqual({ key: 'sk_sandbox_abc', plan: 'Pro', expiresAt });
    expect(sent).toEqual([{ url: issuerUrl, body: { plan: 'pro' } }]);
    expect(keys.kept('Pro', new Date('2026-11-27T11:58:00Z'))?.key).toBe('sk_sandbox_abc');
    expect(keys.kept('Pro', new Date('2026-11-27T11:59:30Z'))).toBeUndefined();
    expect(keys.kept('Free', new Date('2026-11-27T10:00:00Z'))).toBeUndefined();
    // Another page of the same tab finds it.
    expect(storage.items.get(PERSONAL_KEYS_STORAGE_KEY)).toContain('sk_sandbox_abc');
    expect(createPersonalKeys(issuerUrl, storage, send).kept('Pro', new Date('2026-11-27T10:00:00Z'))?.key).toBe(
      'sk_sandbox_abc',
    );
    // A key of another sandbox is not this one's.
    expect(
      createPersonalKeys('https://other.example/keys', storage, send).kept('Pro', new Date('2026-11-27T10:00:00Z')),
    ).toBeUndefined();
  });

  it('says why it got no key: the sandbox cannot be reached, refused (status, code, message), or sent no key', async () => {
    const unreachable = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(createPersonalKeys(issuerUrl, undefined, unreachable).issue('Free')).rejects.toThrow(
      `The sandbox at ${hostedUrl} cannot be reached, so it could not issue a key.`,
    );
    const limited = answer(429, { code: 'rate_limited', message: 'Too many requests; retry in 12 s.' });
    await expect(createPersonalKeys(issuerUrl, undefined, limited).issue('Free')).rejects.toThrow(
      `The sandbox at ${hostedUrl} did not issue a key (429 rate_limited): Too many requests; retry in 12 s.`,
    );
    await expect(createPersonalKeys(issuerUrl, undefined, answer(201, { key: '' })).issue('Free')).rejects.toThrow(
      'answered with something that is not a key',
    );
  });
});

describe('what the console says', () => {
  const hostedTarget = consoleTarget(
    model,
    operation('listPets'),
    consoleSandbox(model, { dev: false, env: { SANDBOX_URL: hostedUrl } }),
  );
  const state = (over: Partial<ConsoleState>): ConsoleState => ({
    key: { source: 'none' },
    onSandbox: true,
    remembered: false,
    summary: undefined,
    ...over,
  });
  const actions = { remember: () => {}, clear: () => {}, usePlan: () => {} };
  const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/<!--.*?-->/g, '');

  it('names the personal key, its plan and its end, with a switch between the plans', async () => {
    const key = { source: 'personal' as const, plan: 'Free', key: 'sk_sandbox_abc', expiresAt: '2026-11-27T12:00:00Z' };
    const html = await renderToString(h(RequestNotes, { target: hostedTarget, state: state({ key }), actions }));
    expect(text(html)).toContain('Using a sandbox key made for you on the Free plan (sk_sandbox_abc)');
    expect(html).toContain('<time datetime="2026-11-27T12:00:00Z">');
    expect(html).toContain('aria-label="Sandbox plans"');
    for (const plan of planOrder(model)) expect(html).toContain(`>${plan}</button>`);
    expect(html).not.toContain('demo key');
  });

  it('while the key is being made, and when the sandbox gave none, says so', async () => {
    const issuing = await renderToString(
      h(RequestNotes, { target: hostedTarget, state: state({ issuing: 'Free' }), actions }),
    );
    expect(text(issuing)).toContain('Getting a sandbox key of your own on the Free plan');
    const refused = await renderToString(
      h(RequestNotes, {
        target: hostedTarget,
        state: state({ keyProblem: 'The sandbox at https://x did not issue a key (429 rate_limited).' }),
        actions,
      }),
    );
    expect(text(refused)).toContain('The sandbox at https://x did not issue a key (429 rate_limited).');
  });

  it('a request the hosted sandbox does not answer: unavailable, try again later, no command and no blame', async () => {
    const sandbox = await renderToString(
      h(RequestNotes, {
        target: hostedTarget,
        state: state({ unreachable: { server: hostedUrl, sandbox: true, hosted: true } }),
        actions,
      }),
    );
    expect(text(sandbox)).toContain(`The sandbox at ${hostedUrl} did not answer. It is unavailable just now.`);
    expect(text(sandbox)).toContain('Try again later.');
    expect(text(sandbox)).not.toMatch(/npm|Start the sandbox|offline/);
  });

  it('a request without an answer from a local sandbox or another server names it and the likely reasons', async () => {
    const local = await renderToString(
      h(RequestNotes, {
        target: hostedTarget,
        state: state({ unreachable: { server: 'http://localhost:4010', sandbox: true, hosted: false } }),
        actions,
      }),
    );
    expect(text(local)).toContain('The sandbox at http://localhost:4010 did not answer.');
    expect(text(local)).toMatch(/offline.*stopped or not deployed.*CORS/);
    expect(text(local)).toContain('Start the sandbox with npm run sandbox');
    const api = await renderToString(
      h(RequestNotes, {
        target: hostedTarget,
        state: state({ unreachable: { server: 'https://api.example.org', sandbox: false, hosted: false } }),
        actions,
      }),
    );
    expect(text(api)).toContain('The server at https://api.example.org did not answer.');
    expect(text(api)).toContain('Check the address under Server');
  });

  it('a local sandbox that did not answer as the console opened: says which server it chose instead', async () => {
    const missed = { sandbox: 'http://localhost:4010', instead: 'https://api.example.org' };
    const notes = (onSandbox: boolean) =>
      renderToString(
        h(RequestNotes, { target: hostedTarget, state: state({ sandboxMissed: missed, onSandbox }), actions }),
      );
    expect(text(await notes(false))).toContain(
      'The sandbox at http://localhost:4010 did not answer, so requests go to https://api.example.org, the server chosen above.',
    );
    // Once the reader chooses the sandbox, there is nothing to explain.
    expect(text(await notes(true))).not.toContain('did not answer');
  });
});
