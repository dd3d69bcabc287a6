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

describe('a mistake deep in a security scheme is reported where it is', () => {
  const oauth = (version: string, flow: string) => `openapi: ${version}
info:
  title: Tiny
  version: 1.0.0
paths:
  /things:
    get:
      responses:
        '200':
          description: OK
components:
  securitySchemes:
    partner:
      type: oauth2
      flows:
        clientCredentials:
${flow}`;

  it.each(['3.0.3', '3.1.1', '3.2.0'])(
    'a tokenUrl that is not a URL, in %s: said of the tokenUrl, not of `flows`',
    async (version) => {
      const model = await modelOf(oauth(version, '          tokenUrl: "not a url"\n          scopes: {}\n'));
      expect(model.warnings.map((w) => [w.pointer, w.message])).toEqual([
        [
          '/components/securitySchemes/partner/flows/clientCredentials/tokenUrl',
          '`tokenUrl` is the text "not a url", which is not a URL; it is not made a link.',
        ],
      ]);
    },
  );

  it.each(['3.0.3', '3.1.1'])('a field a flow does not have, in %s: that field is the one error', async (version) => {
    const problems = await problemsOf(
      oauth(
        version,
        '          tokenUrl: https://auth.example.com/token\n          scopes: {}\n          scope: read\n',
      ),
    );
    expect(problems.map((p) => [p.pointer, p.message])).toEqual([
      [
        '/components/securitySchemes/partner/flows/clientCredentials/scope',
        `\`scope\` is not a field OpenAPI ${version.slice(0, 3)} allows here.`,
      ],
    ]);
  });
});
