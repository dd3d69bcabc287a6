/**
 * `npm run sandbox -- --watch`, as `npm run dev` runs it beside the site: the sandbox serves each saved version of
 * the description that loads, on the same store, so Try it on an operation just written answers; a save that does
 * not load, or that the Pet Store's own rules disagree with, is named and the last good version served.
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxProcess } from '../../support/sandbox-process.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'petstore-sandbox-watch-'));
const spec = path.join(dir, 'openapi.yaml');
let good = '';
let child: ChildProcess | undefined;
let printed: () => string = () => '';
let base = '';
const key = { 'X-API-Key': 'demo-enterprise-key' };

/** An operation the Pet Store's hand-written rules do not know, added to `text`. */
const withReceipt = (text: string) =>
  text.replace(
    '  /store/orders/{orderId}/complete:\n',
    `  /store/orders/{orderId}/receipt:
    parameters:
      - $ref: "#/components/parameters/orderId"
    get:
      tags: [Orders]
      operationId: getReceipt
      summary: Get a receipt
      responses:
        "200":
          description: The receipt.
          content:
            application/json:
              example: { orderId: 1, total: 12.5 }
  /store/orders/{orderId}/complete:\n`,
  );

/** Waits until the sandbox has printed `pattern` after `from`. */
async function printedAfter(from: number, pattern: RegExp): Promise<string> {
  for (const deadline = Date.now() + 30_000; !pattern.test(printed().slice(from)); ) {
    if (Date.now() > deadline) throw new Error(`Waited for ${pattern}; the sandbox said:\n${printed()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return printed().slice(from);
}

beforeAll(async () => {
  cpSync(path.join(root, 'spec'), dir, { recursive: true });
  good = readFileSync(spec, 'utf8');
  const started = await startSandboxProcess({ PETSTORE_SPEC: spec }, ['--watch']);
  ({ child, baseUrl: base, output: printed } = started);
  await printedAfter(0, /Following /);
}, 60_000);
afterAll(() => {
  child?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

describe('a sandbox following the description', () => {
  it('serves an operation added by a save, and keeps the data written before it', async () => {
    const created = await fetch(`${base}/pets`, {
      method: 'POST',
      headers: { ...key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Biscuit', categoryId: 2 }),
    });
    const pet = (await created.json()) as { id: number };
    expect((await fetch(`${base}/store/orders/1/receipt`, { headers: key })).status).toBe(404);

    const from = printed().length;
    writeFileSync(spec, withReceipt(good));
    expect(await printedAfter(from, /Serving the saved openapi\.yaml/)).toMatch(/\d+ operations/);
    const receipt = await fetch(`${base}/store/orders/1/receipt`, { headers: key });
    expect([receipt.status, await receipt.json()]).toEqual([200, { orderId: 1, total: 12.5 }]);
    const kept = await fetch(`${base}/pets/${pet.id}`, { headers: key });
    expect(await kept.json()).toMatchObject({ name: 'Biscuit' });
  }, 60_000);

  it('names a save that does not load, and serves the last good version until one does', async () => {
    const from = printed().length;
    writeFileSync(spec, good.replace('openapi: 3.0.3\n', 'openapi: 3.0.3\npaths: [unclosed\n'));
    const said = await printedAfter(from, /serves the last version that loaded/);
    expect(said).toMatch(/openapi\.yaml:\d+:\d+ {2}error/);
    expect((await fetch(`${base}/store/orders/1/receipt`, { headers: key })).status).toBe(200);
  }, 60_000);

  it('refuses a version the Pet Store rules disagree with, saying which, and keeps serving', async () => {
    const from = printed().length;
    writeFileSync(spec, good.replace('operationId: getPet\n', 'operationId: fetchPet\n'));
    const said = await printedAfter(from, /last version that agreed with its rules/);
    expect(said).toContain('a handler for getPet, which the spec does not have');
    expect((await fetch(`${base}/pets/1`, { headers: key })).status).toBe(200);
  }, 60_000);
});
