/** `ContentDates` (the history pass's dates, off the heap) against a `Map` of the same dates. */
import { describe, expect, it } from 'vitest';
import { ContentDates } from '../../src/discover/content-dates.js';

describe('ContentDates', () => {
  it('keeps what a Map of dates keeps: set by text or by bytes, replaced, deleted', () => {
    const dates = new ContentDates();
    const map = new Map<string, number>();
    const line = Buffer.alloc(256);
    for (let i = 0; i < 3000; i++) {
      const path = i % 11 === 0 ? `src/content/日本/${i}.md` : `src/content/blog/${i}.md`;
      const time = Date.UTC(2021, 0, 1) + i * 60_000;
      if (i % 2 === 0) dates.set(path, time);
      else {
        // As a line of git's output holds it: the name after a status and a tab.
        const end = 2 + line.write(path, 2, 'utf8');
        expect(dates.hasBytes(line, 2, end)).toBe(false);
        dates.setBytes(line, 2, end, time);
        expect(dates.hasBytes(line, 2, end)).toBe(true);
      }
      map.set(path, time);
    }
    dates.set('src/content/blog/5.md', 6);
    map.set('src/content/blog/5.md', 6);
    dates.delete('src/content/blog/8.md');
    map.delete('src/content/blog/8.md');
    dates.delete('src/content/none.md');
    expect(dates.has('src/content/blog/8.md')).toBe(false);
    expect(dates.get('src/content/blog/8.md')).toBeUndefined();
    const end = 2 + line.write('src/content/blog/8.md', 2, 'utf8');
    expect(dates.hasBytes(line, 2, end)).toBe(false);
    for (const [path, time] of map) {
      expect(dates.has(path)).toBe(true);
      expect(dates.get(path)).toBe(time);
    }
    expect(new Map(dates.entries())).toEqual(map);
    expect([...dates.entries()].map(([path]) => path)).toEqual([...map.keys()]);
    // Set again after it was deleted, it is there again.
    dates.setBytes(line, 2, end, 9);
    expect(dates.get('src/content/blog/8.md')).toBe(9);
  });

  it('are the dates themselves when shared and whole, and not once a path is deleted', () => {
    const shared = new ContentDates({ shared: true });
    shared.set('a.md', 1);
    shared.set('b.md', 2);
    expect([...(shared.times()?.entries() ?? [])]).toEqual([
      ['a.md', 1],
      ['b.md', 2],
    ]);
    // A path deleted keeps its row with no time: the table is then no longer the dates.
    shared.delete('a.md');
    expect(shared.times()).toBeNull();
    expect([...shared.entries()]).toEqual([['b.md', 2]]);
    // Not in shared memory: never posted as they are.
    const own = new ContentDates();
    own.set('a.md', 1);
    expect(own.times()).toBeNull();
  });
});
