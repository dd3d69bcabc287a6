/** Saved links of Redoc, Swagger UI and Scalar: the map the landing pages resolve them with, and description links. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type ApiModel, loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { relativeLinkWarning } from '../../src/openapi/relative-links.ts';
import { referenceUrls } from '../../src/reference/routes.ts';
import { deepLinkKey, deepLinkMap } from '../../src/reference/site-lists/deep-links.ts';
import { renderMarkdown } from '../../src/render/markdown.ts';
import { modelOf } from './support/check.ts';

const model = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..'), {}));
const urls = referenceUrls(model);

describe('the saved-link map', () => {
  it('has every operation by operationId and by method and path, every tag and every model, each to its page', () => {
    const map = deepLinkMap(model);
    for (const operation of model.operations) {
      expect(map.o[deepLinkKey(operation.operationId)]).toBe(urls.operation(operation));
      if (!operation.webhook)
        expect(map.r[`${operation.method.toUpperCase()} ${operation.path}`]).toBe(urls.operation(operation));
    }
    for (const tag of model.tags) expect(map.t[deepLinkKey(tag.name)]).toBe(urls.tag(tag));
    for (const schema of model.schemas) expect(map.m[deepLinkKey(schema.name)]).toBe(urls.schema(schema.name));
  });

  it('compares names as the tools write them: spaces, dashes and case do not matter', () => {
    expect(deepLinkKey('Domain Records')).toBe(deepLinkKey('Domain-Records'));
    expect(deepLinkKey('domain-records')).toBe(deepLinkKey('Domain_Records'));
  });
});

/** The landing pages' script (DeepLinks.astro), run on `hash` against the map of `of`: where it sends the reader. */
async function landing(of: ApiModel, hash: string): Promise<unknown[]> {
  const source = readFileSync(path.resolve(import.meta.dirname, '../../src/components/shared/DeepLinks.astro'), 'utf8');
  const script = /<script is:inline[^>]*>([\s\S]*?)<\/script>/.exec(source)?.[1];
  if (!script) throw new Error('no inline script in DeepLinks.astro');
  const went: unknown[] = [];
  // The map as the browser gets it: the published JSON, parsed.
  const published = JSON.stringify(deepLinkMap(of));
  vm.runInNewContext(script, {
    location: { hash, replace: (to: unknown) => went.push(to) },
    document: { currentScript: { dataset: { deepLinks: '/reference/deep-links.json' } } },
    fetch: async () => ({ json: async () => JSON.parse(published) }),
    decodeURIComponent,
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return went;
}

describe('the landing pages’ script', () => {
  it('takes a saved link to its page', async () => {
    const placeOrder = model.operations.find((o) => o.operationId === 'placeOrder');
    if (!placeOrder) throw new Error('no placeOrder');
    expect(await landing(model, '#operation/placeOrder')).toEqual([urls.operation(placeOrder)]);
  });

  it('stays where it is for a name the map lacks, even one every object has (constructor, __proto__)', async () => {
    for (const hash of [
      '#operation/constructor',
      '#tag/Store/operation/toString',
      '#/Store/hasOwnProperty',
      '#tag/constructor',
      '#model/__proto__',
      '#schema/valueOf',
    ]) {
      expect(await landing(model, hash), hash).toEqual([]);
    }
  });

  it('lands on an operation, tag or model named like an object’s own property', async () => {
    const named = await modelOf(`openapi: 3.0.3
info: { title: T, version: '1' }
tags: [{ name: constructor }]
paths:
  /a: { get: { operationId: constructor, tags: [constructor], responses: { '204': { description: Done } } } }
  /b: { get: { operationId: __proto__, tags: [constructor], responses: { '204': { description: Done } } } }
components:
  schemas:
    __proto__: { type: string }
`);
    const page = (id: string) => {
      const found = named.operations.find((o) => o.operationId === id);
      if (!found) throw new Error(`no ${id}`);
      return referenceUrls(named).operation(found);
    };
    expect(await landing(named, '#operation/constructor')).toEqual([page('constructor')]);
    expect(await landing(named, '#operation/__proto__')).toEqual([page('__proto__')]);
    expect(await landing(named, '#tag/constructor')).toHaveLength(1);
    expect(await landing(named, '#model/__proto__')).toEqual([referenceUrls(named).schema('__proto__')]);
  });
});

describe('links in descriptions written in another tool’s form', () => {
  it('go to the reference’s introduction with their fragment, which takes them on; other anchors stay text', () => {
    const html = renderMarkdown('See [records](#tag/Domain-Records), [create](#operation/createRecord) and [x](#x).', {
      savedLinksAt: '/docs/reference/',
    });
    expect(html).toContain('<a href="/docs/reference/#tag/Domain-Records">records</a>');
    expect(html).toContain('<a href="/docs/reference/#operation/createRecord">create</a>');
    expect(html).not.toContain('href="#x"');
  });

  it('are not counted as relative links a reader would miss', () => {
    const document = { info: { description: 'See [records](#tag/Domain-Records) and [the guide](/docs/guide).' } };
    const [warning] = relativeLinkWarning(document, undefined);
    expect(warning?.message).toContain('1 link in a description is relative');
  });
});
