/**
 * Personal sandbox keys: `createSandboxKey` issues one on a plan. It changes no records (a key's data set is made
 * on its first change), so it is not a records handler: it works with the store's keys directly.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../rate-limits/clock.ts';
import type { Admission, Quota } from '../../rate-limits/rate-limiter.ts';
import { ApiError } from '../api-error.ts';
import type { SandboxStore } from '../store/sandbox-store.ts';
import type { HandlerRequest, HandlerResponse } from './handler.ts';

/** How long a personal key and its data last: the spec's createSandboxKey says 24 hours. */
export const personalKeyLifetimeMs = 24 * 3_600_000;

/** What personal keys start with, so that a key is known for one before the store is asked. */
export const personalKeyPrefix = 'sk_sandbox_';

/**
 * How many personal keys are issued, whatever key the request carries (the public demo keys have quotas too large
 * to stop anyone): per client address, in all (every sandbox process on one store), and how many may be alive at
 * once, so that the store cannot fill (Valkey on `noeviction` refuses writes then; on an evicting policy it dropped
 * other callers' keys, data and bans). `SANDBOX_MAX_KEYS` times the data-set cap must fit the store's memory.
 */
export interface IssuanceLimits {
  perAddress: Quota;
  overall: Quota;
  maxLiveKeys: number;
}

export const defaultIssuanceLimits: IssuanceLimits = {
  perAddress: { perMinute: 10, perDay: 100 },
  overall: { perMinute: 300, perDay: 20_000 },
  maxLiveKeys: 2_000,
};

/** Who asks for a key, and the limits they are held to. */
export interface Issuing {
  /** The client's address, as the first gate resolved it. */
  address: string;
  limits: IssuanceLimits;
}

export interface KeyContext {
  store: SandboxStore;
  clock: Clock;
  issuing: Issuing;
  /** The plans a key can be on, by the name a request gives (`pro`) → the name `x-rate-limits` gives (`Pro`). */
  plans: ReadonlyMap<string, string>;
}

export type KeyHandler = (request: HandlerRequest, context: KeyContext) => Promise<HandlerResponse>;

export const keyHandlers: Record<string, KeyHandler> = {
  createSandboxKey: async (request, { store, clock, plans, issuing }) => {
    const asked = (request.body as { plan?: string } | undefined)?.plan ?? 'free';
    const issued = await issuePersonalKey(store, clock, plans.get(asked) ?? asked, issuing);
    return { status: 201, body: { ...issued, plan: asked } };
  },
};

/**
 * A new personal key on `plan`, kept for its lifetime: what the Pet Store's key-issuing operation and a sandbox
 * made from another description (`described/`, at `POST /sandbox/keys`) both hand out.
 */
export async function issuePersonalKey(
  store: Pick<SandboxStore<unknown>, 'saveKey' | 'admit'>,
  clock: Clock,
  plan: string,
  { address, limits }: Issuing,
): Promise<{ key: string; plan: string; expiresAt: string }> {
  const now = clock.now();
  refuseIfLimited(await store.admit(`issue:address:${address}`, limits.perAddress, undefined, now), 'This client was');
  refuseIfLimited(await store.admit('issue:all', limits.overall, undefined, now), 'The sandbox has');
  const key = `${personalKeyPrefix}${randomBytes(24).toString('base64url')}`;
  const expiresAt = now + personalKeyLifetimeMs;
  const saved = await store.saveKey(key, { plan, expiresAt }, personalKeyLifetimeMs, limits.maxLiveKeys);
  if (!saved.saved) {
    throw new ApiError(
      'too_many_keys',
      `The sandbox holds as many personal keys as it can (${limits.maxLiveKeys}); a new one can be issued when one ends, after the seconds in Retry-After. A demo key works meanwhile.`,
      { 'Retry-After': String(Math.max(1, Math.ceil(saved.retryAfterMs / 1000))) },
    );
  }
  return { key, plan, expiresAt: new Date(expiresAt).toISOString() };
}

/** `who`: "This client was" or "The sandbox has", before "issued its N personal keys". */
function refuseIfLimited(admission: Admission, who: string): void {
  if (admission.outcome === 'allowed') return;
  const retryAfter = String(admission.retryAfter);
  const per = admission.outcome === 'limited' ? admission.period : 'minute';
  throw new ApiError(
    'rate_limited',
    `${who} issued its ${admission.window.limit} personal keys for this ${per}. Retry in ${retryAfter} seconds, or use a demo key.`,
    { 'Retry-After': retryAfter, 'Cache-Control': 'no-store' },
  );
}
