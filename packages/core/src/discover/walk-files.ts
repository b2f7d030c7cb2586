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
 * On a large site a helper thread walks a share of each folder of many subfolders beside it
 * (`share`): the same files in the same order, in less time.
 */
import { realpathSync, statSync } from 'node:fs';
import { fileRouteKey } from '../url/map-file.js';
import { type FolderEntries, KIND, readFolder } from './read-folder.js';
import {
  eachFile,
  edges,
  entriesPerClaim,
  type RangePart,
  readsAsLarge,
  type SharedFolder,
  walkRange,
} from './walk-range.js';

/**
 * A folder with this many subfolders or more is shared with a helper thread when one is at hand
 * (`WalkOptions.share`), one at a time: `blog/` of posts, `docs/` of sections. Fewer, and the
 * folders under it are shared instead.
 */
export const SHARED_FROM_FOLDERS = 32;

/**
 * Ranges of a shared folder this thread walks ahead of the next one to take in order, while the
 * other thread's range before them is not in: enough to keep busy, few to hold.
 */
const AHEAD = 4;

/**
 * Another thread that walks ranges of a folder's entries (`walk-range.ts`) beside this one:
 * both claim ranges from one counter, and the walk takes the parts in order.
 */
export interface SharedWalk {
  /** The start of the next range, claimed for this thread, or -1 when every range is claimed. */
  claim(): number;
  /**
   * The other thread's part from entry `from`, or null when it has not come. `wait`: wait for
   * it, as long as the other thread takes (null then: it gave up, and this thread walks it).
   */
  part(from: number, wait: boolean): RangePart | null;
  /** Ends the sharing of the folder. */
  close(): void;
}

/**
 * Folders shared with another thread: called at a folder of many subfolders, it gives the
 * other side, or null to walk the folder alone. The other thread walks with the same rules as
 * the walk (the page walk's are `PAGE_FILES`, which the helper thread uses).
 */
export type WalkShare = (folder: SharedFolder) => SharedWalk | null;

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
  /**
   * Shares folders of many subfolders with another thread (`parallel/` gives one): the same
   * files and problems, in the same order, in less time.
   */
  share?: WalkShare;
  /** `SHARED_FROM_FOLDERS`, for a test's small tree. */
  sharedFrom?: number;
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

  /** Whether a folder is being shared: one at a time. */
  let sharing = false;

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
      large = options.largeFolders ?? readsAsLarge(dir, depth, underLarge);
      entries = readFolder(dir, large);
    } catch (error) {
      problems.push({ path: rel || '.', message: (error as Error).message });
      return;
    }
    const shared = depth >= 0 && !sharing ? share(dir, rel, depth, large, entries) : null;
    try {
      if (shared) {
        sharing = true;
        try {
          walkShared(shared.walk, shared.folder, real, entries);
        } finally {
          shared.walk.close();
          sharing = false;
        }
      } else {
        for (let index = 0; index < entries.length; index++)
          visit(dir, real, rel, depth, large, entries, index);
      }
    } finally {
      entries.release?.();
    }
    if (depth >= 0) place.length = depth;
  }

  /** Entry `index` of folder `dir`, walked with every rule of the walk. */
  function visit(
    dir: string,
    real: string,
    rel: string,
    depth: number,
    large: boolean,
    entries: FolderEntries,
    index: number,
  ): void {
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
        if (!wanted) return;
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

  /** The folder shared with another thread, when it has subfolders enough and one is at hand. */
  function share(dir: string, rel: string, depth: number, large: boolean, entries: FolderEntries) {
    if (!options.share) return null;
    let folders = 0;
    for (let index = 0; index < entries.length; index++)
      if (entries.kind(index) === KIND.folder) folders++;
    if (folders < (options.sharedFrom ?? SHARED_FROM_FOLDERS)) return null;
    const count = entries.length;
    const folder: SharedFolder = { dir, rel, depth, large, count, chunk: entriesPerClaim(count) };
    const walk = options.share(folder);
    return walk ? { walk, folder } : null;
  }

  /**
   * A shared folder's entries: ranges claimed by this thread are walked plainly, ahead of the
   * order when the other thread's part before them is not in yet; every part is taken in
   * entry order, and what a part left (from its `stoppedAt`) is walked here with every rule.
   *
   * Ranges walked plainly follow no symlink, so the walk's notes of folders reached through
   * symlinks change only in entry order, as the parts are taken. A part whose folders include
   * one reached through a symlink before it (which the walk in order would not walk again) is
   * walked again here, as is one the other thread walked in the folder read otherwise.
   */
  function walkShared(
    other: SharedWalk,
    folder: SharedFolder,
    real: string,
    entries: FolderEntries,
  ) {
    const { rel, depth, large, count, chunk } = folder;
    const dir = folder.dir;
    const mine = new Map<number, RangePart>();
    const rangeEnd = (from: number) => Math.min(from + chunk, count);
    /** Whether a folder noted through a symlink lies in entries `from` to `to` of the folder. */
    const holdsLinked = (from: number, to: number): boolean => {
      const first = entries.name(from);
      const last = entries.name(to - 1);
      for (const path of linked) {
        if (!path.startsWith(`${real}/`)) continue;
        const slash = path.indexOf('/', real.length + 1);
        const name = path.slice(real.length + 1, slash === -1 ? undefined : slash);
        if (name >= first && name <= last) return true;
      }
      return false;
    };
    let next = 0;
    while (next < count) {
      let part: RangePart | null = mine.get(next) ?? null;
      if (part) mine.delete(next);
      else part = other.part(next, false);
      if (!part && mine.size < AHEAD) {
        const from = other.claim();
        if (from !== -1) {
          mine.set(from, walkRange(folder, entries, from, rangeEnd(from), options));
          continue;
        }
      }
      if (!part)
        part = other.part(next, true) ?? walkRange(folder, entries, next, rangeEnd(next), options);
      let walkFrom = part.stoppedAt;
      const again =
        part.edges !== edges(entries, part.from, part.to) ||
        (linked.size > 0 && holdsLinked(part.from, part.to));
      if (again) walkFrom = part.from;
      else eachFile(part, take);
      for (let index = walkFrom; index < part.to; index++)
        visit(dir, real, rel, depth, large, entries, index);
      next = part.to;
    }
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
