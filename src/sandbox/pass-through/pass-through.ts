/**
 * The guarded pass-through: the live console's way to the docs team's real API, which does not answer CORS for the
 * docs site. Mounted by `main.ts` beside the sandbox app at `/proxy` (the app knows nothing of it), and only when
 * `portal.json` turns it on (`tryIt.passThrough`).
 *
 * Contract: `<method> /proxy/<target>`, where `<target>` is the absolute URL, percent-encoded as one path segment
 * (`encodeURIComponent`): `POST /proxy/https%3A%2F%2Fapi.example.com%2Fv1%2Fthings%3Fx%3D1`. The method, headers and
 * body are forwarded; the answer's status, headers and body come back as they are, readable by the page.
 *
 * What it refuses, each with a JSON Error body (`{ code, message, status }`) saying why:
 * - a target outside the servers the description lists (origin and base path, variables expanded), 403;
 * - a host that is, or resolves to, a loopback, link-local, private, unique local, shared (CGNAT), unspecified,
 *   multicast, reserved or cloud metadata address (every address DNS gives is checked, and the connection is made to
 *   the checked one, so a second lookup cannot send it elsewhere), 403; unless the listed server is itself one (an
 *   IP literal, `localhost`), for local development;
 * - a page of another origin than the sandbox's CORS allows, 403; a method other than GET, HEAD, POST, PUT, PATCH,
 *   DELETE and OPTIONS, 405;
 * - a request body over 1 MiB, 413; an answer over 1 MiB (as sent, compressed or not), 502; no answer within 10 s
 *   (resolving, connecting and reading the answer), 504; a server that cannot be resolved or reached, 502;
 * - over the quota of a keyless sandbox request, per client address (the sandbox's own store and limits), 429, and
 *   the same ban (403).
 * Redirects are not followed: a 3xx comes back with its Location (made absolute against the target). Cookies are
 * stripped both ways (Cookie, Set-Cookie), and so are hop-by-hop headers, the page's Origin and Referer, the
 * browser's Sec-* headers, forwarding headers, and answer headers that would act on the sandbox's own origin
 * (Strict-Transport-Security, Clear-Site-Data, Alt-Svc).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { PASS_THROUGH_PATH } from '../../contracts/console-target.ts';
import { isUnderBase } from '../../openapi/index.ts';
import { type Clock, systemClock } from '../../rate-limits/clock.ts';
import type { BanPolicy, Quota, RateWindow } from '../../rate-limits/rate-limiter.ts';
import { noTrustedProxies, resolveClientAddress, type TrustedProxies } from '../client-address.ts';
import { originAllower } from '../cors.ts';
import { type SandboxStore, StoreUnavailableError } from '../store/sandbox-store.ts';
import { isLocalhostName, metadataHostNames, nonPublicKind } from './addresses.ts';

/** Where it is mounted: `/proxy/<encoded absolute URL>` (the console's side of the contract names it too). */
export const passThroughPath = PASS_THROUGH_PATH;

export const isPassThroughPath = (pathname: string) =>
  pathname === passThroughPath || pathname.startsWith(`${passThroughPath}/`);

/** The caps: request and answer bodies in bytes, and the whole exchange in ms. */
export const passThroughLimits = { requestBytes: 1024 * 1024, responseBytes: 1024 * 1024, timeoutMs: 10_000 };

/** The methods it forwards. */
export const passThroughMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to (node:dns `lookup` with `all`); injectable for tests. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface PassThroughOptions {
  /** The base URLs it may reach (`passThroughBases(model)`: the description's servers, variables expanded). */
  bases: readonly string[];
  /** The sandbox's store, whose quota windows count a proxied request as a keyless sandbox request. */
  store: Pick<SandboxStore<unknown>, 'admit'>;
  /** The quota of a keyless sandbox request (`anonymousQuota(model)`), and its ban. */
  quota: Quota;
  ban?: BanPolicy | undefined;
  clock?: Clock;
  /** Origins besides this machine's whose pages may use it (the sandbox's own `allowedOrigins`). */
  allowedOrigins?: readonly string[];
  resolve?: Resolve;
  limits?: Partial<typeof passThroughLimits>;
  /** Proxies whose X-Forwarded-For names the client (the sandbox's own SANDBOX_TRUSTED_PROXIES). */
  trustedProxies?: TrustedProxies;
  /** Where the service serves its API, in a site of several: `/<id>`, so it is at `/<id>/proxy` (`../mount.ts`). */
  mountedAt?: string;
}

/** What it reads of the Node adapter's bindings (`HttpBindings`): the client's address, whose quota it counts in. */
export interface ClientConnection {
  incoming?: { socket?: { remoteAddress?: string | undefined } };
}

export type PassThrough = (request: Request, env?: ClientConnection) => Promise<Response>;

/** A refusal, answered as JSON. */
class Refusal extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

const onlyListed = 'the pass-through only reaches the servers the description lists';

export function createPassThrough(options: PassThroughOptions): PassThrough {
  const { bases, store, quota, ban } = options;
  const clock = options.clock ?? systemClock;
  const resolve = options.resolve ?? systemResolve;
  const limits = { ...passThroughLimits, ...options.limits };
  const allowOrigin = originAllower(options.allowedOrigins ?? []);
  const listedHosts = new Set(bases.map((base) => bareHost(new URL(base).hostname)));

  return async (request, env) => {
    const origin = request.headers.get('origin') ?? undefined;
    const allowed = allowOrigin(origin);
    const cors: Record<string, string> = allowed ? { 'Access-Control-Allow-Origin': allowed } : {};
    try {
      if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
        if (!allowed) throw new Refusal(403, 'proxy_refused', `Pages at ${origin} may not use the pass-through.`);
        return preflight(request, cors);
      }
      if (origin && !allowed)
        throw new Refusal(403, 'proxy_refused', `Pages at ${origin} may not use the pass-through.`);
      const target = targetOf(request, options.mountedAt ?? '');
      if (!(passThroughMethods as readonly string[]).includes(request.method)) {
        throw new Refusal(405, 'proxy_method_not_allowed', `The pass-through does not forward ${request.method}.`, {
          Allow: passThroughMethods.join(', '),
        });
      }
      await admit(
        resolveClientAddress(
          env?.incoming?.socket?.remoteAddress,
          request.headers.get('x-forwarded-for') ?? undefined,
          options.trustedProxies ?? noTrustedProxies,
        ),
      );
      const host = bareHost(target.hostname);
      if (!bases.some((base) => isUnderBase(target, base))) throw notListed(target, host);
      const body = await readBody(request, limits.requestBytes);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
      // A client that goes away takes the exchange with it.
      const leave = () => controller.abort();
      request.signal.addEventListener('abort', leave, { once: true });
      try {
        const address = await untilAborted(checkedAddress(host), controller.signal);
        const answer = await exchange(target, address, request, body, controller.signal, limits.responseBytes);
        return answerFrom(answer, request.method, target, cors);
      } catch (error) {
        if (controller.signal.aborted) {
          throw new Refusal(
            504,
            'proxy_timeout',
            `${target.origin} did not answer within ${limits.timeoutMs / 1000} s, the pass-through's time limit.`,
          );
        }
        throw error;
      } finally {
        clearTimeout(timer);
        request.signal.removeEventListener('abort', leave);
      }
    } catch (error) {
      if (error instanceof Refusal) return refusal(error, cors);
      if (error instanceof StoreUnavailableError) {
        return refusal(
          new Refusal(503, 'service_unavailable', 'The sandbox cannot reach its data store just now.', {
            'Retry-After': '2',
          }),
          cors,
        );
      }
      const detail = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error);
      return refusal(
        new Refusal(502, 'proxy_unreachable', `The pass-through could not reach the server (${detail}).`),
        cors,
      );
    }
  };

  async function admit(address: string): Promise<void> {
    const admission = await store.admit(`address:${address}`, quota, ban, clock.now());
    const headers = { ...rateLimitHeaders(admission.window) };
    if (admission.outcome === 'banned') {
      throw new Refusal(
        403,
        'api_key_banned',
        `This client is banned for ${Math.round((ban?.durationSeconds ?? 0) / 60)} minutes for sending requests while rate limited. Retry after the time in Retry-After.`,
        { ...headers, 'Retry-After': String(admission.retryAfter) },
      );
    }
    if (admission.outcome === 'limited') {
      throw new Refusal(
        429,
        'rate_limited',
        `Rate limit of ${admission.window.limit} requests per ${admission.period} exceeded (the pass-through counts as a sandbox request without a key). Retry in ${admission.retryAfter} seconds.`,
        { ...headers, 'Retry-After': String(admission.retryAfter), 'Cache-Control': 'no-store' },
      );
    }
  }

  /** A listed target's address to connect to: the literal itself, or a resolved one, every resolved one checked. */
  async function checkedAddress(host: string): Promise<ResolvedAddress | undefined> {
    // An IP literal that passed the listing is a listed server itself: local development may list 127.0.0.1.
    if (isIP(host)) return undefined;
    let addresses: ResolvedAddress[];
    try {
      addresses = await resolve(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'no answer';
      throw new Refusal(502, 'proxy_unreachable', `${host} could not be resolved (${code}).`);
    }
    if (addresses.length === 0) throw new Refusal(502, 'proxy_unreachable', `${host} resolves to no address.`);
    // A listed `localhost` may reach this machine, and a listed metadata host its service; nothing else may.
    const allowedKinds = new Set<string>();
    if (isLocalhostName(host) && listedHosts.has(host)) allowedKinds.add('a loopback address');
    if (metadataHostNames.has(host) && listedHosts.has(host)) {
      allowedKinds.add('a cloud metadata address').add('a link-local address');
    }
    for (const { address } of addresses) {
      const kind = nonPublicKind(address);
      if (kind && !allowedKinds.has(kind)) {
        throw new Refusal(
          403,
          'proxy_refused',
          `${host} resolves to ${address}, ${kind}; ${onlyListed}, at public addresses.`,
        );
      }
    }
    return addresses[0];
  }

  function notListed(target: URL, host: string): Refusal {
    const kind = isIP(host)
      ? nonPublicKind(host)
      : metadataHostNames.has(host)
        ? 'a cloud metadata host'
        : isLocalhostName(host)
          ? 'this machine'
          : undefined;
    const listed = bases.length === 0 ? 'none' : bases.slice(0, 5).join(', ') + (bases.length > 5 ? ', …' : '');
    return new Refusal(
      403,
      'proxy_refused',
      kind
        ? `${host} is ${kind}; ${onlyListed} (${listed}).`
        : `${target.origin}${target.pathname} is not under a server the description lists; ${onlyListed} (${listed}).`,
    );
  }
}

/** The target URL from `/proxy/<encoded URL>` (a query left unencoded after it is kept). */
function targetOf(request: Request, mountedAt: string): URL {
  const url = new URL(request.url);
  const raw = url.pathname.slice(mountedAt.length + passThroughPath.length + 1);
  let target: URL | undefined;
  try {
    target = new URL(decodeURIComponent(raw) + url.search);
  } catch {
    target = undefined;
  }
  if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) {
    throw new Refusal(
      400,
      'proxy_bad_target',
      `The pass-through takes the target as /proxy/<absolute http(s) URL, percent-encoded>; got ${JSON.stringify(raw.slice(0, 200))}.`,
    );
  }
  if (target.username || target.password) {
    throw new Refusal(400, 'proxy_bad_target', 'The target URL may not carry a user name or password.');
  }
  target.hash = '';
  return target;
}

function preflight(request: Request, cors: Record<string, string>): Response {
  const asked = request.headers.get('access-control-request-headers') ?? '';
  const headers = asked
    .split(',')
    .map((name) => name.trim())
    .filter((name) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name));
  return new Response(null, {
    status: 204,
    headers: {
      ...cors,
      'Access-Control-Allow-Methods': passThroughMethods.join(', '),
      ...(headers.length > 0 ? { 'Access-Control-Allow-Headers': headers.join(', ') } : {}),
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    },
  });
}

/** The request body, refused past `max` bytes (by its Content-Length, or as it arrives). */
async function readBody(request: Request, max: number): Promise<Buffer | undefined> {
  const tooLarge = () =>
    new Refusal(413, 'proxy_payload_too_large', `The request body is over ${max} bytes, the pass-through's limit.`);
  if (Number(request.headers.get('content-length') ?? 0) > max) throw tooLarge();
  if (!request.body) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return size === 0 ? undefined : Buffer.concat(chunks);
}

/** Request headers that stay behind: cookies, the page's origin, hop-by-hop and forwarding headers, Host (set anew). */
const droppedRequestHeaders = new Set([
  'host',
  'cookie',
  'cookie2',
  'origin',
  'referer',
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'expect',
  'forwarded',
  'via',
  'x-real-ip',
]);
const droppedRequestPrefixes = ['x-forwarded-', 'sec-', 'access-control-request-'];

/** Answer headers that stay behind: cookies, hop-by-hop ones, CORS (it sets its own) and those acting on its origin. */
const droppedResponseHeaders = new Set([
  'set-cookie',
  'set-cookie2',
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'strict-transport-security',
  'clear-site-data',
  'alt-svc',
  'public-key-pins',
  'public-key-pins-report-only',
]);

/** The names a Connection header lists, which are hop-by-hop too. */
const connectionNames = (value: string | null | undefined) =>
  new Set((value ?? '').split(',').map((name) => name.trim().toLowerCase()));

function forwardedHeaders(request: Request, target: URL, body: Buffer | undefined): OutgoingHttpHeaders {
  const named = connectionNames(request.headers.get('connection'));
  const headers: OutgoingHttpHeaders = { host: target.host };
  for (const [name, value] of request.headers) {
    if (droppedRequestHeaders.has(name) || named.has(name)) continue;
    if (droppedRequestPrefixes.some((prefix) => name.startsWith(prefix))) continue;
    headers[name] = value;
  }
  if (body) headers['content-length'] = String(body.byteLength);
  else if (['POST', 'PUT', 'PATCH'].includes(request.method)) headers['content-length'] = '0';
  return headers;
}

interface Exchange {
  status: number;
  rawHeaders: string[];
  body: Buffer;
}

/** Sends the request to the target, connecting to `address` (else the literal host), and reads the whole answer. */
function exchange(
  target: URL,
  address: ResolvedAddress | undefined,
  request: Request,
  body: Buffer | undefined,
  signal: AbortSignal,
  maxBytes: number,
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    // The connection goes to the address that was checked, whatever the name resolves to by now; the name stays
    // the Host header and the TLS server name, and the certificate is checked against it.
    const lookup: LookupFunction = (_host, lookupOptions, callback) => {
      if (!address) return callback(new Error('no checked address'), '', 0);
      if (lookupOptions.all) callback(null, [address]);
      else callback(null, address.address, address.family);
    };
    const tooLarge = () =>
      new Refusal(
        502,
        'proxy_response_too_large',
        `${target.origin}'s answer is over ${maxBytes} bytes, the pass-through's limit.`,
      );
    const outgoing = send({
      protocol: target.protocol,
      hostname: bareHost(target.hostname),
      ...(target.port ? { port: Number(target.port) } : {}),
      path: `${target.pathname}${target.search}`,
      method: request.method,
      headers: forwardedHeaders(request, target, body),
      agent: false,
      signal,
      ...(address ? { lookup } : {}),
    });
    outgoing.on('error', reject);
    // Past the time limit the exchange ends wherever it is, the answer's body half read included.
    signal.addEventListener(
      'abort',
      () => {
        outgoing.destroy();
        reject(signal.reason);
      },
      { once: true },
    );
    outgoing.on('response', (incoming: IncomingMessage) => {
      if (Number(incoming.headers['content-length'] ?? 0) > maxBytes) {
        outgoing.destroy();
        return reject(tooLarge());
      }
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > maxBytes) {
          outgoing.destroy();
          reject(tooLarge());
        } else chunks.push(chunk);
      });
      incoming.on('error', reject);
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 502, rawHeaders: incoming.rawHeaders, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.end(body);
  });
}

function answerFrom(answer: Exchange, method: string, target: URL, cors: Record<string, string>): Response {
  if (answer.status < 200 || answer.status > 599) {
    throw new Refusal(502, 'proxy_unreachable', `${target.origin} answered with status ${answer.status}.`);
  }
  const headers = new Headers();
  const named = connectionNames(
    answer.rawHeaders.find((_, i, all) => i % 2 === 1 && all[i - 1]?.toLowerCase() === 'connection'),
  );
  for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) {
    const name = (answer.rawHeaders[i] ?? '').toLowerCase();
    const value = answer.rawHeaders[i + 1] ?? '';
    if (droppedResponseHeaders.has(name) || named.has(name) || name.startsWith('access-control-')) continue;
    // A relative Location would resolve against the sandbox: it is made absolute against the target.
    headers.append(name, name === 'location' ? absoluteLocation(value, target) : value);
  }
  const exposed = [...new Set(headers.keys())];
  for (const [name, value] of Object.entries(cors)) headers.set(name, value);
  if (cors['Access-Control-Allow-Origin'] && exposed.length > 0) {
    headers.set('Access-Control-Expose-Headers', exposed.join(', '));
  }
  headers.append('Vary', 'Origin');
  const empty = method === 'HEAD' || answer.status === 204 || answer.status === 205 || answer.status === 304;
  if (!empty) headers.set('Content-Length', String(answer.body.byteLength));
  return new Response(empty ? null : new Uint8Array(answer.body), { status: answer.status, headers });
}

function absoluteLocation(value: string, target: URL): string {
  try {
    return new URL(value, target).href;
  } catch {
    return value;
  }
}

function refusal(failure: Refusal, cors: Record<string, string>): Response {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    ...failure.headers,
    ...cors,
    Vary: 'Origin',
  };
  if (cors['Access-Control-Allow-Origin']) {
    headers['Access-Control-Expose-Headers'] = Object.keys(failure.headers).join(', ');
  }
  return new Response(JSON.stringify({ code: failure.code, message: failure.message, status: failure.status }), {
    status: failure.status,
    headers,
  });
}

function rateLimitHeaders(window: RateWindow): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(window.limit),
    'X-RateLimit-Remaining': String(window.remaining),
    'X-RateLimit-Reset': String(window.reset),
  };
}

/** A host as compared and connected to: lower case, no IPv6 brackets, no trailing dot. */
function bareHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

/** Rejects when `signal` aborts first (a DNS lookup cannot be cancelled; its answer is then ignored). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
