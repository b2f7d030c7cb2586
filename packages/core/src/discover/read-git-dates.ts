/**
 * Content dates of source files from git history (runs git): for each repository that holds a
 * source folder (found from the folder itself, not from the current folder), one `git log` pass
 * over those folders (`git-history.ts`), never a process per file.
 *
 * - The date is the committer date of the newest commit that changed the file's content, as
 *   `git log -1 --format=%cI -- <file>` gives it (a rebased or cherry-picked change keeps its old
 *   author date, but was committed when it was applied). In a history with merges each file is
 *   dated along its own line of history, as git does for one file (`git-graph.ts`): a merged
 *   change by its own commit, a merge by what it changed against every parent.
 * - A commit that only renames or moves a file (a 100% rename) is not a change: the file's date
 *   is found further back, under its old name, also when it moved in from outside the folders.
 * - Commits listed in the repository's `.git-blame-ignore-revs` (the convention for
 *   mass-reformatting commits) and in the `gitIgnoreRevs` option do not count; a file that only
 *   such commits touched keeps the newest of their dates.
 * - In a shallow clone the oldest commit present shows every file as added, so a date that comes
 *   from a shallow boundary commit is unknown, not "the clone's commit date".
 * - `git status` names the files with uncommitted changes and the untracked ones: their
 *   modification time is an edit. A file git tracks and reports unchanged carries the checkout
 *   time, which says nothing.
 */
import { execFile } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { StringRows, type StringRowsData } from '../columns/string-rows.js';
import { StringTimes, type StringTimesData } from '../columns/string-times.js';
import { ContentDates } from './content-dates.js';
import { contentDates, type History } from './git-history.js';
import { behindTheWalk, GIT_ENV, GIT_OPTIONS } from './git-lines.js';
import { IGNORE_REVS_FILE, ignoredRevs, parseIgnoreRevs } from './git-paths.js';

/** Runs git in `cwd` to its end, `behindTheWalk`; resolves to what it printed. */
function run(cwd: string, args: string[], maxBuffer: number): Promise<{ stdout: string }> {
  const running = promisify(execFile)('git', [...GIT_OPTIONS, ...args], {
    cwd,
    env: GIT_ENV,
    maxBuffer,
    encoding: 'utf8',
  });
  behindTheWalk(running.child);
  return running;
}

export interface GitDates {
  /**
   * Path (relative to `root`, posix) -> commit time (ms) of the last commit that changed it: a
   * path a source, off the heap, in shared memory (the git thread posts it).
   */
  dates: StringTimes;
  /** Paths whose history is cut by a shallow clone (every file of a clone of depth 1). */
  cut: StringRows;
  /** Paths of tracked files with uncommitted changes. */
  dirty: Set<string>;
  /** Paths of files git does not track yet (and does not ignore). */
  untracked: Set<string>;
  /** True when a repository read is a shallow clone. */
  shallow: boolean;
  /** Problems worth a warning (a `.git-blame-ignore-revs` line that is not a commit hash). */
  problems: string[];
  /** Why git dates failed where a repository was found (git's own errors): always worth a warning. */
  failures: string[];
  /** Why git dates are not available at all (no git, no source folder in a repository). */
  unavailable?: string;
}

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run(cwd, args, 64 * 1024 * 1024);
  return stdout.trim();
}

/** A source folder inside a repository: as git names it, and as the caller gave it. */
interface Folder {
  /** Relative to the repository's top, as git names it. */
  rel: string;
  /** Relative to `root`, posix, as a source's `rel` starts (`''` for the root itself). */
  fromRoot: string;
}

/**
 * A path relative to the top as the caller names its sources: relative to `root`, under the
 * folder it gave (the form of `SourceFile.rel`, so no path is resolved per source).
 */
function givenPath(path: string, folders: Folder[]): string | null {
  for (const { rel, fromRoot } of folders) {
    const rest =
      rel === '.' ? path : path.startsWith(`${rel}/`) ? path.slice(rel.length + 1) : null;
    if (rest !== null) return fromRoot === '' ? rest : `${fromRoot}/${rest}`;
  }
  return null;
}

/** Whether a repository (or submodule) of its own starts between `top` and `dir`. */
function hasOwnRepository(dir: string, top: string): boolean {
  for (let at = dir; at.length > top.length; at = dirname(at))
    if (existsSync(join(at, '.git'))) return true;
  return false;
}

/** The work tree each folder is in (null when none, or git is missing). */
async function topLevel(dir: string): Promise<string | null | 'no-git'> {
  try {
    return await git(dir, ['rev-parse', '--show-toplevel']);
  } catch (error) {
    if (
      (error as { code?: string }).code === 'ENOENT' &&
      (error as { path?: string }).path === 'git'
    )
      return 'no-git';
    return null;
  }
}

/** What `git status` says of the files under `paths`: modified, and untracked. */
async function workTreeState(
  top: string,
  paths: string[],
): Promise<{ dirty: string[]; untracked: string[] }> {
  // Paths relative to the top, as `git status -z` prints them.
  const status = await run(
    top,
    ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...paths],
    256 * 1024 * 1024,
  );
  const dirty: string[] = [];
  const untracked: string[] = [];
  const records = status.stdout.split('\0');
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as string;
    if (record.length < 4) continue;
    (record.startsWith('??') ? untracked : dirty).push(record.slice(3));
    // A rename record is followed by its old path.
    if (record[0] === 'R' || record[0] === 'C') i++;
  }
  return { dirty, untracked };
}

/**
 * No dates at all; with `unavailable`, the reason (no repository, no git: said only when `git` is
 * true); with `failure`, an error worth a warning whatever `git` is.
 */
/** `GitDates` as the git thread posts them: the paths and times as their data. */
export type GitDatesData = Omit<GitDates, 'dates' | 'cut'> & {
  dates: StringTimesData;
  cut: StringRowsData;
};

export function gitDatesData(dates: GitDates): GitDatesData {
  return { ...dates, dates: dates.dates.toData(), cut: dates.cut.toData() };
}

export function gitDatesFrom(data: GitDatesData): GitDates {
  return { ...data, dates: StringTimes.fromData(data.dates), cut: StringRows.fromData(data.cut) };
}

export function noGitDates(unavailable?: string, failure?: string): GitDates {
  return {
    dates: new StringTimes({ shared: true }),
    cut: new StringRows({ shared: true }),
    dirty: new Set(),
    untracked: new Set(),
    shallow: false,
    problems: [],
    failures: failure === undefined ? [] : [failure],
    ...(unavailable === undefined ? {} : { unavailable }),
  };
}

/** Reads git dates for every file under `dirs` (absolute folders): one pass per repository. */
export async function readGitDates(
  dirs: string[],
  ignore: readonly string[] = [],
  /** Paths in the result are relative to this folder, posix, as sources' `rel` are. */
  root = process.cwd(),
): Promise<GitDates> {
  const result = noGitDates();
  const byTop = new Map<string, Folder[]>();
  for (const dir of dirs) {
    let real: string;
    try {
      // git names the top by its real path; the folder may be reached through a link.
      real = realpathSync(dir);
    } catch {
      continue;
    }
    // A folder under a work tree already found, with no repository of its own, is in it.
    const known = [...byTop.keys()].find(
      (top) => real.startsWith(`${top}/`) && !hasOwnRepository(real, top),
    );
    const top = known ?? (await topLevel(dir));
    if (top === 'no-git') return { ...result, unavailable: 'git is not installed' };
    if (top === null) continue;
    const rel = relative(top, real).replaceAll('\\', '/') || '.';
    if (rel.startsWith('..') || isAbsolute(rel)) continue;
    const fromRoot = relative(root, dir).replaceAll('\\', '/');
    byTop.set(top, [...(byTop.get(top) ?? []), { rel, fromRoot }]);
  }
  if (byTop.size === 0)
    return { ...result, unavailable: 'no source folder is inside a git repository' };
  for (const [top, folders] of byTop) {
    const paths = folders.map((f) => f.rel);
    const shallow = (await git(top, ['rev-parse', '--is-shallow-repository'])) === 'true';
    const boundary = new Set<string>();
    if (shallow) {
      result.shallow = true;
      const shallowFile = resolve(top, await git(top, ['rev-parse', '--git-path', 'shallow']));
      for (const hash of (await readFile(shallowFile, 'utf8')).split('\n'))
        if (hash) boundary.add(hash.trim());
    }
    const revs = ignoredRevs(ignore);
    const revsFile = join(top, IGNORE_REVS_FILE);
    const revsText = await readFile(revsFile, 'utf8').catch(() => null);
    if (revsText !== null) parseIgnoreRevs(revsText, IGNORE_REVS_FILE, revs, result.problems);
    // Most often the folders are named alike from the top and from the root: every path the
    // history holds (in its folders, `git-history.ts`) is then a path of the result as it is.
    const alike = folders.every(({ rel, fromRoot }) => rel === (fromRoot === '' ? '.' : fromRoot));
    // The history and the work tree's state are read at once: neither waits for the other.
    const [read, state] = await Promise.all([
      contentDates(top, paths, boundary, revs, { shared: alike && byTop.size === 1 }).then(
        (history): History | Error => history,
        (error: Error) =>
          // A repository with no commit yet has no history: every source is untracked.
          /does not have any commits/.test(error.message)
            ? { dates: new ContentDates(), cut: new StringRows() }
            : error,
      ),
      workTreeState(top, paths),
    ]);
    if (read instanceof Error) {
      result.failures.push(`git dates are off in ${top}: ${read.message}`);
      continue;
    }
    const add = (path: string, to: (given: string) => void) => {
      const given = givenPath(path, folders);
      if (given !== null) to(given);
    };
    // One repository whose paths are alike: its dates are the result's, with no copy (at
    // 100,000 sources, a second table and 50 ms of this thread's time).
    const whole = byTop.size === 1 && alike ? read.dates.times() : null;
    if (whole) result.dates = whole;
    else if (alike) read.dates.copyInto(result.dates);
    else for (const [path, time] of read.dates) add(path, (p) => result.dates.set(p, time));
    for (const path of read.cut) add(path, (p) => result.cut.add(p));
    for (const path of state.dirty) add(path, (p) => result.dirty.add(p));
    for (const path of state.untracked) add(path, (p) => result.untracked.add(p));
  }
  return result;
}
