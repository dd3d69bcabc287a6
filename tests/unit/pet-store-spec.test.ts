/**
 * spec/openapi.yaml against what the seed and the product promise. These
 * checks read the model the site is built from, so a change to the spec that
 * breaks a promise fails here before it reaches a reader.
 */
import path from 'node:path';
import type { OpenAPIV3 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiModel, loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { dereference } from '../../src/openapi/refs.ts';

let model: ApiModel;
const schema = (name: string): OpenAPIV3.SchemaObject => {
  const found = model.schemas.find((s) => s.name === name);
  if (!found) throw new Error(`no schema ${name}`);
  return found.schema;
};
const operation = (method: string, route: string) => {
  const found = model.operations.find((o) => o.method === method && o.path === route);
  if (!found) throw new Error(`no operation ${method} ${route}`);
  return found;
};
/** A schema's own properties plus those of its allOf parts. */
const shape = (
  s: OpenAPIV3.SchemaObject,
): { properties: Record<string, OpenAPIV3.SchemaObject>; required: string[] } => {
  const parts = [s, ...(s.allOf ?? []).map((p) => model.schemaResolver.resolve(p))];
  const properties: Record<string, OpenAPIV3.SchemaObject> = {};
  const required: string[] = [];
  for (const part of parts) {
    if (part !== s && part.allOf) {
      const inner = shape(part);
      Object.assign(properties, inner.properties);
      required.push(...inner.required);
    }
    for (const [name, value] of Object.entries(part.properties ?? {})) {
      properties[name] = model.schemaResolver.resolve(value);
    }
    required.push(...(part.required ?? []));
  }
  return { properties, required: [...new Set(required)].sort() };
};
const typeOf = (s: OpenAPIV3.SchemaObject | undefined) => (s ? [s.type, s.format].filter(Boolean).join('/') : 'none');

beforeAll(async () => {
  model = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..'), {}));
});

describe('the Pet Store description', () => {
  it('is OpenAPI 3.0.3, version 1.0.0, and loads without warnings', () => {
    expect(model.openapi).toBe('3.0.3');
    expect(model.info.version).toBe('1.0.0');
    expect(model.warnings).toEqual([]);
  });

  it.each([
    ['NewPet', { name: 'string', categoryId: 'integer/int64', status: 'string' }, ['categoryId', 'name']],
    [
      'Pet',
      { name: 'string', categoryId: 'integer/int64', status: 'string', id: 'integer/int64' },
      ['categoryId', 'id', 'name'],
    ],
    ['NewCategory', { name: 'string', description: 'string' }, ['name']],
    ['Category', { name: 'string', description: 'string', id: 'integer/int64' }, ['id', 'name']],
    [
      'Order',
      {
        id: 'integer/int64',
        petId: 'integer/int64',
        quantity: 'integer',
        shipDate: 'string/date-time',
        complete: 'boolean',
      },
      [],
    ],
    [
      'InventoryItem',
      { petId: 'integer/int64', quantity: 'integer', status: 'string' },
      ['petId', 'quantity', 'status'],
    ],
    ['InventoryUpdate', { quantity: 'integer' }, ['quantity']],
    ['Error', { code: 'string', message: 'string', status: 'integer' }, ['code', 'message', 'status']],
  ])('has the seed schema %s with its exact fields and required flags', (name, fields, required) => {
    const { properties, required: actual } = shape(schema(name));
    expect(Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, typeOf(v)]))).toEqual(fields);
    expect(actual).toEqual(required);
  });

  it('has PetStatus available, pending, sold, used by pets and inventory', () => {
    expect(schema('PetStatus').enum).toEqual(['available', 'pending', 'sold']);
    expect(shape(schema('Pet')).properties.status?.enum).toEqual(['available', 'pending', 'sold']);
    expect(shape(schema('InventoryItem')).properties.status?.enum).toEqual(['available', 'pending', 'sold']);
  });

  it('has Pets as an array of Pet', () => {
    expect(schema('Pets')).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/Pet' } });
  });

  it('gives every schema an example and bounds every string and integer field', () => {
    for (const { name, schema: s } of model.schemas) {
      expect(s.example, `${name} has an example`).toBeDefined();
      for (const [field, property] of Object.entries(shape(s).properties)) {
        if (property.type === 'string' && !property.enum && !property.format) {
          expect(property.maxLength, `${name}.${field} has a maximum length`).toBeTypeOf('number');
        }
        if (property.type === 'integer') {
          expect(property.minimum, `${name}.${field} has a minimum`).toBeTypeOf('number');
        }
      }
    }
  });

  it('has every operation the product needs, each under exactly one tag', () => {
    const routes = model.operations.map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /pets',
        'POST /pets',
        'GET /pets/{petId}',
        'PUT /pets/{petId}',
        'DELETE /pets/{petId}',
        'GET /categories',
        'POST /categories',
        'GET /categories/{categoryId}',
        'PUT /categories/{categoryId}',
        'DELETE /categories/{categoryId}',
        'GET /store/orders',
        'POST /store/orders',
        'GET /store/orders/{orderId}',
        'DELETE /store/orders/{orderId}',
        'GET /store/inventory',
        'GET /store/inventory/{petId}',
        'PUT /store/inventory/{petId}',
      ]),
    );
    for (const o of model.operations) expect(o.tags, o.operationId).toHaveLength(1);
  });

  it('groups every operation tag under Pets, Store or Trying the API, which carry no operations themselves', () => {
    expect(model.tagGroups.map((g) => g.name)).toEqual(['Pets', 'Store', 'Trying the API']);
    expect(model.tagGroups.every((g) => (g.description ?? '').length > 0)).toBe(true);
    expect(model.tagGroups.flatMap((g) => g.tags).sort()).toEqual(model.tags.map((t) => t.name).sort());
    expect(model.tags.map((t) => t.name)).not.toContain('Pets');
    expect(model.tags.map((t) => t.name)).not.toContain('Store');
  });

  it('pages every list with limit and offset and says how in X-Total-Count and Link', () => {
    for (const o of model.operations.filter(
      (op) => op.method === 'get' && !op.path.endsWith('}') && !op.path.endsWith('details'),
    )) {
      expect(
        o.parameters.map((p) => p.name),
        o.operationId,
      ).toEqual(expect.arrayContaining(['limit', 'offset']));
      const ok = o.responses.find((r) => r.status === '200');
      expect(
        ok?.headers.map((h) => h.name),
        o.operationId,
      ).toEqual(expect.arrayContaining(['X-Total-Count', 'Link']));
      const body = model.schemaResolver.resolve(ok?.content[0]?.schema ?? { $ref: '#' });
      expect(body.type, `${o.operationId} returns a plain array`).toBe('array');
    }
  });

  it('has a demo key for every plan on the sandbox server, with figures for the custom plan', () => {
    const sandbox = model.servers.find((s) => s.url === 'http://localhost:4010');
    expect(sandbox?.demoKeys?.map((k) => k.plan)).toEqual(model.rateLimits?.plans.map((p) => p.plan));
    expect(sandbox?.demoKeys?.find((k) => k.plan === 'Free')).toMatchObject({ perMinute: 60, perDay: 1000 });
  });

  it('has the sandbox and a {base_url} server with a default', () => {
    expect(model.servers.map((s) => s.url)).toEqual(['{base_url}', 'http://localhost:4010']);
    expect(model.servers[0]?.variables[0]).toMatchObject({
      name: 'base_url',
      default: expect.stringMatching(/^https:\/\//),
    });
  });

  it('requires the X-API-Key header on every operation but the one that issues sandbox keys', () => {
    expect(model.operations.filter((o) => o.security.length === 0).map((o) => o.operationId)).toEqual([
      'createSandboxKey',
    ]);
    for (const o of model.operations.filter((op) => op.operationId !== 'createSandboxKey')) {
      expect(
        o.security.map((r) => r.schemes.map((s) => s.scheme.apiKey)),
        o.operationId,
      ).toEqual([[{ in: 'header', name: 'X-API-Key' }]]);
    }
  });

  it('deprecates GET /pets/{petId} with a sunset date, a successor and the Deprecation and Sunset headers', () => {
    const getPet = operation('get', '/pets/{petId}');
    expect(getPet.deprecation).toEqual({ since: '2026-09-01', sunset: '2027-06-30', successor: 'getPetDetails' });
    expect(getPet.badge).toEqual({ kind: 'deprecated', sunset: '2027-06-30' });
    const headers = getPet.responses.find((r) => r.status === '200')?.headers.map((h) => h.name);
    expect(headers).toEqual(expect.arrayContaining(['Deprecation', 'Sunset', 'Link']));
    expect(model.operations.some((o) => o.operationId === 'getPetDetails' && !o.deprecation)).toBe(true);
  });

  it('marks at least one operation experimental and one beta', () => {
    expect(model.operations.filter((o) => o.badge?.kind === 'experimental').map((o) => o.operationId)).toEqual([
      'completeOrder',
    ]);
    expect(model.operations.filter((o) => o.badge?.kind === 'beta').map((o) => o.operationId)).toEqual([
      'updateInventoryItem',
    ]);
  });

  it('turns the live console off for GET /store/orders only, with a reason', () => {
    const off = model.operations.filter((o) => !o.tryIt.enabled);
    expect(off.map((o) => `${o.method} ${o.path}`)).toEqual(['get /store/orders']);
    expect(off[0]?.tryIt).toMatchObject({ source: 'x-try-it', reason: expect.stringContaining('every customer') });
  });

  it('documents the rate-limit headers on every response, and Retry-After on every 429', () => {
    for (const o of model.operations) {
      for (const r of o.responses) {
        expect(
          r.headers.map((h) => h.name),
          `${o.operationId} ${r.status}`,
        ).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']));
      }
      const tooMany = o.responses.find((r) => r.status === '429');
      const retryAfter = tooMany?.headers.find((h) => h.name === 'Retry-After');
      expect(retryAfter?.schema, o.operationId).toMatchObject({});
      expect(model.schemaResolver.resolve(retryAfter?.schema ?? { $ref: '#' }).type).toBe('integer');
    }
  });

  it('documents the rate-limit headers through the shared header components', () => {
    const shared = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
    for (const [route, item] of Object.entries((model.source as unknown as OpenAPIV3.Document).paths)) {
      for (const [method, op] of Object.entries(item ?? {})) {
        const responses = (op as OpenAPIV3.OperationObject).responses ?? {};
        for (const [status, raw] of Object.entries(responses)) {
          const response = dereference<OpenAPIV3.ResponseObject>(model.source, raw);
          for (const name of shared) {
            expect(response.headers?.[name], `${method} ${route} ${status} ${name}`).toEqual({
              $ref: expect.stringMatching(/^#\/components\/headers\//),
            });
          }
        }
      }
    }
  });

  it('documents 400, 401 (where a key is needed), 403, 429 and 500 with the Error schema on every operation, and 404 wherever an id is in the path', () => {
    for (const o of model.operations) {
      // 401 wherever a key is needed.
      const expected = [
        '400',
        ...(o.security.length > 0 ? ['401'] : []),
        '403',
        '429',
        '500',
        ...(o.path.includes('{') ? ['404'] : []),
      ];
      for (const status of expected) {
        const response = o.responses.find((r) => r.status === status);
        expect(response?.content[0]?.schema, `${o.operationId} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
  });

  it('lists every error code once, each returned by some operation or marked global', () => {
    const codes = model.errorCodes.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['rate_limited', 'invalid_body', 'not_found', 'api_key_banned']));
    expect(model.errorCodes.find((e) => e.code === 'rate_limited')?.status).toBe(429);
    for (const entry of model.errorCodes) {
      if (entry.global) expect(entry.operations, entry.code).toEqual([]);
      else expect(entry.operations.length, `${entry.code} is returned by some operation`).toBeGreaterThan(0);
    }
    expect(model.errorCodes.filter((e) => e.global).map((e) => e.code)).toEqual([
      'route_not_found',
      'method_not_allowed',
      'service_unavailable',
      'malformed_request',
      'request_timeout',
      'headers_too_large',
    ]);
  });

  it('links each error code only to the operations whose responses name it', () => {
    const returning = (code: string) => model.errorCodes.find((e) => e.code === code)?.operations;
    expect(returning('plan_forbidden')).toEqual(['updateInventoryItem']);
    expect(returning('category_in_use')).toEqual(['deleteCategory']);
    expect(returning('invalid_body')).toEqual(model.operations.filter((o) => o.requestBody).map((o) => o.operationId));
    expect(returning('rate_limited')).toHaveLength(model.operations.length);
  });

  it('requires the Pro plan for inventory updates only, and caps request bodies', () => {
    expect(model.operations.filter((o) => o.requiredPlan).map((o) => [o.operationId, o.requiredPlan])).toEqual([
      ['updateInventoryItem', 'Pro'],
    ]);
    expect(model.requestPolicy).toEqual({ maxBodyBytes: 65536, unknownFields: 'reject' });
  });

  it('has the seed rate limits per plan and a ban that refers to a real error code', () => {
    expect(model.rateLimits?.plans).toEqual([
      { plan: 'Free', perMinute: 60, perDay: 1000 },
      { plan: 'Pro', perMinute: 300, perDay: 10000 },
      { plan: 'Business', perMinute: 1000, perDay: 100000 },
      { plan: 'Enterprise', perMinute: 'custom', perDay: 'custom' },
    ]);
    const ban = model.rateLimits?.temporaryBan;
    expect(model.errorCodes.find((e) => e.code === ban?.code)?.status).toBe(ban?.status);
  });

  it('restates the plan table in its own introduction exactly as x-rate-limits says', () => {
    const figure = (n: number | 'custom') => (n === 'custom' ? 'custom' : n.toLocaleString('en-US'));
    for (const plan of model.rateLimits?.plans ?? []) {
      expect(model.info.description).toContain(`| ${plan.plan} | ${figure(plan.perMinute)} | ${figure(plan.perDay)} |`);
    }
    const ban = model.rateLimits?.temporaryBan;
    expect(model.info.description).toContain(`Once ${ban?.afterRejectedRequests} requests of a key`);
    expect(model.info.description).toContain(`${(ban?.durationSeconds ?? 0) / 60}-minute ban`);
  });
});

describe('the figures the guides quote besides the spec', () => {
  it('name a plan the spec has for custom domains', async () => {
    const { loadPortalConfig } = await import('../../src/site/portal-config.ts');
    const projectHosting = loadPortalConfig(
      resolveSpecPath(path.resolve(import.meta.dirname, '../..'), {}),
      {},
    ).projectHosting;
    if (!projectHosting) throw new Error('spec/portal.json has no projectHosting');
    expect(model.rateLimits?.plans.map((p) => p.plan)).toContain(projectHosting.minimumPlan);
    expect([301, 302, 307, 308]).toContain(projectHosting.redirectStatus);
  });
});
