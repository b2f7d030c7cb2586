/** `ContentDates` (the history pass's dates, off the heap) against a `Map` of the same dates. */
import { describe, expect, it } from 'vitest';
import { type ContentDate, ContentDates } from '../../src/discover/content-dates.js';

describe('ContentDates', () => {
  it('keeps what a Map of dates keeps: set, replaced, deleted, added commits and names', () => {
    const dates = new ContentDates();
    const map = new Map<string, ContentDate>();
    const set = (path: string, date: ContentDate) => {
      dates.set(path, date);
      map.set(path, date);
    };
    const commits = ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40)];
    for (let i = 0; i < 3000; i++) {
      const path = i % 11 === 0 ? `src/content/日本/${i}.md` : `src/content/blog/${i}.md`;
      const time = Date.UTC(2021, 0, 1) + i * 60_000;
      if (i % 3 === 0) set(path, { time });
      else set(path, { time, added: commits[i % 3] as string, addedAs: path });
    }
    // A date found for a file under its old name: added under another name than its own.
    set('src/content/blog/4.md', { time: 5, added: commits[2] as string, addedAs: 'old/4.md' });
    // Replaced by a plain edit, then by an addition again.
    set('src/content/blog/5.md', { time: 6 });
    set('src/content/blog/7.md', { time: 7, added: commits[0] as string, addedAs: 'x.md' });
    set('src/content/blog/7.md', {
      time: 8,
      added: commits[1] as string,
      addedAs: 'src/content/blog/7.md',
    });
    dates.delete('src/content/blog/8.md');
    map.delete('src/content/blog/8.md');
    dates.delete('src/content/none.md');
    expect(dates.has('src/content/blog/8.md')).toBe(false);
    expect(dates.get('src/content/blog/8.md')).toBeUndefined();
    for (const [path, date] of map) {
      expect(dates.has(path)).toBe(true);
      expect(dates.get(path)).toEqual(date);
    }
    expect(new Map(dates.entries())).toEqual(map);
    expect([...dates.entries()].map(([path]) => path)).toEqual([...map.keys()]);
    // Set again after it was deleted, it is there again.
    dates.set('src/content/blog/8.md', { time: 9 });
    expect(dates.get('src/content/blog/8.md')).toEqual({ time: 9 });
  });
});
