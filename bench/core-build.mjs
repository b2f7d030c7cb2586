/**
 * Which build of @sitemapkit/core the ours rows ran: a fingerprint of packages/core/dist
 * (every file's path, size and mtime). Taken before and after the runs, so a rebuild in the
 * middle (the core is being worked on) is reported instead of silently mixing two builds.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

const CORE_DIST = path.join(import.meta.dirname, '../packages/core/dist');

/** @returns {Promise<{ fingerprint: string, builtAt: string } | null>} null when not built */
export async function coreBuild() {
  let entries;
  try {
    entries = await fs.readdir(CORE_DIST, { recursive: true, withFileTypes: true });
  } catch {
    return null;
  }
  const hash = createHash('sha256');
  let newest = 0;
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  for (const file of files.sort()) {
    const stats = await fs.stat(file);
    newest = Math.max(newest, stats.mtimeMs);
    hash.update(`${path.relative(CORE_DIST, file)}\0${stats.size}\0${stats.mtimeMs}\n`);
  }
  return { fingerprint: hash.digest('hex').slice(0, 12), builtAt: new Date(newest).toISOString() };
}
