/**
 * `sitemapkit validate <target> [--site <url>] [--limits seeds|current] [--json] [--no-xsd]`.
 * Parses its own flags and returns the exit code: 0 no errors (warnings allowed), 1 errors found
 * (or the check could not run, with a one-line message), 2 usage error. Never throws.
 */

import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { argsProblem } from '../cli/usage-error.js';
import { isSitemapError } from '../errors.js';
import { formatReport } from './format.js';
import { normaliseSite } from './site.js';
import { validateSitemaps } from './validate-sitemaps.js';

export interface CommandIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

export const VALIDATE_USAGE = `Usage: sitemapkit validate <target> [options]

Checks a built folder, a sitemap or a sitemap index (.xml or .xml.gz), including sitemaps written
by other tools, against the Sitemaps protocol. An index is followed to its sitemaps.

Options:
  --site <url>       URL the target folder is served at, e.g. https://example.com/docs/.
                     Maps sitemap URLs onto files and gives each sitemap its URL for the
                     location rule; inferred from an index's listing when not given.
  --limits <preset>  seeds (default): over 10,485,760 bytes or 1,000 sitemaps per index is an error.
                     current: up to 52,428,800 bytes and 50,000 sitemaps; over the seeds, a warning.
  --json             print the report as JSON
  --no-xsd           skip the XSD pass (xmllint)
  -h, --help         show this help

Findings: at most 100 per rule and file are listed (20 in this summary), the rest counted.
Reading stops at 52,428,800 uncompressed bytes per file, however far a .gz inflates.

Exit code: 0 no errors (warnings allowed), 1 errors found, 2 usage error.
`;

const OPTIONS = {
  site: { type: 'string' },
  limits: { type: 'string' },
  json: { type: 'boolean' },
  'no-xsd': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function usageError(io: CommandIO, message: string): number {
  io.stderr(`sitemapkit validate: ${message}\nRun "sitemapkit validate --help" for usage.\n`);
  return 2;
}

/** Every flag, for "did you mean" after a mistyped one. */
const FLAGS = Object.keys(OPTIONS).map((name) => `--${name}`);

/**
 * Runs `sitemapkit validate` with the arguments after `validate`.
 * @example await validateCommand(['dist', '--site', 'https://example.com/'], { stdout: console.log, stderr: console.error })
 */
export async function validateCommand(args: string[], io: CommandIO): Promise<number> {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return usageError(io, argsProblem(error, FLAGS));
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    io.stdout(VALIDATE_USAGE);
    return 0;
  }
  const [target, ...extra] = positionals;
  if (target === undefined)
    return usageError(io, 'missing <target>: a built folder, or a sitemap or index file');
  if (extra.length > 0) return usageError(io, `one <target> only, got also: ${extra.join(' ')}`);
  const limits = values.limits ?? 'seeds';
  if (limits !== 'seeds' && limits !== 'current') {
    return usageError(io, `--limits must be seeds or current, got "${limits}"`);
  }
  if (values.site !== undefined && normaliseSite(values.site) === undefined) {
    return usageError(io, `--site must be an absolute http(s) URL, got "${values.site}"`);
  }

  let report: Awaited<ReturnType<typeof validateSitemaps>>;
  try {
    report = await validateSitemaps(target, {
      ...(values.site !== undefined && { site: values.site }),
      limits,
      xsd: values['no-xsd'] !== true,
    });
  } catch (error) {
    if (isSitemapError(error) && error.code === 'invalid-options')
      return usageError(io, error.message);
    return failure(io, target, error);
  }
  try {
    if (values.json === true) {
      io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      const folder = relative(process.cwd(), report.root);
      io.stdout(formatReport(report, { prefix: folder === '' ? '' : `${folder}/` }));
    }
  } catch (error) {
    return failure(io, target, error);
  }
  return report.errors > 0 ? 1 : 0;
}

/** A check that could not run (the report cannot be written, ...): one line, no stack, exit 1. */
function failure(io: CommandIO, target: string, error: unknown): number {
  const message = error instanceof Error ? error.message : String(error);
  io.stderr(`sitemapkit validate: cannot check ${target}: ${message}\n`);
  return 1;
}
