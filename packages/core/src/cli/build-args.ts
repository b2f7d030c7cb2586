/**
 * `sitemapkit build` arguments -> core options. Every flag is in one table (`BUILD_OPTIONS`),
 * which also gives the flags a typo is matched against.
 */
import { parseArgs } from 'node:util';
import { optionsFromDetected } from '../generators/options.js';
import type { DetectedSite } from '../generators/types.js';
import type { ChangeFreq, LastmodSource, SitemapOptions, SourceDir } from '../types.js';
import { isLanguageTag } from '../url/language-tag.js';
import { argsProblem, UsageError } from './usage-error.js';

const HELP_COMMAND = 'sitemapkit build --help';

/** Every `build` flag, as parseArgs takes them. */
const BUILD_OPTIONS = {
  site: { type: 'string' },
  base: { type: 'string' },
  'trailing-slash': { type: 'string' },
  format: { type: 'string' },
  'clean-urls': { type: 'boolean' },
  detect: { type: 'boolean' },
  i18n: { type: 'string' },
  source: { type: 'string', multiple: true },
  'page-source': { type: 'string', multiple: true },
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
  'skip-head-rule': { type: 'string', multiple: true },
  frontmatter: { type: 'boolean' },
  images: { type: 'boolean' },
  'images-external': { type: 'boolean' },
  lastmod: { type: 'string' },
  changefreq: { type: 'string' },
  priority: { type: 'string' },
  gzip: { type: 'boolean' },
  'robots-txt': { type: 'boolean' },
  'robots-txt-replace': { type: 'boolean' },
  'max-urls': { type: 'string' },
  'max-bytes': { type: 'string' },
  'max-sitemaps': { type: 'string' },
  'filename-base': { type: 'string' },
  'xsl-url': { type: 'string' },
  stylesheet: { type: 'boolean' },
  'schema-location': { type: 'boolean' },
  report: { type: 'string' },
  strict: { type: 'boolean' },
  xsd: { type: 'boolean' },
  force: { type: 'boolean' },
  threads: { type: 'boolean' },
  'indexnow-key': { type: 'string' },
  'indexnow-endpoint': { type: 'string' },
  'indexnow-dry-run': { type: 'boolean' },
  'indexnow-compare': { type: 'string' },
  'indexnow-initial': { type: 'string' },
  'indexnow-key-location': { type: 'string' },
  'indexnow-state-file': { type: 'string' },
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

/** What the flags give: core options, of which `outDir` and `site` may come from detection. */
export type GivenOptions = Omit<SitemapOptions, 'outDir' | 'site'> &
  Partial<Pick<SitemapOptions, 'outDir' | 'site'>>;

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

function parsePageSources(values: string[] | undefined): Record<string, string> | undefined {
  if (!values) return undefined;
  const sources: Record<string, string> = {};
  for (const value of values) {
    const eq = value.indexOf('=');
    const path = value.slice(0, eq);
    const file = value.slice(eq + 1);
    if (eq === -1 || !path.startsWith('/') || file === '')
      throw new UsageError(
        `--page-source must be <url path>=<file>, e.g. /about/=src/about.md; got ${JSON.stringify(value)}`,
        HELP_COMMAND,
      );
    sources[path] = file;
  }
  return sources;
}

/**
 * `--i18n en=en-US,fr=fr-FR`: locale prefixes and their hreflang values, the first being the
 * default locale (its pages have no prefix).
 */
function parseI18n(value: string | undefined): SitemapOptions['i18n'] {
  if (value === undefined) return undefined;
  const pairs = value.split(',').map((pair) => pair.trim());
  const locales: Record<string, string> = {};
  for (const pair of pairs) {
    const [prefix, lang, extra] = pair.split('=').map((part) => part.trim());
    if (!prefix || !lang || extra !== undefined)
      throw new UsageError(
        `--i18n must be <prefix>=<language>,... with the default locale first, e.g. en=en-US,fr=fr-FR; got ${JSON.stringify(value)}`,
        HELP_COMMAND,
      );
    if (prefix.includes('/'))
      throw new UsageError(
        `--i18n: a locale prefix is one path segment without slashes (fr, not /fr/); got ${JSON.stringify(prefix)}`,
        HELP_COMMAND,
      );
    if (!isLanguageTag(lang))
      throw new UsageError(
        `--i18n: ${JSON.stringify(lang)} is not a language tag such as en or pt-BR (hreflang writes a hyphen)`,
        HELP_COMMAND,
      );
    if (prefix in locales)
      throw new UsageError(`--i18n names the prefix ${JSON.stringify(prefix)} twice`, HELP_COMMAND);
    locales[prefix] = lang;
  }
  return { defaultLocale: Object.keys(locales)[0] as string, locales };
}

const HEAD_RULE_NAMES = ['noindex', 'canonical', 'redirect', 'hreflang'] as const;

function headFlags(
  head: boolean | undefined,
  skipped: string[] | undefined,
): SitemapOptions['head'] {
  if (!skipped) return head;
  if (head === false)
    throw new UsageError(
      '--skip-head-rule and --no-head ask for different things; give one',
      HELP_COMMAND,
    );
  const rules: Record<string, boolean> = {};
  for (const rule of skipped) {
    if (!(HEAD_RULE_NAMES as readonly string[]).includes(rule))
      throw new UsageError(
        `--skip-head-rule must be one of ${HEAD_RULE_NAMES.join(', ')}; got ${JSON.stringify(rule)}`,
        HELP_COMMAND,
      );
    rules[rule] = false;
  }
  return rules;
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
  more: { initial?: string; keyLocation?: string; stateFile?: string },
): SitemapOptions['indexNow'] {
  if (key === undefined) {
    const named: Array<[string, unknown]> = [
      ['--indexnow-endpoint', endpoint],
      ['--indexnow-dry-run', dryRun],
      ['--indexnow-compare', compare],
      ['--indexnow-initial', more.initial],
      ['--indexnow-key-location', more.keyLocation],
      ['--indexnow-state-file', more.stateFile],
    ];
    const given = named.find(([, value]) => value !== undefined)?.[0];
    if (given) throw new UsageError(`${given} needs --indexnow-key <key>`, HELP_COMMAND);
    return undefined;
  }
  if (more.initial !== undefined && more.initial !== 'none' && more.initial !== 'all')
    throw new UsageError(
      `--indexnow-initial must be 'none' or 'all'; got ${JSON.stringify(more.initial)}`,
      HELP_COMMAND,
    );
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
    ...(more.initial !== undefined ? { initial: more.initial as 'none' | 'all' } : {}),
    ...(more.keyLocation !== undefined ? { keyLocation: more.keyLocation } : {}),
    ...(more.stateFile !== undefined ? { stateFile: more.stateFile } : {}),
  };
}

/**
 * Parses `build` arguments into core options, whether to detect the project's generator, and
 * what to print. The output folder and `--site` may be left to detection (`requireTarget` says
 * when they are missing). Throws a `UsageError` that names the flag, with the nearest known one
 * for a typo.
 * @example parseBuildArgs(['dist', '--site', 'https://e.com']).options // { site: 'https://e.com', outDir: 'dist' }
 */
export function parseBuildArgs(
  args: string[],
): { options: GivenOptions; detect: boolean } & BuildOutput {
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
  const str = (name: string) => v[name] as string | undefined;
  const list = (name: string) => v[name] as string[] | undefined;
  const bool = (name: string) => v[name] as boolean | undefined;
  if (parsed.positionals.length > 1)
    throw new UsageError(
      `build takes one output folder; got ${parsed.positionals.join(', ')}`,
      HELP_COMMAND,
    );
  if (v.quiet === true && v.verbose === true)
    throw new UsageError('--quiet and --verbose ask for opposite things; give one', HELP_COMMAND);
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
  if (bool('images') === false && bool('images-external') === true)
    throw new UsageError(
      '--no-images and --images-external ask for different things; give one',
      HELP_COMMAND,
    );
  if (bool('robots-txt') === false && bool('robots-txt-replace') === true)
    throw new UsageError(
      '--no-robots-txt and --robots-txt-replace ask for different things; give one',
      HELP_COMMAND,
    );
  const options: GivenOptions = {
    site: str('site'),
    outDir: parsed.positionals[0],
    base: str('base'),
    root: str('root'),
    trailingSlash: str('trailing-slash') as SitemapOptions['trailingSlash'],
    format: str('format') as SitemapOptions['format'],
    cleanUrls: bool('clean-urls'),
    i18n: parseI18n(str('i18n')),
    sources: list('source')?.map(parseSource),
    pageSources: parsePageSources(list('page-source')),
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
    head: headFlags(bool('head'), list('skip-head-rule')),
    frontmatter: bool('frontmatter'),
    images: bool('images-external') ? { external: true } : bool('images'),
    lastmod: str('lastmod'),
    changefreq: str('changefreq') as ChangeFreq | undefined,
    priority,
    gzip: bool('gzip'),
    robotsTxt: bool('robots-txt-replace') ? 'replace' : bool('robots-txt'),
    maxUrlsPerSitemap: toInt('--max-urls', str('max-urls')),
    maxBytesPerSitemap: toInt('--max-bytes', str('max-bytes')),
    maxSitemapsPerIndex: toInt('--max-sitemaps', str('max-sitemaps')),
    filenameBase: str('filename-base'),
    xslURL: str('xsl-url'),
    stylesheet: bool('stylesheet'),
    schemaLocation: bool('schema-location'),
    report: str('report'),
    strict: bool('strict'),
    selfCheck: bool('xsd') ? 'xsd' : undefined,
    force: bool('force'),
    threads: bool('threads'),
    indexNow: indexNowFlags(
      str('indexnow-key'),
      str('indexnow-endpoint'),
      bool('indexnow-dry-run'),
      str('indexnow-compare'),
      {
        initial: str('indexnow-initial'),
        keyLocation: str('indexnow-key-location'),
        stateFile: str('indexnow-state-file'),
      },
    ),
  };
  for (const key of Object.keys(options) as Array<keyof GivenOptions>) {
    if (options[key] === undefined) delete options[key];
  }
  return {
    options,
    detect: bool('detect') ?? true,
    json: bool('json') ?? false,
    quiet: bool('quiet') ?? false,
    verbose: bool('verbose') ?? false,
  };
}

/**
 * The options of a build: the flags over what detection found. Throws the `UsageError` that says
 * what is missing (the output folder, `--site`) and where it could have come from.
 * @example requireTarget({ site: 'https://e.com' }, hugoSite, 'site').outDir // 'site/public'
 */
export function requireTarget(
  given: GivenOptions,
  detected: DetectedSite | undefined,
  root: string,
  /** Whether detection was on (off: `--no-detect`), for what the message suggests. */
  detect = true,
): SitemapOptions {
  const options = detected
    ? optionsFromDetected(detected, root, given as Partial<SitemapOptions>)
    : (given as SitemapOptions);
  if (options.outDir === undefined)
    throw new UsageError(
      `build needs the output folder: sitemapkit build <outDir> --site <url>${detect ? ' (or run it in a Hugo, Eleventy, Jekyll or VitePress project, which is detected)' : ''}`,
      HELP_COMMAND,
    );
  if (options.site === undefined) {
    const where = detected
      ? ` (${detected.name} site found, but ${detected.configFile} does not say its URL)`
      : '';
    throw new UsageError(
      `--site is required: the absolute URL of the deployed site, e.g. --site https://example.com${where}`,
      HELP_COMMAND,
    );
  }
  return options;
}
