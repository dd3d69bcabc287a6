/** src/openapi/normalize/content.ts: media types, including 3.2's `itemSchema` for streams. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationOutline } from '../../../src/reference/pages/operation-outline.ts';
import { modelOf } from '../support/check.ts';

const events = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/events-3.2/openapi.yaml'), 'utf8');

describe('a streamed body (itemSchema)', () => {
  it('keeps the schema of each item, in the model’s dialect', async () => {
    const model = await modelOf(events);
    const follow = model.operations.find((o) => o.operationId === 'followEvents');
    const media = follow?.responses[0]?.content[0];
    expect(media?.mediaType).toBe('text/event-stream');
    expect(media?.schema).toBeUndefined();
    // `const: event` (3.1) is read as a one-value enum (3.0).
    expect(media?.itemSchema).toMatchObject({ properties: { event: { type: 'string', enum: ['event'] } } });
  });

  it('gets one item as its example, written as it travels: a JSON line, or server-sent event fields', async () => {
    const model = await modelOf(events);
    const example = (id: string) => {
      const operation = model.operations.find((o) => o.operationId === id);
      if (!operation) throw new Error(id);
      return operationOutline(model, operation).responseExamples[0];
    };
    const lines = example('searchEvents');
    expect(lines?.generated).toBe(true);
    expect(lines?.examples[0]?.caption).toBe('One item of the stream (application/jsonl)');
    const line = lines?.examples[0]?.code ?? '';
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toMatchObject({ id: 'evt_42', type: 'order.created' });

    const events_ = example('followEvents')?.examples[0];
    expect(events_?.caption).toBe('One item of the stream (text/event-stream)');
    expect(events_?.code.split('\n')[0]).toBe('event: event');
    expect(events_?.code.split('\n')[1]).toMatch(/^data: \{"type":"order.created",/);
  });
});

describe('a response’s links', () => {
  it('lead to the operation an operationRef points at, with their parameters as written', async () => {
    const model = await modelOf(events);
    const publish = model.operations.find((o) => o.operationId === 'publishEvent');
    expect(publish?.responses[0]?.links).toEqual([
      {
        name: 'getStoredEvent',
        operationId: 'getEvent',
        parameters: [{ name: 'eventId', value: '$response.body#/id' }],
        description: 'The event as the hub keeps it.',
      },
    ]);
    expect(model.warnings).toEqual([]);
  });

  it('lead to the operation an operationRef names by its path, where the path item is kept elsewhere', async () => {
    const byPath = events.replace(
      'operationRef: "#/components/pathItems/OneEvent/get"',
      'operationRef: "#/paths/~1events~1%7BeventId%7D/get"',
    );
    const model = await modelOf(byPath);
    const publish = model.operations.find((o) => o.operationId === 'publishEvent');
    expect(publish?.responses[0]?.links?.[0]?.operationId).toBe('getEvent');
    expect(model.warnings).toEqual([]);
  });

  it('to operations the description lacks are one warning, with their count', async () => {
    const lost = events.replace('operationRef: "#/components/pathItems/OneEvent/get"', 'operationId: lost');
    const twice = lost.replace(
      '              description: The event as the hub keeps it.',
      '              description: The event as the hub keeps it.\n            again:\n              operationId: gone',
    );
    const model = await modelOf(twice);
    expect(model.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        '/paths/~1events/post/responses/201/links/getStoredEvent',
        '2 links lead to operations the description does not have, such as "getStoredEvent" here (to "lost"); they are shown without a link.',
      ],
    ]);
  });

  it('to an operation the description lacks are a warning', async () => {
    const model = await modelOf(
      events.replace('operationRef: "#/components/pathItems/OneEvent/get"', 'operationId: lost'),
    );
    expect(model.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        '/paths/~1events/post/responses/201/links/getStoredEvent',
        'The link "getStoredEvent" leads to the operation "lost", which the description does not have; it is shown without a link.',
      ],
    ]);
  });
});
