/**
 * Options: validated once, every problem listed, defaults in one object.
 * Everything after `resolveOptions()` reads only `ResolvedOptions`.
 */
import { resolve } from 'node:path';
import type { DateFields } from '../dates/frontmatter-fields.js';
import { parseLastmod } from '../dates/w3c-datetime.js';
import { SitemapError } from '../errors.js';
import { type ResolvedIndexNow, resolveIndexNow } from '../indexnow/options.js';
import {
  CURRENT_MAX_BYTES_PER_SITEMAP,
  CURRENT_MAX_SITEMAPS_PER_INDEX,
  MAX_URLS_PER_SITEMAP,
  SEEDS_MAX_BYTES_PER_SITEMAP,
  SEEDS_MAX_SITEMAPS_PER_INDEX,
} from '../limits.js';
import { stylesheetFileName } from '../output/stylesheet.js';
import type { HeadRules } from '../select/head-rules.js';
import type {
  BuildFormat,
  ChangeFreq,
  LastmodSource,
  LinkItem,
  SitemapOptions,
  TrailingSlash,
} from '../types.js';
import { basePathProblem } from '../url/base-path.js';
import {
  changefreqProblem,
  checkFunction,
  checkInt,
  checkOneOf,
  checkStringArray,
  isPlainObject,
  priorityProblem,
} from './option-checks.js';
import {
  effectiveBase,
  HEAD_RULES,
  resolveDateFields,
  resolveHead,
  resolveI18n,
  resolvePageAlternates,
  resolvePageSources,
  resolveSite,
  resolveSources,
} from './option-parts.js';

/** Every kind of lastmod evidence, as `lastmodFrom` names them. */
export const LASTMOD_SOURCES: readonly LastmodSource[] = ['frontmatter', 'head', 'git', 'mtime'];

export const DEFAULTS = {
  base: '/',
  trailingSlash: 'ignore' as TrailingSlash,
  format: 'preserve' as BuildFormat,
  cleanUrls: false,
  excludeErrorPages: true,
  head: true,
  git: 'auto' as boolean | 'auto',
  lastmodFromChildren: true,
  filenameBase: 'sitemap',
  gzip: false,
  robotsTxt: true,
  maxUrlsPerSitemap: MAX_URLS_PER_SITEMAP,
  maxBytesPerSitemap: SEEDS_MAX_BYTES_PER_SITEMAP,
  maxSitemapsPerIndex: SEEDS_MAX_SITEMAPS_PER_INDEX,
  strict: false,
  threads: true,
} as const;

export interface ResolvedSource {
  /** Absolute folder. */
  dir: string;
  /** Route relative to base, leading slash, no trailing slash (`/` for the root). */
  route: string;
}

/** A page's own source: the page's route key (`/blog/hello`) and the absolute file. */
export interface PageSource {
  key: string;
  file: string;
}

export interface ResolvedI18n {
  defaultLocale: string;
  /** URL path prefix -> hreflang value, e.g. `{ en: 'en-US', es: 'es-ES' }`. */
  locales: Record<string, string>;
}

export interface ResolvedOptions
  extends Required<
    Pick<
      SitemapOptions,
      | 'trailingSlash'
      | 'format'
      | 'cleanUrls'
      | 'excludeErrorPages'
      | 'git'
      | 'gitIgnoreRevs'
      | 'lastmodFromChildren'
      | 'filenameBase'
      | 'gzip'
      | 'stylesheet'
      | 'schemaLocation'
      | 'robotsTxt'
      | 'maxUrlsPerSitemap'
      | 'maxBytesPerSitemap'
      | 'maxSitemapsPerIndex'
      | 'strict'
      | 'force'
      | 'threads'
      | 'include'
      | 'exclude'
      | 'customPages'
      | 'customSitemaps'
    >
  > {
  /** Origin of `site`, e.g. `https://example.com`. */
  origin: string;
  /** false, true (values and limits) or 'xsd' (values, limits and the XSD). */
  selfCheck: boolean | 'xsd';
  /** Whether Markdown frontmatter is read. */
  frontmatter: boolean;
  /** The head rules in force, or null when heads are not read. */
  head: HeadRules | null;
  /** Whether page images are listed, and from other sites too; null when bodies are not read. */
  images: { external: boolean } | null;
  /** Base path with leading and trailing slash, e.g. `/docs/`. */
  base: string;
  /** `origin + base`: the directory every listed URL must be under. */
  baseUrl: string;
  outDir: string;
  root: string;
  sources: ResolvedSource[];
  /** Sources named page by page, in key order. */
  pageSources: PageSource[];
  /** Translations named page by page: route key -> alternates. */
  pageAlternates: Map<string, LinkItem[]>;
  /** The kinds of evidence in use (git left out when `git` is false). */
  lastmodFrom: LastmodSource[];
  /** The user's explicit order, or null: the newest evidence wins. */
  lastmodOrder: LastmodSource[] | null;
  /** The user's own frontmatter date field names (the built-in ones are always read). */
  dateFields: DateFields;
  lastmod: string | undefined;
  changefreq: ChangeFreq | undefined;
  priority: number | undefined;
  filter: SitemapOptions['filter'];
  serialize: SitemapOptions['serialize'];
  chunks: SitemapOptions['chunks'];
  i18n: ResolvedI18n | undefined;
  xslURL: string | undefined;
  report: string | undefined;
  onProgress: SitemapOptions['onProgress'];
  /** IndexNow, when `indexNow` is set. */
  indexNow: ResolvedIndexNow | undefined;
}

/** A file name: no `--` (it marks each file in an XML comment), short enough for any file system. */
const FILENAME_BASE = /^(?!.*--)[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const CHUNK_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const KNOWN_KEYS = new Set([
  'site',
  'base',
  'outDir',
  'root',
  'trailingSlash',
  'format',
  'cleanUrls',
  'excludeErrorPages',
  'include',
  'exclude',
  'filter',
  'sources',
  'pageSources',
  'pageAlternates',
  'head',
  'git',
  'gitIgnoreRevs',
  'lastmodFrom',
  'dateFields',
  'lastmodFromChildren',
  'lastmod',
  'changefreq',
  'priority',
  'customPages',
  'customSitemaps',
  'serialize',
  'chunks',
  'filenameBase',
  'xslURL',
  'stylesheet',
  'schemaLocation',
  'gzip',
  'robotsTxt',
  'maxUrlsPerSitemap',
  'maxBytesPerSitemap',
  'maxSitemapsPerIndex',
  'report',
  'strict',
  'force',
  'threads',
  'i18n',
  'frontmatter',
  'selfCheck',
  'onProgress',
  'indexNow',
  'images',
]);

/**
 * Validates and normalises options. Throws one `SitemapError` (code `invalid-options`) listing
 * every problem, so a user fixes them all in one go.
 */
export function resolveOptions(input: SitemapOptions): ResolvedOptions {
  const problems: string[] = [];
  if (!isPlainObject(input)) {
    throw new SitemapError('invalid-options', 'sitemapkit: options must be an object', {}, [
      'options must be an object',
    ]);
  }
  const o = input as unknown as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!KNOWN_KEYS.has(key) && o[key] !== undefined) problems.push(`unknown option \`${key}\``);
  }
  const siteUrl = resolveSite(problems, o.site);
  if (o.base !== undefined && typeof o.base !== 'string')
    problems.push('`base` must be a string path such as /docs/');
  else if (typeof o.base === 'string') {
    const baseProblem = basePathProblem(o.base);
    if (baseProblem) problems.push(baseProblem);
  }
  // A path in `site` (https://example.com/docs) acts as the base when `base` is not given.
  const base = effectiveBase(siteUrl, typeof o.base === 'string' ? o.base : undefined);
  const origin = siteUrl ? new URL(siteUrl).origin : '';

  if (typeof o.outDir !== 'string' || o.outDir === '') {
    problems.push('`outDir` is required: the folder that holds the emitted HTML');
  }
  if (o.root !== undefined && typeof o.root !== 'string')
    problems.push('`root` must be a folder path');
  const root = resolve(typeof o.root === 'string' ? o.root : process.cwd());
  const outDir = typeof o.outDir === 'string' ? resolve(root, o.outDir) : '';

  checkOneOf(problems, 'trailingSlash', o.trailingSlash, ['always', 'never', 'ignore'] as const);
  checkOneOf(problems, 'format', o.format, ['directory', 'file', 'preserve'] as const);
  if (o.head !== undefined && typeof o.head !== 'boolean') {
    if (!isPlainObject(o.head)) {
      problems.push('`head` must be true, false or { noindex, canonical, redirect, hreflang }');
    } else {
      for (const [key, value] of Object.entries(o.head)) {
        if (!HEAD_RULES.includes(key as keyof HeadRules))
          problems.push(`unknown option \`head.${key}\``);
        else if (typeof value !== 'boolean') problems.push(`\`head.${key}\` must be true or false`);
      }
    }
  }
  if (
    o.images !== undefined &&
    typeof o.images !== 'boolean' &&
    !(
      isPlainObject(o.images) &&
      Object.entries(o.images).every(([k, v]) => k === 'external' && typeof v === 'boolean')
    )
  ) {
    problems.push('`images` must be true, false or { external: boolean }');
  }
  if (o.git !== undefined && typeof o.git !== 'boolean' && o.git !== 'auto') {
    problems.push(`\`git\` must be true, false or 'auto'; got ${JSON.stringify(o.git)}`);
  }
  const dateFields = resolveDateFields(problems, o.dateFields);
  checkStringArray(problems, 'gitIgnoreRevs', o.gitIgnoreRevs);
  if (Array.isArray(o.gitIgnoreRevs)) {
    for (const rev of o.gitIgnoreRevs) {
      if (typeof rev === 'string' && !/^[0-9a-fA-F]{7,64}$/.test(rev))
        problems.push(
          `\`gitIgnoreRevs\` entry ${JSON.stringify(rev.slice(0, 80))} is not a commit hash (7 to 64 hex digits)`,
        );
    }
  }
  for (const key of [
    'cleanUrls',
    'excludeErrorPages',
    'frontmatter',
    'lastmodFromChildren',
    'gzip',
    'stylesheet',
    'schemaLocation',
    'strict',
    'force',
    'threads',
  ]) {
    if (o[key] !== undefined && typeof o[key] !== 'boolean')
      problems.push(`\`${key}\` must be true or false`);
  }
  if (o.robotsTxt !== undefined && typeof o.robotsTxt !== 'boolean' && o.robotsTxt !== 'replace') {
    problems.push(
      `\`robotsTxt\` must be true, false or 'replace'; got ${JSON.stringify(o.robotsTxt)}`,
    );
  }
  if (o.selfCheck !== undefined && typeof o.selfCheck !== 'boolean' && o.selfCheck !== 'xsd') {
    problems.push(`\`selfCheck\` must be true, false or 'xsd'; got ${JSON.stringify(o.selfCheck)}`);
  }
  checkStringArray(problems, 'include', o.include);
  checkStringArray(problems, 'exclude', o.exclude);
  checkStringArray(problems, 'customSitemaps', o.customSitemaps);
  if (Array.isArray(o.customSitemaps)) {
    for (const url of o.customSitemaps) {
      if (typeof url === 'string' && url !== '' && !/^https?:\/\/[^/?#\s]/i.test(url)) {
        problems.push(
          `\`customSitemaps\` entry ${JSON.stringify(url.slice(0, 200))} is not an absolute http(s) URL`,
        );
      }
    }
  }
  checkStringArray(problems, 'customPages', o.customPages);
  checkFunction(problems, 'filter', o.filter);
  checkFunction(problems, 'serialize', o.serialize);
  checkFunction(problems, 'onProgress', o.onProgress);

  if (o.lastmodFrom !== undefined) {
    const allowed: readonly string[] = LASTMOD_SOURCES;
    if (
      !Array.isArray(o.lastmodFrom) ||
      o.lastmodFrom.some((v) => !allowed.includes(v as string))
    ) {
      problems.push(
        `\`lastmodFrom\` must list kinds of evidence from ${allowed.map((a) => `'${a}'`).join(', ')}; got ${JSON.stringify(o.lastmodFrom)}`,
      );
    } else if (new Set(o.lastmodFrom).size !== o.lastmodFrom.length) {
      problems.push('`lastmodFrom` must not name a source twice');
    }
  }
  let lastmod: string | undefined;
  if (o.lastmod !== undefined) {
    const parsed = parseLastmod(o.lastmod);
    if (parsed.ok) lastmod = parsed.value;
    else problems.push(`\`lastmod\`: ${parsed.reason}`);
  }
  if (o.changefreq !== undefined) {
    const p = changefreqProblem(o.changefreq);
    if (p) problems.push(`\`changefreq\` ${p}`);
  }
  if (o.priority !== undefined) {
    const p = priorityProblem(o.priority);
    if (p) problems.push(`\`priority\` ${p}`);
  }
  if (o.chunks !== undefined) {
    if (!isPlainObject(o.chunks)) problems.push('`chunks` must be an object of name -> function');
    else {
      for (const [name, fn] of Object.entries(o.chunks)) {
        if (typeof fn !== 'function') problems.push(`\`chunks.${name}\` must be a function`);
        if (!CHUNK_NAME.test(name))
          problems.push(`\`chunks\` name ${JSON.stringify(name)} must be letters, digits, - or _`);
        if (name === 'pages' || name === 'index')
          problems.push(`\`chunks\` name '${name}' is reserved`);
      }
    }
  }
  if (
    o.filenameBase !== undefined &&
    (typeof o.filenameBase !== 'string' || !FILENAME_BASE.test(o.filenameBase))
  ) {
    problems.push(
      `\`filenameBase\` must be a plain file name such as 'sitemap' (letters, digits, _ . -, no '--', at most 100 characters); got ${JSON.stringify(String(o.filenameBase).slice(0, 120))}`,
    );
  }
  if (o.xslURL !== undefined && (typeof o.xslURL !== 'string' || o.xslURL === '')) {
    problems.push('`xslURL` must be a URL string');
  }
  if (o.stylesheet === true && o.xslURL !== undefined) {
    problems.push(
      '`stylesheet` and `xslURL` both set: `stylesheet` writes a stylesheet of ours and references it, `xslURL` references yours; give one',
    );
  }
  if (o.report !== undefined && (typeof o.report !== 'string' || o.report === '')) {
    problems.push('`report` must be a file path');
  }
  checkInt(problems, 'maxUrlsPerSitemap', o.maxUrlsPerSitemap, 1, MAX_URLS_PER_SITEMAP);
  checkInt(
    problems,
    'maxBytesPerSitemap',
    o.maxBytesPerSitemap,
    1024,
    CURRENT_MAX_BYTES_PER_SITEMAP,
  );
  checkInt(
    problems,
    'maxSitemapsPerIndex',
    o.maxSitemapsPerIndex,
    1,
    CURRENT_MAX_SITEMAPS_PER_INDEX,
  );
  const sources = resolveSources(problems, o.sources, root);
  const pageSources = resolvePageSources(problems, o.pageSources, root);
  const i18n = resolveI18n(problems, o.i18n);
  const pageAlternates = resolvePageAlternates(problems, o.pageAlternates, origin);
  const indexNow = resolveIndexNow(problems, o.indexNow, {
    root,
    outDir,
    origin,
    baseUrl: origin + base,
    // Where the deployed set is read from (`indexNow.compare: 'deployed'`); when these are
    // invalid, their own problems are listed and the build stops anyway.
    filenameBase: typeof o.filenameBase === 'string' ? o.filenameBase : DEFAULTS.filenameBase,
    maxSitemapsPerIndex:
      typeof o.maxSitemapsPerIndex === 'number'
        ? o.maxSitemapsPerIndex
        : DEFAULTS.maxSitemapsPerIndex,
    customSitemaps: Array.isArray(o.customSitemaps) ? (o.customSitemaps as string[]) : [],
  });

  if (problems.length > 0) {
    const list = problems.map((p) => `  - ${p}`).join('\n');
    throw new SitemapError(
      'invalid-options',
      `sitemapkit: invalid options:\n${list}`,
      {},
      problems,
    );
  }

  const git = (o.git as boolean | 'auto' | undefined) ?? DEFAULTS.git;
  const order = (o.lastmodFrom as LastmodSource[] | undefined) ?? null;
  const chain = (order ?? LASTMOD_SOURCES).filter((s) => s !== 'git' || git !== false);
  const i = input;
  return {
    origin,
    base,
    baseUrl: origin + base,
    outDir,
    root,
    trailingSlash: i.trailingSlash ?? DEFAULTS.trailingSlash,
    format: i.format ?? DEFAULTS.format,
    cleanUrls: i.cleanUrls ?? DEFAULTS.cleanUrls,
    excludeErrorPages: i.excludeErrorPages ?? DEFAULTS.excludeErrorPages,
    include: i.include ?? [],
    exclude: i.exclude ?? [],
    filter: i.filter,
    sources,
    pageSources,
    pageAlternates,
    head: resolveHead(i.head ?? DEFAULTS.head),
    images: i.images ? { external: i.images !== true && i.images.external === true } : null,
    frontmatter: i.frontmatter ?? chain.includes('frontmatter'),
    selfCheck: i.selfCheck ?? true,
    git,
    gitIgnoreRevs: i.gitIgnoreRevs ?? [],
    lastmodFrom: chain,
    lastmodOrder: order && chain,
    dateFields,
    lastmodFromChildren: i.lastmodFromChildren ?? DEFAULTS.lastmodFromChildren,
    lastmod,
    changefreq: i.changefreq,
    priority: i.priority,
    customPages: i.customPages ?? [],
    customSitemaps: i.customSitemaps ?? [],
    serialize: i.serialize,
    chunks: i.chunks,
    i18n,
    filenameBase: i.filenameBase ?? DEFAULTS.filenameBase,
    // Root-relative: browsers load an XSL only from the page's own origin, whichever serves it.
    xslURL: i.stylesheet
      ? `${base}${stylesheetFileName(i.filenameBase ?? DEFAULTS.filenameBase)}`
      : i.xslURL,
    stylesheet: i.stylesheet ?? false,
    schemaLocation: i.schemaLocation ?? false,
    gzip: i.gzip ?? DEFAULTS.gzip,
    // Crawlers read only /robots.txt: under a base path, the file in outDir is not that one.
    robotsTxt: i.robotsTxt ?? (base === '/' && DEFAULTS.robotsTxt),
    maxUrlsPerSitemap: i.maxUrlsPerSitemap ?? DEFAULTS.maxUrlsPerSitemap,
    maxBytesPerSitemap: i.maxBytesPerSitemap ?? DEFAULTS.maxBytesPerSitemap,
    maxSitemapsPerIndex: i.maxSitemapsPerIndex ?? DEFAULTS.maxSitemapsPerIndex,
    report: i.report === undefined ? undefined : resolve(root, i.report),
    strict: i.strict ?? DEFAULTS.strict,
    force: i.force ?? false,
    threads: i.threads ?? DEFAULTS.threads,
    onProgress: i.onProgress,
    indexNow,
  };
}
