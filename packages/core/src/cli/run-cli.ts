/**
 * The `sitemapkit` command. `build` generates the sitemaps of a static output folder;
 * `validate` checks any sitemap against the protocol. Exit 0 on success, 1 when generation or
 * validation fails, 2 on a usage error (with the nearest flag or command for a typo).
 *
 * What it prints: the summary on stdout; warnings, errors and, on a terminal, the progress of a
 * long build on stderr; colour only on a terminal (cli/colour.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isSitemapError } from '../errors.js';
import { generateSitemaps } from '../generate-sitemaps.js';
import { detectionFor, detectSite } from '../generators/detect.js';
import type { DetectedSite } from '../generators/types.js';
import { closest, didYouMean } from '../options/did-you-mean.js';
import type { SitemapOptions } from '../types.js';
import { validateCommand } from '../validate/index.js';
import { BUILD_FLAGS, type BuildOutput, parseBuildArgs, requireTarget } from './build-args.js';
import { type Env, styleFor } from './colour.js';
import { withFlagNames } from './flag-names.js';
import { HELP } from './help.js';
import { NO_PROGRESS, startProgress } from './progress.js';
import { formatSummary } from './summary.js';
import { helpPointer, UsageError } from './usage-error.js';

const COMMANDS = ['build', 'validate', 'help'] as const;

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stdout is a terminal (colour). @default false */
  stdoutIsTTY?: boolean;
  /** Whether stderr is a terminal (colour, the progress line). @default false */
  stderrIsTTY?: boolean;
  /** Width of the terminal on stderr, for the progress line. */
  columns?: number;
  /** NO_COLOR, FORCE_COLOR, TERM, CI. @default process.env */
  env?: Env;
  /** How long a build runs before its progress line shows. @default 1500 */
  progressDelayMs?: number;
}

const defaultIO: CliIO = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  get stdoutIsTTY() {
    return process.stdout.isTTY === true;
  },
  get stderrIsTTY() {
    return process.stderr.isTTY === true;
  },
  get columns() {
    return process.stderr.columns;
  },
};

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** Generates with the progress line on a terminal; always clears it before anything else prints. */
async function generateWithProgress(
  options: SitemapOptions,
  output: BuildOutput,
  io: CliIO,
  env: Env,
) {
  const progress =
    output.quiet || output.json
      ? NO_PROGRESS
      : startProgress({
          stream: { isTTY: io.stderrIsTTY, columns: io.columns, write: io.stderr },
          env,
          ...(io.progressDelayMs === undefined ? {} : { delayMs: io.progressDelayMs }),
        });
  try {
    const onProgress = progress === NO_PROGRESS ? {} : { onProgress: progress.update };
    return await generateSitemaps({ ...options, ...onProgress });
  } finally {
    progress.stop();
  }
}

async function build(args: string[], io: CliIO, env: Env): Promise<number> {
  const { options: given, detect, ...output } = parseBuildArgs(args);
  const out = styleFor({ isTTY: io.stdoutIsTTY }, env);
  const err = styleFor({ isTTY: io.stderrIsTTY }, env);
  try {
    const root = resolve(given.root ?? '.');
    const found = detect ? await detectSite(root, given.outDir) : undefined;
    const { detected, notes } = detectionFor(found, given, root);
    const say = !output.quiet && !output.json;
    if (say) for (const note of notes) io.stdout(`${note}\n`);
    // Said before anything can fail: a site URL not found may be the warning's doing.
    for (const warning of detected?.warnings ?? [])
      io.stderr(`${err.yellow('warning:')} ${withFlagNames(warning)}\n`);
    const options = requireTarget(given, detected, root, detect);
    const result = await generateWithProgress(options, output, io, env);
    if (output.json) {
      const json = detected ? { detected: detectedForJson(detected), ...result } : result;
      io.stdout(`${JSON.stringify(json, null, 2)}\n`);
    } else if (!output.quiet)
      io.stdout(
        `${formatSummary(result, process.cwd(), { verbose: output.verbose, bold: out.bold })}\n`,
      );
    for (const warning of result.warnings)
      io.stderr(`${err.yellow('warning:')} ${withFlagNames(warning.message)}\n`);
    return 0;
  } catch (error) {
    if (isSitemapError(error)) {
      io.stderr(`${err.red(withFlagNames(error.message))}\n`);
      return error.code === 'invalid-options' ? 2 : 1;
    }
    throw error;
  }
}

/** What `--json` says of detection: the generator and its config, not every page's source. */
function detectedForJson(site: DetectedSite) {
  const { pageSources, pageAlternates, warnings, siteWarning, ...rest } = site;
  return { ...rest, pages: Object.keys(pageSources).length, warnings };
}

/**
 * A first word that is no command: the nearest command; for a folder or a build flag given
 * first, how to build.
 */
function unknownCommand(command: string, rest: readonly string[]): UsageError {
  const buildFirst = '; the command comes first: sitemapkit build <outDir> --site <url>';
  if (command.startsWith('-')) {
    const near = didYouMean(command, ['--help', '--version']);
    const flag = near === '' && closest(command, BUILD_FLAGS) !== undefined;
    return new UsageError(`unknown option ${command}${near}${flag ? buildFirst : ''}`);
  }
  const near = didYouMean(command, COMMANDS);
  if (near !== '') return new UsageError(`unknown command ${JSON.stringify(command)}${near}`);
  const folder = rest.some((arg) => arg === '--site' || arg.startsWith('--site='));
  return new UsageError(
    `unknown command ${JSON.stringify(command)}${folder ? `; to build that folder: sitemapkit build ${command} --site <url>` : '; the commands are build and validate'}`,
  );
}

/** Runs the CLI with `args` (without `node` and the script); returns the exit code. */
export async function runCli(args: string[], io: CliIO = defaultIO): Promise<number> {
  const [command, ...rest] = args;
  const env = io.env ?? process.env;
  const err = styleFor({ isTTY: io.stderrIsTTY }, env);
  try {
    if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
      io.stdout(HELP);
      return command === undefined ? 2 : 0;
    }
    if (command === '-v' || command === '--version') {
      io.stdout(`${version()}\n`);
      return 0;
    }
    if (command === 'validate') return await validateCommand(rest, io);
    if (command !== 'build') throw unknownCommand(command, rest);
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(HELP);
      return 0;
    }
    return await build(rest, io, env);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${err.red(`sitemapkit: ${error.message}`)}\n${helpPointer(error)}\n`);
      return 2;
    }
    // A system error (a file that cannot be read or written) is the user's to act on: its
    // message names the file. Anything else is a defect of ours: its stack helps report it.
    const system = typeof (error as { syscall?: unknown }).syscall === 'string';
    io.stderr(
      `${err.red(`sitemapkit: ${system ? (error as Error).message : ((error as Error).stack ?? String(error))}`)}\n`,
    );
    return 1;
  }
}
