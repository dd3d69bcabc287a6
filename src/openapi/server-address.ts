/**
 * Where a server's URL leads. A description may write a server three ways: absolute (`https://api.example.com/v1`),
 * scheme-relative (`//petstore.swagger.io/v2`, as Redoc's demo descriptions do), or relative (`/v1`, a Swagger 2.0
 * `basePath` with no `host`, or no server at all, which OpenAPI reads as `/`). OpenAPI resolves the last two against
 * the address the description itself is served from; the portal serves it (`/openapi.json`), so they mean the docs
 * host. Samples and the console need an absolute address: this module gives one, or, where the description's
 * address is not known, a placeholder that says what to put there.
 */
import { escapeSegment, isRecord } from './json-pointer.ts';
import type { ApiServer } from './model.ts';
import type { SpecProblem } from './spec-problem.ts';

/** Stands for the API's host in samples when the description names none and the site's address is unknown. */
export const apiHostPlaceholder = 'https://YOUR-API-HOST';

/** `https:`, `javascript:`: a URL that names its scheme. */
const hasScheme = (url: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(url);

/** `//host/path`: a network-path reference, which takes the scheme of the page it is read on (`//` alone names no host). */
export const isSchemeRelative = (url: string): boolean => /^\/\/[^/]/.test(url);

/** A server URL that names no host: `/v1`, `v1`, `` (OpenAPI's default server is `/`). */
export const isHostless = (url: string): boolean => !hasScheme(url) && !isSchemeRelative(url);

/**
 * A server URL as written (variables and all) made absolute where it can be: scheme-relative as https (an API
 * published today is; curl refuses a URL without a scheme), relative against `descriptionUrl`, the address the
 * description is published at. Undefined for a relative URL without one. Nothing is encoded or checked here.
 */
export function absoluteServerUrl(url: string, descriptionUrl?: string): string | undefined {
  if (hasScheme(url)) return url;
  if (isSchemeRelative(url)) return `https:${url}`;
  if (!descriptionUrl || !URL.canParse(descriptionUrl)) return undefined;
  const base = new URL(descriptionUrl);
  // Written out rather than by `new URL(url, base)`, which would percent-encode the variables' braces.
  if (url.startsWith('/')) return `${base.origin}${url}`;
  return `${base.origin}${base.pathname.replace(/[^/]*$/, '')}${url}`;
}

/** The server's URL with every variable at its default (an unknown one stays as written, braces and all). */
export function withDefaults(server: ApiServer): string {
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    return server.variables.find((v) => v.name === name)?.default ?? whole;
  });
}

/**
 * The server's URL with every variable at its default, absolute (`absoluteServerUrl`, else on `apiHostPlaceholder`),
 * without a trailing slash (paths bring their own). No server at all is OpenAPI's default, `/`.
 */
export function serverAddress(server: ApiServer | undefined, descriptionUrl?: string): string {
  const written = server ? withDefaults(server) : '/';
  const url = absoluteServerUrl(written, descriptionUrl) ?? `${apiHostPlaceholder}/${written.replace(/^\/+/, '')}`;
  return url.replace(/\/+$/, '');
}

/**
 * Where the description writes a server that names no host (relative, or none at all): a warning for a build that
 * does not know the address the description is published at, whose samples and console then have no host to call.
 * One warning, at the first such server (in a 3.x document: `servers`, path items', operations'), with a count.
 * A description without `servers` is told at its root (a Swagger 2.0 one's place is mapped back to its `basePath`).
 */
export function hostlessServers(
  document: Record<string, unknown>,
  convertedFrom?: 'swagger-2.0',
): SpecProblem | undefined {
  const found: { pointer: string; url: string }[] = [];
  const visit = (servers: unknown, pointer: string) => {
    if (!Array.isArray(servers)) return;
    servers.forEach((server, i) => {
      if (isRecord(server) && typeof server.url === 'string' && isHostless(server.url))
        found.push({ pointer: `${pointer}/${i}/url`, url: server.url });
    });
  };
  const written = document.servers;
  if (!Array.isArray(written) || written.length === 0) found.push({ pointer: '/servers', url: '/' });
  else visit(written, '/servers');
  for (const [path, item] of Object.entries(isRecord(document.paths) ? document.paths : {})) {
    if (!isRecord(item)) continue;
    const at = `/paths/${escapeSegment(path)}`;
    visit(item.servers, `${at}/servers`);
    for (const [method, operation] of Object.entries(item)) {
      if (isRecord(operation)) visit(operation.servers, `${at}/${escapeSegment(method)}/servers`);
    }
  }
  const [first] = found;
  if (!first) return undefined;
  const none = !Array.isArray(written) || written.length === 0;
  const shown = JSON.stringify(first.url).slice(1, -1);
  const what =
    convertedFrom === 'swagger-2.0'
      ? `The description has no \`host\`, which Swagger 2.0 reads as the host that serves the description${none ? '' : ` (below \`${shown}\`)`}`
      : none
        ? 'The description names no server, which OpenAPI reads as `/`: the host that serves the description'
        : `The server \`${shown}\` names no host: it is relative to the host that serves the description`;
  const more = found.length > 1 ? ` (${found.length} places name no host; this is the first.)` : '';
  return {
    severity: 'warning',
    // A 3.x description without `servers` is told at its root; a 2.0 one's place is mapped back to what it wrote.
    pointer: none && !Array.isArray(written) && convertedFrom === undefined ? '' : first.pointer,
    message: `${what}, and the build does not know the site's address. The code samples send to ${apiHostPlaceholder} in its place, and the live console has no API host to call (its Try it is off where there is no other server or sandbox).${more}`,
    hint: "Set SITE_URL (or canonicalDomain in portal.json) when the API is served from the docs site's host; otherwise give the description an absolute server URL.",
  };
}

/** A server as the description writes it: its URL and its variables' defaults. */
export type ServerLike = { url: string; variables: { name: string; default: string }[] };

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
