/** src/openapi/validate.ts: schema problems come with a hint that says what the description should hold. */
import { describe, expect, it } from 'vitest';
import { linkableUrl } from '../../src/openapi/index.ts';
import { minimalSpec, modelOf, problemsOf } from './support/check.ts';

describe('validation hints', () => {
  it('hints at status codes for a misspelt response key', async () => {
    const text = minimalSpec.replace("        '200':", "        '20':");
    const problems = await problemsOf(text);
    expect(problems.map((p) => p.hint)).toContain(
      'Responses are keyed by an HTTP status such as 200, a range such as 4XX, or `default`.',
    );
  });
});

describe('URLs the pages do not link', () => {
  it('a tag’s externalDocs.url warned as not made a link is not linked on its page', async () => {
    const text = minimalSpec.replace(
      'paths:',
      "tags:\n  - name: Things\n    externalDocs:\n      url: 'https://example.com/docs page'\npaths:",
    );
    const model = await modelOf(text);
    const warning = model.warnings.find((w) => w.pointer === '/tags/0/externalDocs/url');
    expect(warning?.message).toMatch(/it is not made a link\.$/);
    const url = model.tags.find((tag) => tag.name === 'Things')?.externalDocs?.url;
    expect(url).toBe('https://example.com/docs page');
    expect(linkableUrl(url)).toBeUndefined();
  });

  it('links http(s) and mailto URLs that are URLs', () => {
    expect(linkableUrl('https://example.com/docs')).toBe('https://example.com/docs');
    expect(linkableUrl('mailto:api@example.com')).toBe('mailto:api@example.com');
    for (const url of [
      'javascript:alert(1)',
      ' https://example.com',
      'https://example.com/{id}',
      '/docs',
      'ftp://x.example',
    ])
      expect(linkableUrl(url)).toBeUndefined();
  });
});
