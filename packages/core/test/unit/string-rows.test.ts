/** `StringRows` against a `Map` of the same strings: rows in order of adding, found by text. */
import { describe, expect, it } from 'vitest';
import { StringRows } from '../../src/columns/string-rows.js';
import { StringTimes } from '../../src/columns/string-times.js';

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

  it('adds a string it just did not find, whatever was looked up in between', () => {
    const rows = new StringRows();
    expect(rows.has('a')).toBe(false);
    expect(rows.add('a')).toBe(0);
    expect(rows.has('b')).toBe(false);
    expect(rows.has('a')).toBe(true);
    expect(rows.add('b')).toBe(1);
    expect(rows.has('c')).toBe(false);
    expect(rows.find('b')).toBe(1);
    expect(rows.add('c')).toBe(2);
    expect([rows.find('a'), rows.find('b'), rows.find('c'), rows.find('d')]).toEqual([0, 1, 2, -1]);
  });
});

describe('StringRows and StringTimes across threads', () => {
  const paths = Array.from({ length: 4000 }, (_, i) =>
    i % 9 === 0 ? `src/content/日本/${i}.md` : `src/content/blog/post-${i}.md`,
  );

  it('a set made shared is read elsewhere from the same memory, as it was', () => {
    const rows = new StringRows({ shared: true });
    for (const path of paths) rows.add(path);
    const data = structuredClone(rows.toData());
    for (const array of [data.slots, data.hashes, data.column.places, ...data.column.chunks])
      expect(array.buffer).toBeInstanceOf(SharedArrayBuffer);
    const read = StringRows.fromData(data);
    expect(read.size).toBe(paths.length);
    paths.forEach((path, row) => {
      expect(read.find(path)).toBe(row);
      expect(read.has(path)).toBe(true);
    });
    expect(read.has('src/content/blog/post-4000.md')).toBe(false);
    // Posted, it is read-only: an add would write where the other thread reads.
    expect(() => rows.add('src/content/new.md')).toThrow(/after it was posted/);
    expect(rows.find(paths[5] as string)).toBe(5);
    const own = new StringRows();
    own.add('a');
    own.toData();
    expect(own.add('b')).toBe(1);
  });

  it('StringTimes keeps a time a string, as a Map does, the last set winning', () => {
    const times = new StringTimes({ shared: true });
    const map = new Map<string, number>();
    paths.forEach((path, i) => {
      const time = Date.UTC(2020, 0, 1) + i * 86_400_123;
      times.set(path, time);
      map.set(path, time);
    });
    times.set(paths[7] as string, 1);
    map.set(paths[7] as string, 1);
    for (const read of [times, StringTimes.fromData(structuredClone(times.toData()))]) {
      expect(read.size).toBe(map.size);
      expect([...read.entries()]).toEqual([...map]);
      for (const [path, time] of map) expect(read.get(path)).toBe(time);
      expect(read.get('src/content/none.md')).toBeUndefined();
      expect(read.has(paths[3] as string)).toBe(true);
    }
    expect(new StringTimes().toData().times.buffer).toBeInstanceOf(ArrayBuffer);
  });
});
