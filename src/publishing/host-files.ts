/**
 * Host files for static hosts (Netlify, Cloudflare Pages and friends):
 * _redirects from the site config, CNAME, and _headers with the security
 * headers — a Content-Security-Policy the site really satisfies, since its
 * inline scripts are allowed by hash, never by 'unsafe-inline'.
 *
 * Every value is written by one of the serializers below, which refuse what the file's grammar cannot hold (a
 * HostFileError): a `;` in a server's host would otherwise end `connect-src` and start a directive of the
 * description's choosing (`sandbox`, which stops every script of the site), a line break would start a header.
 */
import { createHash } from 'node:crypto';
import { httpServerUrl, type ServerLike } from '../openapi/index.ts';
import type { SiteConfig } from '../site/site-config.ts';

/** A value that does not fit the host file it was to be written into. */
export class HostFileError extends Error {
  constructor(what: string, value: string, why: string) {
    super(`${what} ${JSON.stringify(value)} cannot be written into the host files: ${why}.`);
    this.name = 'HostFileError';
  }
}

/** A host name (CNAME, _redirects): dot-separated labels of letters, digits and inner hyphens. */
export function hostName(value: string): string {
  if (!/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(value))
    throw new HostFileError('The domain', value, 'it is not a lower-case host name such as docs.example.org');
  return value;
}

/** A path or URL of `_redirects` and `_headers` rules: no spaces, line breaks or other control characters. */
function rulePath(value: string): string {
  if (value === '' || /[\s\p{Cc}]/u.test(value))
    throw new HostFileError('The path', value, 'it is empty or holds a space, line break or control character');
  return value;
}

/** One `  Name: value` line of `_headers`: a token name, a value without line breaks or control characters. */
function headerLine(name: string, value: string): string {
  if (!/^[!#$%&'*+.^`|~\w-]+$/.test(name)) throw new HostFileError('The header name', name, 'it is not a token');
  if (/[\p{Cc}]/u.test(value.replaceAll('\t', ' ')))
    throw new HostFileError(`The ${name} value`, value, 'it holds a line break or control character');
  return `  ${name}: ${value.trim()}`;
}

/**
 * A CSP source expression (CSP 3's grammar): a keyword or hash in quotes, a scheme (`data:`), or a host source,
 * `scheme://host[:port]` with a host of letters, digits, `-` and `.`. Nothing here can hold `;`, `,`, spaces,
 * quotes elsewhere or control characters, which would end the source, the directive or the header.
 */
export function cspSource(value: string): string {
  const keyword = /^'(?:self|none|unsafe-inline|wasm-unsafe-eval|strict-dynamic)'$/;
  const hash = /^'sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}'$/;
  const scheme = /^[a-z][a-z0-9+.-]*:$/;
  if (keyword.test(value) || hash.test(value) || scheme.test(value) || cspOrigin(value) === value) return value;
  throw new HostFileError('The Content-Security-Policy source', value, 'it is not a CSP source expression');
}

/**
 * An http(s) origin as a CSP host source, or undefined when CSP cannot name it: a host with characters other than
 * letters, digits, `-` and `.` (`https://api.example.org;sandbox`, which URL parsing accepts), or an IP v6 address.
 */
export function cspOrigin(origin: string): string | undefined {
  return /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?::\d{1,5})?$/.test(origin)
    ? origin
    : undefined;
}

/** `_redirects`: every path of each other domain to the same path on its target. */
export function redirectsFile(config: SiteConfig): string {
  return `${config.redirects
    .map((r) => {
      const status = redirectStatus(r.status);
      const from = rulePath(`https://${hostName(r.from)}/*`);
      const to = rulePath(`https://${hostName(r.to ?? config.canonicalDomain ?? '')}/:splat`);
      return `${from} ${to} ${status}!`;
    })
    .join('\n')}\n`;
}

function redirectStatus(status: number): number {
  if (![301, 302, 307, 308].includes(status))
    throw new HostFileError('The status', String(status), 'it is no redirect');
  return status;
}

export function cnameFile(config: SiteConfig): string | undefined {
  return config.cname && config.canonicalDomain ? `${hostName(config.canonicalDomain)}\n` : undefined;
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

/**
 * Every server the console may call: the description's, and those of operations and path items that name their
 * own (an operation only the sandbox serves, say), which the CSP must allow as well.
 */
export function everyServer<T extends ServerLike>(model: { servers: T[]; operations: { servers: T[] }[] }): T[] {
  return [...new Set([...model.servers, ...model.operations.flatMap((operation) => operation.servers)])];
}

export interface HeadersInput {
  /** Hashes of every inline script the site contains. */
  scriptHashes: string[];
  /** Origins the live console may call (the spec's servers). */
  apiOrigins: string[];
  /** Files whose type their name does not tell a static host (`/.well-known/api-catalog`, the Atom feed). */
  contentTypes?: { path: string; type: string }[];
}

/**
 * The origins a Content-Security-Policy can name, and those it cannot (each left out of `connect-src`: the build
 * warns of them, as the console cannot call them).
 */
export function cspOrigins(origins: readonly string[]): { allowed: string[]; leftOut: string[] } {
  const allowed = origins.filter((origin) => cspOrigin(origin) !== undefined);
  return { allowed, leftOut: origins.filter((origin) => cspOrigin(origin) === undefined) };
}

/** One directive: its name and its sources, each checked, once each. */
function directive(name: string, sources: readonly string[]): string {
  return [name, ...new Set(sources.map(cspSource))].join(' ');
}

/** The Content-Security-Policy for every page. Throws a HostFileError for a source CSP cannot hold. */
export function contentSecurityPolicy({ scriptHashes, apiOrigins }: HeadersInput): string {
  return [
    directive('default-src', ["'self'"]),
    // Pagefind's search runs WebAssembly, which needs 'wasm-unsafe-eval' (not 'unsafe-eval').
    directive('script-src', ["'self'", "'wasm-unsafe-eval'", ...[...scriptHashes].sort()]),
    // Starlight and Astro set a few style attributes and small inline stylesheets.
    directive('style-src', ["'self'", "'unsafe-inline'"]),
    // The console previews a response as Scalar does: its body as a blob: URL the page's own script makes
    // (URL.createObjectURL), shown in an <img>, <video>/<audio> or, for HTML and PDF, an <iframe> (HTML with an
    // empty `sandbox`: no script, an opaque origin). A blob: URL only holds what the page's own code put there.
    directive('img-src', ["'self'", 'data:', 'blob:']),
    directive('media-src', ["'self'", 'blob:']),
    directive('frame-src', ["'self'", 'blob:']),
    directive('font-src', ["'self'"]),
    directive('connect-src', ["'self'", ...[...apiOrigins].sort()]),
    directive('object-src', ["'none'"]),
    directive('base-uri', ["'self'"]),
    directive('form-action', ["'self'"]),
    directive('frame-ancestors', ["'none'"]),
  ].join('; ');
}

export function headersFile(input: HeadersInput): string {
  const types = (input.contentTypes ?? []).flatMap(({ path, type }) => [
    rulePath(path),
    headerLine('Content-Type', type),
    '',
  ]);
  return [
    rulePath('/*'),
    headerLine('Content-Security-Policy', contentSecurityPolicy(input)),
    headerLine('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload'),
    headerLine('X-Content-Type-Options', 'nosniff'),
    headerLine('Referrer-Policy', 'strict-origin-when-cross-origin'),
    headerLine(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    ),
    headerLine('X-Frame-Options', 'DENY'),
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
