/**
 * Every URL is listed once: the first page in order at a URL wins, the others are out as
 * `duplicate` (two files can map to one URL, and `serialize` or `chunks` can rewrite URLs).
 */
import { ByteScratch } from '../columns/byte-scratch.js';
import type { EntryGroup } from './build-entries.js';

/**
 * Leaves each URL in the first group and place it has. `rewritten`: the groups went through
 * `serialize` or `chunks`, so they are sorted again first; untouched, the one group is in URL
 * order and a repeat is next to its first. Returns how many entries are listed.
 */
export function listOnce(groups: EntryGroup[], rewritten: boolean): number {
  if (rewritten) return listOnceBySet(groups);
  // In URL order, a repeat is next to its first: each URL's bytes against the last one's, no
  // string made (at 100,000 pages, a string a page was two thirds of the stage).
  let current = new ByteScratch();
  let previous = new ByteScratch();
  let first = true;
  let count = 0;
  for (const group of groups) {
    count += group.items.keep((record) => {
      record.writeUrl(current);
      if (!first && current.equals(previous)) {
        record.excluded = 'duplicate';
        return false;
      }
      first = false;
      const last = previous;
      previous = current;
      current = last;
      return true;
    });
  }
  return count;
}

/** `listOnce` of groups that `serialize` or `chunks` went through: each sorted again first. */
function listOnceBySet(groups: EntryGroup[]): number {
  const listed = new Set<string>();
  let count = 0;
  for (const group of groups) {
    group.items.sortByUrl();
    count += group.items.keep((record) => {
      const url = record.url;
      if (listed.has(url)) {
        record.excluded = 'duplicate';
        return false;
      }
      listed.add(url);
      return true;
    });
  }
  return count;
}
