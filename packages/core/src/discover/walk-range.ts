/**
 * A range of one folder's entries walked plainly (touches disk): folders and files only, so that
 * another thread can walk it while the walk goes on (`walk-files.ts` shares a folder of many
 * entries with a helper thread, `parallel/helper-thread.ts`). Anything that needs the walk's own
 * state stops it: a symlink (the walk follows each folder once, in walk order), an unreadable
 * folder (a problem, reported in walk order). The walk then takes that entry and the rest of the
 * range itself, so what it finds is the same as on one thread, byte for byte.
 */
import { type FolderEntries, isLargeFolder, KIND, readFolder } from './read-folder.js';

/**
 * Folders this deep or less, under a folder that was not large, are asked whether they are
 * large (one `stat` each). Deeper ones, and those under a large one (`blog/<post>/`), are taken
 * to be small: a site's large folders are near the top of its tree.
 */
const LARGE_FOLDER_DEPTH = 2;

/**
 * Whether folder `dir` of the tree is read as a large one (a batch at a time, `read-folder.ts`);
 * the same entries either way, read with less memory. `depth`: -1 for one reached through a
 * symlink, never asked.
 */
export function readsAsLarge(dir: string, depth: number, underLarge: boolean): boolean {
  return depth >= 0 && depth <= LARGE_FOLDER_DEPTH && !underLarge && isLargeFolder(dir);
}

/** What the walk keeps and skips, by name: plain functions, the same on every thread. */
export interface WalkRules {
  accept: (name: string) => boolean;
  skipDir?: (name: string) => boolean;
}

/** A folder whose entries two threads walk, a range at a time. */
export interface SharedFolder {
  /** The folder as the walk reaches it, and its path relative to the walk's root. */
  dir: string;
  rel: string;
  depth: number;
  /** Whether it was read as a large folder (its subfolders are then not asked whether they are). */
  large: boolean;
  /**
   * How many entries it has. Each thread reads the folder itself (a read of the folder is
   * cheaper than its names posted: a copy in shared memory of a folder of hundreds of thousands
   * of posts stayed on both threads' heaps until a full collection, 10 MB at 1,000,000 pages);
   * a part tells the names its range starts and ends with, so that a folder read otherwise by
   * the other thread (changed in between) is caught (`edges`).
   */
  count: number;
  /** Entries a thread claims at a time (`entriesPerClaim`). */
  chunk: number;
}

/** What walking a range of a shared folder's entries found. */
export interface RangePart {
  from: number;
  to: number;
  /**
   * The files kept, as paths relative to the walk's root, in walk order: UTF-8 end to end, file
   * `i` ending at `ends[i]` (`eachFile` reads them). Bytes, not strings: a part waits for its
   * turn outside the JS heap, and a range of large subfolders holds thousands of paths (held as
   * strings, they survived collections together and V8 grew the young generation for good, 17
   * MB more at 1,000,000 pages). Each array has a buffer of its own, to be posted moved.
   */
  paths: Uint8Array;
  ends: Uint32Array;
  /** The first entry of the range not walked (`to` when the whole range was). */
  stoppedAt: number;
  /** The names of the range's first and last entries, as `edges` gives them. */
  edges: string;
}

/**
 * The names of entries `from` and `to - 1`: a part whose edges differ from the walk's own was
 * walked in a folder read otherwise, and is walked again.
 */
export function edges(entries: FolderEntries, from: number, to: number): string {
  // A name holds no '/'.
  return `${entries.name(from)}/${entries.name(to - 1)}`;
}

/**
 * Entries a thread claims at a time: some 128 claims a folder, so the two threads keep balanced
 * to the end, and at most 64 entries (a post's folder each, in `blog/`: a fraction of a
 * millisecond's reads).
 */
export function entriesPerClaim(entries: number): number {
  return Math.max(1, Math.min(64, Math.ceil(entries / 128)));
}

/** Where a range's paths are written as it is walked: one per thread, reused. */
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

/** The paths of a range as they are found, written as bytes at once (no string is kept). */
class PathList {
  #used = 0;
  readonly #ends: number[] = [];

  get length(): number {
    return this.#ends.length;
  }

  push(path: string): void {
    if (scratch.length < this.#used + path.length * 3) {
      const more = Buffer.allocUnsafeSlow(
        Math.max(scratch.length * 2, this.#used + path.length * 3),
      );
      scratch.copy(more, 0, 0, this.#used);
      scratch = more;
    }
    this.#used += scratch.write(path, this.#used, 'utf8');
    this.#ends.push(this.#used);
  }

  /** Drops the paths from the `length`th on. */
  cut(length: number): void {
    this.#ends.length = length;
    this.#used = length === 0 ? 0 : (this.#ends[length - 1] as number);
  }

  part(entries: FolderEntries, from: number, to: number, stoppedAt: number): RangePart {
    const paths = new Uint8Array(this.#used);
    paths.set(scratch.subarray(0, this.#used));
    const ends = Uint32Array.from(this.#ends);
    return { from, to, stoppedAt, paths, ends, edges: edges(entries, from, to) };
  }
}

/**
 * Calls `take` with each file of `part`, in order, as a string made only then.
 * @example eachFile(part, (file) => pages.add(file))
 */
export function eachFile(part: RangePart, take: (file: string) => void): void {
  const { paths, ends } = part;
  const bytes = Buffer.from(paths.buffer, paths.byteOffset, paths.byteLength);
  for (let index = 0; index < ends.length; index++)
    take(bytes.toString('utf8', index === 0 ? 0 : ends[index - 1], ends[index]));
}

/**
 * Walks entry `index` of folder `dir` plainly into `files`: a file kept, a folder and what it
 * holds; false at a symlink or an unreadable folder, with `files` then holding part of it.
 */
function walkEntry(
  dir: string,
  rel: string,
  depth: number,
  large: boolean,
  entries: FolderEntries,
  index: number,
  rules: WalkRules,
  files: PathList,
): boolean {
  const name = entries.name(index);
  const kind = entries.kind(index);
  const relPath = rel ? `${rel}/${name}` : name;
  if (kind === KIND.file) {
    if (rules.accept(name)) files.push(relPath);
  } else if (kind === KIND.folder) {
    if (!rules.skipDir?.(name))
      return walkPlain(`${dir}/${name}`, relPath, depth + 1, large, rules, files);
  } else if (kind === KIND.symlink) return false;
  return true;
}

/** Walks folder `dir` and what it holds plainly into `files`, as `walkEntry` each entry. */
function walkPlain(
  dir: string,
  rel: string,
  depth: number,
  underLarge: boolean,
  rules: WalkRules,
  files: PathList,
): boolean {
  let entries: FolderEntries;
  let large = false;
  try {
    large = readsAsLarge(dir, depth, underLarge);
    entries = readFolder(dir, large);
  } catch {
    return false;
  }
  try {
    for (let index = 0; index < entries.length; index++)
      if (!walkEntry(dir, rel, depth, large, entries, index, rules, files)) return false;
    return true;
  } finally {
    entries.release?.();
  }
}

/**
 * Walks entries `from` to `to` of a shared folder plainly, up to the first that holds a symlink
 * or an unreadable folder: what it holds is left to the walk (`stoppedAt`).
 */
export function walkRange(
  folder: SharedFolder,
  entries: FolderEntries,
  from: number,
  to: number,
  rules: WalkRules,
): RangePart {
  const { dir, rel, depth, large } = folder;
  const files = new PathList();
  for (let index = from; index < to; index++) {
    const before = files.length;
    if (!walkEntry(dir, rel, depth, large, entries, index, rules, files)) {
      files.cut(before);
      return files.part(entries, from, to, index);
    }
  }
  return files.part(entries, from, to, to);
}
