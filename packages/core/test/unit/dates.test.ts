import { describe, expect, it } from 'vitest';
import { mtimesAreMeaningful } from '../../src/dates/mtime-trust.js';
import { formatDate, parseLastmod } from '../../src/dates/w3c-datetime.js';

describe('parseLastmod', () => {
  const ok: Record<string, string> = {
    '2024-01-05': '2024-01-05',
    '2024-02-29': '2024-02-29',
    '2024-01-05T10:00:00Z': '2024-01-05T10:00:00Z',
    '2024-01-05T10:00:00+02:00': '2024-01-05T08:00:00Z',
    '2024-01-05T00:30:00+02:00': '2024-01-04T22:30:00Z',
    '2024-01-05T10:00Z': '2024-01-05T10:00:00Z',
    '2024-01-05T10:00:00.123-0130': '2024-01-05T11:30:00Z',
    '2024-01-05 10:00:00 +00:00': '2024-01-05T10:00:00Z',
    // YAML's timestamps (and Jekyll's dates) allow a one-digit hour.
    '2019-04-25 9:00:00 -0700': '2019-04-25T16:00:00Z',
    '2019-04-25 9:00:00': '2019-04-25',
    '2024-01-05T10:00:00': '2024-01-05',
    ' 2024-01-05 ': '2024-01-05',
    'Jul 08 2022': '2022-07-08',
    'July 8, 2022': '2022-07-08',
    'Sept 30 2023': '2023-09-30',
    '8 July 2022': '2022-07-08',
    'Fri, 8 Jul 2022': '2022-07-08',
    'Tue, 05 Jan 2024 10:00:00 GMT': '2024-01-05T10:00:00Z',
    '05 Jan 2024 12:00:00 +0200': '2024-01-05T10:00:00Z',
    // Years 0-99 stay what they are (Date.UTC would make them 1900-1999).
    '0050-06-15T12:00:00Z': '0050-06-15T12:00:00Z',
    '0001-01-01T00:30:00-01:00': '0001-01-01T01:30:00Z',
    '0099-12-31': '0099-12-31',
  };
  for (const [input, expected] of Object.entries(ok)) {
    it(`${JSON.stringify(input)} -> ${expected}`, () =>
      expect(parseLastmod(input)).toEqual({ ok: true, value: expected }));
  }
  const bad = [
    '2024-02-30',
    '2023-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-01-05T25:00:00Z',
    '2024-01-05T10:61:00Z',
    '2024',
    '2024-01',
    'yesterday',
    '05/01/2024',
    '',
    '2024-01-05T10:00:00+25:00',
    'Feb 30 2024',
    'Juliet 8 2022',
    'Tue, 05 Jan 2024 10:00:00',
    // No year 0000, also not by way of a zone.
    '0000-01-01',
    '0000-06-15T12:00:00Z',
    '0001-01-01T00:30:00+01:00',
  ];
  for (const input of bad) {
    it(`rejects ${JSON.stringify(input)}`, () => expect(parseLastmod(input).ok).toBe(false));
  }
  it('says why year 0000 is refused', () => {
    expect(parseLastmod('0000-01-01')).toEqual({
      ok: false,
      reason: '0000-01-01: there is no year 0000 in a sitemap date (years start at 0001)',
    });
  });
  it('takes Dates: midnight UTC as a date, else a UTC date-time', () => {
    expect(parseLastmod(new Date('2024-01-05T00:00:00Z'))).toEqual({
      ok: true,
      value: '2024-01-05',
    });
    expect(parseLastmod(new Date('2024-01-05T10:11:12.999Z'))).toEqual({
      ok: true,
      value: '2024-01-05T10:11:12Z',
    });
    expect(parseLastmod(new Date('nope')).ok).toBe(false);
    expect(parseLastmod(42).ok).toBe(false);
  });
  it('formats deterministically', () => {
    expect(formatDate(new Date(Date.UTC(2024, 0, 5, 1, 2, 3)))).toBe('2024-01-05T01:02:03Z');
  });
});

describe('mtimesAreMeaningful', () => {
  const day = 86_400_000;
  it('trusts spread-out times and tiny sets', () => {
    expect(mtimesAreMeaningful([0, day, 2 * day, 3 * day])).toBe(true);
    expect(mtimesAreMeaningful([5])).toBe(true);
    expect(mtimesAreMeaningful([5, 5])).toBe(false);
    expect(mtimesAreMeaningful([5, 60_000])).toBe(true);
  });
  it('distrusts times that nearly all share a moment (fresh clone)', () => {
    expect(mtimesAreMeaningful([1000, 1000, 1000, 1000])).toBe(false);
    expect(
      mtimesAreMeaningful([
        ...Array.from({ length: 95 }, (_, i) => 50_000 + i * 10),
        0,
        day,
        2 * day,
        3 * day,
        4 * day,
      ]),
    ).toBe(false);
  });
  it('sorts a Float64Array in place and reads it as a copy of it', () => {
    const times = Float64Array.of(3 * day, 20_000, 0, 10_000, 5000);
    expect(mtimesAreMeaningful(times)).toBe(true);
    expect([...times]).toEqual([0, 5000, 10_000, 20_000, 3 * day]);
    expect(
      mtimesAreMeaningful(Float64Array.of(9000, 0, 9500, 200, 3 * day, 10, 20, 30, 40, 50)),
    ).toBe(false);
  });
});
