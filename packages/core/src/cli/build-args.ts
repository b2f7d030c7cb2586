/**
 * `sitemapkit build` arguments -> core options. Every flag is in one table (`BUILD_OPTIONS`),
 * which also gives the flags a typo is matched against.
 */
import { parseArgs } from 'node:util';
import type { ChangeFreq, LastmodSource, SitemapOptions, SourceDir } from '../types.js';
import { argsProblem, UsageError } from './usage-error.js';

const HELP_COMMAND = 'sitemapkit build --help';

/** Every `build` flag, as parseArgs takes them. */
const BUILD_OPTIONS = {
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
  images: { type: 'boolean' },
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
  stylesheet: { type: 'boolean' },
  'schema-location': { type: 'boolean' },
  report: { type: 'string' },
  strict: { type: 'boolean' },
  force: { type: 'boolean' },
  threads: { type: 'boolean' },
  'indexnow-key': { type: 'string' },
  'indexnow-endpoint': { type: 'string' },
  'indexnow-dry-run': { type: 'boolean' },
  'indexnow-compare': { type: 'string' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean' },
  verbose: { type: 'boolean' },
} as const;

/**
 * Every flag `build` accepts as typed: a boolean also as `--no-<name>`.
 * @example BUILD_FLAGS.includes('--no-robots-txt') // true
 */
export const BUILD_FLAGS: readonly string[] = Object.entries(BUILD_OPTIONS).flatMap(
  ([name, { type }]) => (type === 'boolean' ? [`--${name}`, `--no-${name}`] : [`--${name}`]),
);

/** What `build` was asked to print, beside the core options. */
export interface BuildOutput {
  json: boolean;
  quiet: boolean;
  verbose: boolean;
}

function toInt(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value))
    throw new UsageError(
      `${flag} must be a whole number; got ${JSON.stringify(value)}`,
      HELP_COMMAND,
    );
  return Number(value);
}

function parseSource(value: string): SourceDir {
  const eq = value.indexOf('=');
  if (eq === -1) return { dir: value };
  const dir = value.slice(0, eq);
  const route = value.slice(eq + 1);
  if (!dir || !route)
    throw new UsageError(
      `--source must be <dir> or <dir>=<route>; got ${JSON.stringify(value)}`,
      HELP_COMMAND,
    );
  return { dir, route };
}

function dateFieldFlags(
  modified: string[] | undefined,
  published: string[] | undefined,
): SitemapOptions['dateFields'] {
  if (!modified && !published) return undefined;
  return { ...(modified ? { modified } : {}), ...(published ? { published } : {}) };
}

function indexNowFlags(
  key: string | undefined,
  endpoint: string | undefined,
  dryRun: boolean | undefined,
  compare: string | undefined,
): SitemapOptions['indexNow'] {
  if (key === undefined) {
    const given =
      endpoint !== undefined
        ? '--indexnow-endpoint'
        : dryRun !== undefined
          ? '--indexnow-dry-run'
          : compare !== undefined
            ? '--indexnow-compare'
            : undefined;
    if (given) throw new UsageError(`${given} needs --indexnow-key <key>`, HELP_COMMAND);
    return undefined;
  }
  if (compare !== undefined && compare !== 'state' && compare !== 'deployed')
    throw new UsageError(
      `--indexnow-compare must be 'state' or 'deployed'; got ${JSON.stringify(compare)}`,
      HELP_COMMAND,
    );
  return {
    key,
    ...(endpoint !== undefined ? { endpoint } : {}),
    ...(dryRun !== undefined ? { dryRun } : {}),
    ...(compare !== undefined ? { compare } : {}),
  };
}

/**
 * Parses `build` arguments into core options and what to print. Throws a `UsageError` that
 * names the flag, with the nearest known one for a typo.
 * @example parseBuildArgs(['dist', '--site', 'https://e.com']).options // { site: 'https://e.com', outDir: 'dist' }
 */
export function parseBuildArgs(args: string[]): { options: SitemapOptions } & BuildOutput {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      allowNegative: true,
      strict: true,
      options: BUILD_OPTIONS,
    });
  } catch (error) {
    throw new UsageError(argsProblem(error, BUILD_FLAGS), HELP_COMMAND);
  }
  const v = parsed.values as Record<string, string | boolean | string[] | undefined>;
  if (parsed.positionals.length === 0)
    throw new UsageError(
      'build needs the output folder: sitemapkit build <outDir> --site <url>',
      HELP_COMMAND,
    );
  if (parsed.positionals.length > 1)
    throw new UsageError(
      `build takes one output folder; got ${parsed.positionals.join(', ')}`,
      HELP_COMMAND,
    );
  if (v.site === undefined)
    throw new UsageError(
      '--site is required: the absolute URL of the deployed site, e.g. --site https://example.com',
      HELP_COMMAND,
    );
  if (v.quiet === true && v.verbose === true)
    throw new UsageError('--quiet and --verbose ask for opposite things; give one', HELP_COMMAND);
  const str = (name: string) => v[name] as string | undefined;
  const list = (name: string) => v[name] as string[] | undefined;
  const bool = (name: string) => v[name] as boolean | undefined;
  let priority: number | undefined;
  if (str('priority') !== undefined) {
    priority = Number(str('priority'));
    if (str('priority')?.trim() === '' || Number.isNaN(priority)) {
      throw new UsageError(
        `--priority must be a number from 0.0 to 1.0; got ${JSON.stringify(str('priority'))}`,
        HELP_COMMAND,
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
    images: bool('images'),
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
    stylesheet: bool('stylesheet'),
    schemaLocation: bool('schema-location'),
    report: str('report'),
    strict: bool('strict'),
    force: bool('force'),
    threads: bool('threads'),
    indexNow: indexNowFlags(
      str('indexnow-key'),
      str('indexnow-endpoint'),
      bool('indexnow-dry-run'),
      str('indexnow-compare'),
    ),
  };
  for (const key of Object.keys(options) as Array<keyof SitemapOptions>) {
    if (options[key] === undefined) delete options[key];
  }
  return {
    options,
    json: bool('json') ?? false,
    quiet: bool('quiet') ?? false,
    verbose: bool('verbose') ?? false,
  };
}
