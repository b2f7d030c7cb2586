/**
 * Usage errors of the `sitemapkit` command: what was typed wrong, said in the user's terms, with
 * the nearest flag or command and where the help is. They exit with code 2.
 */
import { didYouMean } from '../options/did-you-mean.js';

/** A mistake in the command line; `help` is the command that shows the usage. */
export class UsageError extends Error {
  readonly help: string;

  constructor(message: string, help = 'sitemapkit --help') {
    super(message);
    this.help = help;
  }
}

/** `Unknown option '--sit'. To specify...` and `Option '--site <value>' argument missing`. */
const QUOTED_OPTION = /'(-[^' =<]+)/;

/**
 * Node's parseArgs error, said the way the rest of the CLI speaks: "unknown option --sit; did
 * you mean --site?", "--site needs a value", "--gzip takes no value".
 * @example argsProblem(error, ['--site']) // 'unknown option --sit; did you mean --site?'
 */
export function argsProblem(error: unknown, flags: readonly string[]): string {
  const { code, message } = error as { code?: string; message: string };
  const option = QUOTED_OPTION.exec(message)?.[1];
  if (option === undefined) return message;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return `unknown option ${option}${didYouMean(option, flags)}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (message.includes('does not take an argument')) return `${option} takes no value`;
    if (message.includes('ambiguous'))
      return `${option} needs a value; one that starts with a dash is written ${option}=-value`;
    return `${option} needs a value`;
  }
  return message;
}

/**
 * The line after a usage error: where the help is.
 * @example helpPointer(new UsageError('unknown option --sit', 'sitemapkit build --help'))
 *   // 'Run "sitemapkit build --help" for usage.'
 */
export function helpPointer(error: UsageError): string {
  return `Run "${error.help}" for usage.`;
}
