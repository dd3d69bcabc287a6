/** The site config's checks and the host files the build writes from it. */
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  everyServer,
  headersFile,
  inlineScripts,
  inlineScriptsOfFile,
  parseHeadersFile,
  redirectsFile,
  serverOrigins,
  sha256,
} from '../../src/publishing/host-files.ts';
import { portalConfig } from '../../src/publishing/portal-config.ts';
import { defineSiteConfig, SiteConfigError } from '../../src/publishing/site-config.ts';

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

  it('is valid for this portal', () => {
    expect(portalConfig.canonicalDomain).toBe('docs.petstore.dev');
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
