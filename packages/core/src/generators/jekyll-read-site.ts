/**
 * Runs Jekyll on a project to learn what its build writes, without building it: the Ruby
 * program of `jekyll-read-script.ts` under `bundle exec` when the project has a Gemfile (the
 * gems and plugins it pins), else under the system `ruby` with the installed `jekyll` gem.
 * Touches the disk only through the child process, which writes nothing.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { JEKYLL_READ_MARKER, JEKYLL_READ_SCRIPT } from './jekyll-read-script.js';

/** One file the build writes, as Jekyll says it (absolute paths). */
export interface JekyllFile {
  kind: 'page' | 'document' | 'static';
  /** The source file, or null when no file of the project makes it (a plugin's page). */
  source: string | null;
  url: string;
  destination: string;
}

/** What Jekyll says of the site, as the Ruby program prints it. */
export interface JekyllSite {
  jekyll: string;
  /** Ruby's working directory (the project folder, symlinks resolved): what the paths start with. */
  cwd: string;
  source: string;
  destination: string;
  url: string | null;
  baseurl: string | null;
  /** Folders of collections that are written (`_posts`, `output: true`). */
  collections: string[];
  files: JekyllFile[];
  /** How long Jekyll took to load and read the site, in seconds. */
  seconds: number;
}

/** The site, or why it could not be read; `notes` says what was tried and fell back. */
export type JekyllRead =
  /** `command`: how Jekyll was run (`bundle exec ruby` or `ruby -rjekyll`). */
  | { ok: true; site: JekyllSite; command: string; notes: string[] }
  | { ok: false; problem: string; fix: string; notes: string[] };

/** How long Jekyll may take to read a site before it is given up on. */
const READ_TIMEOUT_MS = 120_000;
const GEMFILES = ['Gemfile', 'gems.rb'];

interface RunResult {
  /** The parsed JSON, or undefined when the command did not run or printed none. */
  json?: Record<string, unknown>;
  /** Why the command failed: not found, timed out, or the error it printed. */
  failure?: string;
  notFound?: boolean;
}

/** Where a Ruby error line starts: the file, line and method it was raised in. */
const RAISED_AT = /^\S+:\d+:in [`'][^']*': /;
/** A backtrace line. */
const BACKTRACE = /^\s+from /;

/**
 * The error a failed Ruby program printed, without its place and backtrace.
 * @example errorLine("/x/resolver.rb:235:in `verify': Could not find gem 'x'. (Bundler::GemNotFound)\n\tfrom ...") // "Could not find gem 'x'. (Bundler::GemNotFound)"
 */
export function errorLine(stderr: string): string | undefined {
  const line = stderr.split('\n').find((l) => l.trim() !== '' && !BACKTRACE.test(l));
  return line?.trim().replace(RAISED_AT, '');
}

/** Runs the Ruby program with `command args` in `cwd`; never rejects. */
function run(command: string, args: string[], cwd: string): Promise<RunResult> {
  return new Promise((done) => {
    execFile(
      command,
      [...args, '-e', JEKYLL_READ_SCRIPT],
      {
        cwd,
        timeout: READ_TIMEOUT_MS,
        maxBuffer: 512 * 1024 * 1024,
        // No network while reading: jekyll-github-metadata (GitHub Pages sites) asks GitHub's API.
        env: { ...process.env, LANG: process.env.LANG || 'C.UTF-8', PAGES_DISABLE_NETWORK: '1' },
      },
      (error, stdout, stderr) => {
        const at = stdout.lastIndexOf(JEKYLL_READ_MARKER);
        if (at !== -1) {
          try {
            done({ json: JSON.parse(stdout.slice(at + JEKYLL_READ_MARKER.length)) });
            return;
          } catch {
            // Cut short: said below as a failure.
          }
        }
        const code = (error as NodeJS.ErrnoException | null)?.code;
        if (code === 'ENOENT') {
          done({ failure: `\`${command}\` is not on PATH`, notFound: true });
          return;
        }
        if (error?.killed) {
          done({ failure: `no answer within ${READ_TIMEOUT_MS / 1000} s` });
          return;
        }
        done({ failure: errorLine(`${stderr}`) ?? error?.message ?? 'it printed no result' });
      },
    );
  });
}

/** The Ruby program's error, said as a problem and how to fix it. */
function failed(json: Record<string, unknown>, command: string, hasGemfile: boolean) {
  const error = String(json.error);
  if (json.missing === true) {
    return {
      problem: `\`${command}\` could not load Jekyll (${error})`,
      fix: hasGemfile
        ? 'run `bundle install` in the project'
        : 'install Jekyll (`gem install jekyll`, or your system package, e.g. `apt-get install jekyll`)',
    };
  }
  return {
    problem: `Jekyll could not read the site (${error})`,
    fix: hasGemfile
      ? 'check that `bundle exec jekyll build` works in the project (`bundle install` installs missing plugins)'
      : 'check that `jekyll build` works in the project (install any plugin it names)',
  };
}

/**
 * Asks Jekyll what the project at `root` writes.
 * @example const read = await readJekyllSite('my-blog'); if (read.ok) read.site.files.length
 */
export async function readJekyllSite(root: string): Promise<JekyllRead> {
  const notes: string[] = [];
  const hasGemfile = GEMFILES.some((name) => existsSync(join(root, name)));
  if (hasGemfile) {
    // Windows has `bundle.bat`, which execFile cannot run: Ruby finds the script itself there.
    const bundled =
      process.platform === 'win32'
        ? await run('ruby', ['-S', 'bundle', 'exec', 'ruby'], root)
        : await run('bundle', ['exec', 'ruby'], root);
    if (bundled.json && !('error' in bundled.json)) {
      return {
        ok: true,
        site: bundled.json as unknown as JekyllSite,
        command: 'bundle exec ruby',
        notes,
      };
    }
    const why = bundled.json
      ? failed(bundled.json, 'bundle exec ruby', true).problem
      : bundled.failure;
    notes.push(`\`bundle exec\` failed (${why}); read the site with the system Jekyll instead`);
  }
  const plain = await run('ruby', [], root);
  if (plain.json && !('error' in plain.json)) {
    return { ok: true, site: plain.json as unknown as JekyllSite, command: 'ruby -rjekyll', notes };
  }
  if (plain.json) return { ok: false, ...failed(plain.json, 'ruby -rjekyll', hasGemfile), notes };
  return {
    ok: false,
    problem: `Jekyll could not be run (${plain.failure})`,
    fix: plain.notFound
      ? 'install Ruby and Jekyll (e.g. `apt-get install jekyll`, or Ruby and `gem install jekyll`)'
      : 'check that `jekyll build` works in the project',
    notes,
  };
}
