/**
 * One folder's entries, in name order (touches disk). A folder of ordinary size is one
 * `readdirSync` with file types, the fastest read there is. A folder of hundreds of thousands of
 * entries (`blog/` of a large site, its sources' folder) is read a batch at a time, its names
 * kept as bytes off the JS heap and sorted there.
 *
 * Why: `readdirSync` makes an object and a string per entry, all alive at once. When a
 * few hundred thousand survive V8's young-generation collections together, V8 grows the young
 * generation to its largest (64 to 128 MB of memory here) and keeps it at that size for the
 * rest of the build, however little is alive later. Read a batch at a time, each entry's objects
 * die young, and the young generation stays small.
 *
 * Which folders are large is told by the size of the folder's own file, one `stat`: on ext4,
 * XFS, Btrfs and tmpfs it grows with its entries. Where it does not, a large folder is read the
 * ordinary way: the same entries, more memory. The walk asks only of the folders near the top
 * of the tree (`walk-files.ts`), where a site's large folders are (`blog/`, `tags/`,
 * `en/blog/`): a `stat` of every folder of a million took as long as their `readdir`.
 */
import { type Dirent, opendirSync, readdirSync, statSync } from 'node:fs';
import { grown, grownBytes, nativeArray, nativeBytes } from '../columns/native-memory.js';
import { sortRows } from '../columns/sort-rows.js';

/** What an entry is, as its directory entry says (a symlink is not followed). */
export const KIND = { other: 0, file: 1, folder: 2, symlink: 3 } as const;
export type EntryKind = (typeof KIND)[keyof typeof KIND];

/** A folder's entries in name order (JS string order: UTF-16 code units). */
export interface FolderEntries {
  readonly length: number;
  name(index: number): string;
  kind(index: number): EntryKind;
  /**
   * Gives back the memory of a folder read a batch at a time, at once; the entries are not read
   * after. Its arrays live as long as the folder is walked (of a large folder, long), so V8
   * keeps them until a full collection, which on a thread whose heap grows little comes late:
   * at 1,000,000 pages, the 10 MB of `blog/` held to the end of the build.
   */
  release?(): void;
}

/**
 * A folder whose own file is larger than this is read a batch at a time: on ext4, some 2,000
 * entries of names of 20 bytes. Below it, the objects `readdirSync` makes are too few to matter.
 */
export const LARGE_FOLDER_BYTES = 64 * 1024;
/** Entries read from the system at a time when a large folder is read in batches. */
const BATCH = 1024;

function kindOf(entry: Dirent): EntryKind {
  if (entry.isFile()) return KIND.file;
  if (entry.isDirectory()) return KIND.folder;
  if (entry.isSymbolicLink()) return KIND.symlink;
  return KIND.other;
}

const compareNames = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Reads folder `dir`'s entries in name order; throws what `readdirSync` throws. `large`: read it
 * a batch at a time (`isLargeFolder` tells when; a test's small folder takes that path too).
 */
export function readFolder(dir: string, large: boolean): FolderEntries {
  if (large) return readInBatches(dir);
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    compareNames(a.name, b.name),
  );
  return {
    length: entries.length,
    name: (index) => (entries[index] as Dirent).name,
    kind: (index) => kindOf(entries[index] as Dirent),
  };
}

/** Whether folder `dir` is large by the size of its own file: one `stat`. */
export function isLargeFolder(dir: string): boolean {
  const stats = statSync(dir, { throwIfNoEntry: false });
  return stats !== undefined && stats.size > LARGE_FOLDER_BYTES;
}

/** The entries read a batch at a time: names as UTF-8 bytes end to end, sorted by an index. */
function readInBatches(dir: string): FolderEntries {
  const folder = opendirSync(dir, { bufferSize: BATCH });
  let bytes = nativeBytes(LARGE_FOLDER_BYTES * 2);
  let ends = nativeArray(Uint32Array, 4096);
  let kinds = nativeArray(Uint8Array, 4096);
  let count = 0;
  let used = 0;
  try {
    for (let entry = folder.readSync(); entry !== null; entry = folder.readSync()) {
      const name = entry.name;
      bytes = grownBytes(bytes, used + name.length * 3);
      ends = grown(ends, count + 1);
      kinds = grown(kinds, count + 1);
      used += bytes.write(name, used, 'utf8');
      ends[count] = used;
      kinds[count++] = kindOf(entry);
    }
  } finally {
    folder.closeSync();
  }
  const start = (row: number) => (row === 0 ? 0 : (ends[row - 1] as number));
  const nameOf = (row: number) => bytes.toString('utf8', start(row), ends[row]);
  const order = nativeArray(Uint32Array, count);
  for (let row = 0; row < count; row++) order[row] = row;
  sortRows(order, (a, b) => {
    const aFrom = start(a);
    const bFrom = start(b);
    const aLength = (ends[a] as number) - aFrom;
    const bLength = (ends[b] as number) - bFrom;
    const length = Math.min(aLength, bLength);
    for (let i = 0; i < length; i++) {
      const x = bytes[aFrom + i] as number;
      const y = bytes[bFrom + i] as number;
      if (x === y) continue;
      // UTF-8 bytes order by code point; JS strings by UTF-16 unit, which puts a character
      // above U+FFFF (4 bytes, from 0xF0) before one from U+E000 (3 bytes, from 0xEE). Only
      // there do the two orders differ: those two names are compared as strings.
      if (x >= 0xee && y >= 0xee) return compareNames(nameOf(a), nameOf(b));
      return x - y;
    }
    return aLength - bLength;
  });
  return {
    length: count,
    name: (index) => nameOf(order[index] as number),
    kind: (index) => kinds[order[index] as number] as EntryKind,
    // Moved into a buffer of no bytes, an ArrayBuffer frees its memory there and then.
    release: () => {
      for (const array of [bytes, ends, kinds, order]) (array.buffer as ArrayBuffer).transfer(0);
    },
  };
}
