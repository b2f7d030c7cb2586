/**
 * The site's robots.txt: created when missing, else appended to at the byte level (its bytes,
 * encoding, mode and owner stay), never opened when it is not a regular file. Only with
 * `robotsTxt: 'replace'` is it rewritten, to take out `Sitemap:` lines to files that are gone:
 * atomically, its other bytes and its mode kept (a new file: its owner is the build's).
 */
import { chmod, lstat, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { appendBytes, createFile, kindAt, readStart, writeFileAtomic } from '../files/write.js';
import { safeDecode } from '../url/encode.js';
import { minimalRobotsTxt, robotsAppend, robotsRemove, robotsSitemapUrls } from './robots-txt.js';

/** Larger than any robots.txt a crawler reads (Google reads the first 500 KiB). */
const MAX_ROBOTS_BYTES = 8 * 1024 * 1024;

export type RobotsOutcome = 'created' | 'updated' | 'unchanged' | { skipped: string };

/** Adds `Sitemap:` lines for `indexUrls` to `outDir/robots.txt`, creating a minimal one if missing. */
export async function updateRobotsTxt(
  outDir: string,
  indexUrls: readonly string[],
): Promise<RobotsOutcome> {
  const path = join(outDir, 'robots.txt');
  for (;;) {
    const kind = await kindAt(path);
    if (kind === 'other') {
      return { skipped: 'robots.txt is not a regular file (a folder, symlink, FIFO or device)' };
    }
    if (kind === 'missing') {
      if (await createFile(path, minimalRobotsTxt(indexUrls))) return 'created';
      continue; // another writer made it meanwhile: append to theirs
    }
    const existing = await readStart(path, MAX_ROBOTS_BYTES + 1);
    if (existing === null) return { skipped: 'robots.txt cannot be read' };
    if (existing.length > MAX_ROBOTS_BYTES) {
      return { skipped: `robots.txt is larger than ${MAX_ROBOTS_BYTES / 1024 / 1024} MiB` };
    }
    const added = robotsAppend(existing, indexUrls);
    if (added === null) return 'unchanged';
    await appendBytes(path, added);
    return 'updated';
  }
}

/** Whether nothing is at `path` (a file where a folder of the path should be counts as nothing). */
async function isMissing(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return false;
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === 'ENOENT' || code === 'ENOTDIR';
  }
}

/**
 * The `Sitemap:` lines of the site's robots.txt that point into the site (under `baseUrl`) at a
 * file that is not in `outDir`: a sitemap an earlier build or another tool wrote and that is gone.
 * A line pointing elsewhere (another host, a path outside the base) is not ours to judge.
 * @example await staleRobotsLines('dist', 'https://e.com/') // ['https://e.com/sitemap.xml'] when dist/sitemap.xml is missing
 */
export async function staleRobotsLines(outDir: string, baseUrl: string): Promise<string[]> {
  const bytes = await readStart(join(outDir, 'robots.txt'), MAX_ROBOTS_BYTES);
  if (bytes === null) return [];
  const stale: string[] = [];
  for (const url of robotsSitemapUrls(bytes)) {
    if (!url.startsWith(baseUrl)) continue;
    const rest = url.slice(baseUrl.length).replace(/[?#].*$/, '');
    const path = safeDecode(rest);
    // Only a plain file path inside the folder is looked up; nothing outside it is read (a
    // decoded `\` is a separator on Windows: the resolved path is checked too).
    if (path === '' || path.split('/').some((s) => s === '' || s === '.' || s === '..')) continue;
    const full = join(outDir, path);
    const inside = relative(outDir, full);
    if (inside === '' || inside.split(sep)[0] === '..' || isAbsolute(inside)) continue;
    if (await isMissing(full)) stale.push(url);
  }
  return stale.sort();
}

/** Takes the `Sitemap:` lines of `urls` out of the site's robots.txt (its other bytes stay). */
export async function removeRobotsLines(outDir: string, urls: readonly string[]): Promise<boolean> {
  if (urls.length === 0) return false;
  const path = join(outDir, 'robots.txt');
  if ((await kindAt(path)) !== 'file') return false;
  const bytes = await readStart(path, MAX_ROBOTS_BYTES + 1);
  if (bytes === null || bytes.length > MAX_ROBOTS_BYTES) return false;
  const kept = robotsRemove(bytes, urls);
  if (kept === null) return false;
  const { mode } = await stat(path);
  await writeFileAtomic(path, kept);
  await chmod(path, mode & 0o7777);
  return true;
}
