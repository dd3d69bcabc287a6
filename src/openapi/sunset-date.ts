/**
 * A sunset date (`x-sunset`: a calendar day, `2027-06-30`) written the ways
 * its readers need it, the same everywhere:
 *
 * - `humanDate`: "30 June 2027", for people (the operation page's deprecation
 *   callout, the tag overviews' lists, the Versioning guide, the console's
 *   warning);
 * - `isoDate`: "2027-06-30", for machines (`<time datetime>`, the operation
 *   Markdown, the model itself);
 * - `httpDate`: "Wed, 30 Jun 2027 00:00:00 GMT", the sandbox's `Sunset`
 *   header (RFC 8594), an IMF-fixdate (RFC 9110 §5.6.7).
 *
 * A day is the day in UTC, and the words are British English written here,
 * not by `Intl`: the text is the same whatever the machine's locale, time zone
 * or ICU data, so builds are deterministic and the browser shows what the
 * page shows.
 *
 * Why in src/openapi/: everything that shows a sunset may import this file
 * without crossing a boundary. src/openapi/ imports nothing from Astro or the
 * site, and the sandbox (which must not import site code) already reads its
 * model from here; the live console (browser code, bundled on its own) already
 * imports a few leaf modules from here. This file imports nothing at all and
 * uses only ECMAScript built-ins, so it brings no Node module and no part of
 * the spec parser into the console's bundle.
 */

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const calendarDay = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The start of a calendar day written `YYYY-MM-DD` (00:00 UTC), or undefined when the text is no day of the calendar
 * (`2027-02-30`, `27-6-30`). The one date parser: `x-sunset`, `x-deprecated-since` and release dates all use it.
 */
export function parseCalendarDay(day: string): Date | undefined {
  const match = calendarDay.exec(day);
  const [y, m, d] = match ? match.slice(1).map(Number) : [];
  if (y === undefined || m === undefined || d === undefined) return undefined;
  const at = new Date(0);
  at.setUTCFullYear(y, m - 1, d); // not Date.UTC, which reads years 0–99 as 1900–1999
  return at.getUTCMonth() === m - 1 && at.getUTCDate() === d ? at : undefined;
}

/** The start of a calendar day `YYYY-MM-DD` (00:00 UTC); a RangeError for anything else, such as `2027-02-30`. */
export function startOfDay(day: string): Date {
  const at = parseCalendarDay(day);
  if (at) return at;
  throw new RangeError(
    calendarDay.test(day) ? `"${day}" is not a real calendar date.` : `"${day}" is not a calendar date (YYYY-MM-DD).`,
  );
}

/** "30 June 2027": the day in words, for readers. */
export function humanDate(day: string): string {
  const at = startOfDay(day);
  return `${at.getUTCDate()} ${months[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/** "2027-06-30": the calendar day of a day string (checked) or of an instant (its day in UTC). */
export function isoDate(day: string | Date): string {
  const at = typeof day === 'string' ? startOfDay(day) : day;
  if (Number.isNaN(at.getTime())) throw new RangeError('An invalid Date has no calendar day.');
  return `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

/**
 * "Wed, 30 Jun 2027 00:00:00 GMT": the start of the day as an HTTP-date (IMF-fixdate), e.g. for `Sunset`.
 * ECMAScript defines toUTCString() as exactly this form (English names, a four-digit year), whatever the locale.
 */
export function httpDate(day: string): string {
  return startOfDay(day).toUTCString();
}
