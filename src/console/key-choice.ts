/**
 * Which API key the console's key field holds. The reader's own key (typed,
 * or kept from earlier in this tab or on this device) always wins. Without
 * one, the sandbox gets one of its demo keys (the lowest plan's that may call
 * the operation, unless the reader picked another plan) so that the first
 * request just works; any other server gets no key, since the demo keys work
 * only on the sandbox. A personal key the sandbox issued for this visitor
 * (personal-keys.ts) is chosen by the session, which has to ask for it.
 */
import type { DemoKey } from '../contracts/console-target.ts';

export type KeyInField =
  | { source: 'reader'; key: string }
  | { source: 'demo'; plan: string; key: string }
  | { source: 'personal'; plan: string; key: string; expiresAt: string }
  | { source: 'none' };

export const NO_KEY: KeyInField = { source: 'none' };

export interface KeyChoiceInput {
  /** The reader's own key, from the key store. */
  readerKey: string | undefined;
  /** Whether the server chosen in the console is the sandbox. */
  onSandbox: boolean;
  /** The sandbox's demo keys in plan order, lowest first. */
  demoKeys: readonly DemoKey[];
  /** The demo plan the reader switched to, if any. */
  plan?: string | undefined;
  /** The lowest plan that may call the operation: the default demo key is that plan's, not one that gets 403. */
  requiredPlan?: string | undefined;
}

export function chooseKey({ readerKey, onSandbox, demoKeys, plan, requiredPlan }: KeyChoiceInput): KeyInField {
  if (readerKey) return { source: 'reader', key: readerKey };
  if (!onSandbox) return NO_KEY;
  const lowest = Math.max(
    0,
    demoKeys.findIndex((k) => k.plan === requiredPlan),
  );
  const demo = demoKeys.find((k) => k.plan === plan) ?? demoKeys[lowest];
  return demo ? { source: 'demo', plan: demo.plan, key: demo.key } : NO_KEY;
}

/**
 * What a new value in the key field means. Scalar reports the console's own
 * writes as well as the reader's: a demo or personal key the console put
 * there is not the reader's, anything else is (an emptied field is no key).
 */
export function fieldChanged(value: string, shown: KeyInField): KeyInField {
  if ((shown.source === 'demo' || shown.source === 'personal') && value === shown.key) return shown;
  return value === '' ? NO_KEY : { source: 'reader', key: value };
}
