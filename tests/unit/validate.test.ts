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

describe('URLs that are not http(s) or mailto: a warning at each kind of field, and no link', () => {
  const text = `openapi: 3.1.1
info:
  title: Tiny
  version: 1.0.0
  contact:
    name: Support
    url: javascript:alert(1)
  license:
    name: Ours
    url: data:text/html,hi
externalDocs:
  url: ftp://files.example.com/docs
tags:
  - name: Things
    externalDocs:
      url: javascript:alert(2)
paths:
  /things:
    get:
      operationId: listThings
      tags: [Things]
      externalDocs:
        url: vbscript:msgbox(1)
      responses:
        '200':
          description: OK
          content:
            application/json:
              examples:
                far:
                  externalValue: javascript:alert(3)
          links:
            next:
              operationRef: https://other.example.com/openapi.yaml#/paths/~1more/get
components:
  securitySchemes:
    partner:
      type: oauth2
      flows:
        clientCredentials:
          tokenUrl: javascript:alert(4)
          scopes: {}
`;

  it('says where each is and that it is not made a link, and the page makes none', async () => {
    const model = await modelOf(text);
    const warnings = new Map(model.warnings.map((w) => [w.pointer, `${w.position?.line}: ${w.message}`]));
    expect(Object.fromEntries(warnings)).toEqual({
      '/externalDocs/url':
        '12: The description\'s `externalDocs.url` is the text "ftp://files.example.com/docs"; it is not made a link, and relative links in descriptions are not resolved against it: only http(s) and mailto URLs are made links.',
      '/info/contact/url':
        '7: `info.contact.url` is the text "javascript:alert(1)"; the contact is shown as text, not a link: only http(s) and mailto URLs are made links.',
      '/info/license/url':
        '10: `info.license.url` is the text "data:text/html,hi"; the license is shown as text, not a link: only http(s) and mailto URLs are made links.',
      '/tags/0/externalDocs/url':
        '16: A tag\'s `externalDocs.url` is the text "javascript:alert(2)"; it is shown as text, not a link: only http(s) and mailto URLs are made links.',
      '/paths/~1things/get/externalDocs/url':
        '23: An operation\'s `externalDocs.url` is the text "vbscript:msgbox(1)"; it is shown as text, not a link: only http(s) and mailto URLs are made links.',
      '/paths/~1things/get/responses/200/content/application~1json/examples/far/externalValue':
        '31: An example given only by its URL (`externalValue` "javascript:alert(3)") is not shown on the pages.',
      '/paths/~1things/get/responses/200/links/next/operationRef':
        '34: The link "next" names its operation by the `operationRef` "https://other.example.com/openapi.yaml#/paths/~1more/get", outside this description; it is shown as text, not a link.',
      '/components/securitySchemes/partner/flows/clientCredentials/tokenUrl':
        '41: A security scheme’s URL is the text "javascript:alert(4)"; it is shown as text, not a link: only http(s) and mailto URLs are made links.',
    });
    // What the pages do agrees: no link for any of them, no example from the URL, the operationRef as text.
    const [operation] = model.operations;
    for (const url of [
      model.info.contact?.url,
      model.info.license?.url,
      model.tags[0]?.externalDocs?.url,
      operation?.externalDocs?.url,
      model.securitySchemes[0]?.oauthFlows?.[0]?.tokenUrl,
    ]) {
      expect(url).toBeTruthy();
      expect(linkableUrl(url)).toBeUndefined();
    }
    expect(model.linkBase).toBeUndefined();
    const [response] = operation?.responses ?? [];
    expect(response?.content[0]?.examples).toEqual([]);
    expect(response?.links?.[0]?.operationRef).toBe('https://other.example.com/openapi.yaml#/paths/~1more/get');
  });

  it('counts several of a kind in one warning, and says nothing of http(s) and mailto URLs', async () => {
    const several = text
      .replace('url: vbscript:msgbox(1)', 'url: https://example.com/docs')
      .replace('    url: javascript:alert(1)', '    url: mailto:help@example.com')
      .replace(
        '          tokenUrl: javascript:alert(4)',
        '          tokenUrl: javascript:alert(4)\n          refreshUrl: /refresh',
      );
    const model = await modelOf(several);
    const messages = model.warnings.map((w) => w.message);
    expect(messages.some((m) => m.includes('info.contact.url') || m.includes("An operation's"))).toBe(false);
    expect(messages).toContain(
      '2 security schemes’ URLs are not http(s) or mailto URLs, such as the text "javascript:alert(4)" here; they are shown as text, not links: only http(s) and mailto URLs are made links.',
    );
  });
});
