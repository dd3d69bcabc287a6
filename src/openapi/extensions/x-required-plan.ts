/**
 * `x-required-plan` on an operation: the lowest plan whose keys may call it.
 * Plans are ordered as `x-rate-limits` lists them, so the name must be one of those.
 */
import type { ApiRateLimits } from '../model.ts';
import type { ExtensionRead } from './read-result.ts';

export function readRequiredPlan(
  raw: unknown,
  pointer: string,
  rateLimits: ApiRateLimits | undefined,
): ExtensionRead<string | undefined> {
  if (raw === undefined) return { value: undefined, problems: [] };
  const plans = rateLimits?.plans.map((p) => p.plan) ?? [];
  if (typeof raw !== 'string' || !plans.includes(raw)) {
    return {
      value: undefined,
      problems: [
        {
          severity: 'error',
          pointer,
          message: `\`x-required-plan\` is ${JSON.stringify(raw)}, which is not a plan listed in \`x-rate-limits\`.`,
          hint: plans.length > 0 ? `Plans: ${plans.join(', ')}.` : 'Declare the plans in `x-rate-limits` first.',
        },
      ],
    };
  }
  return { value: raw, problems: [] };
}
