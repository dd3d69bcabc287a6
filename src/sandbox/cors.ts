/**
 * CORS for the portal's live console, by `hono/cors` for preflights: pages on this machine (any port) and the configured origins
 * (the published portal) may call the sandbox, send the key and every header parameter the spec has, and read
 * every response header the spec documents (X-RateLimit-*, Retry-After, Deprecation, Sunset, Link, …).
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { type ApiModel, servedOperations } from '../openapi/index.ts';
import type { SandboxEnv } from './callers.ts';

/** Origins on this machine (any port) are always allowed; a local sandbox serves local pages. */
const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

export function corsGate(
  model: ApiModel,
  methods: readonly string[],
  extraOrigins: readonly string[],
  moreRequestHeaders: readonly string[] = [],
): MiddlewareHandler<SandboxEnv> {
  const allowOrigin = originAllower(extraOrigins);
  const operations = servedOperations(model);
  const exposeHeaders = new Set(['Allow']);
  for (const operation of operations) {
    for (const response of operation.responses) for (const header of response.headers) exposeHeaders.add(header.name);
  }
  const allowHeaders = new Set(['Content-Type', ...moreRequestHeaders]);
  for (const scheme of model.securitySchemes) {
    if (scheme.apiKey?.in === 'header') allowHeaders.add(scheme.apiKey.name);
    // Bearer, Basic, OAuth 2 and OpenID Connect credentials come in Authorization.
    else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
      allowHeaders.add('Authorization');
    }
  }
  for (const operation of operations) {
    for (const parameter of operation.parameters) if (parameter.in === 'header') allowHeaders.add(parameter.name);
  }

  const honoCors = cors({
    origin: (origin) => allowOrigin(origin),
    allowMethods: [...methods],
    allowHeaders: [...allowHeaders],
    exposeHeaders: [...exposeHeaders],
    maxAge: 600,
  });
  const expose = [...exposeHeaders].join(',');

  return async (c, next) => {
    if (c.req.method !== 'OPTIONS') {
      // Set before the answer is made, so that they go into it as it is built. hono/cors appends its Vary once the
      // answer exists, which makes Hono copy the response around its body as a stream: the Node adapter then wrote
      // every answer through a stream, at about half the requests a second.
      const origin = allowOrigin(c.req.header('origin'));
      if (origin) {
        c.header('Access-Control-Allow-Origin', origin);
        c.header('Access-Control-Expose-Headers', expose);
      }
      c.header('Vary', 'Origin');
      return next();
    }
    if (c.req.header('access-control-request-method')) {
      // hono/cors answers a stranger's preflight 204 without Allow-Origin; a 403 says plainly that it is refused.
      if (!allowOrigin(c.req.header('origin'))) return c.body(null, 403, { Vary: 'Origin' });
      return honoCors(c, next);
    }
    // hono/cors answers every OPTIONS as a preflight. A plain OPTIONS is the console's probe: it goes on to the
    // route that lists the path's methods (or a 404), with the headers any answer to the page carries.
    await next();
    const origin = allowOrigin(c.req.header('origin'));
    if (origin) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Expose-Headers', expose);
    }
    c.header('Vary', 'Origin', { append: true });
  };
}

/**
 * Which page origins may read the answers: this machine's (any port) and `extraOrigins`. The allowed origin as sent,
 * else null. The pass-through (`pass-through/`) answers CORS for the same ones.
 */
export function originAllower(extraOrigins: readonly string[]): (origin: string | undefined) => string | null {
  const allowed = new Set(extraOrigins.map(originOf).filter((o): o is string => o !== undefined));
  return (origin) => {
    if (!origin) return null;
    if (allowed.has(origin)) return origin;
    try {
      const url = new URL(origin);
      return (url.protocol === 'http:' || url.protocol === 'https:') && localHosts.has(url.hostname) ? origin : null;
    } catch {
      return null;
    }
  };
}

function originOf(text: string): string | undefined {
  try {
    return new URL(text.trim()).origin;
  } catch {
    return undefined;
  }
}
