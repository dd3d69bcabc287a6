/** src/openapi/relative-links.ts: links in descriptions written for the vendor's own site. */
import { describe, expect, it } from 'vitest';
import { checkSpecText } from '../../src/openapi/load-spec.ts';
import { defaultParseLimits } from '../../src/openapi/parse-source.ts';
import { renderMarkdown } from '../../src/render/markdown.ts';
import { minimalSpec, modelOf } from './support/check.ts';

describe('relative links written for the vendor’s own site', () => {
  const withLinks = (extra = '') =>
    minimalSpec.replace(
      '      tags: [Things]\n',
      `      tags: [Things]\n      description: See [the guide](/docs/guide), [paging](../paging) and [below](#below).\n      summary: List [things](/docs/things)\n`,
    ) + extra;

  it('are counted in one warning that names the first and says they are shown as text', async () => {
    const model = await modelOf(withLinks());
    expect(model.linkBase).toBeUndefined();
    expect(model.warnings.filter((w) => w.message.includes('relative')).map((w) => [w.pointer, w.message])).toEqual([
      [
        '/paths/~1things/get/description',
        '4 links in descriptions are relative (paths or anchors of another site), such as "/docs/guide" here; with no site to resolve them against, they are shown as text.',
      ],
    ]);
  });

  it("are resolved against the description's externalDocs.url, or the address the docs team gives", async () => {
    const model = await modelOf(withLinks('externalDocs:\n  url: https://docs.example.com/api/\n'));
    expect(model.linkBase).toBe('https://docs.example.com/api/');
    expect(model.warnings.map((w) => w.message)).toContain(
      '4 links in descriptions are relative (paths or anchors of another site), such as "/docs/guide" here; they are resolved against https://docs.example.com/api/.',
    );
    const result = await checkSpecText(withLinks(), defaultParseLimits, { linkBase: 'https://vendor.example/' });
    expect(result.ok && result.model.linkBase).toBe('https://vendor.example/');
  });

  it('are shown as text, with a warning naming it, when externalDocs.url is not a URL (no crash)', async () => {
    // `new URL(link, 'https://exa mple.com/docs')` threw "Invalid URL" in the render worker and stopped the build.
    const model = await modelOf(withLinks('externalDocs:\n  url: https://exa mple.com/docs\n'));
    expect(model.linkBase).toBeUndefined();
    const warning = model.warnings.find((w) => w.message.includes('relative'));
    expect([warning?.pointer, warning?.position?.line, warning?.message, warning?.hint]).toEqual([
      '/paths/~1things/get/description',
      10,
      '4 links in descriptions are relative (paths or anchors of another site), such as "/docs/guide" here; externalDocs.url, "https://exa mple.com/docs", is not a URL they can be resolved against, so they are shown as text.',
      'Correct externalDocs.url (an absolute http(s) URL, with any space written %20), or set PETSTORE_LINK_BASE to the address of the site the links belong to.',
    ]);
    const base = model.linkBase ? { linkBase: model.linkBase } : {};
    expect(renderMarkdown('See [the guide](./guide.html).', base)).toBe('<p>See <span>the guide</span>.</p>');
  });

  it('are shown as text by the renderer when the site it is given is not a URL', () => {
    const html = renderMarkdown('See [the guide](./guide.html).', { linkBase: 'https://exa mple.com/docs' });
    expect(html).toBe('<p>See <span>the guide</span>.</p>');
  });
});
