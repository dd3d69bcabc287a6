/**
 * What a page tells the console about a sandbox made from its description (one that names no sandbox server): in
 * dev the local sandbox, first among the servers, issuing personal keys at /sandbox/keys on its one plan; on a
 * build with SANDBOX_URL the hosted one; none on a build without. The key goes into the operation's first declared
 * credential, whatever its form, as Scalar holds it.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { keyFromSecrets, keySecrets } from '../../src/console/key-secrets.ts';
import { type ApiModel, loadApiModel } from '../../src/openapi/index.ts';
import { consoleTarget } from '../../src/reference/pages/console-target.ts';
import { consoleSandbox } from '../../src/site/console-sandbox.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/described-sandbox/openapi.yaml');
let model: ApiModel;
beforeAll(async () => {
  model = await loadApiModel(fixture);
});
const operation = (id: string) => {
  const found = model.operations.find((o) => o.operationId === id);
  if (!found) throw new Error(id);
  return found;
};

describe('the console on a sandbox made from the description', () => {
  it('calls the local one in dev, the hosted one on a build with SANDBOX_URL, and none on a build without', () => {
    expect(consoleSandbox(model, { dev: true, env: { SANDBOX_PORT: '4610' } })).toEqual({
      url: 'http://localhost:4610',
      hosted: false,
      madeFromDescription: true,
    });
    expect(consoleSandbox(model, { dev: false, env: { SANDBOX_URL: 'https://sandbox.workshop.example' } })).toEqual({
      url: 'https://sandbox.workshop.example',
      hosted: true,
      madeFromDescription: true,
    });
    expect(consoleSandbox(model, { dev: false, env: {} })).toBeUndefined();
  });

  it('lists the sandbox first and asks it for a personal key on its one plan', () => {
    const sandbox = consoleSandbox(model, { dev: true, env: {} });
    const target = consoleTarget(model, operation('getTool'), sandbox);
    expect(target.servers[0]).toBe('http://localhost:4010');
    expect(target.servers).toContain('https://api.workshop.example/v2');
    expect(target.sandbox?.keyIssuer).toEqual({ url: 'http://localhost:4010/sandbox/keys', plans: ['Sandbox'] });
    expect(target.apiKeyScheme).toBe('keyHeader');
    expect(target.keyForm).toBeUndefined();
  });

  it('a build without SANDBOX_URL offers no sandbox, and the console calls the API itself', () => {
    const target = consoleTarget(model, operation('getTool'), consoleSandbox(model, { dev: false, env: {} }));
    expect(target.sandbox).toBeUndefined();
    expect(target.servers).toEqual(['https://api.workshop.example/v2']);
  });

  it('fills the key into a bearer or basic credential, and asks for none where the operation takes none', () => {
    const sandbox = consoleSandbox(model, { dev: true, env: {} });
    expect(consoleTarget(model, operation('addDrawer'), sandbox)).toMatchObject({
      apiKeyScheme: 'bearerAuth',
      keyForm: { kind: 'bearer' },
    });
    expect(consoleTarget(model, operation('listDrawers'), sandbox)).toMatchObject({
      apiKeyScheme: 'basicAuth',
      keyForm: { kind: 'basic' },
    });
    const open = consoleTarget(model, operation('getStatus'), sandbox);
    expect(open.apiKeyScheme).toBeUndefined();
    expect(open.sandbox?.keyIssuer).toBeUndefined();
  });
});

describe("a key in Scalar's secrets", () => {
  it('is the token of an API key or bearer scheme, both halves of a basic one, and every OAuth 2 flow', () => {
    expect(keySecrets(undefined, 'k')).toEqual({ type: 'apiKey', 'x-scalar-secret-token': 'k' });
    expect(keySecrets({ kind: 'bearer' }, 'k')).toEqual({ type: 'http', 'x-scalar-secret-token': 'k' });
    expect(keySecrets({ kind: 'basic' }, 'k')).toEqual({
      type: 'http',
      'x-scalar-secret-username': 'k',
      'x-scalar-secret-password': 'k',
    });
    const oauth = keySecrets({ kind: 'oauth2', flows: ['authorizationCode', 'clientCredentials'] }, 'k');
    expect(oauth).toEqual({
      type: 'oauth2',
      authorizationCode: { 'x-scalar-secret-token': 'k' },
      clientCredentials: { 'x-scalar-secret-token': 'k' },
    });
    expect(keyFromSecrets({ kind: 'oauth2', flows: ['authorizationCode', 'clientCredentials'] }, oauth)).toBe('k');
    expect(keyFromSecrets({ kind: 'basic' }, { 'x-scalar-secret-username': 'typed' })).toBe('typed');
    expect(keyFromSecrets(undefined, undefined)).toBe('');
  });
});
