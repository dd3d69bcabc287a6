/**
 * What the console adds to Scalar's response view: the rate-limit headers
 * first (the reset also as local time), when a 429 allows a retry, and which
 * documented headers the browser could not see. Pure, so it is tested
 * without a browser.
 */

export interface RateLimitLine {
  name: string;
  value: string;
  /** For the reset: the moment as a Date, shown in local time. */
  at?: Date;
}

export interface ResponseSummary {
  status: number;
  durationMs?: number;
  rateLimit: RateLimitLine[];
  /** From Retry-After (seconds or an HTTP date), relative to when the response arrived. */
  retryAt?: Date;
  /** Header names the spec documents for this status that the browser's view lacks. */
  missing: string[];
}

const RATE_LIMIT_ORDER = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

/** Documented headers for a status: the exact code, else its class (`4XX`), else `default`. */
export function documentedHeadersFor(status: number, documented: Record<string, string[]>): string[] {
  const code = String(status);
  return documented[code] ?? documented[`${code[0]}XX`] ?? documented.default ?? [];
}

/** Unix epoch seconds (as the spec's X-RateLimit-Reset) → Date; undefined when not a number. */
export function epochSeconds(value: string): Date | undefined {
  return /^\d+$/.test(value.trim()) ? new Date(Number(value) * 1000) : undefined;
}

/** Retry-After is delay-seconds or an HTTP-date (RFC 9110 §10.2.3). */
export function retryAfterDate(value: string, receivedAt: Date): Date | undefined {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return new Date(receivedAt.getTime() + Number(trimmed) * 1000);
  const parsed = Date.parse(trimmed);
  return Number.isNaN(parsed) ? undefined : new Date(parsed);
}

/** Whole seconds left until `at`, never negative. */
export function secondsLeft(at: Date, now: Date): number {
  return Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

export function summarizeResponse(input: {
  status: number;
  headers: Iterable<[string, string]>;
  documented: Record<string, string[]>;
  receivedAt: Date;
  durationMs?: number;
}): ResponseSummary {
  const seen = new Map<string, string>();
  for (const [name, value] of input.headers) seen.set(name.toLowerCase(), value);

  const rateLimitNames = [...seen.keys()]
    .filter((name) => name.startsWith('x-ratelimit-'))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const documented = documentedHeadersFor(input.status, input.documented);
  const display = (lower: string) => documented.find((name) => name.toLowerCase() === lower) ?? titleCase(lower);

  const rateLimit = rateLimitNames.map((name): RateLimitLine => {
    const value = seen.get(name) ?? '';
    const at = name === 'x-ratelimit-reset' ? epochSeconds(value) : undefined;
    return at ? { name: display(name), value, at } : { name: display(name), value };
  });
  const retryAfter = seen.get('retry-after');
  const retryAt = retryAfter === undefined ? undefined : retryAfterDate(retryAfter, input.receivedAt);

  return {
    status: input.status,
    ...(input.durationMs === undefined ? {} : { durationMs: input.durationMs }),
    rateLimit,
    ...(retryAt ? { retryAt } : {}),
    missing: documented.filter((name) => !seen.has(name.toLowerCase())),
  };
}

function rank(name: string): number {
  const index = RATE_LIMIT_ORDER.indexOf(name);
  return index === -1 ? RATE_LIMIT_ORDER.length : index;
}

function titleCase(lower: string): string {
  return lower.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`);
}
