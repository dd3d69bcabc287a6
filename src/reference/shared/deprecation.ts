/** A sunset date as readers and machines need it, with the time left computed at build time. */
import { humanDate, isoDate, startOfDay } from '../../openapi/index.ts';

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
  const days = Math.round((startOfDay(sunset).getTime() - startOfDay(isoDate(now)).getTime()) / dayMs);
  const relative =
    days > 1
      ? `in ${days} days`
      : days === 1
        ? 'tomorrow'
        : days === 0
          ? 'today'
          : `passed ${-days} day${days === -1 ? '' : 's'} ago`;
  return { datetime: isoDate(sunset), text: humanDate(sunset), relative, passed: days <= 0 };
}
