/**
 * Strict check of a sitemap `<lastmod>`: the W3C Datetime forms that the sitemaps.org XSD also
 * accepts, and nothing else. Pure.
 *
 * Accepted: `YYYY-MM-DD` and `YYYY-MM-DDThh:mm:ss[.s+](Z|±hh:mm)`, with a real calendar date, a real
 * time (no 24:00, no leap second) and an offset of at most ±14:00. Rejected although one of the
 * two standards allows it: `YYYY` and `YYYY-MM` and `hh:mm` without seconds (W3C only), a date-time
 * without a zone and a date with a zone (XSD only). Surrounding whitespace is allowed (the XSD
 * collapses it).
 */

import { isRealDate } from '../dates/w3c-datetime.js';
import { clip } from '../url/shorten.js';

const W3C_DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2})))?$/;
const NO_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})?$/;
const NO_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;
const DATE_WITH_ZONE = /^\d{4}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})$/;
const REDUCED = /^\d{4}(-\d{2})?$/;

const HOUR = 3_600_000;

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

function utcMs(y: number, month: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(y, month - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return date.getTime();
}

function whyNot(text: string): string {
  if (NO_SECONDS.test(text)) return 'the seconds are missing (the XSD dateTime needs hh:mm:ss)';
  if (NO_ZONE.test(text)) return 'a date-time needs a zone: Z or ±hh:mm';
  if (DATE_WITH_ZONE.test(text)) return 'a date alone takes no zone: write YYYY-MM-DD';
  if (REDUCED.test(text))
    return 'a year or month alone is not accepted by the XSD: write YYYY-MM-DD';
  return 'use YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+hh:mm';
}

/**
 * Checks one lastmod value.
 * @example checkW3cDatetime('2024-05-01').ok // true
 * @example checkW3cDatetime('2024-05-01T10:00:00.5+02:00').ok // true
 * @example checkW3cDatetime('2024-02-30') // { ok: false, reason: '2024-02-30 is not a real date' }
 * @example checkW3cDatetime('2024-05-01T10:00Z') // { ok: false, reason: 'the seconds are missing ...' }
 */
export function checkW3cDatetime(input: string): W3cDatetimeCheck {
  const text = input.trim();
  const match = W3C_DATETIME.exec(text);
  if (!match)
    return { ok: false, reason: `"${clip(text)}" is not a W3C Datetime: ${whyNot(text)}` };
  const [, ys, mos, ds, hs, mis, ss, fraction, zone, zh, zm] = match;
  const [y, month, d] = [Number(ys), Number(mos), Number(ds)];
  if (y === 0) return { ok: false, reason: `${text}: there is no year 0000` };
  if (!isRealDate(y, month, d)) {
    return { ok: false, reason: `${text} is not a real date` };
  }
  if (hs === undefined) {
    const start = utcMs(y, month, d);
    // The day as it starts in UTC+14 and as it ends in UTC-12.
    return {
      ok: true,
      precision: 'date',
      earliest: start - 14 * HOUR,
      latest: start + 36 * HOUR - 1,
    };
  }
  const [h, mi, s] = [Number(hs), Number(mis), Number(ss)];
  if (h > 23 || mi > 59 || s > 59) return { ok: false, reason: `${text} is not a real time` };
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const [oh, om] = [Number(zh), Number(zm)];
    if (om > 59 || oh > 14 || (oh === 14 && om > 0)) {
      return { ok: false, reason: `${text}: the zone offset must be between -14:00 and +14:00` };
    }
    offsetMinutes = (zone?.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  const ms = fraction === undefined ? 0 : Math.floor(Number(`0${fraction}`) * 1000);
  const instant = utcMs(y, month, d, h, mi, s, ms) - offsetMinutes * 60_000;
  return { ok: true, precision: 'datetime', earliest: instant, latest: instant };
}
