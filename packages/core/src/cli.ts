/**
 * The `sitemapkit` command. `build` generates the sitemaps of a static output folder;
 * `validate` checks any sitemap against the protocol. Exit 0 on success, 1 when generation or
 * validation fails, 2 on a usage error.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatSummary } from './cli/summary.js';
import { isSitemapError } from './errors.js';
import { generateSitemaps } from './generate-sitemaps.js';
import type { ChangeFreq, LastmodSource, SitemapOptions, SourceDir } from './types.js';
import { validateCommand } from './validate/command.js';

const HELP = `Usage: sitemapkit <command> [options]

Commands:
  build <outDir> --site <url>   write sitemaps for the HTML pages in a built site's folder
  validate <target>             check a sitemap, an index or a built folder against the protocol

build options:
  --site <url>               absolute http(s) URL of the deployed site (required)
  --base <path>              path the site is served under (default /)
  --trailing-slash <policy>  always | never | ignore (default ignore)
  --format <format>          how pages were emitted: directory | file | preserve (default preserve)
  --no-clean-urls            list about.html as /about.html instead of /about
  --source <dir>[=<route>]   page sources for frontmatter, git and file dates (repeatable),
                             e.g. --source src/pages --source src/content/blog=/blog/
  --root <dir>               folder that --source and --report are relative to (default .)
  --include <glob>           list only URL paths matching (repeatable), e.g. '/docs/**'
  --exclude <glob>           leave out URL paths matching (repeatable), e.g. '/drafts/**'
  --keep-error-pages         list root-level 404 and 500 pages too
  --custom-page <url>        also list this absolute URL (repeatable)
  --custom-sitemap <url>     also list this sitemap in the index (repeatable)
  --git                      dates from git history, and warn when git cannot be used
                             (default: used wherever the sources are in a git work tree)
  --no-git                   no dates from git
  --git-ignore-rev <hash>    a commit that changed no content, e.g. a reformat (repeatable;
                             .git-blame-ignore-revs is read too)
  --lastmod-from <kinds>     an order instead of the newest evidence, e.g. frontmatter,git
                             (kinds: frontmatter, head, git, mtime)
  --modified-field <name>    a frontmatter field that says when a page was modified (repeatable)
  --published-field <name>   a frontmatter field that says when a page was published (repeatable)
  --no-lastmod-from-children do not date listing pages by the newest page under them
  --no-head                  do not read page heads (noindex, canonical, redirects, hreflang)
  --lastmod <date>           lastmod for pages whose own date is unknown
  --changefreq <value>       changefreq for every URL (not written unless set)
  --priority <0.0-1.0>       priority for every URL (not written unless set)
  --gzip                     write .xml.gz sitemaps
  --no-robots-txt            leave robots.txt alone
  --max-urls <n>             URLs per sitemap file (default and maximum 50000)
  --max-bytes <n>            bytes per sitemap file (default 10485760, maximum 52428800)
  --max-sitemaps <n>         sitemaps per index file (default 1000, maximum 50000)
  --filename-base <name>     file names: <name>-index.xml, <name>-0-<hash>.xml (default sitemap)
  --xsl-url <url>            stylesheet referenced from every file
  --report <file>            write a JSON report of every page and its lastmod source
  --strict                   fail on page-level problems (bad dates, unreadable files)
  --force                    build even where outDir does not look like a site's output
                             (the filesystem root, the home folder, no HTML near its top)
  --no-threads               keep all work on one thread (large sites use a second one)
  --json                     print the result as JSON instead of the summary
  --quiet                    print warnings and errors only

  -h, --help                 show this help
  -v, --version              show the version
`;

/** Option name -> flag, so error messages name what the user typed. */
const FLAG_OF: Record<string, string> = {
  site: '--site',
  base: '--base',
  trailingSlash: '--trailing-slash',
  format: '--format',
  lastmod: '--lastmod',
  changefreq: '--changefreq',
  priority: '--priority',
  maxUrlsPerSitemap: '--max-urls',
  maxBytesPerSitemap: '--max-bytes',
  maxSitemapsPerIndex: '--max-sitemaps',
  filenameBase: '--filename-base',
  xslURL: '--xsl-url',
  outDir: '<outDir>',
  customPages: '--custom-page',
  customSitemaps: '--custom-sitemap',
  sources: '--source',
  root: '--root',
  git: '--git',
  gitIgnoreRevs: '--git-ignore-rev',
  lastmodFrom: '--lastmod-from',
  lastmodFromChildren: '--no-lastmod-from-children',
  head: '--no-head',
  report: '--report',
  force: '--force',
  include: '--include',
  exclude: '--exclude',
};

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const defaultIO: CliIO = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
};

class UsageError extends Error {}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

function toInt(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value))
    throw new UsageError(`${flag} must be a whole number; got ${JSON.stringify(value)}`);
  return Number(value);
}

function parseSource(value: string): SourceDir {
  const eq = value.indexOf('=');
  if (eq === -1) return { dir: value };
  const dir = value.slice(0, eq);
  const route = value.slice(eq + 1);
  if (!dir || !route)
    throw new UsageError(`--source must be <dir> or <dir>=<route>; got ${JSON.stringify(value)}`);
  return { dir, route };
}

function dateFieldFlags(
  modified: string[] | undefined,
  published: string[] | undefined,
): SitemapOptions['dateFields'] {
  if (!modified && !published) return undefined;
  return { ...(modified ? { modified } : {}), ...(published ? { published } : {}) };
}

/** Parses `build` arguments into core options (exported for tests). */
export function parseBuildArgs(args: string[]): {
  options: SitemapOptions;
  json: boolean;
  quiet: boolean;
} {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      allowNegative: true,
      strict: true,
      options: {
        site: { type: 'string' },
        base: { type: 'string' },
        'trailing-slash': { type: 'string' },
        format: { type: 'string' },
        'clean-urls': { type: 'boolean' },
        source: { type: 'string', multiple: true },
        root: { type: 'string' },
        include: { type: 'string', multiple: true },
        exclude: { type: 'string', multiple: true },
        'keep-error-pages': { type: 'boolean' },
        'custom-page': { type: 'string', multiple: true },
        'custom-sitemap': { type: 'string', multiple: true },
        git: { type: 'boolean' },
        'git-ignore-rev': { type: 'string', multiple: true },
        'lastmod-from': { type: 'string' },
        'modified-field': { type: 'string', multiple: true },
        'published-field': { type: 'string', multiple: true },
        'lastmod-from-children': { type: 'boolean' },
        head: { type: 'boolean' },
        lastmod: { type: 'string' },
        changefreq: { type: 'string' },
        priority: { type: 'string' },
        gzip: { type: 'boolean' },
        'robots-txt': { type: 'boolean' },
        'max-urls': { type: 'string' },
        'max-bytes': { type: 'string' },
        'max-sitemaps': { type: 'string' },
        'filename-base': { type: 'string' },
        'xsl-url': { type: 'string' },
        report: { type: 'string' },
        strict: { type: 'boolean' },
        force: { type: 'boolean' },
        threads: { type: 'boolean' },
        json: { type: 'boolean' },
        quiet: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const v = parsed.values as Record<string, string | boolean | string[] | undefined>;
  if (parsed.positionals.length === 0)
    throw new UsageError('build needs the output folder: sitemapkit build <outDir> --site <url>');
  if (parsed.positionals.length > 1)
    throw new UsageError(`build takes one output folder; got ${parsed.positionals.join(', ')}`);
  if (v.site === undefined)
    throw new UsageError(
      '--site is required: the absolute URL of the deployed site, e.g. --site https://example.com',
    );
  const str = (name: string) => v[name] as string | undefined;
  const list = (name: string) => v[name] as string[] | undefined;
  const bool = (name: string) => v[name] as boolean | undefined;
  let priority: number | undefined;
  if (str('priority') !== undefined) {
    priority = Number(str('priority'));
    if (str('priority')?.trim() === '' || Number.isNaN(priority)) {
      throw new UsageError(
        `--priority must be a number from 0.0 to 1.0; got ${JSON.stringify(str('priority'))}`,
      );
    }
  }
  const options: SitemapOptions = {
    site: str('site') as string,
    outDir: parsed.positionals[0] as string,
    base: str('base'),
    root: str('root'),
    trailingSlash: str('trailing-slash') as SitemapOptions['trailingSlash'],
    format: str('format') as SitemapOptions['format'],
    cleanUrls: bool('clean-urls'),
    sources: list('source')?.map(parseSource),
    include: list('include'),
    exclude: list('exclude'),
    excludeErrorPages:
      bool('keep-error-pages') === undefined ? undefined : !bool('keep-error-pages'),
    customPages: list('custom-page'),
    customSitemaps: list('custom-sitemap'),
    git: bool('git'),
    gitIgnoreRevs: list('git-ignore-rev'),
    lastmodFrom: str('lastmod-from')
      ?.split(',')
      .map((kind) => kind.trim())
      .filter((kind) => kind !== '') as LastmodSource[] | undefined,
    dateFields: dateFieldFlags(list('modified-field'), list('published-field')),
    lastmodFromChildren: bool('lastmod-from-children'),
    head: bool('head'),
    lastmod: str('lastmod'),
    changefreq: str('changefreq') as ChangeFreq | undefined,
    priority,
    gzip: bool('gzip'),
    robotsTxt: bool('robots-txt'),
    maxUrlsPerSitemap: toInt('--max-urls', str('max-urls')),
    maxBytesPerSitemap: toInt('--max-bytes', str('max-bytes')),
    maxSitemapsPerIndex: toInt('--max-sitemaps', str('max-sitemaps')),
    filenameBase: str('filename-base'),
    xslURL: str('xsl-url'),
    report: str('report'),
    strict: bool('strict'),
    force: bool('force'),
    threads: bool('threads'),
  };
  for (const key of Object.keys(options) as Array<keyof SitemapOptions>) {
    if (options[key] === undefined) delete options[key];
  }
  return { options, json: bool('json') ?? false, quiet: bool('quiet') ?? false };
}

/**
 * Option names in a core message, as the flags a CLI user types.
 * @example withFlagNames('map them with `sources`') // 'map them with --source'
 */
export function withFlagNames(message: string): string {
  return message.replace(
    /`([A-Za-z]+)(\.[^`]*)?`/g,
    (whole, name: string, rest: string | undefined) => {
      const flag = FLAG_OF[name];
      return flag && !rest ? flag : whole;
    },
  );
}

async function build(args: string[], io: CliIO): Promise<number> {
  const { options, json, quiet } = parseBuildArgs(args);
  try {
    const result = await generateSitemaps(options);
    if (json) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    else if (!quiet) io.stdout(`${formatSummary(result)}\n`);
    for (const warning of result.warnings)
      io.stderr(`warning: ${withFlagNames(warning.message)}\n`);
    return 0;
  } catch (error) {
    if (isSitemapError(error)) {
      io.stderr(`${withFlagNames(error.message)}\n`);
      return error.code === 'invalid-options' ? 2 : 1;
    }
    throw error;
  }
}

/** Runs the CLI with `args` (without `node` and the script); returns the exit code. */
export async function runCli(args: string[], io: CliIO = defaultIO): Promise<number> {
  const [command, ...rest] = args;
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
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(HELP);
      return 0;
    }
    if (command === 'build') return await build(rest, io);
    throw new UsageError(
      `unknown command ${JSON.stringify(command)}; use build or validate (see --help)`,
    );
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`sitemapkit: ${error.message}\n`);
      return 2;
    }
    // A system error (a file that cannot be read or written) is the user's to act on: its
    // message names the file. Anything else is a defect of ours: its stack helps report it.
    const system = typeof (error as { syscall?: unknown }).syscall === 'string';
    io.stderr(
      `sitemapkit: ${system ? (error as Error).message : ((error as Error).stack ?? String(error))}\n`,
    );
    return 1;
  }
}
