/**
 * The only module that writes files. Every write is atomic (a temporary file renamed into
 * place), a file that already holds exactly the new bytes is left untouched (its mtime and ETag
 * stay), and stale sitemaps of an earlier build are removed, only when they carry our name and
 * are sitemaps.
 */
import { randomBytes } from 'node:crypto';
import { open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { SitemapError } from './errors.js';
import { SITEMAP_NS } from './limits.js';
import { addSitemapLines, minimalRobotsTxt } from './robots-txt.js';

async function sameBytes(path: string, data: Buffer): Promise<boolean> {
  try {
    const info = await stat(path);
    if (!info.isFile() || info.size !== data.length) return false;
    return (await readFile(path)).equals(data);
  } catch {
    return false;
  }
}

/** Writes `data` to `path` atomically; returns false when the file already held these bytes. */
export async function writeFileAtomic(path: string, data: Buffer | string): Promise<boolean> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  if (await sameBytes(path, bytes)) return false;
  const temp = join(
    dirname(path),
    `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    await writeFile(temp, bytes);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw new SitemapError(
      'write-failed',
      `sitemapkit: cannot write ${path}: ${(error as Error).message}`,
      {
        file: path,
      },
      [],
      { cause: error },
    );
  }
  return true;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** File names a build of ours may have written for `filenameBase`. */
export function ourSitemapName(filenameBase: string): RegExp {
  const b = escapeRegExp(filenameBase);
  return new RegExp(`^${b}-(index(-\\d+)?|\\d+|[A-Za-z0-9_-]+-\\d+)\\.xml(\\.gz)?$`);
}

async function isSitemapFile(path: string): Promise<boolean> {
  if (path.endsWith('.gz')) {
    const handle = await open(path, 'r');
    try {
      const head = Buffer.alloc(2);
      await handle.read(head, 0, 2, 0);
      return head[0] === 0x1f && head[1] === 0x8b;
    } finally {
      await handle.close();
    }
  }
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, 1024, 0);
    const text = head.subarray(0, bytesRead).toString('utf8');
    return /<(urlset|sitemapindex)\b/.test(text) && text.includes(SITEMAP_NS);
  } finally {
    await handle.close();
  }
}

/** Removes sitemaps under our naming in `outDir` that this build did not write. */
export async function removeStaleSitemaps(
  outDir: string,
  filenameBase: string,
  written: ReadonlySet<string>,
): Promise<string[]> {
  const pattern = ourSitemapName(filenameBase);
  const removed: string[] = [];
  for (const name of (await readdir(outDir)).sort()) {
    if (!pattern.test(name) || written.has(name)) continue;
    const path = join(outDir, name);
    try {
      if (!(await isSitemapFile(path))) continue;
      await rm(path);
      removed.push(name);
    } catch {
      /* not ours to worry about: a folder, or gone already */
    }
  }
  return removed;
}

export type RobotsOutcome = 'created' | 'updated' | 'unchanged';

/** Adds `Sitemap:` lines for `indexUrls` to `outDir/robots.txt`, creating a minimal one if missing. */
export async function updateRobotsTxt(
  outDir: string,
  indexUrls: readonly string[],
): Promise<RobotsOutcome> {
  const path = join(outDir, 'robots.txt');
  let existing: string | null = null;
  try {
    existing = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  if (existing === null) {
    await writeFileAtomic(path, minimalRobotsTxt(indexUrls));
    return 'created';
  }
  const next = addSitemapLines(existing, indexUrls);
  if (next === null) return 'unchanged';
  await writeFileAtomic(path, next);
  return 'updated';
}
