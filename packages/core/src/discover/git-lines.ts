/**
 * Running git for the history readers: the options every call takes, the lower priority that
 * lets the walk go first, and a process's output read line by line as bytes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/** Options of every git call here: paths as they are, and nothing taken from the user's locale. */
export const GIT_OPTIONS = [
  '-c',
  'core.quotepath=off',
  '--literal-pathspecs',
  '--no-optional-locks',
];
/** English messages whatever the user's locale, and no lock on the index a user's git may need. */
export const GIT_ENV = { ...process.env, LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0' };

/**
 * The nice value of the git processes: git's answer is needed when the walk of the pages ends,
 * and the walk, which everything waits for, goes first on a busy machine. Measured on two cores
 * at 100,000 pages (bench/README.md), medians of two sets of six builds: the walk beside git
 * 1.63 -> 1.44 s and 2.04 -> 1.54 s, the build 2.48 -> 2.37 s and 2.90 -> 2.44 s.
 */
const GIT_NICE = 10;

/** Runs `child`, a git process just started, at `GIT_NICE` where the system lets it. */
export function behindTheWalk(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    setPriority(child.pid, GIT_NICE);
  } catch {
    // Not allowed here, or the process is gone already: it runs as it is.
  }
}

/**
 * Runs git in `top` and hands each line of its output to `onLine`, as the bytes
 * `bytes[from..to)` (a history of a million files is read without a string a line).
 */
export function eachLine(
  top: string,
  args: string[],
  onLine: (bytes: Buffer, from: number, to: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...GIT_OPTIONS, ...args], {
      cwd: top,
      env: GIT_ENV,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    behindTheWalk(child);
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    /** The start of a line the last chunk cut. */
    let rest: Buffer | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      let from = 0;
      if (rest !== null) {
        // Only the cut line is put together, not the whole chunk copied again.
        const end = chunk.indexOf(NEWLINE);
        if (end === -1) {
          rest = Buffer.concat([rest, chunk]);
          return;
        }
        const line = Buffer.concat([rest, chunk.subarray(0, end)]);
        rest = null;
        onLine(line, 0, line.length);
        from = end + 1;
      }
      for (let end = chunk.indexOf(NEWLINE, from); end !== -1; end = chunk.indexOf(NEWLINE, from)) {
        onLine(chunk, from, end);
        from = end + 1;
      }
      if (from < chunk.length) rest = chunk.subarray(from);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`git ${args[0]} failed: ${stderr.trim()}`));
      else {
        if (rest !== null) onLine(rest, 0, rest.length);
        resolve();
      }
    });
  });
}

const NEWLINE = 0x0a;

/**
 * Whether a path, by its UTF-8 bytes `bytes[from..to)`, is in `paths` (folders or files, as a
 * pathspec names them).
 */
export function inPaths(
  paths: readonly string[],
): (bytes: Buffer, from: number, to: number) => boolean {
  if (paths.includes('.')) return () => true;
  const folders = paths.map((p) => Buffer.from(`${p}/`));
  /** Whether `bytes[from..to)` starts with the first `length` bytes of `prefix`. */
  const starts = (bytes: Buffer, from: number, to: number, prefix: Buffer, length: number) => {
    if (to - from < length) return false;
    for (let i = 0; i < length; i++) if (bytes[from + i] !== prefix[i]) return false;
    return true;
  };
  return (bytes, from, to) => {
    for (const folder of folders) {
      const length = folder.length - 1;
      if (starts(bytes, from, to, folder, length + 1)) return true;
      if (to - from === length && starts(bytes, from, to, folder, length)) return true;
    }
    return false;
  };
}

/** `inPaths`, and the same test of a name given as a string (a line of the rare kind). */
export function pathTests(paths: readonly string[]): {
  bytesInside: (bytes: Buffer, from: number, to: number) => boolean;
  inside: (path: string) => boolean;
} {
  const bytesInside = inPaths(paths);
  const inside = (path: string) => {
    const bytes = Buffer.from(path);
    return bytesInside(bytes, 0, bytes.length);
  };
  return { bytesInside, inside };
}
