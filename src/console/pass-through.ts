/**
 * The console's side of the pass-through (portal.json's `tryIt.passThrough`): a fetch wrapper that sends a request
 * for one of the description's own servers through the sandbox service's `/proxy`, since the real API does not
 * answer CORS for the docs site. Only the request on the wire changes: Scalar's address bar, the page's samples and
 * any copied curl keep the real URL, and the answer is handed back as the real server's (its URL left empty, so
 * Scalar shows the path it sent). Requests for the sandbox or any other address are sent as they are.
 */
import type { PassThroughTarget } from '../contracts/console-target.ts';
import { isUnderBase } from '../openapi/browser.ts';

/** The pass-through's URL for `url` (relative ones resolved against `base`), when it is at or under a server the pass-through reaches; else undefined. */
export function passThroughUrl(passThrough: PassThroughTarget, url: string, base?: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return undefined;
  }
  if (!passThrough.servers.some((base) => isUnderBase(parsed, base))) return undefined;
  parsed.hash = '';
  return `${passThrough.url}/${encodeURIComponent(parsed.href)}`;
}

/** `send` with requests for the description's own servers rewritten to go through the pass-through. */
export function throughPassThrough(passThrough: PassThroughTarget | undefined, send: typeof fetch): typeof fetch {
  if (!passThrough) return send;
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const proxied = passThroughUrl(passThrough, url, globalThis.location?.href);
    if (!proxied) return send(input, init);
    const response = await send(proxied, await sameRequest(input, init));
    // A fresh Response has no URL: Scalar then names the URL it asked for, not the pass-through's.
    const empty = response.body === null || [101, 204, 205, 304].includes(response.status);
    return new Response(empty ? null : response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/**
 * The same method, headers and body for another URL. A Request's body is read into bytes: a Request cannot be
 * copied to a new URL with its body as a stream without `duplex`, which browsers only half support. No cookies:
 * the pass-through never forwards them.
 */
async function sameRequest(input: RequestInfo | URL, init: RequestInit | undefined): Promise<RequestInit> {
  if (!(input instanceof Request)) return { ...init, credentials: 'omit' };
  const body = input.method === 'GET' || input.method === 'HEAD' ? undefined : await input.arrayBuffer();
  return {
    method: input.method,
    headers: input.headers,
    ...(body && body.byteLength > 0 ? { body } : {}),
    signal: input.signal,
    redirect: input.redirect,
    cache: input.cache,
    ...init,
    credentials: 'omit',
  };
}
