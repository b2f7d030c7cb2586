/**
 * Finds the `hugo` binary a project builds with (the project's own `node_modules/.bin/hugo`, as
 * the hugo-bin and hugo-extended packages install it, else `hugo` on PATH) and runs its read-only
 * commands in the project folder (touches disk, spawns processes).
 */
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** What a command printed, or why it failed in a line. */
export type HugoOutput = { ok: true; stdout: string } | { ok: false; message: string };

/** Generous: `hugo list all` reads every page of a large site. */
const TIMEOUT_MS = 5 * 60_000;
const MAX_BUFFER = 512 * 1024 * 1024;
const NAMES = process.platform === 'win32' ? ['hugo.exe', 'hugo.cmd', 'hugo'] : ['hugo'];

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The `hugo` binary for the project at `root`, or undefined when there is none.
 * @example findHugo('my-site') // 'my-site/node_modules/.bin/hugo', or '/usr/bin/hugo'
 */
export function findHugo(root: string, path = process.env.PATH ?? ''): string | undefined {
  const dirs = [join(root, 'node_modules', '.bin'), ...path.split(delimiter).filter(Boolean)];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const name of NAMES) if (isFile(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** The line of Hugo's error output that says what went wrong. */
function errorLine(stderr: string, fallback: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const line = lines.find((l) => /^Error\b|\bERROR\b/.test(l)) ?? lines.at(-1) ?? fallback;
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

/**
 * Runs `hugo <args>` in `root`.
 * @example await runHugo('/usr/bin/hugo', ['list', 'all'], 'my-site') // { ok: true, stdout: 'path,slug,...' }
 */
export function runHugo(bin: string, args: string[], root: string): Promise<HugoOutput> {
  return new Promise((done) => {
    // A `.cmd` shim (npm's, on Windows) runs through the shell: its path quoted, for spaces.
    const shell = bin.endsWith('.cmd');
    execFile(
      shell ? `"${bin}"` : bin,
      args,
      {
        cwd: root,
        encoding: 'utf8',
        timeout: TIMEOUT_MS,
        maxBuffer: MAX_BUFFER,
        windowsHide: true,
        shell,
      },
      (error, stdout, stderr) => {
        if (!error) return done({ ok: true, stdout });
        done({ ok: false, message: errorLine(stderr, error.message) });
      },
    );
  });
}
