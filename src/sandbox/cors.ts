/**
 * CORS for the portal's live console: the portal's origins may call the
 * sandbox and read every header the spec documents (X-RateLimit-*,
 * Retry-After, Deprecation, Sunset, Link, …).
 */

import { type ApiModel, servedOperations } from '../openapi/index.ts';

/** Origins on this machine (any port) are always allowed; a local sandbox serves local pages. */
const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface CorsPolicy {
  /** Headers for a normal response to `origin` (empty when the origin is not allowed). */
  responseHeaders(origin: string | undefined): Record<string, string>;
  /** Headers for a preflight from `origin`, or undefined when the origin is not allowed. */
  preflightHeaders(origin: string | undefined): Record<string, string> | undefined;
}

export function corsPolicy(model: ApiModel, methods: readonly string[], extraOrigins: readonly string[]): CorsPolicy {
  const allowed = new Set(extraOrigins.map(originOf).filter((o): o is string => o !== undefined));
  const isAllowed = (origin: string | undefined): origin is string => {
    if (!origin) return false;
    if (allowed.has(origin)) return true;
    try {
      const url = new URL(origin);
      return (url.protocol === 'http:' || url.protocol === 'https:') && localHosts.has(url.hostname);
    } catch {
      return false;
    }
  };
  const documented = new Set<string>(['Allow']);
  for (const operation of servedOperations(model)) {
    for (const response of operation.responses) for (const header of response.headers) documented.add(header.name);
  }
  const requestHeaders = new Set<string>(['Content-Type']);
  for (const scheme of model.securitySchemes)
    if (scheme.apiKey?.in === 'header') requestHeaders.add(scheme.apiKey.name);
  for (const operation of servedOperations(model)) {
    for (const parameter of operation.parameters) if (parameter.in === 'header') requestHeaders.add(parameter.name);
  }
  const expose = [...documented].join(', ');

  return {
    responseHeaders(origin) {
      if (!isAllowed(origin)) return { Vary: 'Origin' };
      return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': expose, Vary: 'Origin' };
    },
    preflightHeaders(origin) {
      if (!isAllowed(origin)) return undefined;
      return {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': methods.join(', '),
        'Access-Control-Allow-Headers': [...requestHeaders].join(', '),
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      };
    },
  };
}

function originOf(text: string): string | undefined {
  try {
    return new URL(text.trim()).origin;
  } catch {
    return undefined;
  }
}
