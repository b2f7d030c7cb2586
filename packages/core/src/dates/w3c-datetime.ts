/**
 * W3C Datetime: the one grammar behind both the dates the generator writes (`parseLastmod`) and
 * the check `sitemapkit validate` and the build's self-check run on a written `<lastmod>`
 * (`checkW3cDatetime`). Pure.
 *
 * The law: sitemaps.org asks for W3C Datetime, and its XSD types `<lastmod>` as
 * `xsd:date | xsd:dateTime`. A written value is valid when both agree: `YYYY-MM-DD` or
 * `YYYY-MM-DDThh:mm:ss[.s+](Z|±hh:mm)`, a real calendar day (leap years proleptic Gregorian, years
 * 0001-9999), hours 00-23, minutes and seconds 00-59, a zone offset within -14:00..+14:00, and an
 * instant that is still in years 0001-9999 in UTC. Decided at the edges:
 * - `24:00:00` is refused. The XSD reads it as 00:00:00 of the next day, but the W3C note's hours
 *   run 00-23, and a value only one of the two accepts is not a sitemap date.
 * - An offset past ±14:00 is refused: the XSD's bound (W3C sets none); minutes past 59 too.
 * - `hh:mm` without seconds is refused as written (W3C allows it, the XSD dateTime does not).
 *
 * Both sides read through `readShape` and `fieldProblem`, so they cannot disagree on a day, a time
 * or an offset. The parse also reads what people write besides the strict spelling (seconds left
 * out, no zone, a space for `T`, lower-case `t`/`z`, `+hhmm`, English month names, RFC 2822, Date
 * objects) and writes exactly the strict forms: a date stays a date; a date-time is converted to
 * UTC and written `YYYY-MM-DDThh:mm:ssZ`; a date-time without a zone keeps only its date (writing
 * a zone we do not know would be inventing one). Whatever it writes passes the check.
 */

import {
  decodeLastmod,
  END_INSTANT,
  encodeLastmod,
  FIRST_INSTANT,
  isDayCode,
  lastmodTime,
  timeLastmod,
} from '../columns/lastmod-column.js';
import { flat } from '../flat-string.js';
import { clip } from '../url/shorten.js';

/**
 * The W3C forms as written, with the other spellings people use captured apart, so that the check
 * can name what is off and the parse can read past it: year, month, day, then optionally the
 * separator (`T`, `t` or a space), hour (one or two digits), minute, seconds, fraction, white space
 * before the zone, and the zone (`Z`, `z`, `±hh`, `±hhmm` or `±hh:mm`).
 */
const SHAPE =
  /^(\d{4})-(\d{2})-(\d{2})(?:([Tt ])(\d{1,2}):(\d{2})(?::(\d{2})(\.\d+)?)?(\s*)(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;
/** Near misses the grammar does not read, named so the check can say what to write instead. */
const DATE_WITH_ZONE = /^\d{4}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})$/;
const REDUCED = /^\d{4}(-\d{2})?$/;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const FULL_MONTHS = [
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
/** `Jul 08 2022`, `July 8, 2022` (Astro's blog template writes the first). */
const MONTH_DAY_YEAR =
  /^(?:[a-z]{3,9},?\s+)?([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;
/** `8 July 2022`, `08 Jul 2022`. */
const DAY_MONTH_YEAR = /^(?:[a-z]{3,9},?\s+)?(\d{1,2})\s+([a-z]{3,9})\.?,?\s+(\d{4})$/i;
/** RFC 2822 with its zone, as RSS writes dates: `Tue, 05 Jan 2024 10:00:00 GMT`. */
const RFC_2822 =
  /^(?:[a-z]{3},\s*)?\d{1,2}\s+[a-z]{3}\s+\d{4}\s+\d{2}:\d{2}(?::\d{2})?\s+(?:GMT|UTC|UT|Z|[+-]\d{4})$/i;

const HOUR = 3_600_000;

export type DateParse = { ok: true; value: string } | { ok: false; reason: string };

export type W3cDatetimeCheck =
  | {
      ok: true;
      precision: 'date' | 'datetime';
      /** Earliest instant (ms since the epoch) the value can mean: a bare date is a day in any zone. */
      earliest: number;
      /** Latest instant the value can mean. Equal to `earliest` for a date-time. */
      latest: number;
    }
  | { ok: false; reason: string };

/** A time of day as read. */
interface TimeFields {
  h: number;
  mi: number;
  s: number;
  ms: number;
  /** Whether a zone was written. */
  zoned: boolean;
  /** Minutes east of UTC; undefined without a zone or when it is past ±14:00. */
  offset: number | undefined;
}

/** A value in the grammar's shape: its fields, and why it is not the strict spelling, if it is not. */
interface Shape {
  y: number;
  month: number;
  d: number;
  time: TimeFields | undefined;
  /** Undefined when written exactly as the protocol asks. */
  spelling: string | undefined;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Milliseconds since the epoch. Not Date.UTC: it reads years 0-99 as 1900-1999. */
function utcMs(y: number, month: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(y, month - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return date.getTime();
}

/** Whether day `d` of month `m` (1-12) exists in year `y` (proleptic Gregorian). */
export function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = m === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
  return d <= days;
}

/** `Z` -> 0, `+02:00`, `+0200` and `+02` -> 120: minutes east of UTC, or undefined if out of range. */
function offsetMinutes(zone: string): number | undefined {
  if (zone === 'Z' || zone === 'z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const [oh, om] = [Number(digits.slice(0, 2)), Number(digits.slice(2) || '0')];
  // The XSD's bound; W3C sets none, and no zone on Earth is further than ±14:00.
  if (om > 59 || oh > 14 || (oh === 14 && om > 0)) return undefined;
  return (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om);
}

/**
 * The first way `match` differs from the strict spelling, in the order a writer would fix them,
 * or undefined when it is the strict spelling.
 */
function spellingProblem(match: RegExpExecArray): string | undefined {
  const [, , , , sep, hs, , ss, , gap, zone] = match;
  if (sep === undefined) return undefined;
  if (ss === undefined) return 'the seconds are missing (the XSD dateTime needs hh:mm:ss)';
  if (zone === undefined) return 'a date-time needs a zone: Z or ±hh:mm';
  if (sep === 't' || zone === 'z') return 'T and Z are written in capitals';
  if (sep !== 'T' || hs?.length !== 2 || gap !== '' || (zone !== 'Z' && zone.length !== 6))
    return 'use YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+hh:mm';
  return undefined;
}

/** Reads a trimmed value in the grammar's shape, or undefined when it has another shape. */
function readShape(text: string): Shape | undefined {
  const match = SHAPE.exec(text);
  if (!match) return undefined;
  const [, ys, mos, ds, sep, hs, mis, ss, fraction, , zone] = match;
  const shape: Shape = {
    y: Number(ys),
    month: Number(mos),
    d: Number(ds),
    time: undefined,
    spelling: spellingProblem(match),
  };
  if (sep !== undefined) {
    shape.time = {
      h: Number(hs),
      mi: Number(mis),
      s: Number(ss ?? '0'),
      ms: fraction === undefined ? 0 : Math.floor(Number(`0${fraction}`) * 1000),
      zoned: zone !== undefined,
      offset: zone === undefined ? undefined : offsetMinutes(zone),
    };
  }
  return shape;
}

/**
 * Why the fields of a value name no date or instant a sitemap can hold, or undefined when they do.
 * The one judge of days, times and offsets for both the parse and the check.
 */
function fieldProblem(text: string, shape: Shape): string | undefined {
  const { y, month, d, time } = shape;
  if (y === 0) return `${text}: there is no year 0000 in a sitemap date (years start at 0001)`;
  if (!isRealDate(y, month, d)) return `${text} is not a real date`;
  if (time === undefined) return undefined;
  if (time.h === 24 && time.mi === 0 && time.s === 0 && time.ms === 0)
    return `${text} is not a real time: W3C hours run 00-23; write 00:00:00 of the next day`;
  if (time.h > 23 || time.mi > 59 || time.s > 59) return `${text} is not a real time`;
  if (time.zoned && time.offset === undefined)
    return `${text}: the zone offset must be between -14:00 and +14:00`;
  // Written in UTC, an instant outside these years would need a year 0000 or five digits.
  const at = instant(shape);
  if (at !== undefined && at < FIRST_INSTANT)
    return `${text} falls before 0001-01-01T00:00:00Z in UTC: there is no year 0000 in a sitemap date`;
  if (at !== undefined && at >= END_INSTANT)
    return `${text} falls after 9999-12-31T23:59:59Z in UTC: a sitemap date has a four-digit year`;
  return undefined;
}

/** The instant a date-time with a zone means, in ms since the epoch; undefined for one without. */
function instant({ y, month, d, time }: Shape): number | undefined {
  if (time === undefined || time.offset === undefined) return undefined;
  return utcMs(y, month, d, time.h, time.mi, time.s, time.ms) - time.offset * 60_000;
}

function formatDay(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** `YYYY-MM-DDThh:mm:ssZ`, midnight included: a date-time written with a zone stays one. */
function formatInstant(date: Date): string {
  return flat(
    `${formatDay(date)}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}Z`,
  );
}

/** Formats a Date: `YYYY-MM-DD` at exactly midnight UTC, else `YYYY-MM-DDThh:mm:ssZ`. */
export function formatDate(date: Date): string {
  // Years 0001-9999 (every date a build meets) are written by the lastmod codec: the same text,
  // made as one string, without a Date read field by field.
  const code = timeLastmod(date.getTime());
  if (!Number.isNaN(code)) return decodeLastmod(code);
  const midnight =
    date.getUTCHours() === 0 &&
    date.getUTCMinutes() === 0 &&
    date.getUTCSeconds() === 0 &&
    date.getUTCMilliseconds() === 0;
  return midnight ? formatDay(date) : formatInstant(date);
}

/** `Jul`, `July` and `Sept` -> 0-11; -1 for a word that only starts like a month. */
function monthIndex(name: string): number {
  const lower = name.toLowerCase();
  const index = MONTHS.indexOf(lower.slice(0, 3));
  if (index === -1) return -1;
  return lower.length === 3 || FULL_MONTHS[index] === lower || (lower === 'sept' && index === 8)
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
  if (m === 0) return null;
  const shape: Shape = {
    y: Number(year),
    month: m,
    d: Number(day),
    time: undefined,
    spelling: undefined,
  };
  const problem = fieldProblem(text, shape);
  if (problem !== undefined) return { ok: false, reason: problem };
  return { ok: true, value: `${pad(shape.y, 4)}-${pad(m)}-${pad(shape.d)}` };
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
  // Already written as the core writes it (most frontmatter dates): made again as one string of
  // its own, not a slice that could keep the file it was read from.
  const code = encodeLastmod(input);
  if (!Number.isNaN(code)) return { ok: true, value: decodeLastmod(code) };
  const text = input.trim();
  const shape = readShape(text);
  if (shape === undefined) {
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
  const problem = fieldProblem(text, shape);
  if (problem !== undefined) return { ok: false, reason: problem };
  const day = text.slice(0, 10);
  const at = instant(shape);
  // No zone: the date is the author's; the time without a zone is no instant we could write.
  if (at === undefined) return { ok: true, value: day };
  // Whole seconds: a fraction adds nothing a sitemap reader uses.
  return { ok: true, value: formatInstant(new Date(Math.floor(at / 1000) * 1000)) };
}

/** Why a value that is not in the grammar's strict spelling is refused, in the writer's terms. */
function whyNot(text: string, shape: Shape | undefined): string {
  if (shape?.spelling !== undefined) return shape.spelling;
  if (DATE_WITH_ZONE.test(text)) return 'a date alone takes no zone: write YYYY-MM-DD';
  if (REDUCED.test(text))
    return 'a year or month alone is not accepted by the XSD: write YYYY-MM-DD';
  return 'use YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+hh:mm';
}

/**
 * Checks one written lastmod: the W3C Datetime forms that the sitemaps.org XSD also accepts, and
 * nothing else. Surrounding white space is allowed (the XSD collapses it).
 * @example checkW3cDatetime('2024-05-01').ok // true
 * @example checkW3cDatetime('2024-05-01T10:00:00.5+02:00').ok // true
 * @example checkW3cDatetime('2024-02-30') // { ok: false, reason: '2024-02-30 is not a real date' }
 * @example checkW3cDatetime('2024-05-01T10:00Z') // { ok: false, reason: '"2024-05-01T10:00Z" is not a W3C Datetime: the seconds are missing ...' }
 */
export function checkW3cDatetime(input: string): W3cDatetimeCheck {
  // The two forms the core writes, read by the lastmod codec (which takes only real days and
  // times in them): what the grammar below says of them, without the regular expression.
  const code = encodeLastmod(input);
  if (!Number.isNaN(code)) {
    const at = lastmodTime(code);
    return input.length === 10
      ? { ok: true, precision: 'date', earliest: at - 14 * HOUR, latest: at + 36 * HOUR - 1 }
      : { ok: true, precision: 'datetime', earliest: at, latest: at };
  }
  return checkText(input);
}

/**
 * The earliest instant the lastmod of code `code` (`encodeLastmod`) can name: what
 * `checkW3cDatetime` says of its text, which such a code always passes, read without the text.
 */
export function earliestOfCode(code: number): number {
  const at = lastmodTime(code);
  return isDayCode(code) ? at - 14 * HOUR : at;
}

function checkText(input: string): W3cDatetimeCheck {
  const text = input.trim();
  const shape = readShape(text);
  if (shape === undefined || shape.spelling !== undefined)
    return { ok: false, reason: `"${clip(text)}" is not a W3C Datetime: ${whyNot(text, shape)}` };
  const problem = fieldProblem(text, shape);
  if (problem !== undefined) return { ok: false, reason: problem };
  const at = instant(shape);
  if (at !== undefined) return { ok: true, precision: 'datetime', earliest: at, latest: at };
  // A bare date: the day as it starts in UTC+14 and as it ends in UTC-12.
  const start = utcMs(shape.y, shape.month, shape.d);
  return {
    ok: true,
    precision: 'date',
    earliest: start - 14 * HOUR,
    latest: start + 36 * HOUR - 1,
  };
}
