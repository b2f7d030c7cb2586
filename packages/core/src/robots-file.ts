/**
 * The site's robots.txt: created when missing, else appended to at the byte level (its bytes,
 * encoding, mode and owner stay), never opened when it is not a regular file.
 */
import { join } from 'node:path';
import { minimalRobotsTxt, robotsAppend, robotsSitemapUrls } from './robots-txt.js';
import { appendBytes, createFile, kindAt, readStart } from './write.js';

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

/**
 * Which of `urls` the site's robots.txt lists: lines a build cannot take back (robots.txt is
 * only ever appended to), to be reported when they point at files that are gone.
 */
export async function listedInRobotsTxt(
  outDir: string,
  urls: readonly string[],
): Promise<string[]> {
  if (urls.length === 0) return [];
  const bytes = await readStart(join(outDir, 'robots.txt'), MAX_ROBOTS_BYTES);
  if (bytes === null) return [];
  const listed = robotsSitemapUrls(bytes);
  return urls.filter((url) => listed.has(url));
}
