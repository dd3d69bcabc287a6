/**
 * The first gate: who calls. A demo key (the shared data set), a personal key that has not ended (its own data
 * set), or nobody known, counted by client address. Later gates read the answer from the request's context.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { ApiDemoKey } from '../openapi/index.ts';
import type { Clock } from '../rate-limits/clock.ts';
import type { Quota } from '../rate-limits/rate-limiter.ts';
import { personalKeyPrefix } from './handlers/sandbox-keys.ts';
import { personalScope, type SandboxStore, sharedScope } from './store/sandbox-store.ts';

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
    // Unknown while the store is out of reach: the admission that follows answers 503.
    const personal = await store.findKey(apiKey).catch(() => undefined);
    const quota = personal && quotaOfPlan.get(personal.plan);
    if (!personal || !quota || personal.expiresAt <= clock.now()) return undefined;
    return { key: apiKey, plan: personal.plan, ...quota, scope: personalScope(apiKey), endsAt: personal.expiresAt };
  }

  return async (c, next) => {
    const apiKey = c.req.header(keyHeader);
    const caller = await callerOf(apiKey);
    c.set('apiKey', apiKey);
    c.set('caller', caller);
    c.set('identity', caller ? `key:${caller.key}` : `address:${clientAddress(c)}`);
    c.set('quota', caller ?? keylessQuota);
    await next();
  };
}

/** The client's address as the connection gives it. */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
