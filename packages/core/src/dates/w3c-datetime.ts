/**
 * W3C Datetime parsing and normalising. Pure.
 *
 * Read: W3C forms, a space for `T`, English month names (`Jul 08 2022`, `8 July 2022`) and
 * RFC 2822 with a zone. Only two forms pass both the W3C note and the sitemaps.org XSD: `YYYY-MM-DD` and
 * `YYYY-MM-DDThh:mm:ss[.s]TZD`. We write exactly those: a date stays a date; a date-time is
 * converted to UTC and written `YYYY-MM-DDThh:mm:ssZ`; a date-time without a zone keeps only its
 * date (writing a zone we do not know would be inventing one). Impossible dates are rejected.
 */

import { flat } from '../flat-string.js';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** `Jul 08 2022`, `July 8, 2022` (Astro's blog template writes the first). */
const MONTH_DAY_YEAR =
  /^(?:[a-z]{3,9},?\s+)?([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;
/** `8 July 2022`, `08 Jul 2022`. */
const DAY_MONTH_YEAR = /^(?:[a-z]{3,9},?\s+)?(\d{1,2})\s+([a-z]{3,9})\.?,?\s+(\d{4})$/i;
/** RFC 2822 with its zone, as RSS writes dates: `Tue, 05 Jan 2024 10:00:00 GMT`. */
const RFC_2822 =
  /^(?:[a-z]{3},\s*)?\d{1,2}\s+[a-z]{3}\s+\d{4}\s+\d{2}:\d{2}(?::\d{2})?\s+(?:GMT|UTC|UT|Z|[+-]\d{4})$/i;

function monthIndex(name: string): number {
  const lower = name.toLowerCase();
  const index = MONTHS.indexOf(lower.slice(0, 3));
  const full = [
    'january',
    'february',
    'march',
    'april',
    'may',
    'june',
    'july',
    'august',
    'september',
    'october',
    'november',
    'december',
  ];
  if (index === -1) return -1;
  // The name must be the month's abbreviation or its full name, not any word starting alike.
  return lower.length === 3 || full[index] === lower || (lower === 'sept' && index === 8)
    ? index
    : -1;
}

/** English month-name dates, written as the calendar date the author wrote. */
function parseNamedDate(text: string): DateParse | null {
  let month: string | undefined;
  let day: string | undefined;
  let year: string | undefined;
  const mdy = MONTH_DAY_YEAR.exec(text);
  const dmy = mdy ? null : DAY_MONTH_YEAR.exec(text);
  if (mdy) [, month, day, year] = mdy;
  else if (dmy) [, day, month, year] = dmy;
  else return null;
  const m = monthIndex(month as string) + 1;
  const y = Number(year);
  const d = Number(day);
  if (m === 0) return null;
  if (!isRealDate(y, m, d)) return { ok: false, reason: `${text} is not a real date` };
  return { ok: true, value: `${pad(y, 4)}-${pad(m)}-${pad(d)}` };
}

/** Neither the protocol's W3C dates nor the XSD have a year 0000 or earlier. */
const NO_YEAR_ZERO = (text: string) =>
  `${text}: there is no year 0000 in a sitemap date (years start at 0001)`;

export type DateParse = { ok: true; value: string } | { ok: false; reason: string };

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Whether day `d` of month `m` (1-12) exists in year `y` (proleptic Gregorian). */
export function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = m === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
  return d <= days;
}

/** Formats a Date: `YYYY-MM-DD` at exactly midnight UTC, else `YYYY-MM-DDThh:mm:ssZ`. */
export function formatDate(date: Date): string {
  const y = date.getUTCFullYear();
  const day = `${pad(y, 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  if (
    date.getUTCHours() === 0 &&
    date.getUTCMinutes() === 0 &&
    date.getUTCSeconds() === 0 &&
    date.getUTCMilliseconds() === 0
  ) {
    return day;
  }
  return flat(
    `${day}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}Z`,
  );
}

/**
 * Parses a lastmod value into the W3C form we write.
 * @example parseLastmod('2024-01-05') // { ok: true, value: '2024-01-05' }
 * @example parseLastmod('2024-01-05T10:00:00+02:00') // { ok: true, value: '2024-01-05T08:00:00Z' }
 * @example parseLastmod('2024-02-30') // { ok: false, reason: '2024-02-30 is not a real date' }
 */
export function parseLastmod(input: unknown): DateParse {
  if (input instanceof Date) {
    const t = input.getTime();
    if (Number.isNaN(t)) return { ok: false, reason: 'an invalid Date' };
    const y = input.getUTCFullYear();
    if (y < 1 || y > 9999) return { ok: false, reason: `year ${y} is out of range` };
    return { ok: true, value: formatDate(input) };
  }
  if (typeof input !== 'string')
    return { ok: false, reason: `${JSON.stringify(input)} is not a date` };
  const text = input.trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [, y, m, d] = dateOnly.map(Number) as [number, number, number, number];
    if (y < 1) return { ok: false, reason: NO_YEAR_ZERO(text) };
    if (!isRealDate(y, m, d)) return { ok: false, reason: `${text} is not a real date` };
    return { ok: true, value: text };
  }
  const dt = DATE_TIME.exec(text);
  if (!dt) {
    const named = parseNamedDate(text);
    if (named) return named;
    if (RFC_2822.test(text)) {
      const time = Date.parse(text);
      if (!Number.isNaN(time)) return parseLastmod(new Date(Math.floor(time / 1000) * 1000));
    }
    return {
      ok: false,
      reason: `${JSON.stringify(text)} is not a date we can read (use YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+hh:mm)`,
    };
  }
  const [, ys, ms, ds, hs, mins, ss = '0', , zone] = dt;
  const [y, m, d, h, mi, s] = [ys, ms, ds, hs, mins, ss].map(Number) as number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (y < 1) return { ok: false, reason: NO_YEAR_ZERO(text) };
  if (!isRealDate(y, m, d)) return { ok: false, reason: `${text} is not a real date` };
  if (h > 23 || mi > 59 || s > 59) return { ok: false, reason: `${text} is not a real time` };
  if (zone === undefined) return { ok: true, value: `${ys}-${ms}-${ds}` };
  let offsetMinutes = 0;
  if (zone !== 'Z' && zone !== 'z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2) || '0');
    if (oh > 23 || om > 59) return { ok: false, reason: `${text} has an impossible zone offset` };
    offsetMinutes = sign * (oh * 60 + om);
  }
  // Not Date.UTC: it reads years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  date.setUTCHours(h, mi - offsetMinutes, s, 0);
  if (date.getUTCFullYear() < 1) return { ok: false, reason: NO_YEAR_ZERO(text) };
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return {
    ok: true,
    value: flat(
      `${day}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}Z`,
    ),
  };
}
