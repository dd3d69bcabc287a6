/**
 * `call_sandbox`'s requests (src/mcp/sandbox-call.ts) as the sandbox receives them: a path parameter fills one
 * segment of the operation's path and cannot take the request anywhere else.
 */
import { describe, expect, it } from 'vitest';
import { BadToolInput } from '../../src/mcp/docs.ts';
import { createSandboxCaller } from '../../src/mcp/sandbox-call.ts';
import { operationById, sandboxKeyIssuer } from '../../src/openapi/index.ts';
import { petStoreModel } from './sandbox/support.ts';
import { minimalSpec, modelOf } from './support/check.ts';

const model = await petStoreModel();
const issuerPath = sandboxKeyIssuer(model)?.path ?? '';

/** A caller whose sandbox records what it was sent and answers 200: a key from the issuer, else `{}`. */
function recordingCaller() {
  const sent: string[] = [];
  const send: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    sent.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname === issuerPath)
      return Response.json({ key: 'psk_test', plan: 'free', expiresAt: '2999-01-01T00:00:00Z' });
    return Response.json({});
  };
  return { sent, caller: createSandboxCaller(model, 'http://127.0.0.1:5299', send) };
}

const getPet = operationById(model, 'getPet');
if (!getPet) throw new Error('getPet is missing');

describe('call_sandbox’s path parameters', () => {
  it('refuses "..", "." and an empty value, naming the parameter, and sends nothing', async () => {
    for (const petId of ['..', '.', '']) {
      const { sent, caller } = recordingCaller();
      const refused = caller.call(getPet, { pathParams: { petId } });
      await expect(refused).rejects.toBeInstanceOf(BadToolInput);
      await expect(refused).rejects.toThrow(
        `pathParams petId ${JSON.stringify(petId)} of getPet cannot be sent: a path parameter is one segment of /pets/{petId}`,
      );
      expect(sent.filter((line) => !line.endsWith(issuerPath))).toEqual([]);
    }
  });

  it('sends any other value as one encoded segment of the operation’s path', async () => {
    const { sent, caller } = recordingCaller();
    for (const petId of ['../orders', '..%2F..', 'a/b', '..?x=1', '...', 7]) {
      await caller.call(getPet, { pathParams: { petId } });
    }
    expect(sent.filter((line) => !line.endsWith(issuerPath))).toEqual([
      'GET /pets/..%2Forders',
      'GET /pets/..%252F..',
      'GET /pets/a%2Fb',
      'GET /pets/..%3Fx%3D1',
      'GET /pets/...',
      'GET /pets/7',
    ]);
  });
});

describe('call_sandbox on a description whose path climbs', () => {
  it('does not send a path that leads out of the sandbox’s base path, and says so', async () => {
    const climbing = await modelOf(minimalSpec.replace('/things:', '/../admin:'));
    const operation = operationById(climbing, 'listThings');
    if (!operation) throw new Error('listThings is missing');
    const sent: string[] = [];
    const send: typeof fetch = async (input) => {
      sent.push(String(input));
      return Response.json({});
    };
    const caller = createSandboxCaller(climbing, 'http://127.0.0.1:5299/sandbox', send);
    await expect(caller.call(operation, {})).rejects.toThrow(
      "listThings's path /../admin leads out of the sandbox at http://127.0.0.1:5299/sandbox: it is not called.",
    );
    expect(sent).toEqual([]);
  });
});
