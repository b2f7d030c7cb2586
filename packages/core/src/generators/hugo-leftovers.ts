/**
 * What Hugo's read-only commands leave in a project: `hugo config` and `hugo list all` create the
 * output folder, `resources/_gen/` and `.hugo_build.lock` even though they build nothing (0.111
 * has no flag against it). Detection must change nothing in a user's folder, so whatever of
 * these did not exist before is removed after, and only while it is still empty: a folder with
 * anything in it, or a lock file with bytes, is left as it is.
 */
import { lstat, readdir, rmdir, unlink } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** Removes `path` if it is an empty file, or a folder holding only empty folders. */
async function removeIfEmpty(path: string): Promise<void> {
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    stats = await lstat(path);
  } catch {
    return;
  }
  if (stats.isFile()) {
    if (stats.size === 0) await unlink(path).catch(() => undefined);
    return;
  }
  if (!stats.isDirectory()) return;
  for (const name of await readdir(path)) await removeIfEmpty(join(path, name));
  // Fails, leaving it, when anything is still inside.
  await rmdir(path).catch(() => undefined);
}

/**
 * Runs `work` (Hugo's commands in `root`) and then removes what of `names` (relative to `root`)
 * it created and left empty.
 * @example await withoutLeftovers('site', ['public', 'resources', '.hugo_build.lock'], () => runHugo(...))
 */
export async function withoutLeftovers<T>(
  root: string,
  names: readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  // Only inside the project: a publishDir of `../out` is not ours to tidy.
  const inside = names.filter((name) => {
    const rel = relative(root, resolve(root, name));
    return rel !== '' && rel.split(sep)[0] !== '..' && !isAbsolute(rel);
  });
  const before = await Promise.all(inside.map((name) => exists(join(root, name))));
  try {
    return await work();
  } finally {
    for (const [i, name] of inside.entries()) {
      if (!before[i]) await removeIfEmpty(join(root, name));
    }
  }
}
