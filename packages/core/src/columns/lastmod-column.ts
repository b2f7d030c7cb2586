/**
 * The pages' lastmods as numbers, 8 bytes a row, not text. Every lastmod the core writes is in
 * one of two forms (`dates/w3c-datetime.ts`): a day, `YYYY-MM-DD`, or an instant in UTC to the
 * second, `YYYY-MM-DDThh:mm:ssZ`. Either is a count of seconds since 1970 and one bit for which
 * form it was, from which the same text is written back. A value in any other form (none
 * reaches here from the core, but a row is set from anywhere) is kept as given, by row.
 *
 * A million lastmods cost 8 MB here, against 24 MB as UTF-8 bytes and a place in a string
 * column.
 */
import { grown } from './native-memory.js';
import { StringColumn } from './string-column.js';

/** Seconds in a day. */
const DAY = 86_400;

const ZERO = 0x30;

/** Days from 1970-01-01 to year `y`, month `m` (1-12), day `d` of the proleptic Gregorian calendar. */
function daysFromCivil(y: number, m: number, d: number): number {
  const year = m <= 2 ? y - 1 : y;
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The year, month and day of day `days` since 1970-01-01, into `out`. */
function civil(days: number, out: Int32Array): void {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const m = mp < 10 ? mp + 3 : mp - 9;
  out[0] = yearOfEra + era * 400 + (m <= 2 ? 1 : 0);
  out[1] = m;
  out[2] = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
}

const HYPHEN = 0x2d;
const COLON = 0x3a;
const ymd = new Int32Array(3);

/** `YYYY-MM-DD` of day `days` since 1970-01-01 (years 0-9999), made as one string. */
function civilText(days: number): string {
  civil(days, ymd);
  const y = ymd[0] as number;
  const m = ymd[1] as number;
  const d = ymd[2] as number;
  return String.fromCharCode(
    ZERO + (Math.floor(y / 1000) % 10),
    ZERO + (Math.floor(y / 100) % 10),
    ZERO + (Math.floor(y / 10) % 10),
    ZERO + (y % 10),
    HYPHEN,
    ZERO + Math.floor(m / 10),
    ZERO + (m % 10),
    HYPHEN,
    ZERO + Math.floor(d / 10),
    ZERO + (d % 10),
  );
}

/** The number `digits` characters of `text` from `at` spell, or -1. */
function digitsAt(text: string, at: number, digits: number): number {
  let n = 0;
  for (let i = at; i < at + digits; i++) {
    const c = text.charCodeAt(i) - ZERO;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/**
 * `value` as seconds * 2, + 1 for a day: NaN when it is not in one of the two forms, or names
 * no real day or time (`2024-02-30`, `24:00:00`), which are then kept as text.
 */
export function encodeLastmod(value: string): number {
  if (value.length !== 10 && value.length !== 20) return Number.NaN;
  if (value[4] !== '-' || value[7] !== '-') return Number.NaN;
  const y = digitsAt(value, 0, 4);
  const m = digitsAt(value, 5, 2);
  const d = digitsAt(value, 8, 2);
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > 31) return Number.NaN;
  const days = daysFromCivil(y, m, d);
  // A day past its month's end (`02-30`) comes back as another day: not a real date.
  civil(days, ymd);
  if (ymd[0] !== y || ymd[1] !== m || ymd[2] !== d) return Number.NaN;
  if (value.length === 10) return days * DAY * 2 + 1;
  if (value[10] !== 'T' || value[13] !== ':' || value[16] !== ':' || value[19] !== 'Z')
    return Number.NaN;
  const h = digitsAt(value, 11, 2);
  const min = digitsAt(value, 14, 2);
  const s = digitsAt(value, 17, 2);
  if (h < 0 || h > 23 || min < 0 || min > 59 || s < 0 || s > 59) return Number.NaN;
  return (days * DAY + h * 3600 + min * 60 + s) * 2;
}

/** Whether a code names a day (`YYYY-MM-DD`), not an instant to the second. */
export function isDayCode(code: number): boolean {
  return code - Math.floor(code / 2) * 2 === 1;
}

/** The instant a code names, in ms since the epoch (a day: its midnight in UTC). */
export function lastmodTime(code: number): number {
  return Math.floor(code / 2) * 1000;
}

/** The first and the end of the instants a code can name (ms): years 0001-9999 in UTC. */
export const FIRST_INSTANT = daysFromCivil(1, 1, 1) * DAY * 1000;
export const END_INSTANT = daysFromCivil(10_000, 1, 1) * DAY * 1000;

/**
 * The code of the lastmod written for instant `ms` (a day when it is exactly midnight UTC, an
 * instant to the second otherwise), or NaN outside years 0001-9999.
 */
export function timeLastmod(ms: number): number {
  if (!(ms >= FIRST_INSTANT && ms < END_INSTANT)) return Number.NaN;
  const seconds = Math.floor(ms / 1000);
  return seconds * 2 + (ms === seconds * 1000 && seconds % DAY === 0 ? 1 : 0);
}

/** The last day written back, and its text: pages of one day are often read one after another. */
let lastDays = Number.NaN;
let lastDay = '';

/**
 * The text `encodeLastmod` took `code` from, made as one string (a lastmod is read back for
 * every page several times: a template of parts made a string for each part). The codes are
 * written out as arguments, as in `civilText`, not filled into an array and applied: that took
 * 2.5 times as long (113 against 45 ns a lastmod).
 */
export function decodeLastmod(code: number): string {
  const seconds = Math.floor(code / 2);
  const days = Math.floor(seconds / DAY);
  if (days !== lastDays) {
    lastDay = civilText(days);
    lastDays = days;
  }
  if (isDayCode(code)) return lastDay;
  const time = seconds - days * DAY;
  const h = Math.floor(time / 3600);
  const min = Math.floor(time / 60) % 60;
  const s = time % 60;
  const day = lastDay;
  return String.fromCharCode(
    day.charCodeAt(0),
    day.charCodeAt(1),
    day.charCodeAt(2),
    day.charCodeAt(3),
    HYPHEN,
    day.charCodeAt(5),
    day.charCodeAt(6),
    HYPHEN,
    day.charCodeAt(8),
    day.charCodeAt(9),
    0x54, // T
    ZERO + Math.floor(h / 10),
    ZERO + (h % 10),
    COLON,
    ZERO + Math.floor(min / 10),
    ZERO + (min % 10),
    COLON,
    ZERO + Math.floor(s / 10),
    ZERO + (s % 10),
    0x5a, // Z
  );
}

/** The day of the last `writeLastmod`, and its ten bytes. */
let bytesDays = Number.NaN;
const dayBytes = new Uint8Array(10);

/** Writes `n` (0-99) as two digits at `at`. */
function twoDigits(into: Uint8Array, at: number, n: number): void {
  into[at] = ZERO + Math.floor(n / 10);
  into[at + 1] = ZERO + (n % 10);
}

/**
 * Writes the text of `code` (`decodeLastmod`) as ASCII bytes into `into` from `at`, no string
 * made; returns how many (10 or 20). `into` must have room for 20.
 */
export function writeLastmod(code: number, into: Uint8Array, at: number): number {
  const seconds = Math.floor(code / 2);
  const days = Math.floor(seconds / DAY);
  if (days !== bytesDays) {
    civil(days, ymd);
    const y = ymd[0] as number;
    twoDigits(dayBytes, 0, Math.floor(y / 100) % 100);
    twoDigits(dayBytes, 2, y % 100);
    dayBytes[4] = HYPHEN;
    twoDigits(dayBytes, 5, ymd[1] as number);
    dayBytes[7] = HYPHEN;
    twoDigits(dayBytes, 8, ymd[2] as number);
    bytesDays = days;
  }
  into.set(dayBytes, at);
  if (isDayCode(code)) return 10;
  const time = seconds - days * DAY;
  into[at + 10] = 0x54; // T
  twoDigits(into, at + 11, Math.floor(time / 3600));
  into[at + 13] = COLON;
  twoDigits(into, at + 14, Math.floor(time / 60) % 60);
  into[at + 16] = COLON;
  twoDigits(into, at + 17, time % 60);
  into[at + 19] = 0x5a; // Z
  return 20;
}

/**
 * A number that orders codes as their texts order (`YYYY-MM-DD` before the instants of that
 * day, each day and instant in time order): the newest of many lastmods is found without
 * their texts.
 */
export function lastmodOrder(code: number): number {
  return isDayCode(code) ? code - 1 : code + 1;
}

/** Bytes of the first chunk of a column's text: most columns keep little or none as text. */
const TEXT_CHUNK = 16 * 1024;

/**
 * A lastmod per row: a code, or NaN (none, or kept as text). Text is kept off the JS heap too:
 * the UTF-8 bytes in a string column and, by row, its place there + 1. A page's head gives its
 * dates as it likes (`2025-02-01T17:38:28.809Z`); a tenth of a large site's pages have such
 * dates, and as a map of strings by row they outlived V8's young generation, which grew for good
 * (16 to 32 MB at a million pages). Text that UTF-8 cannot carry (a lone surrogate) is kept in a
 * map, as it is.
 */
export class LastmodColumn {
  #codes = new Float64Array(256).fill(Number.NaN);
  #text: StringColumn | null = null;
  /** By row: its text's place in `#text` + 1; 0 when it has none. */
  #places = new Int32Array(0);
  readonly #odd = new Map<number, string>();

  get(row: number): string | undefined {
    const code = this.#codes[row];
    if (code !== undefined && !Number.isNaN(code)) return decodeLastmod(code);
    const place = row < this.#places.length ? (this.#places[row] as number) : 0;
    if (place !== 0) return (this.#text as StringColumn).get(place - 1);
    return this.#odd.size > 0 ? this.#odd.get(row) : undefined;
  }

  /**
   * Sets row `row` to the lastmod of `code` (NaN: none), as `set` with its text would: a stage
   * that has the date as a number sets it without making the text.
   */
  setCode(row: number, code: number): void {
    if (row >= this.#codes.length) {
      const length = this.#codes.length;
      this.#codes = grown(this.#codes, row + 1);
      this.#codes.fill(Number.NaN, length);
    }
    this.#codes[row] = code;
    if (row < this.#places.length) this.#places[row] = 0;
    if (this.#odd.size > 0) this.#odd.delete(row);
  }

  /** Row `row`'s code: NaN when it has none or is kept as text. */
  code(row: number): number {
    return row < this.#codes.length ? (this.#codes[row] as number) : Number.NaN;
  }

  set(row: number, value: string | undefined): void {
    const code = value === undefined ? Number.NaN : encodeLastmod(value);
    this.setCode(row, code);
    if (value === undefined || !Number.isNaN(code)) return;
    if (!value.isWellFormed()) {
      this.#odd.set(row, value);
      return;
    }
    this.#text ??= new StringColumn({ firstChunk: TEXT_CHUNK });
    this.#places = grown(this.#places, row + 1);
    this.#places[row] = this.#text.push(value) + 1;
  }
}
