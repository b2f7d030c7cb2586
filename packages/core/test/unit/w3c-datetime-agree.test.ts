/**
 * The generator's parse and the validator's check read W3C datetimes alike: one table, each row
 * held to both. What the generator reads from a user, it writes in a form the check passes.
 */

import { describe, expect, it } from 'vitest';
import { dateTime } from '../../src/dates/frontmatter-fields.js';
import { checkW3cDatetime, formatDate, parseLastmod } from '../../src/dates/w3c-datetime.js';

/**
 * - `valid`: written as the protocol asks; both accept it.
 * - `invalid`: no sitemap date; both refuse it.
 * - `read`: a spelling people write that the check refuses as written; the generator reads it and
 *   writes it the strict way.
 */
type Verdict = 'valid' | 'invalid' | 'read';

const TABLE: [value: string, verdict: Verdict, why: string][] = [
  ['2024-05-01', 'valid', 'a date'],
  [' 2024-05-01 ', 'valid', 'white space around (the XSD collapses it)'],
  ['2024-02-29', 'valid', 'Feb 29 in a leap year'],
  ['2000-02-29', 'valid', 'Feb 29 in a leap century'],
  ['0001-01-01', 'valid', 'the first day there is'],
  ['9999-12-31', 'valid', 'the last four-digit day'],
  ['2024-05-01T10:20:30Z', 'valid', 'a date-time in UTC'],
  ['2024-05-01T00:00:00Z', 'valid', 'midnight'],
  ['2024-05-01T10:20:30+02:00', 'valid', 'an offset'],
  ['2024-05-01T10:20:30-05:30', 'valid', 'a negative half-hour offset'],
  ['2024-05-01T10:20:30.5Z', 'valid', 'fractional seconds'],
  ['2024-05-01T10:20:30.123456+02:00', 'valid', 'six fraction digits and an offset'],
  ['2024-05-01T00:00:00+14:00', 'valid', 'the largest offset'],
  ['2024-05-01T23:59:59-14:00', 'valid', 'the smallest offset'],
  ['2024-05-01T10:00:00+20:00', 'invalid', 'an offset past +14:00'],
  ['2024-05-01T10:00:00+14:01', 'invalid', 'one minute past +14:00'],
  ['2024-05-01T10:00:00-14:30', 'invalid', 'past -14:00'],
  ['2024-05-01T10:00:00+02:60', 'invalid', 'offset minutes past 59'],
  ['2024-05-01T10:00:00+20', 'invalid', 'a past-range offset in another spelling'],
  ['2024-05-01T24:00:00Z', 'invalid', '24:00 (the XSD end of day; W3C hours run 00-23)'],
  ['2024-05-01T24:00Z', 'invalid', '24:00 without seconds'],
  ['2024-05-01T25:00:00Z', 'invalid', 'hour 25'],
  ['2024-05-01T10:60:00Z', 'invalid', 'minute 60'],
  ['2024-05-01T23:59:60Z', 'invalid', 'a leap second'],
  ['2023-02-29', 'invalid', 'Feb 29 in a common year'],
  ['1900-02-29', 'invalid', 'Feb 29 in a century that is no leap year'],
  ['2024-02-30', 'invalid', 'Feb 30'],
  ['2024-04-31', 'invalid', 'April 31'],
  ['2024-13-01', 'invalid', 'month 13'],
  ['2024-00-10', 'invalid', 'month 0'],
  ['2024-05-00', 'invalid', 'day 0'],
  ['0000-01-01', 'invalid', 'year 0000'],
  ['0001-01-01T00:30:00+01:00', 'invalid', 'before year 0001 in UTC'],
  ['9999-12-31T23:00:00-02:00', 'invalid', 'after year 9999 in UTC'],
  ['2024', 'invalid', 'a year alone'],
  ['2024-05', 'invalid', 'a month alone'],
  ['2024-05-01Z', 'invalid', 'a date with a zone (XSD only)'],
  ['24-05-01', 'invalid', 'a two-digit year'],
  ['', 'invalid', 'empty'],
  ['   ', 'invalid', 'only spaces'],
  ['Feb 29 2023', 'invalid', 'a named day that does not exist'],
  ['Jan 01 0000', 'invalid', 'a named day in year 0000'],
  ['2024-05-01T10:00Z', 'read', 'hh:mm without seconds (W3C allows it, the XSD does not)'],
  ['2024-05-01T10:00:00', 'read', 'no zone: the date is kept'],
  ['2024-05-01T10:00:00z', 'read', 'lower-case z'],
  ['2024-05-01t10:00:00Z', 'read', 'lower-case t'],
  ['2024-05-01 10:00:00Z', 'read', 'a space for T'],
  ['2024-05-01T10:00:00 +02:00', 'read', 'a space before the zone'],
  ['2024-05-01T10:00:00+0200', 'read', 'an offset without its colon'],
  ['2019-04-25 9:00:00 -0700', 'read', "YAML's one-digit hour"],
  ['Jul 08 2022', 'read', 'a month name'],
  ['Tue, 05 Jan 2024 10:00:00 GMT', 'read', 'RFC 2822'],
];

describe('the generator and the validator agree on W3C datetimes', () => {
  for (const [value, verdict, why] of TABLE) {
    it(`${JSON.stringify(value)} (${why}): ${verdict}`, () => {
      const parsed = parseLastmod(value);
      const checked = checkW3cDatetime(value);
      expect(parsed.ok, 'the generator reads it').toBe(verdict !== 'invalid');
      expect(checked.ok, 'the validator accepts it').toBe(verdict === 'valid');
      if (parsed.ok) expect(checkW3cDatetime(parsed.value)).toMatchObject({ ok: true });
    });
  }

  it('a valid date-time is written as the same instant', () => {
    for (const [value, verdict] of TABLE) {
      const parsed = parseLastmod(value);
      const checked = checkW3cDatetime(value);
      if (verdict !== 'valid' || !parsed.ok || !checked.ok || checked.precision !== 'datetime')
        continue;
      const written = checkW3cDatetime(parsed.value);
      // Whole seconds are written: the fraction is dropped, never rounded up.
      expect(written.ok && Math.floor(checked.earliest / 1000) * 1000).toBe(
        written.ok && written.earliest,
      );
    }
  });

  it('every offset at the ends of the year range: both agree, and what is written passes', () => {
    const sides = ['0001-01-01T00:00:00', '0001-01-01T13:59:59', '9999-12-31T10:00:00'];
    for (const local of sides) {
      for (let minutes = -15 * 60; minutes <= 15 * 60; minutes += 15) {
        const sign = minutes < 0 ? '-' : '+';
        const abs = Math.abs(minutes);
        const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
        const value = `${local}${zone}`;
        const parsed = parseLastmod(value);
        expect(parsed.ok, value).toBe(checkW3cDatetime(value).ok);
        if (parsed.ok) expect(checkW3cDatetime(parsed.value).ok, parsed.value).toBe(true);
      }
    }
  });

  it('Date objects are written in a form the check passes', () => {
    for (const date of [
      new Date('2024-05-01T00:00:00Z'),
      new Date('2024-05-01T10:11:12.999Z'),
      new Date('0001-01-01T00:00:00Z'),
      new Date('9999-12-31T23:59:59.999Z'),
    ]) {
      const parsed = parseLastmod(date);
      if (!parsed.ok) throw new Error(parsed.reason);
      expect(checkW3cDatetime(parsed.value).ok, parsed.value).toBe(true);
    }
  });

  it('says which edge a refused value is past', () => {
    const reasons = (value: string) => {
      const parsed = parseLastmod(value);
      const checked = checkW3cDatetime(value);
      return [parsed.ok ? 'read' : parsed.reason, checked.ok ? 'accepted' : checked.reason];
    };
    const offset = '2024-05-01T10:00:00+14:01: the zone offset must be between -14:00 and +14:00';
    expect(reasons('2024-05-01T10:00:00+14:01')).toEqual([offset, offset]);
    const endOfDay =
      '2024-05-01T24:00:00Z is not a real time: W3C hours run 00-23; write 00:00:00 of the next day';
    expect(reasons('2024-05-01T24:00:00Z')).toEqual([endOfDay, endOfDay]);
  });
});

/**
 * The two forms the core writes are read and written by the lastmod codec, not the grammar's
 * regular expression: what that path says must be what the grammar says, at every kind of
 * instant (white space around a value sends it through the grammar).
 */
describe('the written forms read and made without the grammar', () => {
  const instants: number[] = [];
  // A deterministic spread over years 0001-9999: midnights, seconds, fractions of a second.
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const first = Date.parse('0001-01-01T00:00:00Z');
  const end = Date.parse('9999-12-31T23:59:59Z');
  for (let i = 0; i < 4000; i++) {
    const ms = first + Math.floor(next() * (end - first));
    instants.push(ms, Math.floor(ms / 86_400_000) * 86_400_000, Math.floor(ms / 1000) * 1000);
  }
  instants.push(first, end, 0, -1, 951_782_400_000 /* 2000-02-29 */, 86_400_000 + 1);

  it('formatDate writes instants past years 0001-9999 as the Date fields spell them', () => {
    expect(formatDate(new Date(Date.parse('+010000-01-01T00:00:00Z')))).toBe('10000-01-01');
    expect(formatDate(new Date(Date.parse('+010000-01-01T10:20:30Z')))).toBe(
      '10000-01-01T10:20:30Z',
    );
    expect(formatDate(new Date(Date.parse('0000-12-31T00:00:00Z')))).toBe('0000-12-31');
  });

  it('formatDate writes what the Date fields spell', () => {
    for (const ms of instants) {
      const iso = new Date(ms).toISOString();
      const midnight = ms % 86_400_000 === 0;
      const expected = midnight ? iso.slice(0, 10) : `${iso.slice(0, 19)}Z`;
      expect(parseLastmod(new Date(ms))).toEqual({ ok: true, value: expected });
    }
  });

  it('checkW3cDatetime says of a written value what the grammar says of it', () => {
    for (const ms of instants) {
      const written = (parseLastmod(new Date(ms)) as { value: string }).value;
      expect(checkW3cDatetime(written), written).toEqual(checkW3cDatetime(` ${written}`));
    }
    for (const near of ['2024-02-30', '2023-02-29', '0000-01-01', '2024-05-01T24:00:00Z']) {
      expect(checkW3cDatetime(near).ok, near).toBe(false);
    }
  });

  it('parseLastmod gives back a written value as the grammar reads it', () => {
    for (const ms of instants) {
      const written = (parseLastmod(new Date(ms)) as { value: string }).value;
      expect(parseLastmod(written), written).toEqual(parseLastmod(` ${written}`));
      expect(parseLastmod(written)).toEqual({ ok: true, value: written });
    }
  });

  it('dateTime reads a written value as Date.parse does', () => {
    for (const ms of instants) {
      const written = (parseLastmod(new Date(ms)) as { value: string }).value;
      const parsed = Date.parse(written.length === 10 ? `${written}T00:00:00Z` : written);
      expect(dateTime(written), written).toBe(parsed);
    }
  });
});
