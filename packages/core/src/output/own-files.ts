/**
 * Which files in the output folder are ours, and the removal of ours that are stale.
 *
 * A build removes only files it can prove it wrote: every sitemap and index it writes carries
 * the mark `<!-- sitemapkit: <filenameBase> -->` right after the XML declaration. A file is
 * ours when its name is one of the set's names (names.ts), it is a regular file, and it carries the mark of this set. Another tool's `sitemap-2023.xml`,
 * an unmarked file, a FIFO or a symlink under such a name is never touched.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { constants, gunzipSync } from 'node:zlib';
import { SitemapError } from '../errors.js';
import { kindAt, readStart, removeFile } from '../files/write.js';
import { XML_DECLARATION } from '../xml/render.js';
import { ownMark, setFileName, setTempName } from './names.js';

/** The text at the start of `bytes`, inflated when they are gzip (a cut stream too). */
function startText(bytes: Buffer): string {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      return gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
    } catch {
      return '';
    }
  }
  return bytes.toString('utf8');
}

/** Whether `path` is a regular file carrying the set's mark (or, `cut`, a prefix of it). */
async function carriesMark(path: string, filenameBase: string, cut: boolean): Promise<boolean> {
  const bytes = await readStart(path, 4096);
  if (bytes === null) return false;
  const head = XML_DECLARATION + ownMark(filenameBase);
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const text = startText(bytes);
  if (text.startsWith(head)) return true;
  if (!cut) return false;
  // A temporary file cut short by a killed build holds less than its head (or, compressed,
  // not enough to inflate it): nothing to lose.
  return (
    head.startsWith(text) && (text !== '' || bytes.length === 0 || (gzip && bytes.length < 64))
  );
}

/** Whether the file `name` in `outDir` is one of the set's files, written by us. */
export async function isOurs(outDir: string, name: string, filenameBase: string): Promise<boolean> {
  return (
    setFileName(filenameBase).test(name) && carriesMark(join(outDir, name), filenameBase, false)
  );
}

/**
 * Removes what a killed build of this set left: temporary files. Called with the folder's lock
 * held, so no running build owns them.
 */
export async function removeLeftovers(outDir: string, filenameBase: string): Promise<void> {
  const temp = setTempName(filenameBase);
  for (const name of (await readdir(outDir)).sort()) {
    if (temp.test(name) && (await carriesMark(join(outDir, name), filenameBase, true)))
      await removeFile(join(outDir, name));
  }
}

/** Removes the set's files in `outDir` that are not in `keep`; returns their names. */
export async function removeStale(
  outDir: string,
  filenameBase: string,
  keep: ReadonlySet<string>,
): Promise<string[]> {
  const removed: string[] = [];
  for (const name of (await readdir(outDir)).sort()) {
    if (keep.has(name) || !(await isOurs(outDir, name, filenameBase))) continue;
    if (await removeFile(join(outDir, name))) removed.push(name);
  }
  return removed;
}

/**
 * Throws when a file named `name` is in `outDir` and is not ours: a user's file is never
 * replaced. `instead` says which option the message names, and what to do.
 */
export async function checkOurs(
  outDir: string,
  name: string,
  filenameBase: string,
  instead: { option: string; advice: string },
): Promise<void> {
  const path = join(outDir, name);
  if ((await kindAt(path)) === 'missing' || (await isOurs(outDir, name, filenameBase))) return;
  throw new SitemapError(
    'foreign-file',
    `sitemapkit: ${path} is there already and was not written by sitemapkit, so it is left as it is and the sitemaps were not written; ${instead.advice}`,
    { file: path, option: instead.option },
  );
}
