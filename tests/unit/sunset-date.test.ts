/** Sunset dates in words, as ISO days and as HTTP-dates: one formatter for the pages, the console and the sandbox. */
import { afterEach, describe, expect, it } from 'vitest';
import { httpDate, humanDate, isoDate, startOfDay } from '../../src/openapi/sunset-date.ts';

/** IMF-fixdate (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`. */
const imfFixdate =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

describe('sunset dates', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each([
    ['2027-06-30', '30 June 2027', 'Wed, 30 Jun 2027 00:00:00 GMT'],
    ['2027-01-01', '1 January 2027', 'Fri, 01 Jan 2027 00:00:00 GMT'],
    ['2026-12-31', '31 December 2026', 'Thu, 31 Dec 2026 00:00:00 GMT'],
    ['2028-02-29', '29 February 2028', 'Tue, 29 Feb 2028 00:00:00 GMT'],
  ])('%s is "%s" for readers and "%s" in a header', (day, words, header) => {
    expect(humanDate(day)).toBe(words);
    expect(httpDate(day)).toBe(header);
    expect(isoDate(day)).toBe(day);
  });

  it('writes HTTP-dates as IMF-fixdate, the form HTTP senders must use', () => {
    // The example of RFC 9110 itself, and the day the Pet Store's spec gives as its Sunset example.
    expect(httpDate('1994-11-06')).toBe('Sun, 06 Nov 1994 00:00:00 GMT');
    expect(httpDate('2027-06-30')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
    // Four digits of year however small, as the grammar wants (toUTCString pads them).
    expect(httpDate('0999-03-01')).toMatch(imfFixdate);
    // Every day of two years, across a year boundary and a leap day: the grammar, and what Date says.
    for (let at = startOfDay('2027-12-01'); at < startOfDay('2029-01-01'); at.setUTCDate(at.getUTCDate() + 1)) {
      const header = httpDate(isoDate(at));
      expect(header).toMatch(imfFixdate);
      expect(header).toBe(at.toUTCString());
    }
  });

  it('is the same day in every time zone, at a year boundary too', () => {
    for (const timeZone of ['Pacific/Kiritimati', 'America/Los_Angeles', 'Pacific/Pago_Pago', 'UTC']) {
      process.env.TZ = timeZone;
      expect(humanDate('2027-01-01'), timeZone).toBe('1 January 2027');
      expect(httpDate('2027-01-01'), timeZone).toBe('Fri, 01 Jan 2027 00:00:00 GMT');
      expect(startOfDay('2027-01-01').toISOString(), timeZone).toBe('2027-01-01T00:00:00.000Z');
    }
  });

  it("gives an instant's calendar day in UTC", () => {
    // 23:30 on New Year's Eve in São Paulo (UTC−3) is already 2027 in UTC.
    expect(isoDate(new Date('2026-12-31T23:30:00-03:00'))).toBe('2027-01-01');
    expect(isoDate(new Date('2027-01-01T00:00:00+01:00'))).toBe('2026-12-31');
    expect(isoDate(new Date('0042-03-04T00:00:00Z'))).toBe('0042-03-04');
  });

  it('refuses what is not a calendar day instead of writing "Invalid Date"', () => {
    for (const bad of ['2027-02-29', '2027-13-01', '2027-6-30', '30/06/2027', '2027-06-30T00:00:00Z', '']) {
      expect(() => humanDate(bad), bad).toThrow(RangeError);
      expect(() => httpDate(bad), bad).toThrow(RangeError);
    }
    expect(() => isoDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});
