/**
 * `x-demo-keys` on a server: API keys that server accepts for trying the API,
 * one per plan; a plan whose limits are `custom` gives its figures here. Our
 * own extension, read strictly; the sandbox, the console and the guides use it.
 */
import { isRecord, toPointer } from '../json-pointer.ts';
import type { ApiDemoKey, ApiRateLimits } from '../model.ts';
import type { SpecProblem } from '../spec-problem.ts';
import type { ExtensionRead } from './read-result.ts';

export function readDemoKeys(
  raw: unknown,
  serverIndex: number,
  rateLimits: ApiRateLimits | undefined,
): ExtensionRead<ApiDemoKey[] | undefined> {
  if (raw === undefined) return { value: undefined, problems: [] };
  const base = ['servers', serverIndex, 'x-demo-keys'];
  const problems: SpecProblem[] = [];
  if (!Array.isArray(raw)) {
    return {
      value: undefined,
      problems: [{ severity: 'error', pointer: toPointer(base), message: '`x-demo-keys` must be a list.' }],
    };
  }
  const keys: ApiDemoKey[] = [];
  raw.forEach((entry, i) => {
    const pointer = toPointer([...base, i]);
    const { key, plan, perMinute, perDay } = isRecord(entry) ? entry : {};
    const limits = rateLimits?.plans.find((p) => p.plan === plan);
    if (typeof key !== 'string' || key.length < 8 || typeof plan !== 'string' || !limits) {
      problems.push({
        severity: 'error',
        pointer,
        message:
          'Each demo key needs `key` (text, 8 characters or more) and `plan` (a plan listed in `x-rate-limits`).',
      });
      return;
    }
    const minute = limits.perMinute === 'custom' ? perMinute : limits.perMinute;
    const day = limits.perDay === 'custom' ? perDay : limits.perDay;
    if (!isCount(minute) || !isCount(day)) {
      problems.push({
        severity: 'error',
        pointer,
        message: `The ${plan} plan's limits are custom, so its demo key must give \`perMinute\` and \`perDay\` (whole numbers).`,
      });
      return;
    }
    if (keys.some((k) => k.key === key)) {
      problems.push({ severity: 'error', pointer, message: `The demo key "${key}" is listed twice.` });
      return;
    }
    keys.push({ key, plan, perMinute: minute, perDay: day });
  });
  return { value: keys, problems };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}
