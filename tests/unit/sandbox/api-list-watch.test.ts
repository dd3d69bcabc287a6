/**
 * `npm run dev`'s sandbox (`--watch`) in a site of several APIs serves the APIs portal.json listed at start; a save
 * of portal.json that lists others is said at once, with what to do, instead of showing only as 404s.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiListChange } from '../../../src/sandbox/api-list-watch.ts';
import type { PortalApi } from '../../../src/site/portal-apis.ts';
import { startSandboxProcess } from '../../support/sandbox-process.ts';

const api = (id: string, specPath = `/apis/${id}.yaml`): PortalApi => ({
  id,
  specPath,
  releases: undefined,
  base: `reference/${id}`,
  publishedMajors: undefined,
  configPath: '/apis/portal.json',
});

describe('apiListChange', () => {
  it('says nothing for the same APIs, in any order', () => {
    expect(apiListChange([api('a'), api('b')], [api('b'), api('a')])).toBeUndefined();
  });

  it('names the APIs added and gone, and what to do', () => {
    const said = apiListChange([api('a'), api('b')], [api('a'), api('c')]);
    expect(said).toContain('added /c/; gone /b/');
    expect(said).toContain('Restart npm run dev (or npm run sandbox)');
  });

  it('counts an API whose description moved as another', () => {
    expect(apiListChange([api('a')], [api('a', '/apis/a-v2.yaml')])).toContain('added /a/; gone /a/');
  });
});

const fixtures = path.resolve(import.meta.dirname, '../../fixtures');
const folder = await mkdtemp(path.join(tmpdir(), 'api-list-watch-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

const portalWith = (ids: string[]) =>
  JSON.stringify({
    apis: ids.map((id) => ({
      id,
      spec: path.join(fixtures, id === 'legacy' ? 'swagger-2.0/openapi.yaml' : 'events-3.2/openapi.yaml'),
    })),
  });

/** Resolves once `text` has been printed, or fails after `ms`. */
async function printed(output: () => string, text: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!output().includes(text)) {
    if (Date.now() > until) throw new Error(`not printed: ${text}\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('npm run sandbox -- --watch in a site of several APIs', () => {
  it('says so when a save of portal.json lists another API, and when the list is back', async () => {
    const portal = path.join(folder, 'portal.json');
    await writeFile(portal, portalWith(['legacy']));
    const sandbox = await startSandboxProcess({ PETSTORE_SPEC: portal }, ['--watch']);
    try {
      await printed(sandbox.output, 'Following');
      await writeFile(portal, portalWith(['legacy', 'events']));
      await printed(sandbox.output, 'portal.json lists other APIs now (added /events/)');
      // Still served as started: the new API's path is no API's.
      expect((await fetch(`${sandbox.baseUrl}/events/events/evt_42`)).status).toBe(404);
      await writeFile(portal, '{ "apis": [ { "id": "Legacy" } ] }');
      await printed(sandbox.output, 'apis.0.id: must be lower-case letters');
      await writeFile(portal, portalWith(['legacy']));
      await printed(sandbox.output, 'portal.json lists the APIs the sandbox serves again.');
      expect(sandbox.child.exitCode).toBeNull();
    } finally {
      sandbox.child.kill('SIGTERM');
    }
  }, 60_000);
});
