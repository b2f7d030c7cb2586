/** `StringRows` against a `Map` of the same strings: rows in order of adding, found by text. */
import { describe, expect, it } from 'vitest';
import { StringRows } from '../../src/columns/string-rows.js';

describe('StringRows', () => {
  it('finds every string added, and no other, through the table growing', () => {
    const rows = new StringRows();
    const map = new Map<string, number>();
    const texts = Array.from({ length: 5000 }, (_, i) =>
      i % 7 === 0 ? `https://e.com/日本/${i}` : i % 5 === 0 ? '' : `https://e.com/blog/${i % 3000}`,
    );
    for (const text of texts) {
      const row = rows.add(text);
      if (!map.has(text)) map.set(text, map.size);
      expect(row).toBe(map.get(text));
    }
    expect(rows.size).toBe(map.size);
    for (const [text, row] of map) {
      expect(rows.find(text)).toBe(row);
      expect(rows.get(row)).toBe(text);
    }
    expect(rows.find('https://e.com/blog/3000')).toBe(-1);
    expect(rows.find('https://e.com/日本/1')).toBe(-1);
  });
});
