/**
 * Every URL is listed once: the first page in order at a URL wins, the others are out as
 * `duplicate` (two files can map to one URL, and `serialize` or `chunks` can rewrite URLs).
 */
import type { EntryGroup } from './build-entries.js';

/**
 * Leaves each URL in the first group and place it has. `rewritten`: the groups went through
 * `serialize` or `chunks`, so they are sorted again first; untouched, the one group is in URL
 * order and a repeat is next to its first. Returns how many entries are listed.
 */
export function listOnce(groups: EntryGroup[], rewritten: boolean): number {
  const listed = rewritten ? new Set<string>() : null;
  let previous: string | undefined;
  let count = 0;
  for (const group of groups) {
    if (rewritten) group.items.sortByUrl();
    count += group.items.keep((record) => {
      if (listed ? listed.has(record.url) : record.url === previous) {
        record.excluded = 'duplicate';
        return false;
      }
      listed?.add(record.url);
      previous = record.url;
      return true;
    });
  }
  return count;
}
