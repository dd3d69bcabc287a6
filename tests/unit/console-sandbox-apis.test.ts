/**
 * The sandbox each API's console calls in a site of several APIs: the one sandbox service's `/<id>`, where it serves
 * that API (src/sandbox/main.ts): in dev, in a build (this machine's, where the description names a local sandbox
 * server) and with SANDBOX_URL. A one-API site's is unchanged (tests/unit/hosted-sandbox.test.ts).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadReferenceVersions, loadSiteApis } from '../../src/data/reference-versions.ts';
import { type ApiModel, loadApiModel, resolveSpecPath, sandboxServer } from '../../src/openapi/index.ts';
import { loadApiOfSite } from '../../src/reference/api-of-site.ts';
import { consoleTarget } from '../../src/reference/pages/console-target.ts';
import { consoleSandbox, localSandboxWarning, passThroughNote } from '../../src/site/console-sandbox.ts';
import { listedApiId, listedAs } from '../../src/site/listed-api.ts';
import { guideSandbox } from '../../src/site/sandbox-address.ts';

const root = path.resolve(import.meta.dirname, '../..');
const portal = path.join(root, 'tests/fixtures/several-apis/portal.json');
const hostedUrl = 'https://sandbox.example.org';
// A copy of the Pet Store's model, so that marking it leaves the process's cached one a one-API site's.
const petStore = { ...(await loadApiModel(resolveSpecPath(root, {}))) } as ApiModel;
const local = sandboxServer(petStore)?.url;

describe("a listed API's console sandbox", () => {
  it('is unchanged for a one-API site', () => {
    expect(listedApiId(petStore)).toBeUndefined();
    expect(consoleSandbox(petStore, { dev: true, env: {} })).toEqual({
      url: local,
      describedUrl: local,
      hosted: false,
    });
  });

  it("is the sandbox service's /<id>: this machine's, moved by SANDBOX_PORT, or the hosted one", () => {
    const listed = listedAs({ ...petStore } as ApiModel, 'petstore');
    for (const dev of [true, false]) {
      expect(consoleSandbox(listed, { dev, env: {} })).toEqual({
        url: 'http://localhost:4010/petstore',
        describedUrl: local,
        hosted: false,
      });
      expect(consoleSandbox(listed, { dev, env: { SANDBOX_PORT: '5201' } })?.url).toBe(
        'http://localhost:5201/petstore',
      );
    }
    expect(consoleSandbox(listed, { dev: false, env: { SANDBOX_URL: `${hostedUrl}/` } })).toEqual({
      url: `${hostedUrl}/petstore`,
      describedUrl: local,
      hosted: true,
    });
    // A hosted service below a path of its own keeps it.
    expect(consoleSandbox(listed, { dev: false, env: { SANDBOX_URL: `${hostedUrl}/try` } })?.url).toBe(
      `${hostedUrl}/try/petstore`,
    );
    // npm run dev calls the local one whatever the build is told.
    expect(consoleSandbox(listed, { dev: true, env: { SANDBOX_URL: hostedUrl } })?.url).toBe(
      'http://localhost:4010/petstore',
    );
    expect(localSandboxWarning(listed, {})).toContain('will call the sandbox at http://localhost:4010/petstore,');
    expect(guideSandbox(listed, true)).toEqual({ url: 'http://localhost:4010/petstore', hosted: false });
  });

  it('leaves a sandbox server the description names elsewhere than this machine as written', () => {
    const remote = listedAs(
      {
        ...petStore,
        servers: petStore.servers.map((server) =>
          server.url === local ? { ...server, url: 'https://sandbox.example.net/v1' } : server,
        ),
      } as ApiModel,
      'petstore',
    );
    expect(consoleSandbox(remote, { dev: true, env: {} })?.url).toBe('https://sandbox.example.net/v1');
  });

  it("is each API's own for the models the site loads from portal.json, earlier majors included", async () => {
    const sites = await loadSiteApis(portal);
    expect(sites.map(({ api }) => api.id)).toEqual(['legacy', 'events', 'petstore']);
    for (const { api, versions } of sites) {
      for (const { model } of versions) {
        expect(listedApiId(model)).toBe(api.id);
        expect(consoleSandbox(model, { dev: true, env: {} })?.url).toBe(`http://localhost:4010/${api.id}`);
        expect(consoleSandbox(model, { dev: false, env: { SANDBOX_URL: hostedUrl } })?.url).toBe(
          `${hostedUrl}/${api.id}`,
        );
      }
    }
    // An earlier major's console calls its API's sandbox too.
    const folder = path.join(root, 'tests/fixtures/versions');
    const api = {
      id: 'shop',
      specPath: path.join(folder, 'openapi.yaml'),
      releases: path.join(folder, 'releases'),
      base: 'reference/shop',
      publishedMajors: undefined,
      configPath: path.join(folder, 'portal.json'),
    };
    const versions = await loadReferenceVersions(api, await loadApiOfSite(api));
    expect(versions.length).toBeGreaterThan(1);
    for (const { model } of versions) {
      expect(consoleSandbox(model, { dev: true, env: {} })?.url).toBe('http://localhost:4010/shop');
    }
    // A description that names no sandbox server has none in a build without SANDBOX_URL, as in a one-API site.
    const legacy = sites[0]?.versions[0]?.model as ApiModel;
    expect(consoleSandbox(legacy, { dev: false, env: {} })).toBeUndefined();
    expect(consoleSandbox(legacy, { dev: true, env: {} })).toEqual({
      url: 'http://localhost:4010/legacy',
      hosted: false,
      madeFromDescription: true,
    });
    expect(passThroughNote(legacy, { SANDBOX_URL: hostedUrl }).message).toContain(`${hostedUrl}/legacy/proxy`);
  });

  it('gives the console the prefixed sandbox, and the key issuer below it', async () => {
    const [legacySite] = await loadSiteApis(portal);
    const legacy = legacySite?.versions[0]?.model as ApiModel;
    const operation = legacy.operations.find((o) => o.operationId === 'listStays');
    if (!operation) throw new Error('no listStays');
    const target = consoleTarget(
      legacy,
      operation,
      consoleSandbox(legacy, { dev: false, env: { SANDBOX_URL: hostedUrl } }),
      undefined,
      {
        descriptionUrl: undefined,
      },
    );
    expect(target.sandbox?.url).toBe(`${hostedUrl}/legacy`);
    expect(target.sandbox?.keyIssuer?.url).toBe(`${hostedUrl}/legacy/sandbox/keys`);
    expect(target.servers[0]).toBe(`${hostedUrl}/legacy`);
    // The description it loads is the API's own, beside its reference: a site of several has none at the root.
    expect(target.documentUrl).toBe('/reference/legacy/openapi.json');
  });
});
