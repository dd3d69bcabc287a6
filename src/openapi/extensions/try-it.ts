/**
 * Whether the live test console may call an operation. Canonical:
 * `x-try-it: { enabled: false, reason: "…" }` (our own extension, read
 * strictly). Accepted aliases from other tools, read leniently:
 * `x-explorer-enabled: false` (ReadMe), `x-hideTryItPanel: true` and
 * `x-hideReplay: true` (Redocly), `x-fern-explorer: false` (Fern).
 */
import { isRecord } from '../json-pointer.ts';
import type { TryItPolicy } from '../model.ts';
import type { ExtensionRead } from './read-result.ts';

export const canonicalTryItExtension = 'x-try-it';

/** Alias extensions and the value that turns the console off. */
export const tryItAliases: readonly { key: string; off: boolean }[] = [
  { key: 'x-explorer-enabled', off: false },
  { key: 'x-hideTryItPanel', off: true },
  { key: 'x-hideReplay', off: true },
  { key: 'x-fern-explorer', off: false },
];

const defaultReason = 'The API description turns the live test console off for this operation.';

/** The console policy for one operation; the canonical extension beats every alias. */
export function readTryIt(operation: Record<string, unknown>, pointer: string): ExtensionRead<TryItPolicy> {
  if (Object.hasOwn(operation, canonicalTryItExtension)) {
    return readCanonical(operation[canonicalTryItExtension], `${pointer}/${canonicalTryItExtension}`);
  }
  for (const { key, off } of tryItAliases) {
    if (Object.hasOwn(operation, key) && operation[key] === off) {
      return { value: { enabled: false, reason: defaultReason, source: key }, problems: [] };
    }
  }
  return { value: { enabled: true }, problems: [] };
}

function readCanonical(raw: unknown, pointer: string): ExtensionRead<TryItPolicy> {
  const enabled = isRecord(raw) ? raw.enabled : undefined;
  const reason = isRecord(raw) ? raw.reason : undefined;
  if (typeof enabled !== 'boolean' || (reason !== undefined && typeof reason !== 'string')) {
    return {
      value: { enabled: true },
      problems: [
        {
          severity: 'error',
          pointer,
          message: '`x-try-it` must be a mapping with `enabled` (true or false) and, when off, a `reason` text.',
          hint: 'For example: `x-try-it: { enabled: false, reason: "Returns personal data." }`.',
        },
      ],
    };
  }
  if (enabled) return { value: { enabled: true }, problems: [] };
  if (!reason?.trim()) {
    return {
      value: { enabled: false, reason: defaultReason, source: canonicalTryItExtension },
      problems: [
        {
          severity: 'warning',
          pointer,
          message: 'The live console is turned off without a `reason`; readers will see a generic one.',
          hint: 'Add `reason:` saying why the console cannot call this operation.',
        },
      ],
    };
  }
  return { value: { enabled: false, reason: reason.trim(), source: canonicalTryItExtension }, problems: [] };
}
