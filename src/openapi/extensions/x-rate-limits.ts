/**
 * `x-rate-limits` at the document root: requests per minute and per day for
 * each plan, and the temporary ban. Our own extension, read strictly; the
 * guides, the reference and the sandbox all take their figures from here.
 */
import { isRecord, toPointer } from '../json-pointer.ts';
import type { ApiRateLimits, ApiRatePlan } from '../model.ts';
import type { SpecProblem } from '../spec-problem.ts';
import type { ExtensionRead } from './read-result.ts';

export function readRateLimits(raw: unknown): ExtensionRead<ApiRateLimits | undefined> {
  if (raw === undefined) return { value: undefined, problems: [] };
  const problems: SpecProblem[] = [];
  const error = (segments: (string | number)[], message: string) =>
    problems.push({ severity: 'error', pointer: toPointer(['x-rate-limits', ...segments]), message });
  if (!isRecord(raw) || !Array.isArray(raw.plans)) {
    error([], '`x-rate-limits` must be a mapping with a `plans` list.');
    return { value: undefined, problems };
  }
  const plans: ApiRatePlan[] = [];
  raw.plans.forEach((plan, i) => {
    const { plan: name, perMinute, perDay } = isRecord(plan) ? plan : {};
    if (typeof name !== 'string' || !isLimit(perMinute) || !isLimit(perDay)) {
      error(
        ['plans', i],
        'Each plan needs `plan` (its name), `perMinute` and `perDay` (whole numbers above 0, or `custom`).',
      );
      return;
    }
    plans.push({ plan: name, perMinute, perDay });
  });
  const limits: ApiRateLimits = { plans };
  const ban = raw.temporaryBan;
  if (ban !== undefined) {
    const { afterRejectedRequests, durationSeconds, status, code } = isRecord(ban) ? ban : {};
    if (!isCount(afterRejectedRequests) || !isCount(durationSeconds) || !isCount(status) || typeof code !== 'string') {
      error(
        ['temporaryBan'],
        '`temporaryBan` needs `afterRejectedRequests`, `durationSeconds`, `status` (whole numbers) and `code` (an error code).',
      );
    } else {
      limits.temporaryBan = { afterRejectedRequests, durationSeconds, status, code };
    }
  }
  return { value: limits, problems };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

function isLimit(value: unknown): value is number | 'custom' {
  return value === 'custom' || isCount(value);
}
