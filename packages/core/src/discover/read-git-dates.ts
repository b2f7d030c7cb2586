/**
 * Last-commit dates of source files, from one `git log` pass over the repository (runs git).
 *
 * In a shallow clone the oldest commit present shows every file as added, so a date that comes
 * from a shallow boundary commit is unknown, not "the clone's commit date". A file with
 * uncommitted changes (or untracked) has changed now: it is reported as dirty, and the lastmod
 * chain takes its modification time instead.
 */
import { execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface GitDates {
  /** Absolute path -> commit time (ms) of the last commit that touched it. */
  dates: Map<string, number>;
  /** Absolute paths whose history is cut by a shallow clone. */
  cut: Set<string>;
  /** Absolute paths with uncommitted changes or untracked. */
  dirty: Set<string>;
  shallow: boolean;
  /** Why git dates are not available at all (not a repository, no git). */
  unavailable?: string;
}

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

/** Streams `git log` and keeps, per file, the first (newest) commit that names it. */
function lastCommits(
  top: string,
  paths: string[],
  boundary: Set<string>,
): Promise<{ dates: Map<string, number>; cut: Set<string> }> {
  return new Promise((resolvePromise, reject) => {
    const args = [
      '-c',
      'core.quotepath=off',
      'log',
      '--no-renames',
      '--format=%x1e%H %ct',
      '--name-only',
      '--',
      ...paths,
    ];
    const child = spawn('git', args, { cwd: top, stdio: ['ignore', 'pipe', 'pipe'] });
    const dates = new Map<string, number>();
    const cut = new Set<string>();
    let time = 0;
    let isBoundary = false;
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const lines = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
    lines.on('line', (line) => {
      if (line.startsWith('\x1e')) {
        const [hash = '', seconds = '0'] = line.slice(1).split(' ');
        time = Number(seconds) * 1000;
        isBoundary = boundary.has(hash);
        return;
      }
      if (line === '') return;
      const file = join(top, unquoteGitPath(line));
      if (dates.has(file) || cut.has(file)) return;
      if (isBoundary) cut.add(file);
      else dates.set(file, time);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise({ dates, cut });
      else reject(new Error(`git log failed: ${stderr.trim()}`));
    });
  });
}

/** Reads git dates for every file under `dirs` (absolute folders) in one pass. */
export async function readGitDates(root: string, dirs: string[]): Promise<GitDates> {
  const empty = {
    dates: new Map(),
    cut: new Set<string>(),
    dirty: new Set<string>(),
    shallow: false,
  };
  let top: string;
  try {
    top = await git(root, ['rev-parse', '--show-toplevel']);
  } catch (error) {
    const message =
      (error as { code?: string }).code === 'ENOENT'
        ? 'git is not installed'
        : `${root} is not in a git repository`;
    return { ...empty, unavailable: message };
  }
  const paths = dirs
    .map((d) => relative(top, d) || '.')
    .filter((p) => !p.startsWith('..') && !isAbsolute(p));
  if (paths.length === 0)
    return { ...empty, unavailable: 'no source folder is inside the git repository' };
  const shallow = (await git(top, ['rev-parse', '--is-shallow-repository'])) === 'true';
  const boundary = new Set<string>();
  if (shallow) {
    const shallowFile = resolve(top, await git(top, ['rev-parse', '--git-path', 'shallow']));
    for (const hash of (await readFile(shallowFile, 'utf8')).split('\n'))
      if (hash) boundary.add(hash.trim());
  }
  let commits: { dates: Map<string, number>; cut: Set<string> };
  try {
    commits = await lastCommits(top, paths, boundary);
  } catch (error) {
    // A repository with no commit yet has no history: every source is untracked.
    if (/does not have any commits/.test((error as Error).message))
      commits = { dates: new Map(), cut: new Set() };
    else return { ...empty, unavailable: (error as Error).message };
  }
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
    {
      cwd: top,
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const dirty = new Set<string>();
  const records = status.stdout.split('\0');
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as string;
    if (record.length < 4) continue;
    dirty.add(join(top, record.slice(3)));
    // A rename record is followed by its old path.
    if (record[0] === 'R' || record[0] === 'C') i++;
  }
  return { dates: commits.dates, cut: commits.cut, dirty, shallow };
}
