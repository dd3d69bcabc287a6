/** src/openapi/relative-links.ts: links in descriptions written for the vendor's own site. */
import { describe, expect, it } from 'vitest';
import { checkSpecText } from '../../src/openapi/load-spec.ts';
import { defaultParseLimits } from '../../src/openapi/parse-source.ts';
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
});
