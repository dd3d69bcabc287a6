/** Saved links of Redoc, Swagger UI and Scalar: the map the landing pages resolve them with, and description links. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { relativeLinkWarning } from '../../src/openapi/relative-links.ts';
import { deepLinkKey, deepLinkMap } from '../../src/reference/deep-links.ts';
import { referenceUrls } from '../../src/reference/routes.ts';
import { renderMarkdown } from '../../src/render/markdown.ts';

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
