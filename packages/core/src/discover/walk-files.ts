/** Walks a folder tree (touches disk). Follows symlinked folders once; loops are cut. */
import { opendir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface WalkProblem {
  path: string;
  message: string;
}

export interface WalkOptions {
  /** Keep a file by its name. */
  accept: (name: string) => boolean;
  /** Skip folders by name (e.g. dot-folders). */
  skipDir?: (name: string) => boolean;
}

/**
 * Lists files under `root` whose names `accept` keeps, as posix paths relative to `root`.
 * A folder reachable twice (a symlink to it, a symlink loop) is walked once, the first time it
 * is met in name order, so the result is the same on every run. An unreadable folder or a broken
 * link is reported as a problem, not thrown.
 */
export async function walkFiles(
  root: string,
  options: WalkOptions,
): Promise<{ files: string[]; problems: WalkProblem[] }> {
  const files: string[] = [];
  const problems: WalkProblem[] = [];
  const seen = new Set<string>();

  async function walk(dir: string, rel: string): Promise<void> {
    let handle: Awaited<ReturnType<typeof opendir>>;
    try {
      const real = await realpath(dir);
      if (seen.has(real)) return;
      seen.add(real);
      handle = await opendir(dir, { bufferSize: 256 });
    } catch (error) {
      problems.push({ path: rel || '.', message: (error as Error).message });
      return;
    }
    const subdirs: string[] = [];
    for await (const entry of handle) {
      const name = entry.name;
      const relPath = rel ? `${rel}/${name}` : name;
      if (entry.isDirectory()) {
        if (!options.skipDir?.(name)) subdirs.push(name);
      } else if (entry.isFile()) {
        if (options.accept(name)) files.push(relPath);
      } else if (entry.isSymbolicLink()) {
        try {
          const target = await stat(join(dir, name));
          if (target.isDirectory()) {
            if (!options.skipDir?.(name)) subdirs.push(name);
          } else if (target.isFile() && options.accept(name)) {
            files.push(relPath);
          }
        } catch (error) {
          if (options.accept(name))
            problems.push({ path: relPath, message: (error as Error).message });
        }
      }
    }
    subdirs.sort();
    for (const name of subdirs) await walk(join(dir, name), rel ? `${rel}/${name}` : name);
  }

  await walk(root, '');
  return { files, problems };
}
