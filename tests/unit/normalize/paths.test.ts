/**
 * src/openapi/normalize/paths.ts: the operations of `paths` and `webhooks`: 3.2's `query` and
 * `additionalOperations` beside the eight methods of 3.0, and webhooks and callbacks as operations the API sends.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationCount, servedOperations } from '../../../src/openapi/index.ts';
import { minimalSpec, modelOf, onlyError, problemsOf } from '../support/check.ts';

const events = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/events-3.2/openapi.yaml'), 'utf8');

describe('operations under 3.2 methods', () => {
  it('reads `query` as the QUERY method, with its body', async () => {
    const model = await modelOf(events);
    const search = model.operations.find((o) => o.operationId === 'searchEvents');
    expect(search).toMatchObject({ method: 'query', path: '/events', pointer: '/paths/~1events/query' });
    expect(search?.requestBody?.content.map((m) => m.mediaType)).toEqual(['application/json']);
  });

  it('reads `additionalOperations` under the method as written, with the path item’s parameters', async () => {
    const model = await modelOf(events);
    const link = model.operations.find((o) => o.operationId === 'linkEvent');
    expect(link).toMatchObject({
      method: 'LINK',
      path: '/events/{eventId}',
      // The path item is a $ref to components.pathItems: the pointer is where the operation is written.
      pointer: '/components/pathItems/OneEvent/additionalOperations/LINK',
    });
    expect(link?.parameters.map((p) => `${p.in} ${p.name}`)).toEqual(['path eventId', 'header Link']);
  });

  it('lists a path item’s operations in order: the fixed methods, query, then the additional ones', async () => {
    const model = await modelOf(events);
    expect(model.operations.map((o) => `${o.method} ${o.path}`)).toEqual([
      'post /events',
      // A callback comes right after the operation it follows.
      'post {$request.header.X-Notify-Url}',
      'query /events',
      'get /events/{eventId}',
      'LINK /events/{eventId}',
      'get /events/live',
      'post eventArrived',
    ]);
  });

  it('turns the console off for methods it cannot send, saying why', async () => {
    const model = await modelOf(events);
    const policy = (id: string) => model.operations.find((o) => o.operationId === id)?.tryIt;
    expect(policy('searchEvents')).toMatchObject({ enabled: false, reason: expect.stringContaining('QUERY') });
    expect(policy('linkEvent')).toMatchObject({ enabled: false, reason: expect.stringContaining('LINK') });
    expect(policy('getEvent')).toEqual({ enabled: true });
  });

  it('converts 3.1 schema forms inside `query` and `additionalOperations` too', async () => {
    const model = await modelOf(events);
    const search = model.operations.find((o) => o.operationId === 'searchEvents');
    const schema = search?.requestBody?.content[0]?.schema as { properties: Record<string, { example?: unknown }> };
    // `examples: [order.created]` is 3.1's; the model reads 3.0's `example`.
    expect(schema.properties.type?.example).toBe('order.created');
  });
});

describe('callbacks', () => {
  it('are operations after the one they follow, with its tags, named after it and the callback, sent by the API', async () => {
    const model = await modelOf(events);
    const publish = model.operations.find((o) => o.operationId === 'publishEvent');
    const stored = model.operations.find((o) => o.callback);
    expect(publish?.callbacks).toEqual(['publishEvent.eventStored']);
    expect(stored).toMatchObject({
      operationId: 'publishEvent.eventStored',
      callback: { after: 'publishEvent', name: 'eventStored', url: '{$request.header.X-Notify-Url}' },
      method: 'post',
      tags: ['publishing'],
      // The callback is a $ref into components.callbacks: the pointer is where the operation is written.
      pointer: '/components/callbacks/EventStored/{$request.header.X-Notify-Url}/post',
      tryIt: { enabled: false, reason: expect.stringContaining('callback') },
    });
    expect(servedOperations(model)).not.toContain(stored);
    expect(model.warnings).toEqual([]);
    expect(operationCount(model)).toBe('5 operations, 1 webhook and 1 callback');
  });

  it('number the operations of one callback, and warn only about callbacks of a callback', async () => {
    const model = await modelOf(`openapi: 3.1.0
info: { title: Calls, version: '1' }
paths:
  /jobs:
    post:
      operationId: startJob
      tags: [Jobs]
      callbacks:
        progress:
          '{$request.body#/progressUrl}':
            post:
              responses: { '204': { description: OK } }
            put:
              responses: { '204': { description: OK } }
              callbacks:
                again:
                  '{$request.body#/url}':
                    post:
                      responses: { '204': { description: OK } }
      responses: { '202': { description: Started } }
`);
    expect(model.operations.map((o) => `${o.operationId} ${o.tags.join()}`)).toEqual([
      'startJob Jobs',
      'startJob.progress Jobs',
      'startJob.progress.2 Jobs',
    ]);
    expect(model.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        '/paths/~1jobs/post/callbacks/progress/{$request.body#~1progressUrl}/put/callbacks/again',
        'A callback’s own `callbacks` is not shown on the pages.',
      ],
    ]);
  });
});

describe('webhooks', () => {
  it('are operations marked as webhooks, named where a path would be, with payload and responses', async () => {
    const model = await modelOf(events);
    const webhook = model.operations.find((o) => o.operationId === 'eventArrived');
    expect(webhook).toMatchObject({
      webhook: true,
      method: 'post',
      path: 'eventArrived',
      pointer: '/webhooks/eventArrived/post',
    });
    expect(webhook?.requestBody?.required).toBe(true);
    expect(webhook?.responses.map((r) => r.status)).toEqual(['204', '410']);
    expect(webhook?.tryIt).toMatchObject({ enabled: false, reason: expect.stringContaining('webhook') });
  });

  it('are not operations the API serves (the sandbox routes and CORS read servedOperations)', async () => {
    const model = await modelOf(events);
    expect(servedOperations(model).map((o) => o.operationId)).not.toContain('eventArrived');
    expect(servedOperations(model)).toHaveLength(model.operations.length - 2);
  });

  it('go under a Webhooks tag when they have none, and take an id from method and name when they lack one', async () => {
    const model = await modelOf(`openapi: 3.1.0
info: { title: Hooks, version: '1' }
paths:
  /things:
    get:
      responses: { '200': { description: OK } }
webhooks:
  thing.created:
    post:
      responses: { '204': { description: Received } }
`);
    const webhook = model.operations.find((o) => o.webhook);
    expect(webhook).toMatchObject({
      operationId: 'postThingCreated',
      tags: ['Webhooks'],
      slug: 'webhooks/post-thing-created',
    });
    expect(model.tags.map((t) => t.name)).toEqual(['Other', 'Webhooks']);
  });

  it('make a description with no paths but webhooks one that builds', async () => {
    const model = await modelOf(`openapi: 3.1.0
info: { title: Only hooks, version: '1' }
webhooks:
  ping:
    post:
      operationId: ping
      responses: { '204': { description: Received } }
`);
    expect(model.operations.map((o) => o.operationId)).toEqual(['ping']);
  });

  it('share operationIds with the paths: a second use is suffixed, with a warning', async () => {
    const model = await modelOf(`openapi: 3.1.0
info: { title: Hooks, version: '1' }
paths:
  /ping:
    post:
      operationId: ping
      responses: { '204': { description: Sent } }
webhooks:
  ping:
    post:
      operationId: ping
      responses: { '204': { description: Received } }
`);
    expect(model.operations.map((o) => o.operationId)).toEqual(['ping', 'ping_2']);
    expect(model.warnings.map((w) => w.message)).toContain(
      'The operationId "ping" is used twice: by POST /ping and by the webhook ping (POST), which is called "ping_2" here.',
    );
  });
});

describe('path items by $ref, and descriptions without operations', () => {
  it("reads a $ref'd path item, with problems pointing at where the operation is written", async () => {
    const text = `${minimalSpec}  /shared:
    $ref: '#/x-shared-paths/shared'
x-shared-paths:
  shared:
    get:
      operationId: getShared
      deprecated: true
      x-sunset: not-a-date
      responses:
        '200':
          description: OK
`;
    const error = onlyError(await problemsOf(text));
    expect(error.pointer).toBe('/x-shared-paths/shared/get/x-sunset');
    expect(error.position).toEqual({ line: 20, column: 7 });
  });

  it('keeps operations written beside a path item $ref', async () => {
    const text = `${minimalSpec}  /shared:
    $ref: '#/x-shared-paths/shared'
    post:
      operationId: postShared
      responses:
        '201':
          description: Created
x-shared-paths:
  shared:
    get:
      operationId: getShared
      responses:
        '200':
          description: OK
`;
    const model = await modelOf(text);
    expect(model.operations.map((o) => [o.operationId, o.pointer])).toEqual([
      ['listThings', '/paths/~1things/get'],
      ['getShared', '/x-shared-paths/shared/get'],
      ['postShared', '/paths/~1shared/post'],
    ]);
  });

  it('refuses a description with neither operations nor models', async () => {
    const error = onlyError(await problemsOf('openapi: 3.0.3\ninfo:\n  title: Empty\n  version: 1.0.0\npaths: {}\n'));
    expect(error.message).toBe('The description has no operations and no models, so there is nothing to document.');
  });
});
