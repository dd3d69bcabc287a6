/**
 * Sandboxes made from real descriptions (ReadMe's Train Travel in 3.1, Slack's Web API, Docker Engine's, Swagger's
 * Petstore as 2.0): the live console's first Send, with nothing typed but the personal key it fills in, answers
 * 2xx on every operation that documents a 2xx answer, each on a fresh sandbox; and what a POST makes, a GET returns.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiModel, loadApiModel, servedOperations } from '../../../src/openapi/index.ts';
import { createDescribedSandbox, keysPath } from '../../../src/sandbox/described/app.ts';
import { firstSend } from '../../support/first-send.ts';
import {
  dockerEngine,
  fetchNpmDescriptions,
  type NpmDescription,
  readmePetstoreSwagger2,
  readmeTrainTravel31,
  slackWeb,
} from '../../support/npm-descriptions.ts';

const sources: NpmDescription[] = [readmeTrainTravel31, slackWeb, dockerEngine, readmePetstoreSwagger2];
const workDir = mkdtempSync(path.join(tmpdir(), 'described-corpus-'));
const models = new Map<NpmDescription, ApiModel>();

beforeAll(async () => {
  const files = await fetchNpmDescriptions(workDir, sources);
  for (const [i, source] of sources.entries()) models.set(source, await loadApiModel(files[i] ?? ''));
}, 300_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function sandboxWithKey(model: ApiModel) {
  const sandbox = createDescribedSandbox({ model });
  const issued = await sandbox.app.request(`http://localhost${keysPath}`, { method: 'POST' });
  const { key } = (await issued.json()) as { key: string };
  return { ...sandbox, key };
}

describe.each(sources.map((source) => [source.label, source] as const))('%s', (_, source) => {
  it("answers 2xx to the console's first Send on every operation with a 2xx answer", async () => {
    const model = models.get(source) as ApiModel;
    const refused: string[] = [];
    let answered = 0;
    for (const operation of servedOperations(model)) {
      if (!operation.responses.some((response) => /^2/.test(response.status))) continue;
      const { app, key } = await sandboxWithKey(model);
      const sent = firstSend(model.schemaResolver, operation, key);
      const reply = await app.request(`http://localhost${sent.url}`, {
        method: sent.method,
        headers: sent.headers,
        ...(sent.body !== undefined ? { body: sent.body } : {}),
      });
      if (reply.status >= 200 && reply.status < 300) answered++;
      else refused.push(`${reply.status} ${sent.method} ${operation.path}: ${(await reply.text()).slice(0, 300)}`);
    }
    expect(refused).toEqual([]);
    expect(answered).toBeGreaterThan(0);
  });
});

describe('state', () => {
  it('Train Travel: a booking POSTed is listed and read back, with the personal key only', async () => {
    const model = models.get(readmeTrainTravel31) as ApiModel;
    const { app, key } = await sandboxWithKey(model);
    const auth = { Authorization: `Bearer ${key}` };
    const made = await app.request('http://localhost/bookings', {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ trip_id: 'ea399ba1-6d95-433f-92d1-83f67b775594', passenger_name: 'Ada Lovelace' }),
    });
    expect(made.status).toBe(201);
    const booking = (await made.json()) as { id: string; passenger_name: string };
    expect(booking.passenger_name).toBe('Ada Lovelace');
    const read = await app.request(`http://localhost/bookings/${booking.id}`, { headers: auth });
    expect(read.status).toBe(200);
    // The header its answers document (RateLimit), with the description's example, for the console to show.
    expect(read.headers.get('ratelimit')).toBeTruthy();
    expect(await read.json()).toMatchObject({ id: booking.id, passenger_name: 'Ada Lovelace' });
    const listed = (await (await app.request('http://localhost/bookings', { headers: auth })).json()) as {
      data: { id: string }[];
    };
    expect(listed.data.map((b) => b.id)).toContain(booking.id);
    const others = (await (
      await app.request('http://localhost/bookings', { headers: { Authorization: 'Bearer someone-else' } })
    ).json()) as { data: { id: string }[] };
    expect(others.data.map((b) => b.id)).not.toContain(booking.id);
  });
});
