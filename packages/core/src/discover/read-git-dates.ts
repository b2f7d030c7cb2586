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
 * - The files with uncommitted changes and the untracked ones have their modification time as an
 *   edit. A file git tracks and reports unchanged carries the checkout time, which says nothing.
 *   Which they are is read from git's index (`git-index.ts`) and the staged changes (`git
 *   diff-index --cached`), not from a `git status` that would stat every file the walk stats
 *   too: a source whose file time is the one the index holds is clean, and only the others are
 *   asked of `git status`, by name, once the walk has their times (`askGit`). Where the index is
 *   one `git-index.ts` does not read, `git status` over the folders says it all, as it did.
 */
import { execFile } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { grown } from '../columns/native-memory.js';
import { StringRows, type StringRowsData } from '../columns/string-rows.js';
import { StringTimes, type StringTimesData } from '../columns/string-times.js';
import { ContentDates } from './content-dates.js';
import { contentDates, type History } from './git-history.js';
import {
  ASK,
  type IndexFacts,
  type IndexFactsData,
  indexFactsData,
  indexFactsFrom,
  noIndexFacts,
  readIndexTimes,
} from './git-index.js';
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
  /**
   * Paths of tracked files with uncommitted changes: with `index`, only those staged (the rest
   * are found by `askGit`).
   */
  dirty: Set<string>;
  /** Paths of files git does not track yet (and does not ignore); none found yet with `index`. */
  untracked: Set<string>;
  /**
   * What git's index holds of each tracked file under the folders (`git-index.ts`); null when
   * `git status` said which files are changed.
   */
  index: IndexFacts | null;
  /** The repositories read, for `askGit`. */
  repos: Repository[];
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
export interface Folder {
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

/** A repository read, and its source folders. */
export interface Repository {
  top: string;
  folders: Folder[];
}

/** A path relative to `root` under one of `folders`, as git names it from the top, or null. */
function topPath(path: string, folders: Folder[]): string | null {
  for (const { rel, fromRoot } of folders) {
    const rest =
      fromRoot === ''
        ? path
        : path.startsWith(`${fromRoot}/`)
          ? path.slice(fromRoot.length + 1)
          : null;
    if (rest !== null) return rel === '.' ? rest : `${rel}/${rest}`;
  }
  return null;
}

/**
 * What `readIndexTimes` hands out, for the entries under `folders`, put in `index` by the row of
 * `dates` of the path relative to the root (the bytes as they are when the folders are named
 * `alike` from both).
 */
function indexAdder(
  index: IndexFacts,
  dates: StringTimes,
  folders: Folder[],
  alike: boolean,
): (bytes: Buffer, from: number, to: number, time: number) => void {
  const prefixes = folders.map(({ rel }) => (rel === '.' ? null : Buffer.from(`${rel}/`)));
  /** Whether `bytes[from..to)` starts with `prefix` (a loop: most entries are under one). */
  const startsWith = (bytes: Buffer, from: number, to: number, prefix: Buffer): boolean => {
    if (to - from <= prefix.length) return false;
    for (let i = prefix.length - 1; i >= 0; i--) if (bytes[from + i] !== prefix[i]) return false;
    return true;
  };
  return (bytes, from, to, time) => {
    let under = false;
    for (const prefix of prefixes)
      if (prefix === null || startsWith(bytes, from, to, prefix)) {
        under = true;
        break;
      }
    if (!under) return;
    if (alike) {
      const row = dates.rowOfBytes(bytes, from, to);
      if (row !== -1) index.byDate[row] = time;
      else index.others.setBytes(bytes, from, to, time);
      return;
    }
    const given = givenPath(bytes.toString('utf8', from, to), folders);
    if (given === null) return;
    const row = dates.row(given);
    if (row !== -1) index.byDate[row] = time;
    else index.others.set(given, time);
  };
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

/**
 * What `git status` says of the files under `paths` (relative to the top; by default, the
 * repository's folders): modified, and untracked, as paths relative to the root.
 */
async function workTreeState(
  { top, folders }: Repository,
  paths = folders.map((f) => f.rel),
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
    const given = givenPath(record.slice(3), folders);
    if (given !== null) (record.startsWith('??') ? untracked : dirty).push(given);
    // A rename record is followed by its old path.
    if (record[0] === 'R' || record[0] === 'C') i++;
  }
  return { dirty, untracked };
}

/** Adds what `git status` said (`workTreeState`) to `result`. */
function addState(result: GitDates, state: { dirty: string[]; untracked: string[] }): void {
  for (const path of state.dirty) result.dirty.add(path);
  for (const path of state.untracked) result.untracked.add(path);
}

/** At most this many paths are asked of `git status` by name; for more, it reads the folders. */
export const ASK_BY_NAME = 1000;

/**
 * Which of `paths` (relative to the root: sources whose file time is not the one git's index
 * holds, or that it does not hold) git reports changed or untracked, by `git status` on those
 * paths; with `paths` null (more than `ASK_BY_NAME`), on each repository's folders whole.
 */
export async function askGit(git: GitDates, paths: readonly string[] | null): Promise<string[]> {
  const changed: string[] = [];
  for (const { top, folders } of git.repos) {
    const named: string[] = [];
    for (const path of paths ?? []) {
      const inTop = topPath(path, folders);
      if (inTop !== null) named.push(inTop);
    }
    if (paths !== null && named.length === 0) continue;
    const state = await workTreeState({ top, folders }, paths === null ? undefined : named);
    changed.push(...state.dirty, ...state.untracked);
  }
  return changed;
}

/** `GitDates` as the git thread posts them: the paths and times as their data. */
export type GitDatesData = Omit<GitDates, 'dates' | 'cut' | 'index'> & {
  dates: StringTimesData;
  cut: StringRowsData;
  index: IndexFactsData | null;
};

export function gitDatesData(dates: GitDates): GitDatesData {
  return {
    ...dates,
    dates: dates.dates.toData(),
    cut: dates.cut.toData(),
    index: dates.index === null ? null : indexFactsData(dates.index, dates.dates.size),
  };
}

export function gitDatesFrom(data: GitDatesData): GitDates {
  return {
    ...data,
    dates: StringTimes.fromData(data.dates),
    cut: StringRows.fromData(data.cut),
    index: data.index === null ? null : indexFactsFrom(data.index),
  };
}

/**
 * No dates at all; with `unavailable`, the reason (no repository, no git: said only when `git` is
 * true); with `failure`, an error worth a warning whatever `git` is.
 */
export function noGitDates(unavailable?: string, failure?: string): GitDates {
  return {
    dates: new StringTimes({ shared: true }),
    cut: new StringRows({ shared: true }),
    dirty: new Set(),
    untracked: new Set(),
    index: null,
    repos: [],
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
  // The index is read where every repository's can be; else `git status` says it all.
  let index: IndexFacts | null = noIndexFacts();
  const statusOf: Repository[] = [];
  const stagedBy: Array<{ folders: Folder[]; paths: string[] }> = [];
  for (const [top, folders] of byTop) {
    const paths = folders.map((f) => f.rel);
    const [shallowLine = '', indexFile = '', format = ''] = (
      await git(top, [
        'rev-parse',
        '--is-shallow-repository',
        '--git-path',
        'index',
        '--show-object-format',
      ])
    ).split('\n');
    const shallow = shallowLine === 'true';
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
    // The history and what is staged are read at once.
    const history = contentDates(top, paths, boundary, revs, {
      shared: alike && byTop.size === 1,
    }).then(
      (history): History | Error => history,
      (error: Error) =>
        // A repository with no commit yet has no history: every source is untracked.
        /does not have any commits/.test(error.message)
          ? { dates: new ContentDates(), cut: new StringRows() }
          : error,
    );
    const staged =
      index === null
        ? null
        : run(
            top,
            ['diff-index', '--cached', '--name-only', '-z', '--no-renames', 'HEAD', '--', ...paths],
            64 * 1024 * 1024,
          ).then(
            ({ stdout }) => stdout.split('\0').filter((path) => path !== ''),
            () => null,
          );
    // Both awaited, so no git process outlives the read.
    const [read, stagedPaths] = await Promise.all([history, staged]);
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
    // The index, once the dates are in: each entry goes by its path's row of them.
    if (index !== null) {
      const before = index.byDate.length;
      index.byDate = grown(index.byDate, result.dates.size);
      index.byDate.fill(ASK, before);
      const readIt =
        stagedPaths !== null &&
        (format === 'sha1' || format === 'sha256') &&
        readIndexTimes(
          resolve(top, indexFile),
          format === 'sha1' ? 20 : 32,
          indexAdder(index, result.dates, folders, alike),
        );
      if (!readIt) {
        // This repository's index is not read here (or it has no commit to compare with): `git
        // status` says which files are changed, in every repository.
        index = null;
        statusOf.push(...result.repos);
      }
    }
    result.repos.push({ top, folders });
    if (index === null) addState(result, await workTreeState({ top, folders }));
    else stagedBy.push({ folders, paths: stagedPaths ?? [] });
  }
  result.index = index;
  // What is staged, where the index is read; else `git status` for the repositories read
  // before the one whose index could not be.
  if (index !== null)
    for (const { folders, paths } of stagedBy)
      for (const path of paths) {
        const given = givenPath(path, folders);
        if (given !== null) result.dirty.add(given);
      }
  for (const repository of statusOf) addState(result, await workTreeState(repository));
  return result;
}
