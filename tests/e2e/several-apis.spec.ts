/**
 * Issue 46's "Done when", on one site of three APIs built from one portal.json: the Pet Store with its releases
 * (`petstore`), ReadMe's Train Travel 3.1 from npm (`trains`) and the Swagger 2.0 fixture (`legacy`). Every check is
 * a test of its own, tagged with what it needs, so that a failure names the part of the portal that broke:
 *
 * - `@reference` each API's pages and twins under `/reference/<id>/`; `@links` no link leads nowhere; `@axe`;
 * - `@home` the home page lists every API; `@search` the `API` filter; `@console` each API's Try it sends to its
 *   own prefix of the one sandbox service; `@llms` llms.txt's sections; `@catalog` /.well-known/api-catalog;
 *   `@mcp` `list_apis` and the `api` argument; `@changelog` a listed API's changelog under its reference.
 *
 * One build for the whole file, kept in a folder of this test run (named after the runner's process) so that the
 * worker Playwright starts again after a failing test serves it instead of building it again; the last test's
 * worker removes it, and a run whose runner is gone leaves it for the next run to remove. The expected pages come
 * from the models (`referenceRoutes`), loaded as the build loads them (`portalApis`, `loadApiOfSite`).
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test } from '@playwright/test';
import type { ApiModel, ApiOperation } from '../../src/openapi/index.ts';
import { loadApiOfSite } from '../../src/reference/api-of-site.ts';
import { referenceRoutes } from '../../src/reference/page-kinds.ts';
import { operationTitle, referenceUrls, twinOf } from '../../src/reference/routes.ts';
import { portalApis } from '../../src/site/portal-apis.ts';
import { loadPortalConfig } from '../../src/site/portal-config.ts';
import { brokenLinks, brokenTwinLinks } from '../support/built-site.ts';
import { buildAndServe, type FixtureSite } from '../support/fixture-site.ts';
import { freePort } from '../support/local-net.ts';
import { fetchNpmDescriptions, readmeTrainTravel31 } from '../support/npm-descriptions.ts';
import { type SandboxProcess, startSandboxProcess } from '../support/sandbox-process.ts';
import { searchResultTimeout } from './timeouts.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** The site's APIs, in portal.json's order. */
const ids = ['petstore', 'trains', 'legacy'] as const;
type Id = (typeof ids)[number];

/** This run's folder: the runner is every worker's parent, so a restarted worker finds the same one. */
const prefix = 'petstore-several-apis-run-';
const kept = path.join(tmpdir(), `${prefix}${process.ppid}`);
const portalJson = path.join(kept, 'portal.json');

let site: FixtureSite | undefined;
let sandboxPort = 0;
const models = new Map<Id, ApiModel>();
let sandbox: Promise<SandboxProcess> | undefined;

test.describe.configure({ mode: 'default', timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(900_000);
  removeFoldersOfEndedRuns();
  mkdirSync(kept, { recursive: true });
  const portFile = path.join(kept, 'sandbox-port');
  if (!existsSync(portalJson)) {
    const [trains = ''] = await fetchNpmDescriptions(kept, [readmeTrainTravel31]);
    // A copy of the Pet Store: the model of spec/openapi.yaml that other files of this worker load (support.ts) is
    // published at /reference/, and a process keeps one model per file.
    copyFileSync(path.join(root, 'spec/openapi.yaml'), path.join(kept, 'petstore.yaml'));
    const portal = {
      title: 'Three APIs',
      apis: [
        { id: 'petstore', spec: 'petstore.yaml', releases: path.join(root, 'spec/releases') },
        { id: 'trains', spec: path.relative(kept, trains) },
        { id: 'legacy', spec: path.join(root, 'tests/fixtures/swagger-2.0/openapi.yaml') },
      ],
    };
    writeFileSync(portFile, String(await freePort()));
    writeFileSync(portalJson, `${JSON.stringify(portal, null, 2)}\n`);
  }
  sandboxPort = Number(readFileSync(portFile, 'utf8'));
  const apis = portalApis(portalJson, loadPortalConfig(portalJson));
  expect(apis.map((api) => api.id)).toEqual([...ids]);
  for (const api of apis) models.set(api.id as Id, await loadApiOfSite(api));
  // Built as a published site is, with its hosted sandbox's address: the sandbox service this file starts, which
  // serves each API below its /<id> (a description that names no sandbox server has one only so).
  const env = { SANDBOX_PORT: String(sandboxPort), SANDBOX_URL: `http://localhost:${sandboxPort}` };
  site = await buildAndServe(portalJson, 'several-apis', { env, keptIn: kept });
});

/** The last test's title: once it has run, this run needs the kept build no more. */
let lastRan = false;
const lastTest = `axe finds nothing on an operation page of ${ids.at(-1)}`;
test.afterEach(() => {
  if (test.info().title === lastTest) lastRan = true;
});

test.afterAll(async () => {
  site?.close();
  const started = await sandbox?.catch(() => undefined);
  if (started && started.child.exitCode === null) {
    const exited = new Promise((resolve) => started.child.once('exit', resolve));
    started.child.kill('SIGTERM');
    await exited;
  }
  if (lastRan) rmSync(kept, { recursive: true, force: true });
});

/** Folders of earlier runs whose runner has ended (a run cut short, or one that left out the last test). */
function removeFoldersOfEndedRuns(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = name.startsWith(prefix) ? Number(name.slice(prefix.length)) : Number.NaN;
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (pid !== process.ppid && !isRunning(pid)) rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const built = () => {
  if (!site) throw new Error('the three APIs’ site was not built');
  return site;
};

function modelOf(id: Id): ApiModel {
  const model = models.get(id);
  if (!model) throw new Error(`no model for ${id}`);
  return model;
}

/**
 * An API's first GET without path parameters whose Try it the description leaves on: one a console can send as it
 * opens, without typing.
 */
function plainGet(id: Id): ApiOperation {
  const found = modelOf(id).operations.find(
    (o) =>
      o.method === 'get' &&
      o.tryIt.enabled &&
      o.path.startsWith('/') &&
      !o.path.includes('{') &&
      !o.webhook &&
      !o.callback,
  );
  if (!found) throw new Error(`${id} has no GET without path parameters`);
  return found;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const titleOf = (id: Id) => modelOf(id).info.title;

test('every reference page of each API, and its Markdown twin, is under /reference/<id>/', {
  tag: '@reference',
}, () => {
  const { pages, outDir } = built();
  const onDisk = new Set(pages);
  for (const id of ids) {
    const expected = referenceRoutes(modelOf(id)).map((route) => `/${route.path}/`);
    expect(expected.length, id).toBeGreaterThan(2);
    expect(
      expected.filter((page) => !page.startsWith(`/reference/${id}/`)),
      `${id}: pages outside its prefix`,
    ).toEqual([]);
    expect(
      expected.filter((page) => !onDisk.has(page)),
      `${id}: pages not built`,
    ).toEqual([]);
    expect(
      expected.map(twinOf).filter((twin) => !existsSync(path.join(outDir, twin))),
      `${id}: twins not written`,
    ).toEqual([]);
  }
  // And nothing of the reference is outside every API's prefix (no one-API /reference/ left over).
  expect(
    pages.filter((page) => page.startsWith('/reference/') && !ids.some((id) => page.startsWith(`/reference/${id}/`))),
  ).toEqual([]);
});

test('the home page lists the three APIs, each by its title and linked to its reference', {
  tag: '@home',
}, async ({ page }) => {
  const { baseUrl } = built();
  await page.goto(`${baseUrl}/`);
  const main = page.getByRole('main');
  const targets = await main
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  for (const id of ids) {
    await expect(main.getByText(titleOf(id)).first(), id).toBeVisible();
    expect(targets, id).toContain(`/reference/${id}/`);
  }
});

test('search on Train Travel’s pages has its API filter ticked and finds its operation first, and none of the others’', {
  tag: '@search',
}, async ({ page }) => {
  const { baseUrl } = built();
  const model = modelOf('trains');
  const trips = model.operations.find((o) => o.operationId === 'get-trips');
  if (!trips?.summary) throw new Error('Train Travel has no summarised get-trips operation');
  await page.goto(`${baseUrl}${referenceUrls(model).introduction}`);
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Search' }).fill(trips.summary);
  // The filter's value is the API's title or its id: either names it.
  const filter = (id: Id) => dialog.getByRole('checkbox', { name: new RegExp(`^(${escaped(titleOf(id))}|${id})\\b`) });
  await expect(filter('trains')).toBeChecked({ timeout: searchResultTimeout });
  for (const other of ['petstore', 'legacy'] as const) await expect(filter(other)).not.toBeChecked();
  const first = dialog.getByRole('listitem').first().getByRole('link').first();
  // A site of several names each result's API after its title.
  await expect(first).toHaveText(`${operationTitle(trips)} (${titleOf('trains')})`, { timeout: searchResultTimeout });
  expect(new URL(await first.evaluate((a) => (a as HTMLAnchorElement).href)).pathname).toBe(
    referenceUrls(model).operation(trips),
  );
  await expect(dialog.locator('a[href*="/reference/petstore/"], a[href*="/reference/legacy/"]')).toHaveCount(0);
});

test.describe('the live console', () => {
  const consoleLoadTimeout = 30_000;
  for (const id of ids)
    test(`${id}: Try it, then Send without typing, answers 2xx from the sandbox service under /${id}/`, {
      tag: '@console',
    }, async ({ page }) => {
      test.setTimeout(3 * consoleLoadTimeout);
      const { baseUrl } = built();
      // One sandbox service for the three, started when a console test first needs it: PETSTORE_SPEC is portal.json.
      sandbox ??= startSandboxProcess({
        PETSTORE_SPEC: portalJson,
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_URL: `http://localhost:${sandboxPort}`,
      });
      await sandbox;
      const operation = plainGet(id);
      await page.goto(`${baseUrl}${referenceUrls(modelOf(id)).operation(operation)}`);
      await page.getByRole('button', { name: /^Try it/ }).click();
      const dialog = page.getByRole('dialog', { name: 'API Client' });
      await expect(dialog).toBeVisible({ timeout: consoleLoadTimeout });
      const ownPrefix = new RegExp(`^http://(localhost|127\\.0\\.0\\.1):${sandboxPort}/${id}/`);
      const answered = page.waitForResponse(
        (r) =>
          r.request().method() === operation.method.toUpperCase() &&
          ownPrefix.test(r.url()) &&
          !r.url().includes('/sandbox/keys'),
      );
      await dialog.getByRole('button', { name: /^Send .* request/ }).click();
      const response = await answered;
      expect(response.status(), response.url()).toBeGreaterThanOrEqual(200);
      expect(response.status(), response.url()).toBeLessThan(300);
      await expect(dialog.getByText(`${response.status()} ${response.statusText()}`)).toBeVisible();
    });
});

test('llms.txt has a section for each API, headed by its title, with links to its pages', {
  tag: '@llms',
}, () => {
  const llms = readFileSync(path.join(built().outDir, 'llms.txt'), 'utf8');
  for (const id of ids) {
    expect(llms, id).toMatch(new RegExp(`^#{2,} .*${escaped(titleOf(id))}`, 'm'));
    expect(llms, id).toContain(`/reference/${id}/`);
  }
});

test('/.well-known/api-catalog has one entry per API, each leading to its reference', {
  tag: '@catalog',
}, () => {
  const catalog = JSON.parse(readFileSync(path.join(built().outDir, '.well-known/api-catalog'), 'utf8')) as {
    linkset: { 'service-doc'?: { href: string }[] }[];
  };
  expect(catalog.linkset).toHaveLength(ids.length);
  const docs = catalog.linkset.map((entry) => (entry['service-doc'] ?? []).map((link) => new URL(link.href).pathname));
  for (const [i, id] of ids.entries()) expect(docs[i], id).toContain(`/reference/${id}/`);
});

test('the Pet Store’s changelog is under its reference, and the APIs without releases have none', {
  tag: '@changelog',
}, () => {
  const { pages } = built();
  expect(pages).toContain('/reference/petstore/changelog/');
  for (const id of ['trains', 'legacy']) expect(pages).not.toContain(`/reference/${id}/changelog/`);
});

test('the MCP server lists the three APIs and gets an operation of each by its api', {
  tag: '@mcp',
}, async () => {
  const env = Object.fromEntries(
    Object.entries({ ...process.env, PETSTORE_SPEC: portalJson }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const client = new Client({ name: 'several-apis-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: 'npm', args: ['run', '--silent', 'mcp'], cwd: root, env, stderr: 'pipe' }),
  );
  try {
    const call = async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args })) as CallToolResult;
    const textOf = (result: CallToolResult) =>
      result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    const listed = await call('list_apis', {});
    expect(listed.isError, textOf(listed)).toBeFalsy();
    for (const id of ids) expect(textOf(listed), id).toContain(id);
    for (const id of ids) {
      const operation = plainGet(id);
      const got = await call('get_operation', { api: id, operationId: operation.operationId });
      expect(got.isError, textOf(got)).toBeFalsy();
      expect(textOf(got), id).toContain(`${operation.method.toUpperCase()} ${operation.path}`);
    }
  } finally {
    await client.close();
  }
});

test('no page of the site has a link that leads nowhere', { tag: '@links' }, () => {
  expect(brokenLinks(built().outDir)).toEqual([]);
});

test('no Markdown twin, llms.txt included, has a link that leads nowhere', { tag: '@links' }, () => {
  expect(brokenTwinLinks(built().outDir)).toEqual([]);
});

for (const id of ids)
  test(`axe finds nothing on an operation page of ${id}`, { tag: '@axe' }, async ({ page }) => {
    // Axe takes seconds a page, and far longer while the machine builds other sites.
    test.setTimeout(180_000);
    const url = referenceUrls(modelOf(id)).operation(plainGet(id));
    await page.goto(`${built().baseUrl}${url}`);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });
