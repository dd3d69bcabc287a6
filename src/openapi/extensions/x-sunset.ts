/**
 * `x-sunset`: the date a deprecated operation stops working (and
 * `x-deprecated-since`, when it was deprecated). Our
 * own extension, so it is read strictly: a date a reader cannot trust fails
 * the build rather than vanishing from the page.
 */
import type { SpecProblem } from '../spec-problem.ts';
import { isoDate, parseCalendarDay } from '../sunset-date.ts';
import type { ExtensionRead } from './read-result.ts';

/** A date-time's time part (RFC 3339), after its calendar day: the extension's value may be an instant. */
const timeOfDay = /^T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The sunset as an ISO 8601 calendar date (`2027-06-30`), or a problem. */
export function readSunset(value: unknown, pointer: string, deprecated: boolean): ExtensionRead<string | undefined> {
  return readDeprecationDate('x-sunset', 'sunset date', value, pointer, deprecated);
}

/** `x-deprecated-since`: when the operation was deprecated (the `Deprecation` header's date). */
export function readDeprecatedSince(
  value: unknown,
  pointer: string,
  deprecated: boolean,
): ExtensionRead<string | undefined> {
  return readDeprecationDate('x-deprecated-since', 'deprecation date', value, pointer, deprecated);
}

function readDeprecationDate(
  key: string,
  what: string,
  value: unknown,
  pointer: string,
  deprecated: boolean,
): ExtensionRead<string | undefined> {
  if (value === undefined) return { value: undefined, problems: [] };
  // YAML turns an unquoted 2027-06-30 into a timestamp for some parsers; ours keeps text, but accept both.
  const text = value instanceof Date ? isoDate(value) : value;
  const problems: SpecProblem[] = [];
  const date = typeof text === 'string' ? calendarDate(text) : undefined;
  if (!date) {
    return {
      value: undefined,
      problems: [
        {
          severity: 'error',
          pointer,
          message: `\`${key}\` is ${typeof text === 'string' ? `"${text}"` : `not text`}, which is not a real ISO 8601 date.`,
          hint: `Write the ${what} as YYYY-MM-DD, for example \`${key}: "2027-06-30"\`.`,
        },
      ],
    };
  }
  if (!deprecated) {
    problems.push({
      severity: 'warning',
      pointer,
      message: `This operation has a ${what} but is not marked \`deprecated: true\`.`,
      hint: 'Mark it deprecated so readers are warned before the sunset.',
    });
  }
  return { value: date, problems };
}

/** `YYYY-MM-DD` for a valid calendar date (or a date-time on one), else undefined. */
function calendarDate(text: string): string | undefined {
  const day = text.slice(0, 10);
  const time = text.slice(10);
  if (time !== '' && !timeOfDay.test(time)) return undefined;
  return parseCalendarDay(day) ? day : undefined;
}
