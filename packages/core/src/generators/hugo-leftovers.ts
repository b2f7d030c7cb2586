/**
 * What Hugo's read-only commands leave in a project: `hugo config` and `hugo list all` create the
 * output folder, `resources/_gen/images/`, `resources/_gen/assets/` and `.hugo_build.lock` even
 * though they build nothing (0.111 has no flag against it). Detection must change nothing in a
 * user's folder, so of exactly these paths, those that did not exist before are removed after:
 * folders only while empty (`rmdir`, which fails on anything inside, so a build running beside
 * keeps what it wrote), the lock file only while empty.
 */
import { lstat, rmdir, unlink } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isInsideProject } from './project-path.js';

/** The paths Hugo's read-only commands create, deepest first, beside the output folder. */
const CREATED = [
  'resources/_gen/images',
  'resources/_gen/assets',
  'resources/_gen',
  'resources',
] as const;
const LOCK = '.hugo_build.lock';

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

async function removeEmptyLock(path: string): Promise<void> {
  try {
    const stats = await lstat(path);
    if (stats.isFile() && stats.size === 0) await unlink(path);
  } catch {
    // Gone already, or not ours to remove.
  }
}

/**
 * Runs `work` (Hugo's commands in `root`), then removes what of Hugo's paths it created and left
 * empty; `publishDir` is the output folder (relative to `root`), tidied only inside the project.
 * @example await withoutLeftovers('site', 'public', () => runHugo(bin, ['list', 'all'], 'site'))
 */
export async function withoutLeftovers<T>(
  root: string,
  publishDir: string,
  work: () => Promise<T>,
): Promise<T> {
  const folders = [...CREATED, publishDir]
    .map((name) => resolve(root, name))
    .filter((path) => isInsideProject(root, path));
  const lock = resolve(root, LOCK);
  const before = await Promise.all([...folders, lock].map(exists));
  try {
    return await work();
  } finally {
    for (const [i, path] of folders.entries()) {
      if (!before[i]) await rmdir(path).catch(() => undefined);
    }
    if (!before[folders.length]) await removeEmptyLock(lock);
  }
}
