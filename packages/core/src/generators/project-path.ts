/**
 * Paths of a project as detection writes them: relative to the project folder, with `/`, and
 * whether they are inside it at all. The one rule every detector and the CLI use. Pure.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { toPosix } from '../url/map-file.js';

/**
 * `path` (absolute, or relative to `root`) relative to `root`, with `/` and no trailing slash;
 * `.` for the folder itself. A path outside stays relative (`../shared/a.md`), or absolute on
 * another drive.
 * @example projectPath('/p', '/p/content/a.md') // 'content/a.md'
 * @example projectPath('/p', './_site/') // '_site'
 */
export function projectPath(root: string, path: string): string {
  const rel = relative(root, resolve(root, path));
  if (rel === '') return '.';
  return isAbsolute(rel) ? rel : toPosix(rel, sep).replace(/\/$/, '');
}

/**
 * Whether `path` lies inside `root` (not `root` itself): what detection may read or tidy.
 * @example isInsideProject('/p', '/p/content/a.md') // true
 * @example isInsideProject('/p', '/p/../shared/a.md') // false
 */
export function isInsideProject(root: string, path: string): boolean {
  const rel = relative(root, resolve(root, path));
  return rel !== '' && rel.split(sep)[0] !== '..' && !isAbsolute(rel);
}
