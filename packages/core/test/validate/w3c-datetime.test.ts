import { describe, expect, it } from 'vitest';
import { checkW3cDatetime } from '../../src/dates/w3c-datetime.js';

/** Value -> accepted, or the start of the reason it is not. */
const CASES: Record<string, true | string> = {
  '2024-05-01': true,
  ' 2024-05-01 ': true,
  '2024-02-29': true,
  '2000-02-29': true,
  '2024-05-01T10:20:30Z': true,
  '2024-05-01T10:20:30.5Z': true,
  '2024-05-01T10:20:30.123456+02:00': true,
  '2024-05-01T23:59:59-14:00': true,
  '2024-05-01T00:00:00+14:00': true,
  '2024-02-30': '2024-02-30 is not a real date',
  '2023-02-29': '2023-02-29 is not a real date',
  '1900-02-29': '1900-02-29 is not a real date',
  '2024-13-01': '2024-13-01 is not a real date',
  '2024-04-31': '2024-04-31 is not a real date',
  '2024-00-10': '2024-00-10 is not a real date',
  '0000-01-01': '0000-01-01: there is no year 0000',
  '2024-05-01T24:00:00Z': '2024-05-01T24:00:00Z is not a real time',
  '2024-05-01T23:59:60Z': '2024-05-01T23:59:60Z is not a real time',
  '2024-05-01T10:60:00Z': '2024-05-01T10:60:00Z is not a real time',
  '2024-05-01T10:00:00+14:30': '2024-05-01T10:00:00+14:30: the zone offset',
  '2024-05-01T10:00:00+15:00': '2024-05-01T10:00:00+15:00: the zone offset',
  '2024-05-01T10:00:00': '"2024-05-01T10:00:00" is not a W3C Datetime: a date-time needs a zone',
  '2024-05-01T10:00Z': '"2024-05-01T10:00Z" is not a W3C Datetime: the seconds are missing',
  '2024-05-01Z': '"2024-05-01Z" is not a W3C Datetime: a date alone takes no zone',
  '2024-05': '"2024-05" is not a W3C Datetime: a year or month alone',
  '2024': '"2024" is not a W3C Datetime: a year or month alone',
  '2024-05-01 10:00:00Z': '"2024-05-01 10:00:00Z" is not a W3C Datetime: use YYYY-MM-DD',
  '2024-05-01T10:00:00z': '"2024-05-01T10:00:00z" is not a W3C Datetime',
  '2024-05-01T10:00:00+0200': '"2024-05-01T10:00:00+0200" is not a W3C Datetime',
  '24-05-01': '"24-05-01" is not a W3C Datetime',
  'May 1, 2024': '"May 1, 2024" is not a W3C Datetime',
  '': '"" is not a W3C Datetime',
};

describe('checkW3cDatetime', () => {
  for (const [value, expected] of Object.entries(CASES)) {
    it(`${JSON.stringify(value)} -> ${expected === true ? 'ok' : 'rejected'}`, () => {
      const result = checkW3cDatetime(value);
      if (expected === true) expect(result.ok).toBe(true);
      else
        expect(result.ok ? 'accepted' : result.reason).toMatch(
          new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
        );
    });
  }

  it('gives a date-time its instant, offset applied', () => {
    const result = checkW3cDatetime('2024-05-01T10:20:30.25+02:00');
    expect(result).toMatchObject({ ok: true, precision: 'datetime' });
    if (result.ok) expect(result.earliest).toBe(Date.parse('2024-05-01T08:20:30.250Z'));
  });

  it('gives a bare date the span of that day in every zone', () => {
    const result = checkW3cDatetime('2024-05-01');
    if (!result.ok) throw new Error(result.reason);
    expect(new Date(result.earliest).toISOString()).toBe('2024-04-30T10:00:00.000Z');
    expect(new Date(result.latest).toISOString()).toBe('2024-05-02T11:59:59.999Z');
  });
});
