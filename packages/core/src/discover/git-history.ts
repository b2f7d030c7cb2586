/**
 * Reads a repository's history (runs git): per file, the newest commit that changed its content.
 * Used by `read-git-dates.ts`, which finds the repositories and what the work tree says.
 *
 * One `git log --name-status` pass over the source folders, newest commit first, with exact
 * renames only (`-M100%`: a rename that also edits is a change either way, and the similarity
 * search for inexact ones is what costs):
 * - a 100% rename passes the file's identity on to its old name (the move changed nothing);
 * - a commit in the ignored set changes nothing, but its date is kept as a fallback;
 * - a commit at a shallow boundary shows every file as added: those files' dates are cut.
 * A rename only shows when both names are inside the pass's paths, so a file moved in from
 * outside the source folders (a site restructured from `src/data/blog` to `src/content/posts`)
 * first looks added by the move. The commits that added files are then read once more, whole, in
 * one `git show`; a pure move found there sends the file's history on to its old name, read in a
 * further pass of `git log` over the folders the files left (as many rounds as moves, at most
 * MAX_MOVES). A step is one process whatever the number of files; the old names of files moved by
 * different commits are read in one pass per commit, a few at once.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { StringRows } from '../columns/string-rows.js';
import { foldersHolding } from '../files/folders.js';
import { ContentDates } from './content-dates.js';
import { type IgnoredRevs, isIgnored, unquoteGitPath } from './git-paths.js';

/** Rounds of moves from outside the folders that are followed back. */
const MAX_MOVES = 8;
/** Paths or commits named on one command line. */
const ARGS_PER_PROCESS = 500;

/** Paths relative to the repository's top. */
export interface History {
  dates: ContentDates;
  cut: StringRows;
}

/** Options of every git call here: paths as they are, and nothing taken from the user's locale. */
export const GIT_OPTIONS = [
  '-c',
  'core.quotepath=off',
  '--literal-pathspecs',
  '--no-optional-locks',
];
/** English messages whatever the user's locale, and no lock on the index a user's git may need. */
export const GIT_ENV = { ...process.env, LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0' };
/** Git processes run at once when a history is read in several independent passes. */
const POOL = 4;

/** `work` on every item, at most POOL at once; results in item order. */
async function inPool<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(POOL, items.length) }, worker));
  return results;
}

/** Runs git in `top` and hands each line of its output to `onLine`. */
function eachLine(top: string, args: string[], onLine: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...GIT_OPTIONS, ...args], {
      cwd: top,
      env: GIT_ENV,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const lines = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
    lines.on('line', onLine);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`git ${args[0]} failed: ${stderr.trim()}`));
    });
  });
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ARGS_PER_PROCESS)
    out.push(items.slice(i, i + ARGS_PER_PROCESS));
  return out;
}

/**
 * One `git log` pass over `paths` (folders or files), newest first; with `before`, the history
 * before that commit only (what a moved file's old name held before the move).
 */
async function logPass(
  top: string,
  paths: string[],
  boundary: Set<string>,
  revs: IgnoredRevs,
  before?: string,
): Promise<History> {
  const dates = new ContentDates();
  const cut = new StringRows();
  /** Old path (as git names it in older commits) -> the path the file has now. */
  const renamedTo = new Map<string, string>();
  /**
   * Names a file was renamed to: in older commits such a name is another file's (one deleted
   * before the rename, say), unless an older rename maps it (`renamedTo`).
   */
  const renamedInto = new Set<string>();
  const fallback = new Map<string, number>();
  let hash = '';
  let time = 0;
  let isBoundary = false;
  let skip = false;
  const from = before === undefined ? [] : [`${before}^`];
  await eachLine(
    top,
    // Every parent, as `git log -1 -- <file>` reads it: a change merged from a branch is dated by
    // its own commit there, the one that changed the content (the merge changed nothing itself).
    ['log', '-M100%', '--format=%x1e%H %ct', '--name-status', ...from, '--', ...paths],
    (line) => {
      if (line.startsWith('\x1e')) {
        const [h = '', seconds = '0'] = line.slice(1).split(' ');
        hash = h;
        time = Number(seconds) * 1000;
        isBoundary = boundary.has(hash);
        skip = !isBoundary && isIgnored(hash, revs);
        return;
      }
      if (line === '') return;
      const fields = line.split('\t');
      const status = fields[0] ?? '';
      if (status[0] === 'D') return;
      const path = unquoteGitPath(fields[fields.length - 1] ?? '');
      const now = renamedTo.get(path) ?? (renamedInto.has(path) ? null : path);
      if (now === null || dates.has(now) || cut.has(now)) return;
      if (status === 'R100' && fields.length === 3) {
        // A pure rename leaves the content as it was. (With exact renames only, a rename with
        // edits shows as a deletion and an addition, in an ignored commit too: not followed.)
        // Before it, the file had its old name, and its new name was another file's.
        renamedTo.delete(path);
        renamedInto.add(path);
        renamedTo.set(unquoteGitPath(fields[1] ?? ''), now);
        if (skip && !fallback.has(now)) fallback.set(now, time);
        return;
      }
      if (skip) {
        if (!fallback.has(now)) fallback.set(now, time);
        return;
      }
      if (isBoundary) cut.add(now);
      else dates.set(now, status[0] === 'A' ? { time, added: hash, addedAs: path } : { time });
    },
  );
  for (const [path, at] of fallback)
    if (!dates.has(path) && !cut.has(path)) dates.set(path, { time: at });
  return { dates, cut };
}

/** Where `moves` keeps a move: by the commit and the new name. */
function moveKey(commit: string, path: string): string {
  return `${commit}\0${path}`;
}

/**
 * Pure moves in `commits`, whole-tree: the old path, by `moveKey` of the commit and the new
 * path, for the new paths `wanted` says are names files were added under (a commit that added
 * the sources may move many other files).
 */
async function movesIn(
  top: string,
  commits: string[],
  wanted: (path: string) => boolean,
): Promise<Map<string, string>> {
  const moves = new Map<string, string>();
  for (const batch of chunks(commits)) {
    let hash = '';
    await eachLine(
      top,
      ['show', '-M100%', '--diff-filter=R', '--name-status', '--format=%x1e%H', ...batch],
      (line) => {
        if (line.startsWith('\x1e')) {
          hash = line.slice(1);
          return;
        }
        const [status, old, now] = line.split('\t');
        if (status !== 'R100' || old === undefined || now === undefined) return;
        const path = unquoteGitPath(now);
        if (wanted(path)) moves.set(moveKey(hash, path), unquoteGitPath(old));
      },
    );
  }
  return moves;
}

/**
 * The content date of every file under `paths`, following moves from outside them.
 * @example await contentDates('/repo', ['src/content/posts'], new Set(), { full: new Set(), prefixes: [] })
 */
export async function contentDates(
  top: string,
  paths: string[],
  boundary: Set<string>,
  revs: IgnoredRevs,
): Promise<History> {
  const history = await logPass(top, paths, boundary, revs);
  /**
   * The files whose date is still "added by a commit", by their name now: at first every file
   * (read from the history as it is gone through, not listed), then those a move sent back.
   */
  let open: string[] | null = null;
  for (let round = 0; round < MAX_MOVES && (open === null || open.length > 0); round++) {
    /** Each open file added by a commit: its path, the commit and the name it was added under. */
    const addedOf = (commits: Set<string>): Iterable<[string, string, string]> => {
      if (open === null) return history.dates.addedBy(commits);
      const found: Array<[string, string, string]> = [];
      for (const path of open) {
        const { added, addedAs } = history.dates.get(path) ?? {};
        if (added && addedAs && commits.has(added)) found.push([path, added, addedAs]);
      }
      return found;
    };
    let commits = new Set<string>();
    if (open === null) commits = history.dates.addingCommits();
    else
      for (const path of open) {
        const added = history.dates.get(path)?.added;
        if (added) commits.add(added);
      }
    const moves = await movesIn(top, [...commits], history.dates.addedUnder());
    if (moves.size === 0) break;
    /** The commits that moved a file: only their files are read. */
    const moving = new Set([...moves.keys()].map((key) => key.slice(0, key.indexOf('\0'))));
    // By the commit that moved them: each old name is read as it was just before its move.
    const byMove = new Map<string, Map<string, string>>();
    for (const [path, added, addedAs] of addedOf(moving)) {
      const old = moves.get(moveKey(added, addedAs));
      if (old === undefined) continue;
      const group = byMove.get(added) ?? new Map<string, string>();
      group.set(old, path);
      byMove.set(added, group);
    }
    const next: string[] = [];
    const passes = await inPool([...byMove], ([commit, byOldName]) =>
      logPass(top, foldersHolding([...byOldName.keys()]), boundary, revs, commit),
    );
    for (const [i, [, byOldName]] of [...byMove].entries()) {
      const before = passes[i] as History;
      for (const [old, date] of before.dates) {
        const path = byOldName.get(old);
        if (path === undefined) continue;
        history.dates.set(path, date);
        if (date.added) next.push(path);
      }
      for (const old of before.cut) {
        const path = byOldName.get(old);
        if (path === undefined) continue;
        history.dates.delete(path);
        history.cut.add(path);
      }
    }
    open = next;
  }
  return history;
}
