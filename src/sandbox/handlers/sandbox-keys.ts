/**
 * Personal sandbox keys: `createSandboxKey` issues one on a plan. It changes no records (a key's data set is made
 * on its first change), so it is not a records handler: it works with the store's keys directly.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../rate-limits/clock.ts';
import type { SandboxStore } from '../store/sandbox-store.ts';
import type { HandlerRequest, HandlerResponse } from './handler.ts';

/** How long a personal key and its data last: the spec's createSandboxKey says 24 hours. */
export const personalKeyLifetimeMs = 24 * 3_600_000;

/** What personal keys start with, so that a key is known for one before the store is asked. */
export const personalKeyPrefix = 'sk_sandbox_';

export interface KeyContext {
  store: SandboxStore;
  clock: Clock;
  /** The plans a key can be on, by the name a request gives (`pro`) → the name `x-rate-limits` gives (`Pro`). */
  plans: ReadonlyMap<string, string>;
}

export type KeyHandler = (request: HandlerRequest, context: KeyContext) => Promise<HandlerResponse>;

export const keyHandlers: Record<string, KeyHandler> = {
  createSandboxKey: async (request, { store, clock, plans }) => {
    const asked = (request.body as { plan?: string } | undefined)?.plan ?? 'free';
    const issued = await issuePersonalKey(store, clock, plans.get(asked) ?? asked);
    return { status: 201, body: { ...issued, plan: asked } };
  },
};

/**
 * A new personal key on `plan`, kept for its lifetime: what the Pet Store's key-issuing operation and a sandbox
 * made from another description (`described/`, at `POST /sandbox/keys`) both hand out.
 */
export async function issuePersonalKey(
  store: Pick<SandboxStore<unknown>, 'saveKey'>,
  clock: Clock,
  plan: string,
): Promise<{ key: string; plan: string; expiresAt: string }> {
  const key = `${personalKeyPrefix}${randomBytes(24).toString('base64url')}`;
  const expiresAt = clock.now() + personalKeyLifetimeMs;
  await store.saveKey(key, { plan, expiresAt }, personalKeyLifetimeMs);
  return { key, plan, expiresAt: new Date(expiresAt).toISOString() };
}
