/**
 * Sandboxes made from real descriptions, checked by Stoplight Prism's validation proxy, which reads only the
 * description: the console's first Send of every operation with a 2xx answer goes through Prism to a fresh sandbox,
 * and Prism must find no violation in any answer. Prism also checks the requests: where a description's own
 * example request breaks its own schema, Prism refuses it before the sandbox sees it; those are listed, each with
 * why, and no other request may be refused. ReadMe's Train Travel (3.1), Docker Engine's (3.0, examples that break
 * their schemas), Swagger's Petstore (2.0) and the Workshop fixture.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiModel, loadApiModel, servedOperations } from '../../../src/openapi/index.ts';
import { createDescribedSandbox, type DescribedSandbox, keysPath } from '../../../src/sandbox/described/app.ts';
import { firstSend } from '../../support/first-send.ts';
import { freePort } from '../../support/local-net.ts';
import {
  dockerEngine,
  fetchNpmDescriptions,
  readmePetstoreSwagger2,
  readmeTrainTravel31,
} from '../../support/npm-descriptions.ts';
import { startPrism } from '../../support/prism.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const workshop = path.join(root, 'tests/fixtures/described-sandbox/openapi.yaml');

interface Subject {
  label: string;
  file: () => string;
  /** Requests Prism refuses before the sandbox sees them, `METHOD path`, and why. */
  refusedByPrism: Record<string, string>;
}

const workDir = mkdtempSync(path.join(tmpdir(), 'described-prism-'));
const fetched: string[] = [];
const subjects: Subject[] = [
  {
    label: 'Train Travel (3.1)',
    file: () => fetched[0] ?? '',
    refusedByPrism: { 'POST /bookings': "its example's trip_id, 4f4e4e1-c824-…, is no UUID" },
  },
  {
    label: 'Docker Engine',
    file: () => fetched[1] ?? '',
    refusedByPrism: {
      'POST /build': 'a Content-type header parameter (which OpenAPI says to ignore) takes only application/x-tar',
      'POST /containers/create': "its example's HostConfig.PortBindings holds lists where the schema has objects",
      'POST /networks/create': "its example's IPAM.Options is an object where the schema has a list",
      'POST /networks/{id}/connect': 'its example breaks the EndpointSettings schema',
      'POST /swarm/join': "its example's RemoteAddrs is a list where the schema has a string",
    },
  },
  {
    label: "Swagger's Petstore (2.0)",
    file: () => fetched[2] ?? '',
    refusedByPrism: { 'POST /store/order': 'without `consumes`, Prism takes no media type for its body' },
  },
  { label: 'the Workshop fixture', file: () => workshop, refusedByPrism: {} },
];

beforeAll(async () => {
  fetched.push(...(await fetchNpmDescriptions(workDir, [readmeTrainTravel31, dockerEngine, readmePetstoreSwagger2])));
}, 300_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe.each(subjects.map((subject) => [subject.label, subject] as const))(
  'Prism in front of a sandbox made from %s',
  (_, subject) => {
    let model: ApiModel;
    let current: DescribedSandbox;
    let upstream: ReturnType<typeof serve>;
    let prism: ChildProcess;
    let prismUrl: string;

    beforeAll(async () => {
      model = await loadApiModel(subject.file());
      current = createDescribedSandbox({ model });
      upstream = serve({ fetch: (request) => current.app.fetch(request), port: 0, hostname: '127.0.0.1' });
      await new Promise((resolve) => upstream.once('listening', resolve));
      const port = await freePort();
      prismUrl = `http://127.0.0.1:${port}`;
      prism = await startPrism(subject.file(), `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, port);
    }, 120_000);
    afterAll(() => {
      prism?.kill();
      upstream?.close();
    });

    it('finds no violation in any answer, and refuses only the requests the description writes wrong', async () => {
      const violations: string[] = [];
      const refused: string[] = [];
      let answered = 0;
      for (const operation of servedOperations(model)) {
        if (!operation.responses.some((response) => /^2/.test(response.status))) continue;
        current = createDescribedSandbox({ model });
        const issued = await current.app.request(`http://localhost${keysPath}`, { method: 'POST' });
        const { key } = (await issued.json()) as { key: string };
        const sent = firstSend(model.schemaResolver, operation, key);
        const reply = await fetch(`${prismUrl}${sent.url}`, {
          method: sent.method,
          headers: sent.headers,
          ...(sent.body !== undefined ? { body: sent.body } : {}),
        });
        const text = await reply.text();
        const name = `${sent.method} ${operation.path}`;
        const header = reply.headers.get('sl-violations');
        if (header || text.includes('prism/errors#VIOLATIONS')) violations.push(`${name}: ${header ?? text}`);
        else if (text.includes('stoplight.io/prism/errors#')) refused.push(name);
        else if (reply.status >= 200 && reply.status < 300) answered++;
        else violations.push(`${name}: ${reply.status} ${text.slice(0, 300)}`);
      }
      expect(violations).toEqual([]);
      expect(refused.sort()).toEqual(Object.keys(subject.refusedByPrism).sort());
      expect(answered).toBeGreaterThan(0);
    }, 240_000);
  },
);
