/**
 * The only module that changes files. Every change goes through one of five primitives, and
 * each calls `faultHook.beforeChange` first: the seam through which tests fail or kill a build
 * between any two changes.
 *
 * - `writeFileAtomic`: a temporary file beside the target, renamed into place; a file that
 *   already holds exactly the new bytes is left untouched (its mtime and ETag stay).
 * - `streamFileAtomic`: the same for text made piece by piece (a report of a million pages),
 *   never held whole: the pieces go to the temporary file as they come.
 * - `createFile`: a new file, never over an existing one (`O_EXCL`).
 * - `appendBytes`: bytes added at the end of a file in one write, undone if the write fails:
 *   the file keeps its other bytes, encoding, mode and owner.
 * - `removeFile`: one file removed.
 *
 * None of them opens anything but a regular file: a FIFO, socket, device, folder or symlink
 * where a file is expected is an error naming it, never opened (a FIFO would block forever).
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { SitemapError } from '../errors.js';
import { openRegularFile } from './regular-file.js';

/**
 * Called before every change to a file, with the step (`write`, `rename`, `create`, `append`,
 * `remove`) and the path. Unset in normal use; tests set it to fail (throw) or kill the
 * process at a chosen change.
 */
export const faultHook: { beforeChange?: (step: string, path: string) => void } = {};

function beforeChange(step: string, path: string): void {
  faultHook.beforeChange?.(step, path);
}

export type FileKind = 'missing' | 'file' | 'other';

/** What is at `path`, without following a symlink: a symlink is `other`. */
export async function kindAt(path: string): Promise<FileKind> {
  try {
    return (await lstat(path)).isFile() ? 'file' : 'other';
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return 'missing';
    throw writeError(path, error);
  }
}

function writeError(path: string, error: unknown): SitemapError {
  return new SitemapError(
    'write-failed',
    `sitemapkit: cannot write ${path}: ${(error as Error).message}`,
    { file: path },
    [],
    { cause: error },
  );
}

function notAFile(path: string): SitemapError {
  return new SitemapError(
    'write-failed',
    `sitemapkit: ${path} is not a regular file (a folder, symlink, FIFO or device); it was left as it is`,
    { file: path },
  );
}

/** The name of a temporary file for `path`: `.name.<pid>.<8 hex>.tmp`, beside it. */
export function tempName(path: string): string {
  return join(
    dirname(path),
    `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
}

/** What is at `path` (null: nothing), when a regular file may be put there; else an error naming it. */
async function replaceable(path: string): Promise<Awaited<ReturnType<typeof lstat>> | null> {
  let info: Awaited<ReturnType<typeof lstat>> | null = null;
  try {
    info = await lstat(path);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw writeError(path, error);
  }
  if (info && !info.isFile()) throw notAFile(path);
  return info;
}

/**
 * Has `write` fill a temporary file beside `path`, then renames it into place, unless `write`
 * says the file already holds those bytes (the temporary file is then removed). Whatever fails,
 * no temporary file is left. Returns whether `path` was replaced.
 */
async function intoPlace(
  path: string,
  write: (temp: string) => Promise<boolean>,
): Promise<boolean> {
  const temp = tempName(path);
  try {
    beforeChange('write', temp);
    if (!(await write(temp))) {
      await rm(temp, { force: true });
      return false;
    }
    beforeChange('rename', path);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error instanceof SitemapError ? error : writeError(path, error);
  }
  return true;
}

/** Writes `data` to `path` atomically; returns false when the file already held these bytes. */
export async function writeFileAtomic(path: string, data: Buffer | string): Promise<boolean> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  // One lstat says both whether a file may be replaced here and whether it holds these bytes.
  const info = await replaceable(path);
  if (info?.size === bytes.length) {
    // Read as a regular file only, never through a symlink or a FIFO swapped in since the lstat.
    const old = await readStart(path, bytes.length + 1);
    if (old?.equals(bytes)) return false;
  }
  return intoPlace(path, async (temp) => {
    await writeFile(temp, bytes, { flag: 'wx' });
    return true;
  });
}

/** Bytes gathered before a write, so a text of small pieces costs few writes. */
const STREAM_BATCH = 1 << 16;

/**
 * Writes the pieces of `text` to `path` atomically, as they come; returns false when the file
 * already held these bytes (the new copy is then dropped and the file left untouched).
 */
export async function streamFileAtomic(path: string, text: Iterable<string>): Promise<boolean> {
  const info = await replaceable(path);
  return intoPlace(path, async (temp) => {
    const handle = await open(temp, 'wx');
    let size = 0;
    let batch = '';
    const flush = async (): Promise<void> => {
      await handle.writeFile(batch);
      size += Buffer.byteLength(batch);
      batch = '';
    };
    try {
      for (const piece of text) {
        batch += piece;
        if (batch.length >= STREAM_BATCH) await flush();
      }
      if (batch !== '') await flush();
    } finally {
      await handle.close();
    }
    return !(info?.size === size && (await sameBytes(path, temp, size)));
  });
}

/** Whether the regular files `a` and `b` both hold the same `size` bytes, read a batch at a time. */
async function sameBytes(a: string, b: string, size: number): Promise<boolean> {
  const first = await openRegularFile(a, false);
  if ('problem' in first) return false;
  try {
    const second = await open(b, 'r');
    try {
      const left = Buffer.alloc(STREAM_BATCH);
      const right = Buffer.alloc(STREAM_BATCH);
      for (let at = 0; at < size; at += STREAM_BATCH) {
        const length = Math.min(STREAM_BATCH, size - at);
        const { bytesRead } = await first.handle.read(left, 0, length, at);
        await second.read(right, 0, length, at);
        if (bytesRead !== length || !left.subarray(0, length).equals(right.subarray(0, length)))
          return false;
      }
      return true;
    } finally {
      await second.close();
    }
  } finally {
    await first.handle.close();
  }
}

/** Creates `path` with `data`; false when something is there already (nothing is written). */
export async function createFile(path: string, data: Buffer | string): Promise<boolean> {
  beforeChange('create', path);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'wx');
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') return false;
    throw writeError(path, error);
  }
  try {
    await handle.writeFile(data);
    await handle.close();
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(path, { force: true });
    throw writeError(path, error);
  }
  return true;
}

/**
 * Appends `data` to the regular file at `path` in one write. On a failed or short write the
 * file is cut back to its old length: it holds its old bytes or all the new ones.
 */
export async function appendBytes(path: string, data: Buffer): Promise<void> {
  beforeChange('append', path);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    // O_NOFOLLOW and O_NONBLOCK: a symlink or a FIFO swapped in after the check is not opened.
    handle = await open(
      path,
      constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    );
  } catch (error) {
    throw writeError(path, error);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw notAFile(path);
    try {
      const { bytesWritten } = await handle.write(data, 0, data.length);
      if (bytesWritten !== data.length) throw new Error(`short write (${bytesWritten} bytes)`);
    } catch (error) {
      await handle.truncate(info.size).catch(() => {});
      throw error instanceof SitemapError ? error : writeError(path, error);
    }
  } finally {
    await handle.close();
  }
}

/** Removes the file at `path`; true when it was there. */
export async function removeFile(path: string): Promise<boolean> {
  beforeChange('remove', path);
  try {
    await rm(path);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return false;
    throw writeError(path, error);
  }
}

/**
 * Reads at most `max` bytes from the start of the regular file at `path`; null when it is not
 * a regular file (a symlink, FIFO or device is never opened) or is gone.
 */
export async function readStart(path: string, max: number): Promise<Buffer | null> {
  const opened = await openRegularFile(path, false);
  if ('problem' in opened) return null;
  try {
    const buffer = Buffer.alloc(Math.min(max, opened.size));
    const { bytesRead } = await opened.handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await opened.handle.close();
  }
}
