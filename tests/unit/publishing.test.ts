/** The site config's checks and the host files the build writes from it. */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSpecPath } from '../../src/openapi/index.ts';
import {
  cnameFile,
  contentSecurityPolicy,
  cspOrigins,
  everyServer,
  HostFileError,
  headersFile,
  inlineScripts,
  inlineScriptsOfFile,
  parseHeadersFile,
  redirectsFile,
  serverOrigins,
  sha256,
} from '../../src/publishing/host-files.ts';
import { loadPortalConfig, placeholderSiteUrl, siteUrl } from '../../src/site/portal-config.ts';
import { defineSiteConfig, SiteConfigError } from '../../src/site/site-config.ts';

const problemsOf = (input: Parameters<typeof defineSiteConfig>[0]) => {
  try {
    defineSiteConfig(input);
  } catch (error) {
    if (error instanceof SiteConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the config to be refused');
};

describe('the site config', () => {
  it('defaults redirects to 301 towards the canonical domain', () => {
    const config = defineSiteConfig({ canonicalDomain: 'docs.example.org', redirects: [{ from: 'example.org' }] });
    expect(config.redirects).toEqual([{ from: 'example.org', status: 301 }]);
    expect(redirectsFile(config)).toBe('https://example.org/* https://docs.example.org/:splat 301!\n');
  });

  it.each([
    [{ canonicalDomain: 'Docs Example' }, /canonicalDomain: must be a lower-case domain name/],
    [
      { canonicalDomain: 'docs.example.org', redirects: [{ from: 'a.example.org', status: 303 }] },
      /redirects\.0\.status/,
    ],
    [
      { canonicalDomain: 'docs.example.org', redirects: [{ from: 'a.example.org', to: 'elsewhere.org' }] },
      /redirects\.0\.to: elsewhere\.org is not a domain of this config/,
    ],
    [
      { canonicalDomain: 'docs.example.org', redirects: [{ from: 'docs.example.org' }] },
      /the canonical domain cannot redirect/,
    ],
    [
      {
        canonicalDomain: 'docs.example.org',
        redirects: [
          { from: 'a.example.org', to: 'b.example.org' },
          { from: 'b.example.org', to: 'a.example.org' },
        ],
      },
      /a\.example\.org → b\.example\.org → a\.example\.org is a loop/,
    ],
    [
      { canonicalDomain: 'docs.example.org', redirects: [{ from: 'a.example.org' }, { from: 'a.example.org' }] },
      /a\.example\.org is listed twice/,
    ],
  ])('refuses %j, saying what and where', (input, message) => {
    expect(problemsOf(input as Parameters<typeof defineSiteConfig>[0]).join('\n')).toMatch(message);
  });

  it('is valid for this portal: spec/portal.json, beside its description', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const config = loadPortalConfig(resolveSpecPath(root, {}), {});
    expect(config.canonicalDomain).toBe('docs.petstore.dev');
    expect(config.docsTeamGuides).toBe(true);
    expect(siteUrl(config, {})).toEqual({ url: 'https://docs.petstore.dev', placeholder: false });
  });

  it("gives another description none of the Pet Store's: no domain, redirect, CNAME or own guides; a placeholder address", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-config-'));
    const config = loadPortalConfig(path.join(dir, 'openapi.yaml'), {});
    expect(config).toEqual({ redirects: [], cname: true, docsTeamGuides: false, navLinks: [], footer: [] });
    expect(cnameFile(config)).toBeUndefined();
    expect(siteUrl(config, {})).toEqual({ url: placeholderSiteUrl, placeholder: true });
    expect(siteUrl(config, { SITE_URL: 'https://docs.example.org' })).toEqual({
      url: 'https://docs.example.org',
      placeholder: false,
    });
  });

  it('says which file is wrong and how: not JSON, an unknown field, redirects with nowhere to go, a missing file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-config-'));
    const spec = path.join(dir, 'openapi.yaml');
    const file = path.join(dir, 'portal.json');
    const refused = (env: Record<string, string> = {}) => {
      try {
        loadPortalConfig(spec, env);
      } catch (error) {
        if (error instanceof SiteConfigError) return error.problems.join('\n');
        throw error;
      }
      throw new Error('expected the config to be refused');
    };
    writeFileSync(file, '{ canonicalDomain: docs.example.org }');
    expect(refused()).toMatch(new RegExp(`^${file}:1: not valid JSON`));
    writeFileSync(file, JSON.stringify({ canonicalDomain: 'docs.example.org', domains: [] }));
    expect(refused()).toContain(`${file}:1: domains: unknown key`);
    writeFileSync(file, JSON.stringify({ redirects: [{ from: 'a.example.org' }] }));
    expect(refused()).toContain(`${file}:1: redirects: there is no canonicalDomain for them to lead to`);
    expect(refused({ PETSTORE_PORTAL: path.join(dir, 'nowhere.json') })).toContain(
      'does not exist (named by PETSTORE_PORTAL)',
    );
  });
});

describe('the headers file', () => {
  it('allows only http(s) server origins, with variables at their defaults', () => {
    const origins = serverOrigins([
      { url: '{base}/v1', variables: [{ name: 'base', default: 'https://api.example.com' }] },
      { url: 'http://localhost:4010', variables: [] },
      { url: "javascript:__pwned('server')", variables: [] },
      { url: '/relative', variables: [] },
      { url: 'data:text/html,x', variables: [] },
    ]);
    expect(origins).toEqual(['https://api.example.com', 'http://localhost:4010']);
  });

  it("allows a scheme-relative server (Redoc's `//petstore.swagger.io/v2`) over https, as the console calls it", () => {
    expect(serverOrigins([{ url: '//petstore.swagger.io/v2', variables: [] }])).toEqual([
      'https://petstore.swagger.io',
    ]);
    // `//` alone, or `///x`, names no host: a path, with no origin of its own.
    expect(
      serverOrigins([
        { url: '//', variables: [] },
        { url: '///x', variables: [] },
      ]),
    ).toEqual([]);
  });

  it('allows the servers operations name for themselves too', () => {
    const server = (url: string) => ({ url, variables: [] });
    const model = {
      servers: [server('https://api.example.com')],
      operations: [{ servers: [server('https://api.example.com')] }, { servers: [server('http://localhost:4010')] }],
    };
    expect(serverOrigins(everyServer(model))).toEqual(['https://api.example.com', 'http://localhost:4010']);
  });

  const input = {
    scriptHashes: [sha256('console.log(1)')],
    apiOrigins: ['https://api.petstore.dev', 'http://localhost:4010'],
  };

  it('allows inline scripts only by hash, and the API servers for the console', () => {
    const csp = contentSecurityPolicy(input);
    expect(csp).toContain(`script-src 'self' 'wasm-unsafe-eval' ${sha256('console.log(1)')}`);
    expect(csp).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("connect-src 'self' http://localhost:4010 https://api.petstore.dev");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('lets the console preview a response as Scalar does (blob: URLs in frames, images and media), and nothing more', () => {
    const directives = new Map(
      contentSecurityPolicy(input)
        .split('; ')
        .map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')] as const),
    );
    expect(directives.get('frame-src')).toBe("'self' blob:");
    expect(directives.get('img-src')).toBe("'self' data: blob:");
    expect(directives.get('media-src')).toBe("'self' blob:");
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('script-src')).not.toContain('blob:');
    expect(directives.get('connect-src')).not.toContain('blob:');
  });

  it('sends the security headers on every path, in a form the local server reads back', () => {
    const rules = parseHeadersFile(headersFile(input));
    expect(rules).toHaveLength(1);
    expect(rules[0]?.pattern).toBe('/*');
    expect(rules[0]?.headers.map(([name]) => name)).toEqual([
      'Content-Security-Policy',
      'Strict-Transport-Security',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Permissions-Policy',
      'X-Frame-Options',
    ]);
  });

  it('finds inline scripts but not external ones', () => {
    const html = '<script>a()</script><script src="/x.js"></script><script type="module">b()</script>';
    expect(inlineScripts(html)).toEqual(['a()', 'b()']);
    const page = `<p>é ${html}</p><script>\n  c("ü")\n</script><script src="y.js" async></script>`;
    expect(inlineScriptsOfFile(Buffer.from(page))).toEqual(inlineScripts(page));
    expect(sha256('a()')).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });
});

describe('values written into the host files', () => {
  const csp = (apiOrigins: string[]) =>
    new Map(
      contentSecurityPolicy({ scriptHashes: [sha256('a()')], apiOrigins })
        .split('; ')
        .map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')] as const),
    );

  it('keeps a server whose host holds ";" out of the CSP, so it adds no directive of its own', () => {
    const origins = serverOrigins([
      { url: 'https://api.example.org;sandbox', variables: [] },
      { url: 'https://{host}/v1', variables: [{ name: 'host', default: "a.example.org,'unsafe-eval'" }] },
      { url: 'https://api.example.com', variables: [] },
    ]);
    const { allowed, leftOut } = cspOrigins(origins);
    expect(leftOut).toEqual(['https://api.example.org;sandbox', "https://a.example.org,'unsafe-eval'"]);
    const directives = csp(allowed);
    expect([...directives.keys()]).not.toContain('sandbox');
    expect(directives.get('connect-src')).toBe("'self' https://api.example.com");
    expect(directives.get('script-src')).toBe(`'self' 'wasm-unsafe-eval' ${sha256('a()')}`);
  });

  it('refuses to write a source, header value, path or domain the grammar cannot hold', () => {
    expect(() => csp(['https://api.example.org;sandbox'])).toThrow(HostFileError);
    expect(() => csp(['https://a.example.org https://b.example.org'])).toThrow(/is not a CSP source expression/);
    expect(() =>
      headersFile({
        scriptHashes: [],
        apiOrigins: [],
        contentTypes: [{ path: '/feed', type: 'text/xml\r\nX-Evil: 1' }],
      }),
    ).toThrow(/line break or control character/);
    expect(() =>
      headersFile({ scriptHashes: [], apiOrigins: [], contentTypes: [{ path: '/a b\n/*', type: 'text/xml' }] }),
    ).toThrow(/space, line break/);
    // A config that skipped its checks (portal.json's are in site-config.ts) still cannot write a second rule.
    const forged = {
      ...defineSiteConfig({ canonicalDomain: 'docs.example.org' }),
      canonicalDomain: 'a.org\n/* /evil 200',
    };
    expect(() => cnameFile(forged)).toThrow(/not a lower-case host name/);
    expect(() => redirectsFile({ ...forged, redirects: [{ from: 'example.org', status: 301 }] })).toThrow(
      HostFileError,
    );
  });
});
