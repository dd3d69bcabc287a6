/**
 * The independent check that the spec and the sandbox tell the same story. Stoplight Prism's
 * validation proxy reads only spec/openapi.yaml and stands in front of the sandbox; every
 * operation is replayed through it with the request a reader would send and with each class of
 * invalid request. The test asserts:
 *
 * - Prism reports no violation, of any request or response (`sl-violations`, or its 500 VIOLATIONS);
 * - a valid request passes Prism and succeeds (or meets a documented conflict with the seeded data:
 *   deleting category 1, which still has pets, is a 409);
 * - an invalid request the spec alone can tell is invalid (no key, wrong type, unknown field, id out
 *   of range, wrong content type, no body) is refused by Prism and by the sandbox alike;
 * - an invalid request only the server can know of (a key that does not exist, a body over the
 *   size limit of x-request-policy) passes Prism, and the sandbox's refusal is one the spec documents.
 *
 * Each request meets a freshly seeded sandbox, so the replay's order does not matter. The replay runs twice: on
 * the in-memory store, and on the Redis store (a real redis-server, emptied before each request).
 * Run it alone: `npm run test:contract`.
 */
import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest } from '../../../src/openapi/example-request.ts';
import type { ApiModel, ApiOperation } from '../../../src/openapi/index.ts';
import { createSandbox, type Sandbox } from '../../../src/sandbox/app.ts';
import type { SandboxStore } from '../../../src/sandbox/store/sandbox-store.ts';
import { freePort } from '../../support/local-net.ts';
import { startPrism } from '../../support/prism.ts';
import { useRedisServer } from '../../support/redis-stores.ts';
import { keys, petStoreModel } from './support.ts';

/** Who can tell that a request is wrong: anyone reading the spec, or only the server. */
type Expectation = 'valid' | 'refused by both' | 'refused by the server';

interface Case {
  operation: ApiOperation;
  /** What was done to the reader's request: "valid", "no key", "petId 'abc'", … */
  variant: string;
  expect: Expectation;
  method: string;
  /** Path and query. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * Whether Prism forwards the request byte for byte. It parses a JSON body and sends it on
   * re-encoded, so a body padded past the size limit reaches the sandbox small again.
   */
  reachesServerAsSent: boolean;
}

interface Outcome {
  case: Case;
  /** The sandbox's status for the request, asked directly. */
  sandboxStatus: number;
  /** Prism's status: its own refusal, or the sandbox's answer passed on. */
  prismStatus: number;
  /** Prism answered itself (problem+json of its own), without asking the sandbox. */
  prismRefused: boolean;
  /** Prism's complaints about the request or the response. */
  violations: string[];
}

const model: ApiModel = await petStoreModel();
const redis = useRedisServer();
let current: Sandbox;
let upstream: ReturnType<typeof serve>;
let prism: ChildProcess;
let prismUrl: string;

let redisStore: SandboxStore | undefined;

/** A freshly seeded sandbox, for one request, on each store. */
const freshSandboxes: [string, () => Promise<Sandbox>][] = [
  ['in memory', async () => createSandbox({ model })],
  [
    'on Redis',
    async () => {
      // One connection for every sandbox; the server is emptied before each, as a new deployment's would be.
      redisStore ??= await redis.connectedStore(redis.freshPrefix('prism'));
      await redis.flush();
      return createSandbox({ model, store: redisStore });
    },
  ],
];

beforeAll(async () => {
  current = createSandbox({ model });
  // One HTTP address for Prism to forward to, serving whichever sandbox is current.
  upstream = serve({ fetch: (request) => current.app.fetch(request), port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => upstream.once('listening', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const port = await freePort();
  prismUrl = `http://127.0.0.1:${port}`;
  prism = await startPrism('spec/openapi.yaml', upstreamUrl, port);
}, 60_000);

afterAll(() => {
  prism?.kill();
  upstream?.close();
});

const describeOutcome = (o: Outcome) =>
  `${o.case.operation.operationId} ${o.case.variant}: sandbox ${o.sandboxStatus}, Prism ${o.prismStatus}${o.prismRefused ? ' (its own refusal)' : ''}`;

describe.each(freshSandboxes)('Prism, reading the spec, and the sandbox %s', (_store, freshSandbox) => {
  const outcomes: Outcome[] = [];
  beforeAll(async () => {
    for (const operation of model.operations) {
      for (const testCase of casesFor(operation)) outcomes.push(await replay(testCase, freshSandbox));
    }
  }, 180_000);

  it('replays every operation, valid and with each class of invalid request', () => {
    const replayed = new Set(outcomes.map((o) => o.case.operation.operationId));
    expect([...replayed]).toEqual(model.operations.map((o) => o.operationId));
    const variants = new Set(outcomes.map((o) => o.case.variant.split(' ')[0]));
    for (const variant of ['valid', 'no', 'unknown', 'wrong', 'unknown-field', 'out-of-range', 'oversized']) {
      expect(variants, `some operation is replayed with a "${variant}…" request`).toContain(variant);
    }
  });

  it('finds no violation in any request or response', () => {
    expect(outcomes.filter((o) => o.violations.length > 0).map((o) => [describeOutcome(o), o.violations])).toEqual([]);
  });

  it('lets every valid request through, and the sandbox serves it', () => {
    const served = (o: Outcome) =>
      o.sandboxStatus < 300 || (o.sandboxStatus === 409 && documents(o.case.operation, o.sandboxStatus));
    const wrong = outcomes.filter(
      (o) => o.case.expect === 'valid' && (o.prismRefused || !served(o) || o.prismStatus !== o.sandboxStatus),
    );
    expect(wrong.map(describeOutcome)).toEqual([]);
  });

  it('refuses the same requests: whatever the spec says is wrong, both refuse', () => {
    const wrong = outcomes.filter(
      (o) => o.case.expect === 'refused by both' && !(o.prismRefused && o.sandboxStatus >= 400),
    );
    expect(wrong.map(describeOutcome)).toEqual([]);
  });

  it('passes on what only the server can know, and the refusal is documented', () => {
    const wrong = outcomes.filter(
      (o) =>
        o.case.expect === 'refused by the server' &&
        (o.prismRefused ||
          o.sandboxStatus < 400 ||
          !documents(o.case.operation, o.sandboxStatus) ||
          (o.case.reachesServerAsSent && o.prismStatus !== o.sandboxStatus)),
    );
    expect(wrong.map(describeOutcome)).toEqual([]);
  });
});

// ─── the cases ──────────────────────────────────────────────────────────────

/** The reader's request for `operation`, and each class of invalid request that applies to it. */
function casesFor(operation: ApiOperation): Case[] {
  const example = exampleRequest(model.schemaResolver, operation);
  const values = new Map(example.parameters.map((p) => [`${p.in}:${p.name}`, p.value]));
  const body = example.body?.value;
  const needsKey = operation.security.length > 0 && operation.security.every((r) => r.schemes.length > 0);

  const build = (
    variant: string,
    expectation: Expectation,
    change: {
      values?: Map<string, unknown>;
      key?: string | null;
      body?: string | null;
      contentType?: string;
    } = {},
  ): Case => {
    const used = change.values ?? values;
    let url = operation.path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = {};
    for (const parameter of operation.parameters) {
      const value = used.get(`${parameter.in}:${parameter.name}`);
      if (value === undefined) continue;
      if (parameter.in === 'path') url = url.replaceAll(`{${parameter.name}}`, encodeURIComponent(String(value)));
      else if (parameter.in === 'query') query.set(parameter.name, String(value));
      else if (parameter.in === 'header') headers[parameter.name] = String(value);
    }
    if (query.size > 0) url += `?${query}`;
    const key = change.key === undefined ? keys.enterprise : change.key;
    if (key !== null && needsKey) headers['X-API-Key'] = key;
    const text = change.body === undefined ? (body === undefined ? undefined : JSON.stringify(body)) : change.body;
    const testCase: Case = {
      operation,
      variant,
      expect: expectation,
      method: operation.method.toUpperCase(),
      url,
      headers,
      reachesServerAsSent: change.body === undefined || change.contentType !== undefined,
    };
    if (text !== null && text !== undefined) {
      testCase.body = text;
      headers['Content-Type'] = change.contentType ?? 'application/json';
    }
    return testCase;
  };

  const cases = [build('valid', 'valid')];
  if (needsKey) {
    cases.push(build('no key', 'refused by both', { key: null }));
    cases.push(build('unknown key', 'refused by the server', { key: 'not-a-demo-key' }));
  }
  for (const parameter of operation.parameters) {
    const schema = parameter.schema ? model.schemaResolver.resolve(parameter.schema) : {};
    if (schema.type !== 'integer' || (parameter.in !== 'path' && parameter.in !== 'query')) continue;
    const at = `${parameter.in}:${parameter.name}`;
    const withValue = (value: unknown) => new Map(values).set(at, value);
    cases.push(build(`wrong type: ${parameter.name} 'abc'`, 'refused by both', { values: withValue('abc') }));
    if (schema.minimum !== undefined) {
      const below = schema.minimum - 1;
      cases.push(build(`out-of-range ${parameter.name} ${below}`, 'refused by both', { values: withValue(below) }));
    }
    if (schema.maximum !== undefined) {
      const above = schema.maximum + 1;
      cases.push(build(`out-of-range ${parameter.name} ${above}`, 'refused by both', { values: withValue(above) }));
    }
    if (schema.format === 'int64') {
      // 2^63: one past int64. (Prism refuses ids past 2^53 - 1 too, its numbers being JavaScript's;
      // the spec allows them, so ids between the two are not replayed.)
      const past = '9223372036854775808';
      cases.push(build(`out-of-range ${parameter.name} 2^63`, 'refused by both', { values: withValue(past) }));
    }
  }
  if (isRecord(body)) {
    const bodyWith = (extra: Record<string, unknown>) => ({ body: JSON.stringify({ ...body, ...extra }) });
    cases.push(build('unknown-field unexpected', 'refused by both', bodyWith({ unexpected: 1 })));
    for (const [field, value] of Object.entries(body)) {
      const wrong = typeof value === 'string' ? 42 : 'forty-two';
      cases.push(
        build(`wrong type: body ${field} ${JSON.stringify(wrong)}`, 'refused by both', bodyWith({ [field]: wrong })),
      );
    }
    // Without its body, an operation whose body is optional (createSandboxKey) is served as it is.
    cases.push(build('no body', operation.requestBody?.required ? 'refused by both' : 'valid', { body: null }));
    cases.push(build('wrong content type text/plain', 'refused by both', { contentType: 'text/plain' }));
    const limit = model.requestPolicy?.maxBodyBytes;
    if (limit !== undefined) {
      // Valid to anyone reading the schema, but padded with whitespace past the size limit.
      const padded = JSON.stringify(body).replace('{', `{${' '.repeat(limit)}`);
      cases.push(build(`oversized body of ${padded.length} bytes`, 'refused by the server', { body: padded }));
    }
  }
  return cases;
}

// ─── replaying ──────────────────────────────────────────────────────────────

async function replay(testCase: Case, freshSandbox: () => Promise<Sandbox>): Promise<Outcome> {
  const init = (): RequestInit => {
    const request: RequestInit = { method: testCase.method, headers: testCase.headers };
    if (testCase.body !== undefined) request.body = testCase.body;
    return request;
  };
  current = await freshSandbox();
  const direct = await current.app.request(`http://127.0.0.1${testCase.url}`, init());
  await direct.arrayBuffer();

  current = await freshSandbox();
  const viaPrism = await fetch(`${prismUrl}${testCase.url}`, init());
  const text = await viaPrism.text();
  const own = prismProblem(viaPrism, text);
  const violations: string[] = [];
  const header = viaPrism.headers.get('sl-violations');
  if (header) violations.push(header);
  if (own?.type.endsWith('#VIOLATIONS')) violations.push(text);
  return {
    case: testCase,
    sandboxStatus: direct.status,
    prismStatus: viaPrism.status,
    prismRefused: own !== undefined && !own.type.endsWith('#VIOLATIONS'),
    violations,
  };
}

/** Prism's own answer (problem+json with a type of Prism's), if it answered instead of the sandbox. */
function prismProblem(response: Response, text: string): { type: string } | undefined {
  if (!response.headers.get('content-type')?.startsWith('application/problem+json')) return undefined;
  const problem: unknown = JSON.parse(text);
  return isRecord(problem) && typeof problem.type === 'string' && problem.type.startsWith('https://stoplight.io/prism/')
    ? { type: problem.type }
    : undefined;
}

function documents(operation: ApiOperation, status: number): boolean {
  return operation.responses.some((r) => r.status === String(status));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
