/** A sunset date as readers and machines need it, with the time left computed at build time. */

export interface SunsetStatus {
  /** ISO date for `<time datetime>`. */
  datetime: string;
  /** "30 June 2027". */
  text: string;
  /** "in 220 days", "tomorrow", "today", or "passed 3 days ago". */
  relative: string;
  passed: boolean;
}

const dayMs = 86_400_000;

export function sunsetStatus(sunset: string, now: Date): SunsetStatus {
  const at = Date.parse(`${sunset}T00:00:00Z`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Math.round((at - today) / dayMs);
  const text = new Date(at).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const relative =
    days > 1
      ? `in ${days} days`
      : days === 1
        ? 'tomorrow'
        : days === 0
          ? 'today'
          : `passed ${-days} day${days === -1 ? '' : 's'} ago`;
  return { datetime: sunset, text, relative, passed: days <= 0 };
}
