/**
 * Host files for static hosts (Netlify, Cloudflare Pages and friends):
 * _redirects from the site config, CNAME, and _headers with the security
 * headers — a Content-Security-Policy the site really satisfies, since its
 * inline scripts are allowed by hash, never by 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';
import type { SiteConfig } from './site-config.ts';

/** `_redirects`: every path of each other domain to the same path on its target. */
export function redirectsFile(config: SiteConfig): string {
  return `${config.redirects
    .map((r) => `https://${r.from}/* https://${r.to ?? config.canonicalDomain}/:splat ${r.status}!`)
    .join('\n')}\n`;
}

export function cnameFile(config: SiteConfig): string | undefined {
  return config.cname && config.canonicalDomain ? `${config.canonicalDomain}\n` : undefined;
}

/** The inline `<script>` bodies of a page (without a src), for hashing. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .filter((body) => body.length > 0);
}

/**
 * `inlineScripts` of a page as read from disk: only the stretches from each `<script` to its `</script>` are
 * decoded, not the whole page (a large description's built pages run to hundreds of megabytes).
 */
export function inlineScriptsOfFile(page: Buffer): string[] {
  const scripts: string[] = [];
  const close = '</script>';
  for (let at = page.indexOf('<script'); at !== -1; ) {
    const end = page.indexOf(close, at);
    if (end === -1) break;
    scripts.push(...inlineScripts(page.toString('utf8', at, end + close.length)));
    at = page.indexOf('<script', end + close.length);
  }
  return scripts;
}

export function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The origins the live console may call, for `connect-src`, once each: each server URL with its variables'
 * defaults, kept only when it is an http(s) URL — a `javascript:` or relative server has no origin to allow.
 */
export function serverOrigins(servers: ServerLike[]): string[] {
  return [
    ...new Set(
      servers.flatMap((server) => {
        const url = httpServerUrl(server);
        return url ? [url.origin] : [];
      }),
    ),
  ];
}

type ServerLike = { url: string; variables: { name: string; default: string }[] };

/**
 * Every server the console may call: the description's, and those of operations and path items that name their
 * own (an operation only the sandbox serves, say), which the CSP must allow as well.
 */
export function everyServer<T extends ServerLike>(model: { servers: T[]; operations: { servers: T[] }[] }): T[] {
  return [...new Set([...model.servers, ...model.operations.flatMap((operation) => operation.servers)])];
}

/**
 * A server's URL with its variables' defaults, when that is an http(s) URL. A scheme-relative one (`//host/v2`) is
 * https, as the samples send it. With `base`, a relative URL is resolved against it first (as OpenAPI resolves one
 * against the description's address); without, it is none.
 */
export function httpServerUrl(server: ServerLike, base?: string): URL | undefined {
  const url = server.variables.reduce((u, v) => u.replaceAll(`{${v.name}}`, v.default), server.url);
  try {
    const parsed = new URL(/^\/\/[^/]/.test(url) ? `https:${url}` : url, base);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export interface HeadersInput {
  /** Hashes of every inline script the site contains. */
  scriptHashes: string[];
  /** Origins the live console may call (the spec's servers). */
  apiOrigins: string[];
  /** Files whose type their name does not tell a static host (`/.well-known/api-catalog`, the Atom feed). */
  contentTypes?: { path: string; type: string }[];
}

/** The Content-Security-Policy for every page. */
export function contentSecurityPolicy({ scriptHashes, apiOrigins }: HeadersInput): string {
  return [
    "default-src 'self'",
    // Pagefind's search runs WebAssembly, which needs 'wasm-unsafe-eval' (not 'unsafe-eval').
    `script-src 'self' 'wasm-unsafe-eval' ${[...new Set(scriptHashes)].sort().join(' ')}`.trim(),
    // Starlight and Astro set a few style attributes and small inline stylesheets.
    "style-src 'self' 'unsafe-inline'",
    // The console previews a response as Scalar does: its body as a blob: URL the page's own script makes
    // (URL.createObjectURL), shown in an <img>, <video>/<audio> or, for HTML and PDF, an <iframe> (HTML with an
    // empty `sandbox`: no script, an opaque origin). A blob: URL only holds what the page's own code put there.
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "frame-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self' ${[...new Set(apiOrigins)].sort().join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function headersFile(input: HeadersInput): string {
  const types = (input.contentTypes ?? []).flatMap(({ path, type }) => [path, `  Content-Type: ${type}`, '']);
  return [
    '/*',
    `  Content-Security-Policy: ${contentSecurityPolicy(input)}`,
    '  Strict-Transport-Security: max-age=63072000; includeSubDomains; preload',
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    '  X-Frame-Options: DENY',
    '',
    ...types,
  ].join('\n');
}

/** Parses `_headers` (path pattern lines, then indented `Name: value` lines) — for the local static server. */
export function parseHeadersFile(text: string): { pattern: string; headers: [string, string][] }[] {
  const rules: { pattern: string; headers: [string, string][] }[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: [] });
    else {
      const index = line.indexOf(':');
      rules.at(-1)?.headers.push([line.slice(0, index).trim(), line.slice(index + 1).trim()]);
    }
  }
  return rules;
}
