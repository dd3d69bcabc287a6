/**
 * The sandbox as a Hono app: every operation of the spec, behind the same
 * gates a real deployment has — CORS, rate limits and bans, routing,
 * authentication, plans, request checks — and answering errors with the
 * spec's Error object. Only the spec model goes in; nothing of the site.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import {
  type ApiDemoKey,
  type ApiModel,
  type ApiOperation,
  anonymousQuota,
  httpDate,
  planAllows,
  type Quota,
  sandboxDemoKeys,
  servedOperations,
  startOfDay,
} from '../openapi/index.ts';
import { type Clock, systemClock } from '../rate-limits/clock.ts';
import type { Admission, RateWindow } from '../rate-limits/rate-limiter.ts';
import { ApiError, sandboxErrorCodes } from './api-error.ts';
import { corsPolicy } from './cors.ts';
import type { HandlerResponse } from './handlers/handler.ts';
import { handlers } from './handlers/index.ts';
import { keyHandlers, personalKeyPrefix } from './handlers/sandbox-keys.ts';
import { checkBody, checkParameters } from './request-checks.ts';
import { Router } from './router.ts';
import { SpecSchemas } from './spec-schemas.ts';
import { createMemoryStore } from './store/memory-store.ts';
import { personalScope, type SandboxStore, StoreUnavailableError, sharedScope } from './store/sandbox-store.ts';

export interface SandboxOptions {
  model: ApiModel;
  clock?: Clock;
  /** Where records and rate-limit counts are kept: in this process's memory unless given. */
  store?: SandboxStore;
  /** Origins besides this machine's that may call the sandbox from a browser (the published portal). */
  allowedOrigins?: readonly string[];
  /** Called with unexpected errors (answered as 500 internal_error). */
  onError?: (error: unknown) => void;
}

/** A caller with a key: its plan's limits, and the data set it reads and changes. */
interface Caller {
  key: string;
  plan: string;
  perMinute: number;
  perDay: number;
  scope: string;
  /** When a personal key ends (epoch ms, by the sandbox's clock). */
  endsAt?: number;
}

export interface Sandbox {
  app: Hono;
  store: SandboxStore;
  /** The demo keys it accepts, from the spec. */
  demoKeys: readonly ApiDemoKey[];
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const { model } = options;
  const clock = options.clock ?? systemClock;
  const store = options.store ?? createMemoryStore();
  // Requests without a valid key count per client address, with this quota.
  const keylessQuota = checkAgainstSpec(model);

  const demoKeys = sandboxDemoKeys(model);
  const keysByValue = new Map(demoKeys.map((k) => [k.key, k]));
  // A personal key's plan has the limits of that plan's demo key (an Enterprise plan's are the demo key's own).
  const plans = new Map((model.rateLimits?.plans ?? []).map(({ plan }) => [plan.toLowerCase(), plan]));
  const quotaOfPlan = new Map(demoKeys.map((k) => [k.plan, { perMinute: k.perMinute, perDay: k.perDay }]));

  /** Who calls: a demo key (the shared data set), a personal key that has not ended (its own), or nobody known. */
  async function callerOf(apiKey: string | undefined): Promise<Caller | undefined> {
    if (apiKey === undefined) return undefined;
    const demo = keysByValue.get(apiKey);
    if (demo) return { ...demo, scope: sharedScope };
    if (!apiKey.startsWith(personalKeyPrefix)) return undefined;
    // Unknown while the store is out of reach: the admission that follows answers 503.
    const personal = await store.findKey(apiKey).catch(() => undefined);
    const quota = personal && quotaOfPlan.get(personal.plan);
    if (!personal || !quota || personal.expiresAt <= clock.now()) return undefined;
    return { key: apiKey, plan: personal.plan, ...quota, scope: personalScope(apiKey), endsAt: personal.expiresAt };
  }
  const keyHeader = model.securitySchemes.find((s) => s.apiKey?.in === 'header')?.apiKey?.name ?? 'X-API-Key';
  const ban = model.rateLimits?.temporaryBan;
  const router = new Router(servedOperations(model));
  const schemas = new SpecSchemas(model.schemaResolver);
  const cors = corsPolicy(model, [...router.methods, 'OPTIONS'], options.allowedOrigins ?? []);
  const statusOf = new Map(model.errorCodes.map((e) => [e.code, e.status]));
  const policy = model.requestPolicy ?? {};
  const successorPaths = new Map(model.operations.map((o) => [o.operationId, o.path]));

  const app = new Hono();

  // For load balancers and uptime checks: 200 while the store answers, 503 while it does not. Not an operation of
  // the API (no key, no rate limit).
  app.get('/sandbox/health', async (c) => {
    try {
      await store.ping();
      return c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' });
    } catch {
      const failure = unavailable();
      return c.json({ code: failure.code, message: failure.message, status: 503 }, 503, {
        ...failure.headers,
        'Cache-Control': 'no-store',
      });
    }
  });

  /** Where the caller stands, for answers that count nothing; nothing to say while the store is out of reach. */
  const standing = async (identity: string, quota: Quota) => {
    try {
      return rateLimitHeaders(await store.peek(identity, quota, clock.now()));
    } catch {
      return {};
    }
  };

  app.all('*', async (c) => {
    const origin = c.req.header('origin');
    const apiKey = c.req.header(keyHeader);
    const caller = await callerOf(apiKey);
    const identity = caller ? `key:${caller.key}` : `address:${clientAddress(c)}`;
    const quota = caller ?? keylessQuota;

    // Preflights and a plain OPTIONS are not calls to the API: they do not count against a rate
    // limit, but like every response they say where the caller stands.
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      const headers = cors.preflightHeaders(origin);
      const now = await standing(identity, quota);
      return headers ? c.body(null, 204, { ...headers, ...now }) : c.body(null, 403, { Vary: 'Origin', ...now });
    }
    // A plain OPTIONS on a known path lists its methods (RFC 9110 §9.3.7): the console uses it to
    // see whether the sandbox is running.
    if (c.req.method === 'OPTIONS') {
      const route = router.match('OPTIONS', c.req.path);
      if (route.kind === 'wrong-method') {
        return c.body(null, 204, {
          Allow: ['OPTIONS', ...route.allow].join(', '),
          ...cors.responseHeaders(origin),
          ...(await standing(identity, quota)),
        });
      }
    }

    let result: HandlerResponse;
    // Without an admission (the store failed to count), the rate-limit headers say nothing.
    let admission: Admission | undefined;
    try {
      admission = await store.admit(identity, quota, ban, clock.now());
      result = await serve(c, admission, apiKey, caller);
    } catch (error) {
      if (!(error instanceof ApiError) && !(error instanceof StoreUnavailableError)) options.onError?.(error);
      const failure =
        error instanceof ApiError
          ? error
          : error instanceof StoreUnavailableError
            ? unavailable()
            : new ApiError('internal_error', 'The sandbox failed unexpectedly.');
      const status = statusOf.get(failure.code) ?? 500;
      result = { status, body: { code: failure.code, message: failure.message, status }, headers: failure.headers };
    }

    const headers: Record<string, string> = {
      ...cors.responseHeaders(origin),
      ...result.headers,
      ...(admission ? rateLimitHeaders(admission.window) : {}),
    };
    if (result.body === undefined) return c.body(null, result.status as 204, headers);
    return c.json(result.body, result.status as 200, headers);
  });

  /** The gates, in order; each failure is an ApiError and nothing has changed yet. */
  async function serve(
    c: Context,
    admission: Admission,
    apiKey: string | undefined,
    caller: Caller | undefined,
  ): Promise<HandlerResponse> {
    if (admission.outcome === 'banned') {
      const minutes = Math.round((ban?.durationSeconds ?? 0) / 60);
      throw new ApiError(
        'api_key_banned',
        `${caller ? 'This API key' : 'This client'} is banned for ${minutes} minutes for sending requests while rate limited. Retry after the time in Retry-After.`,
        { 'Retry-After': String(admission.retryAfter) },
      );
    }
    if (admission.outcome === 'limited') {
      throw new ApiError(
        'rate_limited',
        `Rate limit of ${admission.window.limit} requests per ${admission.period} exceeded. Retry in ${admission.retryAfter} seconds.`,
        { 'Retry-After': String(admission.retryAfter), 'Cache-Control': 'no-store' },
      );
    }

    const url = new URL(c.req.url);
    const match = router.match(c.req.method, url.pathname);
    if (match.kind === 'unknown-route') {
      throw new ApiError('route_not_found', `No operation is at ${url.pathname}.`);
    }
    if (match.kind === 'wrong-method') {
      throw new ApiError(
        'method_not_allowed',
        `${url.pathname} does not support ${c.req.method}; use ${match.allow.join(' or ')}.`,
        {
          Allow: match.allow.join(', '),
        },
      );
    }
    const { operation, pathParams } = match;

    if (operation.security.length > 0) {
      if (apiKey === undefined || apiKey === '') {
        throw new ApiError('missing_api_key', `No API key was sent. Send your key in the ${keyHeader} header.`);
      }
      if (!caller) throw new ApiError('invalid_api_key', `The API key in the ${keyHeader} header is not recognised.`);
    }
    if (caller && !planAllows(model, caller.plan, operation)) {
      throw new ApiError(
        'plan_forbidden',
        `${operation.operationId} (${operation.method.toUpperCase()} ${operation.path}) requires the ${operation.requiredPlan} plan or above; this key is on the ${caller.plan} plan.`,
      );
    }

    const incoming = {
      query: url.searchParams,
      header: (name: string) => c.req.header(name),
      pathParams,
      body: () => c.req.raw.body,
    };
    const params = checkParameters(operation, incoming, schemas);
    const body = await checkBody(operation, incoming, schemas, policy);
    const request = { params, body, url };
    const keyHandler = keyHandlers[operation.operationId];
    if (keyHandler) return keyHandler(request, { store, clock, plans });
    const handler = handlers[operation.operationId] as NonNullable<(typeof handlers)[string]>;
    // Each caller's data set: the shared one, or a personal key's own, which ends with the key.
    const scope = caller?.scope ?? sharedScope;
    const lifetimeMs = caller?.endsAt === undefined ? undefined : caller.endsAt - clock.now();
    // A GET only reads; anything else may change the records, atomically (see SandboxStore.update).
    const result = await (operation.method === 'get' || operation.method === 'head'
      ? store.read(scope, (records) => handler(request, { records, clock }))
      : store.update(scope, (records) => handler(request, { records, clock }), lifetimeMs));
    return result.status < 300 ? withDeprecation(operation, pathParams, result) : result;
  }

  /** Deprecation (RFC 9745), Sunset (RFC 8594) and the successor Link on a deprecated operation's success. */
  function withDeprecation(
    operation: ApiOperation,
    pathParams: Record<string, string>,
    result: HandlerResponse,
  ): HandlerResponse {
    const deprecation = operation.deprecation;
    if (!deprecation) return result;
    const headers = { ...result.headers };
    if (deprecation.since) headers.Deprecation = `@${startOfDay(deprecation.since).getTime() / 1000}`;
    if (deprecation.sunset) headers.Sunset = httpDate(deprecation.sunset);
    const successor = deprecation.successor ? successorPaths.get(deprecation.successor) : undefined;
    if (successor) {
      const target = successor.replace(/\{([^}]+)\}/g, (whole, name: string) =>
        encodeURIComponent(pathParams[name] ?? whole),
      );
      const link = `<${target}>; rel="successor-version"`;
      headers.Link = headers.Link ? `${headers.Link}, ${link}` : link;
    }
    return { ...result, headers };
  }

  return { app, store, demoKeys };
}

/** The answer while the store is out of reach: soon, since the store reconnects by itself. */
function unavailable(): ApiError {
  return new ApiError(
    'service_unavailable',
    'The sandbox cannot reach its data store just now. Retry after the seconds in Retry-After.',
    { 'Retry-After': '2' },
  );
}

/** The X-RateLimit-* headers every response carries. */
function rateLimitHeaders(window: RateWindow): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(window.limit),
    'X-RateLimit-Remaining': String(window.remaining),
    'X-RateLimit-Reset': String(window.reset),
  };
}

/**
 * Refuses to start when the spec and the sandbox disagree on operations or error codes, or the
 * spec gives no demo keys; returns the quota of requests without a valid key.
 */
function checkAgainstSpec(model: ApiModel): Quota {
  const problems: string[] = [];
  const specIds = new Set(servedOperations(model).map((o) => o.operationId));
  const handled = [...Object.keys(handlers), ...Object.keys(keyHandlers)];
  for (const id of specIds) if (!handled.includes(id)) problems.push(`no handler for the operation ${id}`);
  for (const id of handled) if (!specIds.has(id)) problems.push(`a handler for ${id}, which the spec does not have`);
  const catalog = new Set(model.errorCodes.map((e) => e.code));
  for (const code of sandboxErrorCodes)
    if (!catalog.has(code)) problems.push(`the error code ${code} is not in the spec's catalog`);
  const keyless = anonymousQuota(model);
  if (!keyless) problems.push('no server in the spec lists x-demo-keys');
  if (problems.length > 0 || !keyless) throw new Error(`The sandbox does not match the spec: ${problems.join('; ')}.`);
  return keyless;
}

function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
