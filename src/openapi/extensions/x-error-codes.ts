/**
 * `x-error-codes` on the Error schema: the one place the machine-readable
 * error codes are listed, with their HTTP status, meaning and what to do.
 * Our own extension, read strictly.
 */
import { isRecord, toPointer } from '../json-pointer.ts';
import type { SpecProblem } from '../spec-problem.ts';
import type { ExtensionRead } from './read-result.ts';

export const errorCodesExtension = 'x-error-codes';

export interface ErrorCodeEntry {
  code: string;
  status: number;
  meaning: string;
  action?: string;
  /** `global`: any request can get it, whatever the operation (e.g. an unknown route). */
  scope?: 'global';
}

/** The catalog from whichever component schema carries `x-error-codes` (at most one may). */
export function readErrorCodes(schemas: Record<string, unknown>): ExtensionRead<ErrorCodeEntry[]> {
  const holders = Object.keys(schemas).filter((name) => {
    const schema = schemas[name];
    return isRecord(schema) && Object.hasOwn(schema, errorCodesExtension);
  });
  const problems: SpecProblem[] = [];
  if (holders.length > 1) {
    problems.push({
      severity: 'error',
      pointer: toPointer(['components', 'schemas', holders[1] ?? '', errorCodesExtension]),
      message: `\`${errorCodesExtension}\` appears on ${holders.join(' and ')}; the catalog must live in one place.`,
    });
  }
  const holder = holders[0];
  if (holder === undefined) return { value: [], problems };
  const raw = (schemas[holder] as Record<string, unknown>)[errorCodesExtension];
  const base = ['components', 'schemas', holder, errorCodesExtension];
  if (!Array.isArray(raw)) {
    problems.push({
      severity: 'error',
      pointer: toPointer(base),
      message: `\`${errorCodesExtension}\` must be a list.`,
    });
    return { value: [], problems };
  }
  const entries: ErrorCodeEntry[] = [];
  const seen = new Set<string>();
  raw.forEach((item, i) => {
    const pointer = toPointer([...base, i]);
    const { code, status, meaning, action, scope } = isRecord(item) ? item : {};
    if (
      typeof code !== 'string' ||
      !/^[a-z][a-z0-9_]*$/.test(code) ||
      typeof status !== 'number' ||
      !Number.isInteger(status) ||
      status < 400 ||
      status > 599 ||
      typeof meaning !== 'string' ||
      (action !== undefined && typeof action !== 'string') ||
      (scope !== undefined && scope !== 'global')
    ) {
      problems.push({
        severity: 'error',
        pointer,
        message:
          'Each error code needs `code` (snake_case text), `status` (400–599) and `meaning` (text); `action` is optional text.',
      });
      return;
    }
    if (seen.has(code)) {
      problems.push({ severity: 'error', pointer, message: `The error code "${code}" is listed twice.` });
      return;
    }
    seen.add(code);
    const entry: ErrorCodeEntry = { code, status, meaning };
    if (action !== undefined) entry.action = action;
    if (scope === 'global') entry.scope = 'global';
    entries.push(entry);
  });
  return { value: entries, problems };
}
