/**
 * The rate-limit gates. Every answer says where the caller stands (X-RateLimit-*); a call to the API is counted
 * first, before routing, so an unknown route counts too and a banned caller is refused whatever it asks for.
 * OPTIONS requests (CORS preflights, the console's probe) are not calls: they are only told where they stand.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Clock } from '../rate-limits/clock.ts';
import type { BanPolicy, RateWindow } from '../rate-limits/rate-limiter.ts';
import { ApiError } from './api-error.ts';
import type { SandboxEnv } from './callers.ts';
import type { SandboxStore } from './store/sandbox-store.ts';

/** On OPTIONS, the caller's window without counting it; nothing to say while the store is out of reach. */
export function reportStanding(
  store: Pick<SandboxStore<unknown>, 'peek'>,
  clock: Clock,
): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      const window = await store.peek(c.var.identity, c.var.quota, clock.now()).catch(() => undefined);
      if (window) setRateLimitHeaders(c, window);
    }
    await next();
  };
}

/** Counts the request; over the quota it is refused (429), and past the ban's allowance banned (403). */
export function admitCalls(
  store: Pick<SandboxStore<unknown>, 'admit'>,
  clock: Clock,
  ban: BanPolicy | undefined,
): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    // A personal key the store could not look up: 503, as for any request while the store is out of reach.
    const lookupFailure = c.var.keyLookupFailure;
    if (lookupFailure) throw lookupFailure;
    // Throws StoreUnavailableError while the store is out of reach: 503, with no X-RateLimit-* to give.
    const admission = await store.admit(c.var.identity, c.var.quota, ban, clock.now());
    setRateLimitHeaders(c, admission.window);
    if (admission.outcome === 'banned') {
      const minutes = Math.round((ban?.durationSeconds ?? 0) / 60);
      throw new ApiError(
        'api_key_banned',
        `${c.var.caller ? 'This API key' : 'This client'} is banned for ${minutes} minutes for sending requests while rate limited. Retry after the time in Retry-After.`,
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
    await next();
  };
}

function setRateLimitHeaders(c: Context<SandboxEnv>, window: RateWindow): void {
  c.header('X-RateLimit-Limit', String(window.limit));
  c.header('X-RateLimit-Remaining', String(window.remaining));
  c.header('X-RateLimit-Reset', String(window.reset));
}
