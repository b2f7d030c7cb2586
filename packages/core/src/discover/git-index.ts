/**
 * git's index, read for what `git status` would stat: the modification time git recorded for
 * each tracked file under the source folders. A source whose file time is the one recorded is
 * as git last saw it, so the walk's own stat of each source tells the clean ones from those
 * worth asking git about (`read-git-dates.ts`), and the work tree is not stat'ed a second time
 * by `git status` (at 100,000 sources, 0.3 s of git's CPU beside the walk).
 *
 * Read in chunks of `CHUNK` bytes, never whole (an index of a million files is ~100 MB). Formats
 * 2, 3 and 4 (paths compressed against the one before) are read; what this reader does not
 * know, it gives up on (false) and the caller asks `git status` instead: another format, a split
 * index (`link`), a sparse index (`sdir`, or a folder entry), a hash of another size than the
 * repository's.
 *
 * What each entry says (`IndexFacts`):
 * - a time (ms): the file is clean if its time is that one;
 * - `ASK`: git would look at the content: a racy entry (changed no earlier than the index was
 *   written, or with a size git set to 0 for that reason), a merge conflict, a file added with
 *   `--intent-to-add`;
 * - `CLEAN`: git does not look (`--assume-unchanged`, `--skip-worktree`).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { nativeArray, postedCopy } from '../columns/native-memory.js';
import { StringTimes, type StringTimesData } from '../columns/string-times.js';

/** An entry git would read the content of: the caller asks git. */
export const ASK = Number.NaN;
/** An entry git does not check: clean whatever its file's time. */
export const CLEAN = Number.POSITIVE_INFINITY;

/** Bytes read at a time. */
const CHUNK = 1 << 20;
/** An entry's fixed part before its hash: ctime, mtime, dev, ino, mode, uid, gid, size. */
const STAT_BYTES = 40;
const ASSUME_VALID = 0x8000;
const EXTENDED = 0x4000;
const STAGE = 0x3000;
const SKIP_WORKTREE = 0x4000;
const INTENT_TO_ADD = 0x2000;
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;

/** What the index says of each tracked file under the source folders (`read-git-dates.ts`). */
export interface IndexFacts {
  /** By row of the git dates' table: what the index says of that path; `ASK` where nothing. */
  byDate: Float64Array<ArrayBufferLike>;
  /** Paths the index holds that the dates do not (added, or cut by a shallow clone). */
  others: StringTimes;
}

/** `IndexFacts` as a thread posts them. */
export interface IndexFactsData {
  byDate: Float64Array<ArrayBufferLike>;
  others: StringTimesData;
}

/** Nothing read yet, in shared memory (the git thread posts it). */
export function noIndexFacts(): IndexFacts {
  return { byDate: nativeArray(Float64Array, 0, true), others: new StringTimes({ shared: true }) };
}

/** `facts` to post, for a dates' table of `rows` rows. */
export function indexFactsData(facts: IndexFacts, rows: number): IndexFactsData {
  return {
    byDate: postedCopy(facts.byDate.subarray(0, rows), true),
    others: facts.others.toData(),
  };
}

export function indexFactsFrom(data: IndexFactsData): IndexFacts {
  return { byDate: data.byDate, others: StringTimes.fromData(data.others) };
}

/** What the index says of the file of `bytes[from..to)`, whose row of the dates is `dated`. */
export function heldTime(
  facts: IndexFacts,
  dated: number,
  bytes: Uint8Array,
  from: number,
  to: number,
): number {
  if (dated !== -1) return facts.byDate[dated] ?? ASK;
  const row = facts.others.rowOfBytes(bytes, from, to);
  return row === -1 ? ASK : facts.others.timeOf(row);
}

/**
 * Hands each entry of the index at `file` to `add`: its path relative to the top, as the bytes
 * `bytes[from..to)` (good only during the call), and what the entry says (a time, `ASK` or
 * `CLEAN`). `hashBytes`: 20 (SHA-1) or 32 (SHA-256). Returns false when the index is one this
 * reader gives up on (`add` may have been called by then).
 */
export function readIndexTimes(
  file: string,
  hashBytes: number,
  add: (bytes: Buffer, from: number, to: number, time: number) => void,
): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return false;
  }
  try {
    const stat = fstatSync(fd, { bigint: true });
    // An entry changed no earlier than this may have changed after git stat'ed it.
    const writtenSeconds = Number(stat.mtimeNs / 1_000_000_000n);
    const writtenNanos = Number(stat.mtimeNs % 1_000_000_000n);
    const fileSize = Number(stat.size);
    let buffer = Buffer.allocUnsafe(CHUNK);
    let start = 0;
    let end = 0;
    let position = 0;
    /** Bytes from `start` held in `buffer`, reading more when fewer: false at the file's end. */
    const fill = (need: number): boolean => {
      if (end - start >= need) return true;
      if (start > 0) {
        buffer.copy(buffer, 0, start, end);
        end -= start;
        start = 0;
      }
      if (need > buffer.length) {
        const larger = Buffer.allocUnsafe(Math.max(need, buffer.length * 2));
        buffer.copy(larger, 0, 0, end);
        buffer = larger;
      }
      while (end < need) {
        const got = readSync(fd, buffer, end, buffer.length - end, position);
        if (got === 0) return false;
        end += got;
        position += got;
      }
      return true;
    };
    if (!fill(12) || buffer.toString('latin1', 0, 4) !== 'DIRC') return false;
    const version = buffer.readUInt32BE(4);
    if (version < 2 || version > 4) return false;
    const count = buffer.readUInt32BE(8);
    start = 12;
    /** The last path, for format 4's compression. */
    let path = Buffer.allocUnsafe(256);
    let pathLength = 0;
    const fixed = STAT_BYTES + hashBytes + 2;
    for (let n = 0; n < count; n++) {
      if (!fill(fixed + 2 + 4096 + 16)) {
        // Near the end of the file: enough for what is left of it, or the index is cut.
        if (!fill(fixed + 2)) return false;
      }
      const at = start;
      const mode = buffer.readUInt32BE(at + 24);
      if ((mode & S_IFMT) === S_IFDIR) return false;
      const size = buffer.readUInt32BE(at + 36);
      const flags = buffer.readUInt16BE(at + STAT_BYTES + hashBytes);
      let extended = 0;
      let cursor = at + fixed;
      if (flags & EXTENDED) {
        if (version < 3) return false;
        extended = buffer.readUInt16BE(cursor);
        cursor += 2;
      }
      let nameStart: number;
      let nameEnd: number;
      if (version === 4) {
        // How many bytes of the last path to drop (a varint, git's offset encoding), then the
        // rest of this one, ended by a NUL.
        let byte = buffer[cursor++] as number;
        let drop = byte & 0x7f;
        while (byte & 0x80) {
          byte = buffer[cursor++] as number;
          drop = ((drop + 1) << 7) | (byte & 0x7f);
        }
        const nul = buffer.indexOf(0, cursor);
        if (nul === -1 || nul >= end || drop > pathLength) return false;
        const keep = pathLength - drop;
        const length = keep + nul - cursor;
        if (length > path.length) {
          const longer = Buffer.allocUnsafe(length * 2);
          path.copy(longer, 0, 0, keep);
          path = longer;
        }
        buffer.copy(path, keep, cursor, nul);
        pathLength = length;
        nameStart = 0;
        nameEnd = length;
        start = nul + 1;
      } else {
        const nul = buffer.indexOf(0, cursor);
        if (nul === -1 || nul >= end) return false;
        nameStart = cursor;
        nameEnd = nul;
        // Entries are padded with 1 to 8 NULs to a multiple of 8 bytes.
        start = at + ((cursor - at + (nul - cursor) + 8) & ~7);
        if (start > end) return false;
      }
      let time: number;
      if (flags & ASSUME_VALID || extended & SKIP_WORKTREE) time = CLEAN;
      else if (flags & STAGE || extended & INTENT_TO_ADD || size === 0) time = ASK;
      else {
        const seconds = buffer.readUInt32BE(at + 8);
        const nanos = buffer.readUInt32BE(at + 12);
        const racy =
          seconds > writtenSeconds || (seconds === writtenSeconds && nanos >= writtenNanos);
        // As Node gives a stat's `mtimeMs`: seconds and nanoseconds, in ms.
        time = racy ? ASK : seconds * 1000 + nanos / 1_000_000;
      }
      if (version === 4) add(path, nameStart, nameEnd, time);
      else add(buffer, nameStart, nameEnd, time);
    }
    // The extensions, up to the file's closing hash: a split or sparse index is not read here.
    for (;;) {
      const left = fileSize - (position - (end - start)) - hashBytes;
      if (left < 8) return left >= 0;
      if (!fill(8)) return false;
      const signature = buffer.toString('latin1', start, start + 4);
      if (signature === 'link' || signature === 'sdir') return false;
      const length = buffer.readUInt32BE(start + 4);
      if (length > left - 8) return false;
      // Skipped in reads of at most a chunk.
      let skip = 8 + length;
      while (skip > 0) {
        const step = Math.min(skip, CHUNK);
        if (!fill(step)) return false;
        start += step;
        skip -= step;
      }
    }
  } finally {
    closeSync(fd);
  }
}
