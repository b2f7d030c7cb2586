/**
 * Walks a folder tree (touches disk). Follows symlinks that stay inside the tree, each folder
 * once (loops are cut); a link that leaves it is not followed, and reported. Only regular files
 * are listed: a FIFO, socket or device is never opened by anything that reads the list.
 *
 * The walk is synchronous on purpose: it runs when a build has just written the tree, so every
 * entry is in the page cache, and one `readdir` per folder with file types from the directory
 * entries (no `stat` of a file, no `realpath` but for symlinks) is the physical floor; a `stat`
 * of each folder near the top tells a large one, read a batch at a time (`read-folder.ts`). Async
 * calls here cost a thread-pool round trip per folder and made the walk several times slower.
 */
import { realpathSync, statSync } from 'node:fs';
import { fileRouteKey } from '../url/map-file.js';
import { type FolderEntries, isLargeFolder, KIND, readFolder } from './read-folder.js';

/**
 * Folders this deep or less, under a folder that was not large, are asked whether they are
 * large (one `stat` each). Deeper ones, and those under a large one (`blog/<post>/`), are taken
 * to be small: a site's large folders are near the top of its tree.
 */
const LARGE_FOLDER_DEPTH = 2;

export interface WalkProblem {
  path: string;
  message: string;
  /** A symlink that leads out of the boundary (not followed), rather than an unreadable entry. */
  outside?: true;
}

export interface WalkOptions {
  /** Keep a file by its name. */
  accept: (name: string) => boolean;
  /** Skip folders by name (e.g. dot-folders). */
  skipDir?: (name: string) => boolean;
  /**
   * The folder symlinks may lead into; a link whose target is outside it is not followed.
   * Defaults to the walked folder itself, which is also the boundary when it is not inside this.
   */
  boundary?: string;
  /** Takes each file as it is found, instead of a list of them all (`files` is then empty). */
  onFile?: (relPath: string) => void;
  /** Read every folder as a large one (true) or as a small one (false): for tests. */
  largeFolders?: boolean;
}

/** Whether the real path `real` is `folder` or inside it. */
export function isInside(real: string, folder: string): boolean {
  return real === folder || real.startsWith(folder.endsWith('/') ? folder : `${folder}/`);
}

/**
 * Lists files under `root` whose names `accept` keeps, as posix paths relative to `root`, in
 * name order. A folder reachable twice (a symlink to it, a symlink loop) is walked once, the
 * first time it is met, so the result is the same on every run. An unreadable folder, a broken
 * link or a link out of the boundary is reported as a problem, not thrown.
 *
 * Only the folders walked through a symlink are noted, by real path. Whether a folder of the
 * tree itself was walked is told by where it lies (`walkedInPlace`), so a walk of a million
 * folders keeps no million paths.
 */
export function walkFiles(
  root: string,
  options: WalkOptions,
): { files: string[]; problems: WalkProblem[] } {
  const files: string[] = [];
  const problems: WalkProblem[] = [];
  /** Real paths of the folders walked through a symlink, or under one. */
  const linked = new Set<string>();
  const take = options.onFile ?? ((relPath: string) => files.push(relPath));
  let boundary = '';
  let rootReal = '';
  /**
   * Where the walk is in the tree: the names from the root to the folder being listed, then the
   * entry being read there (through a symlink, the walk stays at the link's place).
   */
  const place: string[] = [];

  /**
   * Whether the tree's own folder at real path `real` was walked where it lies, or is being
   * walked: in name order it comes before the walk's place, or is on its way, and no folder on
   * its way is one `skipDir` skips.
   */
  function walkedInPlace(real: string): boolean {
    if (real !== rootReal && !real.startsWith(`${rootReal}/`)) return false;
    const names = real === rootReal ? [] : real.slice(rootReal.length + 1).split('/');
    for (const name of names) if (options.skipDir?.(name)) return false;
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string;
      const at = place[i];
      if (at === undefined) return false;
      if (name !== at) return name < at;
    }
    return true;
  }

  /**
   * `real` is the folder's real path: known for plain folders, resolved for symlinked ones.
   * `depth`: the folder's depth in the tree, or -1 for one reached through a symlink.
   */
  function walk(dir: string, real: string, rel: string, depth: number, underLarge = false): void {
    if (linked.has(real)) return;
    if (depth < 0) {
      if (walkedInPlace(real)) return;
      linked.add(real);
    }
    let entries: FolderEntries;
    let large = false;
    try {
      large =
        options.largeFolders ??
        (depth >= 0 && depth <= LARGE_FOLDER_DEPTH && !underLarge && isLargeFolder(dir));
      entries = readFolder(dir, large);
    } catch (error) {
      problems.push({ path: rel || '.', message: (error as Error).message });
      return;
    }
    for (let index = 0; index < entries.length; index++) {
      const name = entries.name(index);
      if (depth >= 0) {
        place.length = depth;
        place.push(name);
      }
      const relPath = rel ? `${rel}/${name}` : name;
      const kind = entries.kind(index);
      if (kind === KIND.file) {
        if (options.accept(name)) take(relPath);
      } else if (kind === KIND.folder) {
        if (!options.skipDir?.(name))
          walk(`${dir}/${name}`, `${real}/${name}`, relPath, depth < 0 ? -1 : depth + 1, large);
      } else if (kind === KIND.symlink) {
        const full = `${dir}/${name}`;
        try {
          const target = statSync(full);
          const wanted = target.isDirectory()
            ? !options.skipDir?.(name)
            : target.isFile() && options.accept(name);
          if (!wanted) continue;
          const targetReal = realpathSync(full);
          if (!isInside(targetReal, boundary)) {
            problems.push({
              path: relPath,
              message: `a symlink to ${targetReal}, outside ${boundary}; not followed`,
              outside: true,
            });
          } else if (target.isDirectory()) walk(full, targetReal, relPath, -1);
          else take(relPath);
        } catch (error) {
          if (options.accept(name))
            problems.push({ path: relPath, message: (error as Error).message });
        }
      }
    }
    if (depth >= 0) place.length = depth;
  }

  let real: string;
  try {
    real = realpathSync(root);
  } catch (error) {
    return { files, problems: [{ path: '.', message: (error as Error).message }] };
  }
  rootReal = real;
  boundary = real;
  try {
    const outer = options.boundary ? realpathSync(options.boundary) : real;
    if (isInside(real, outer)) boundary = outer;
  } catch {
    /* the walked folder is the boundary */
  }
  walk(root, real, '', 0);
  return { files, problems };
}

const HTML_FILE = /\.html?$/i;

/**
 * The route keys of the HTML files under `dir` (an adapter's files that are not pages, such as
 * Astro's `public/` copies, to leave out); none when it does not exist. The walk and the keys the
 * pages are found with.
 * @example htmlFileKeys('public') // Set { '/google1234' }
 */
export function htmlFileKeys(dir: string): Set<string> {
  let files: string[];
  try {
    files = walkFiles(dir, { accept: (name) => HTML_FILE.test(name) }).files;
  } catch {
    return new Set();
  }
  return new Set(files.flatMap((file) => fileRouteKey(file) ?? []));
}
