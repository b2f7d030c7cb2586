/**
 * Regular files only: a FIFO, socket, device or folder is never opened where a file is read
 * (reading a FIFO waits for a writer that never comes; a device never ends). A path is stat'ed
 * first, then opened without blocking and checked again on the open handle, so a file swapped
 * for a FIFO in between is refused too. Used by `validate` and by the build's own reads in the
 * output folder (write.ts), which also refuse to follow a symlink. Reads the disk.
 */

import { constants, type Stats } from 'node:fs';
import { type FileHandle, lstat, open, stat } from 'node:fs/promises';

/**
 * How to name what is at a path, or undefined for a regular file.
 * @example describeNotFile(statSync('/dev/null')) // 'a character device'
 * @example describeNotFile(statSync('sitemap.xml')) // undefined
 */
export function describeNotFile(
  info: Pick<
    Stats,
    'isFile' | 'isDirectory' | 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice'
  >,
): string | undefined {
  if (info.isFile()) return undefined;
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

/**
 * The message for a path that is there but is no regular file.
 * @example notFileMessage('a FIFO (named pipe)') // 'a FIFO (named pipe), not a regular file: not opened'
 */
export function notFileMessage(what: string): string {
  return what === 'not a regular file'
    ? 'not a regular file: not opened'
    : `${what}, not a regular file: not opened`;
}

export type Opened = { handle: FileHandle; size: number } | { problem: string };

/** `O_NONBLOCK` where the platform has it: opening a FIFO then returns at once. */
const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
/** Also `O_NOFOLLOW`: a symlink is refused, not followed. */
const NO_FOLLOW_FLAGS = FLAGS | (constants.O_NOFOLLOW ?? 0);

/**
 * What is at a path: `file` for a regular file (symlinks followed), `missing` when nothing is, else
 * a description of what is there instead (`a FIFO (named pipe)`, `a folder`, ...).
 * @example await kindOfPath('dist/sitemap.xml') // 'file'
 */
export async function kindOfPath(path: string): Promise<'file' | 'missing' | string> {
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) return 'missing';
  return describeNotFile(info) ?? 'file';
}

/**
 * Opens a regular file for reading, or says why not. Never throws for a bad path. With
 * `followLinks: false`, a symlink is refused too (it could lead out of the folder).
 * @example const opened = await openRegularFile('sitemap.xml'); if ('handle' in opened) await opened.handle.close();
 */
export async function openRegularFile(path: string, followLinks = true): Promise<Opened> {
  try {
    const before = await (followLinks ? stat(path) : lstat(path));
    const what = before.isSymbolicLink() ? 'a symlink' : describeNotFile(before);
    if (what !== undefined) return { problem: notFileMessage(what) };
    const handle = await open(path, followLinks ? FLAGS : NO_FOLLOW_FLAGS);
    const info = await handle.stat();
    const now = describeNotFile(info);
    if (now !== undefined || info.ino !== before.ino || info.dev !== before.dev) {
      await handle.close();
      return {
        problem: now === undefined ? 'replaced while it was opened: not read' : notFileMessage(now),
      };
    }
    return { handle, size: info.size };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}
