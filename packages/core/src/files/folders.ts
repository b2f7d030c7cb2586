/**
 * Small shared facts about files and folders: which folders hold a list of files (what one git
 * pass reads), and whether a compiled worker sits next to a module (what a thread needs). Pure
 * but for `hasWorker`'s one `existsSync`.
 */
import { existsSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders named in one git pass at the most. */
const MAX_FOLDERS = 64;

/**
 * The folders that hold `files` (posix paths, absolute or relative), as deep as a few of them can;
 * a folder inside another is read with it.
 * @example foldersHolding(['src/data/blog/a.md', 'src/data/blog/b/c.md']) // ['src/data/blog']
 */
export function foldersHolding(files: readonly string[]): string[] {
  let folders = [...new Set(files.map((f) => posix.dirname(f)))];
  while (folders.length > MAX_FOLDERS) {
    const up = [...new Set(folders.map((f) => posix.dirname(f)))];
    if (up.length === folders.length && up.every((f, i) => f === folders[i])) break;
    folders = up;
  }
  folders.sort();
  const kept: string[] = [];
  for (const folder of folders) {
    const inside = kept.some((k) => k === '.' || folder.startsWith(`${k}/`));
    if (!inside) kept.push(folder);
  }
  return kept;
}

/**
 * Whether the compiled worker `url` is there to start (not when running from the TypeScript
 * sources, or from a bundle).
 */
export function hasWorker(url: URL): boolean {
  return url.protocol === 'file:' && existsSync(fileURLToPath(url));
}
