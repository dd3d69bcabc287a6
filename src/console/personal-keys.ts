/**
 * Personal sandbox keys: asked of the sandbox's key issuer the first time a plan is needed, then kept for the tab
 * (sessionStorage) until shortly before they expire. They are the sandbox's keys, made for this visitor, not the
 * reader's own: they never go into the reader's key store, and are not remembered on the device.
 */
import { isRecord } from '../openapi/browser.ts';
import type { KeyStorage } from './api-key-store.ts';

export interface PersonalKey {
  key: string;
  plan: string;
  /** ISO 8601, as the sandbox wrote it. */
  expiresAt: string;
}

export interface PersonalKeys {
  /** The key kept for `plan`, if it has more than a minute left at `now`. */
  kept(plan: string, now?: Date): PersonalKey | undefined;
  /** Asks the issuer for a key on `plan` and keeps it; rejects with a sentence saying what went wrong. */
  issue(plan: string): Promise<PersonalKey>;
}

export const PERSONAL_KEYS_STORAGE_KEY = 'portal.sandbox-keys';
/** A key this close to its end is not handed out: a request sent with it could arrive after. */
const MARGIN_MS = 60_000;
/** A sandbox that has not issued a key by then is not going to: the console says so and goes on without. */
const ISSUE_TIMEOUT_MS = 8_000;

export function createPersonalKeys(
  issuerUrl: string,
  storage: KeyStorage | undefined,
  send: typeof fetch = (input, init) => fetch(input, init),
): PersonalKeys {
  const slot = (plan: string) => `${issuerUrl} ${plan}`;
  const all = (): Record<string, PersonalKey> => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(PERSONAL_KEYS_STORAGE_KEY) ?? '{}');
      return isRecord(parsed)
        ? (Object.fromEntries(Object.entries(parsed).filter(([, v]) => isPersonalKey(v))) as Record<
            string,
            PersonalKey
          >)
        : {};
    } catch {
      return {};
    }
  };
  let memory = all();
  const keep = (key: PersonalKey) => {
    memory = { ...all(), ...memory, [slot(key.plan)]: key };
    try {
      storage?.setItem(PERSONAL_KEYS_STORAGE_KEY, JSON.stringify(memory));
    } catch {
      // Memory still holds it, for this page.
    }
  };

  return {
    kept(plan, now = new Date()) {
      const key = memory[slot(plan)] ?? all()[slot(plan)];
      return key && Date.parse(key.expiresAt) - now.getTime() > MARGIN_MS ? key : undefined;
    },
    async issue(plan) {
      const where = new URL(issuerUrl).origin;
      let response: Response;
      try {
        response = await send(issuerUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ plan: plan.toLowerCase() }),
          cache: 'no-store',
          signal: AbortSignal.timeout(ISSUE_TIMEOUT_MS),
        });
      } catch {
        throw new Error(`The sandbox at ${where} cannot be reached, so it could not issue a key.`);
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const said = isRecord(body) && typeof body.message === 'string' ? `: ${body.message}` : '.';
        const code = isRecord(body) && typeof body.code === 'string' ? ` ${body.code}` : '';
        throw new Error(`The sandbox at ${where} did not issue a key (${response.status}${code})${said}`);
      }
      if (!isPersonalKey(body)) throw new Error(`The sandbox at ${where} answered with something that is not a key.`);
      const key = { key: body.key, plan, expiresAt: body.expiresAt };
      keep(key);
      return key;
    },
  };
}

function isPersonalKey(value: unknown): value is PersonalKey {
  return (
    isRecord(value) &&
    typeof value.key === 'string' &&
    value.key !== '' &&
    typeof value.plan === 'string' &&
    typeof value.expiresAt === 'string' &&
    !Number.isNaN(Date.parse(value.expiresAt))
  );
}
