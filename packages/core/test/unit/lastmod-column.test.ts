/**
 * Lastmods kept as numbers come back as the same text: held to `formatDate` (the form the core
 * writes) on random instants from year 1 to 9999, days and times; any other text is kept as it
 * is.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeLastmod,
  encodeLastmod,
  LastmodColumn,
  lastmodOrder,
  writeLastmod,
} from '../../src/columns/lastmod-column.js';
import {
  checkW3cDatetime,
  earliestOfCode,
  formatDate,
  parseLastmod,
} from '../../src/dates/w3c-datetime.js';

/** A seeded source of numbers in [0, 1]. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

/** The instants of years 1 to 9999 (Date.UTC takes years 0-99 for 1900-1999: year 1 is set apart). */
const FIRST = new Date(0).setUTCFullYear(1, 0, 1);
const SPAN = Date.UTC(9999, 11, 31, 23, 59, 59) - FIRST;

describe('LastmodColumn', () => {
  it('gives back every lastmod formatDate writes, day or instant', () => {
    const next = random(11);
    const [first, span] = [FIRST, SPAN];
    const column = new LastmodColumn();
    const written: string[] = [];
    for (let row = 0; row < 20_000; row++) {
      let ms = Math.floor(first + next() * span);
      if (row % 3 === 0) ms -= ((ms % 86_400_000) + 86_400_000) % 86_400_000; // midnight: a day
      ms -= ((ms % 1000) + 1000) % 1000;
      const text = formatDate(new Date(ms));
      written.push(text);
      expect(decodeLastmod(encodeLastmod(text)), text).toBe(text);
      // The earliest instant read from the code is the one the check reads from the text.
      const check = checkW3cDatetime(text);
      expect(check.ok && earliestOfCode(encodeLastmod(text)), text).toBe(
        check.ok && check.earliest,
      );
      column.set(row, text);
    }
    written.forEach((text, row) => {
      expect(column.get(row)).toBe(text);
    });
    expect(written.some((t) => t.length === 10)).toBe(true);
    expect(written.some((t) => t.length === 20)).toBe(true);
    expect(written.some((t) => t < '1000')).toBe(true);
  });

  it('writes a code as the bytes of its text, orders codes as their texts, and sets a row by code', () => {
    const next = random(7);
    const [first, span] = [FIRST, SPAN];
    const texts = ['2024-05-01', '2024-05-01T00:00:00Z', '2024-04-30T23:59:59Z', '0001-01-01'];
    for (let i = 0; i < 5000; i++) {
      let ms = Math.floor(first + next() * span);
      if (i % 3 === 0) ms -= ((ms % 86_400_000) + 86_400_000) % 86_400_000;
      // Some on one day, so that days and the instants of that day meet.
      if (i % 5 === 0) ms = Date.UTC(2024, 4, 1) + Math.floor(next() * 86_400) * 1000;
      texts.push(formatDate(new Date(ms - (((ms % 1000) + 1000) % 1000))));
    }
    const bytes = Buffer.alloc(24, 0x2e);
    const column = new LastmodColumn();
    texts.forEach((text, row) => {
      const code = encodeLastmod(text);
      const length = writeLastmod(code, bytes, 2);
      expect(bytes.toString('latin1', 2, 2 + length), text).toBe(text);
      column.setCode(row, code);
    });
    texts.forEach((text, row) => {
      expect(column.get(row)).toBe(text);
    });
    const sign = (n: number) => (n > 0 ? 1 : n < 0 ? -1 : 0);
    for (let i = 1; i < texts.length; i++) {
      const [a, b] = [texts[i - 1] as string, texts[i] as string];
      expect(
        sign(lastmodOrder(encodeLastmod(a)) - lastmodOrder(encodeLastmod(b))),
        `${a} ${b}`,
      ).toBe(a < b ? -1 : a > b ? 1 : 0);
    }
    // A day comes before the instants of that day, midnight's too, and after the day before's.
    const order = (text: string) => lastmodOrder(encodeLastmod(text));
    expect(order('2024-05-01')).toBeLessThan(order('2024-05-01T00:00:00Z'));
    expect(order('2024-05-01')).toBeGreaterThan(order('2024-04-30T23:59:59Z'));
  });

  it('keeps as text what is not in the two forms or names no real day or time', () => {
    const column = new LastmodColumn();
    const odd = [
      '2024-02-30',
      '2023-02-29',
      '2024-13-01',
      '2024-01-01T24:00:00Z',
      '2024-01-01T10:60:00Z',
      '2024-01-01T10:00:60Z',
      '2024-01-01T10:00:00+02:00',
      '2024-01-01T10:00:00.5Z',
      '0000-01-01',
      '2024-1-01',
      'yesterday',
      '',
    ];
    odd.forEach((text, row) => {
      expect(encodeLastmod(text), text).toBeNaN();
      column.set(row, text);
    });
    odd.forEach((text, row) => {
      expect(column.get(row)).toBe(text);
    });
    expect(encodeLastmod('2024-02-29')).not.toBeNaN();
    // Set again, to a number, to nothing.
    column.set(0, '2024-02-29');
    column.set(1, undefined);
    expect(column.get(0)).toBe('2024-02-29');
    expect(column.get(1)).toBeUndefined();
    expect(column.get(500)).toBeUndefined();
    // Text set again: to other text, to a number, to text UTF-8 cannot carry, to nothing.
    column.set(2, '2025-02-01T17:38:28.809Z');
    expect(column.get(2)).toBe('2025-02-01T17:38:28.809Z');
    column.set(2, '2025-02-01');
    expect(column.get(2)).toBe('2025-02-01');
    column.set(3, 'day \ud800');
    expect(column.get(3)).toBe('day \ud800');
    column.set(3, '2024-01-01T10:00:00.5Z');
    expect(column.get(3)).toBe('2024-01-01T10:00:00.5Z');
    column.set(3, undefined);
    expect(column.get(3)).toBeUndefined();
    column.set(70_000, 'später');
    expect(column.get(70_000)).toBe('später');
    expect(column.get(69_999)).toBeUndefined();
  });

  it('gives back what parseLastmod makes of what authors write', () => {
    const column = new LastmodColumn();
    const inputs = [
      '2024-01-05',
      '2024-01-05T10:00:00+02:00',
      'Jul 08 2022',
      '2021-03-04T10:15:00Z',
      '1999-12-31T23:59:59-01:00',
    ];
    inputs.forEach((input, row) => {
      const parsed = parseLastmod(input);
      if (!parsed.ok) throw new Error(input);
      expect(encodeLastmod(parsed.value), parsed.value).not.toBeNaN();
      column.set(row, parsed.value);
      expect(column.get(row)).toBe(parsed.value);
    });
  });
});
