/**
 * The first gate: who calls. A demo key (the shared data set), a personal key that has not ended (its own data
 * set), or nobody known, counted by client address. Later gates read the answer from the request's context.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { ApiDemoKey } from '../openapi/index.ts';
import type { Clock } from '../rate-limits/clock.ts';
import type { Quota } from '../rate-limits/rate-limiter.ts';
import { countedAs, resolveClientAddress, type TrustedProxies } from './client-address.ts';
import { personalKeyPrefix } from './handlers/sandbox-keys.ts';
import { personalScope, type SandboxStore, StoreUnavailableError, sharedScope } from './store/sandbox-store.ts';

/** A caller with a key: its plan's limits, and the data set it reads and changes. */
export interface Caller {
  key: string;
  plan: string;
  perMinute: number;
  perDay: number;
  scope: string;
  /** When a personal key ends (epoch ms, by the sandbox's clock). */
  endsAt?: number;
}

/** What a request carries from gate to gate (Hono's context variables). */
export interface SandboxEnv {
  Variables: {
    /** The client's address (a trusted proxy's X-Forwarded-For, else the connection's): see `clientAddress`. */
    clientAddress: string;
    /**
     * Set when a personal key could not be looked up (the store out of reach): the admission answers 503 with it,
     * so that a valid key is never told it is unknown (401) because the store blinked.
     */
    keyLookupFailure: StoreUnavailableError | undefined;
    /** The key as sent; undefined without one. */
    apiKey: string | undefined;
    caller: Caller | undefined;
    /** Whose requests the rate limit counts: `key:…` or `address:…`. */
    identity: string;
    quota: Quota;
  };
}

export interface CallerOptions {
  keyHeader: string;
  demoKeys: readonly ApiDemoKey[];
  /** The quota of requests without a valid key, per client address. */
  keylessQuota: Quota;
  store: SandboxStore;
  clock: Clock;
}

export function identifyCaller({
  keyHeader,
  demoKeys,
  keylessQuota,
  store,
  clock,
}: CallerOptions): MiddlewareHandler<SandboxEnv> {
  const keysByValue = new Map(demoKeys.map((k) => [k.key, k]));
  // A personal key's plan has the limits of that plan's demo key (an Enterprise plan's are the demo key's own).
  const quotaOfPlan = new Map(demoKeys.map((k) => [k.plan, { perMinute: k.perMinute, perDay: k.perDay }]));

  async function callerOf(apiKey: string | undefined): Promise<Caller | undefined> {
    if (apiKey === undefined) return undefined;
    const demo = keysByValue.get(apiKey);
    if (demo) return { ...demo, scope: sharedScope };
    if (!apiKey.startsWith(personalKeyPrefix)) return undefined;
    const personal = await store.findKey(apiKey);
    const quota = personal && quotaOfPlan.get(personal.plan);
    if (!personal || !quota || personal.expiresAt <= clock.now()) return undefined;
    return { key: apiKey, plan: personal.plan, ...quota, scope: personalScope(apiKey), endsAt: personal.expiresAt };
  }

  return async (c, next) => {
    const apiKey = c.req.header(keyHeader);
    const caller = await lookingUp(c, () => callerOf(apiKey));
    c.set('apiKey', apiKey);
    c.set('caller', caller);
    c.set('identity', caller ? `key:${caller.key}` : `address:${clientAddress(c)}`);
    c.set('quota', caller ?? keylessQuota);
    await next();
  };
}

/**
 * A personal key's lookup: a store out of reach is remembered (the admission then answers 503, after CORS, so the
 * console can read it) and the caller is unknown meanwhile.
 */
export async function lookingUp<T>(c: Context<SandboxEnv>, find: () => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await find();
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    c.set('keyLookupFailure', error);
    return undefined;
  }
}

/**
 * The first gate of either sandbox: resolves the client's address once (X-Forwarded-For only from a trusted
 * proxy), for the rate limits and for whoever calls `clientAddress`.
 */
export function resolveClient(trusted: TrustedProxies): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    c.set('clientAddress', resolveClientAddress(socketAddress(c), c.req.header('x-forwarded-for'), trusted));
    await next();
  };
}

/**
 * The client's address, as the first gate resolved it (the connection's own where no gate ran), as the limits count
 * it: an IPv6 client by its /64 network (`countedAs`).
 */
export function clientAddress(c: Context): string {
  const resolved: unknown = c.get('clientAddress');
  return countedAs(typeof resolved === 'string' ? resolved : (socketAddress(c) ?? 'unknown'));
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}
