/**
 * Content dates of source files from git history (runs git): for each repository that holds a
 * source folder (found from the folder itself, not from the current folder), one `git log` pass
 * over those folders, never a process per file.
 *
 * - The date is the committer date of the newest commit that changed the file's content: when
 *   the change entered the history that was published (a rebased or cherry-picked change keeps
 *   its old author date, but reached the site when it was committed).
 * - A commit that only renames or moves a file (a 100% rename) is not a change: the file's date
 *   is found further back, under its old name.
 * - Commits listed in the repository's `.git-blame-ignore-revs` (the convention for
 *   mass-reformatting commits) and in the `gitIgnoreRevs` option do not count; a file that only
 *   such commits touched keeps the newest of their dates.
 * - In a shallow clone the oldest commit present shows every file as added, so a date that comes
 *   from a shallow boundary commit is unknown, not "the clone's commit date".
 * - `git status` names the files with uncommitted changes and the untracked ones: their
 *   modification time is an edit. A file git tracks and reports unchanged carries the checkout
 *   time, which says nothing.
 */
import { execFile, spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface GitDates {
  /** Absolute path -> commit time (ms) of the last commit that changed its content. */
  dates: Map<string, number>;
  /** Absolute paths whose history is cut by a shallow clone. */
  cut: Set<string>;
  /** Absolute paths of tracked files with uncommitted changes. */
  dirty: Set<string>;
  /** Absolute paths of files git does not track yet (and does not ignore). */
  untracked: Set<string>;
  /** True when a repository read is a shallow clone. */
  shallow: boolean;
  /** Problems worth a warning (a `.git-blame-ignore-revs` line that is not a commit hash). */
  problems: string[];
  /** Why git dates are not available at all (no git, no source folder in a repository). */
  unavailable?: string;
}

/** Commits whose changes do not count: full hashes, and abbreviated ones matched by prefix. */
export interface IgnoredRevs {
  full: Set<string>;
  prefixes: string[];
}

const FULL_HASH = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const HASH_PREFIX = /^[0-9a-f]{7,64}$/i;
const IGNORE_REVS_FILE = '.git-blame-ignore-revs';

/** Unquotes a path git printed in C style (`"caf\303\251.md"`). */
export function unquoteGitPath(path: string): string {
  if (!path.startsWith('"') || !path.endsWith('"')) return path;
  const body = path.slice(1, -1);
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const next = body[++i] as string;
    if (/[0-7]/.test(next)) {
      bytes.push(Number.parseInt(body.slice(i, i + 3), 8));
      i += 2;
    } else {
      const map: Record<string, number> = {
        n: 10,
        t: 9,
        r: 13,
        '"': 34,
        '\\': 92,
        a: 7,
        b: 8,
        f: 12,
        v: 11,
      };
      bytes.push(map[next] ?? next.charCodeAt(0));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd, maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

/**
 * Reads an ignore-revs file's text: one hash a line, `#` comments; other lines are problems.
 * @example parseIgnoreRevs('# reformat\n' + 'a'.repeat(40) + '\nnot-a-hash\n', 'x') // one hash, one problem naming x:3
 */
export function parseIgnoreRevs(
  text: string,
  file: string,
  into: IgnoredRevs,
  problems: string[],
): void {
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*/, '').trim().toLowerCase();
    if (line === '') return;
    if (FULL_HASH.test(line)) into.full.add(line);
    else
      problems.push(
        `${file}:${index + 1}: ${JSON.stringify(raw.trim().slice(0, 80))} is not a full commit hash; ignored`,
      );
  });
}

/** The user's `gitIgnoreRevs` (checked by the options). */
export function ignoredRevs(hashes: readonly string[]): IgnoredRevs {
  const revs: IgnoredRevs = { full: new Set(), prefixes: [] };
  for (const hash of hashes) {
    const h = hash.toLowerCase();
    if (FULL_HASH.test(h)) revs.full.add(h);
    else if (HASH_PREFIX.test(h)) revs.prefixes.push(h);
  }
  return revs;
}

function isIgnored(hash: string, revs: IgnoredRevs): boolean {
  return revs.full.has(hash) || revs.prefixes.some((p) => hash.startsWith(p));
}

/** Paths relative to the repository's top. */
interface History {
  dates: Map<string, number>;
  cut: Set<string>;
}

/** A source folder inside a repository: as git names it, and as the caller gave it. */
interface Folder {
  rel: string;
  dir: string;
}

/** A path relative to the top, as the caller would name it (under the folder it gave). */
function givenPath(path: string, folders: Folder[]): string | null {
  for (const { rel, dir } of folders) {
    if (rel === '.') return join(dir, path);
    if (path.startsWith(`${rel}/`)) return join(dir, path.slice(rel.length + 1));
  }
  return null;
}

/**
 * Streams `git log` newest first and keeps, per file, the newest commit that changed its content.
 * A pure rename passes the file's identity on to its old name; an ignored commit changes nothing
 * but is kept as a fallback date.
 */
function contentDates(
  top: string,
  paths: string[],
  boundary: Set<string>,
  revs: IgnoredRevs,
): Promise<History> {
  return new Promise((resolvePromise, reject) => {
    const args = [
      '-c',
      'core.quotepath=off',
      'log',
      '-M',
      '--format=%x1e%H %ct',
      '--name-status',
      '--',
      ...paths,
    ];
    const child = spawn('git', args, { cwd: top, stdio: ['ignore', 'pipe', 'pipe'] });
    const dates = new Map<string, number>();
    const cut = new Set<string>();
    /** Old path (as git names it in older commits) -> the path the file has now. */
    const renamedTo = new Map<string, string>();
    const fallback = new Map<string, number>();
    let time = 0;
    let isBoundary = false;
    let skip = false;
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const settle = (path: string) => {
      if (dates.has(path) || cut.has(path)) return;
      if (isBoundary) cut.add(path);
      else dates.set(path, time);
    };
    const lines = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
    lines.on('line', (line) => {
      if (line.startsWith('\x1e')) {
        const [hash = '', seconds = '0'] = line.slice(1).split(' ');
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
      const now = renamedTo.get(path) ?? path;
      if (dates.has(now) || cut.has(now)) return;
      if (status[0] === 'R' && fields.length === 3) {
        const old = unquoteGitPath(fields[1] ?? '');
        // A pure rename, or any change in an ignored commit, leaves the content as it was.
        if (status === 'R100' || skip) {
          renamedTo.set(old, now);
          if (skip && !fallback.has(now)) fallback.set(now, time);
          return;
        }
      }
      if (skip) {
        if (!fallback.has(now)) fallback.set(now, time);
        return;
      }
      settle(now);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`git log failed: ${stderr.trim()}`));
        return;
      }
      for (const [path, at] of fallback)
        if (!dates.has(path) && !cut.has(path)) dates.set(path, at);
      resolvePromise({ dates, cut });
    });
  });
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
    'git',
    [
      '-c',
      'core.quotepath=off',
      'status',
      '--porcelain=v1',
      '-z',
      '--untracked-files=all',
      '--',
      ...paths,
    ],
    { cwd: top, maxBuffer: 256 * 1024 * 1024 },
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

/** Reads git dates for every file under `dirs` (absolute folders): one pass per repository. */
export async function readGitDates(
  dirs: string[],
  ignore: readonly string[] = [],
): Promise<GitDates> {
  const result: GitDates = {
    dates: new Map(),
    cut: new Set(),
    dirty: new Set(),
    untracked: new Set(),
    shallow: false,
    problems: [],
  };
  const byTop = new Map<string, Folder[]>();
  for (const dir of dirs) {
    const top = await topLevel(dir);
    if (top === 'no-git') return { ...result, unavailable: 'git is not installed' };
    if (top === null) continue;
    // git names the top by its real path; the folder may be reached through a link.
    const rel = relative(top, realpathSync(dir)).replaceAll('\\', '/') || '.';
    if (rel.startsWith('..') || isAbsolute(rel)) continue;
    byTop.set(top, [...(byTop.get(top) ?? []), { rel, dir }]);
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
    let history: History;
    try {
      history = await contentDates(top, paths, boundary, revs);
    } catch (error) {
      // A repository with no commit yet has no history: every source is untracked.
      if (!/does not have any commits/.test((error as Error).message)) {
        result.problems.push(`git dates are off in ${top}: ${(error as Error).message}`);
        continue;
      }
      history = { dates: new Map(), cut: new Set() };
    }
    const add = (path: string, to: (given: string) => void) => {
      const given = givenPath(path, folders);
      if (given !== null) to(given);
    };
    for (const [path, time] of history.dates) add(path, (p) => result.dates.set(p, time));
    for (const path of history.cut) add(path, (p) => result.cut.add(p));
    const state = await workTreeState(top, paths);
    for (const path of state.dirty) add(path, (p) => result.dirty.add(p));
    for (const path of state.untracked) add(path, (p) => result.untracked.add(p));
  }
  return result;
}
