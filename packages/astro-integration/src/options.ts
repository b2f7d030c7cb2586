/**
 * The integration's options: @astrojs/sitemap 3.7's, same names and meanings, plus a few of
 * sitemapkit's own. Checked once, in the factory, with every problem listed; mapped to the core's
 * options with what Astro says of the site. Pure.
 */
import {
  type ChangeFreq,
  type SitemapOptions as CoreOptions,
  forFreshOutDir,
  invalidOptions,
  optionProblems,
  SitemapError,
  type SitemapItem,
  type SourceDir,
  unknownOption,
} from '@sitemapkit/core';
import { localeErrorPages } from './astro-pages.js';
import type { AstroSite } from './astro-site.js';

export interface SitemapOptions {
  /** Called with each page's absolute URL; return false to leave it out. */
  filter?: (page: string) => boolean;
  /** Absolute URLs of pages Astro does not render to HTML, to list too. */
  customPages?: string[];
  /** Absolute URLs of sitemaps made by other tools, listed in `sitemap-index.xml`. */
  customSitemaps?: string[];
  /**
   * Locale prefixes -> hreflang values; pages in several locales link to each other.
   * @default derived from Astro's own `i18n` config (each locale's path -> its first code)
   * @example { defaultLocale: 'en', locales: { en: 'en-US', es: 'es-ES' } }
   */
  i18n?: { defaultLocale: string; locales: Record<string, string> };
  /** Maximum URLs per sitemap file. @default 50000 */
  entryLimit?: number;
  /** Written for every URL that sets none of its own. Not written unless set. */
  changefreq?: ChangeFreq;
  /** Date for pages whose own date is unknown (frontmatter and head win). Not written unless set. */
  lastmod?: Date | string;
  /** Written for every URL that sets none of its own (0.0-1.0). Not written unless set. */
  priority?: number;
  /** Last say over each entry; return a falsy value to drop it. */
  serialize?: CoreOptions['serialize'];
  /** URL of an XSL stylesheet referenced from every file written. */
  xslURL?: string;
  /** Write `<filenameBase>.xsl`, a human view of the sitemaps, and reference it (not with `xslURL`). @default false */
  stylesheet?: boolean;
  /** Write `xsi:schemaLocation` naming the sitemaps.org XSD on every file's root. @default false */
  schemaLocation?: boolean;
  /** Named groups written as `sitemap-<name>-N-<hash>.xml`; the rest go to `sitemap-pages-N-<hash>.xml`. */
  chunks?: CoreOptions['chunks'];
  /**
   * Accepted for compatibility and ignored: sitemapkit declares `xmlns:xhtml` only in files
   * that carry hreflang links and never declares the news, image or video namespaces.
   */
  namespaces?: { news?: boolean; xhtml?: boolean; image?: boolean; video?: boolean };
  /** Files are named `<filenameBase>-index.xml`, `<filenameBase>-0-<hash>.xml`. @default 'sitemap' */
  filenameBase?: string;

  /**
   * Content collections whose entries are pages: folder under `src/content/` -> the route the
   * entries are served under. Their frontmatter (`updatedDate`, `pubDate`, `sitemap: false`...)
   * then sets each page's entry. Markdown pages under `src/pages/` need nothing.
   * @default {}
   * @example { blog: '/blog/' } // src/content/blog/first-post.md -> /blog/first-post/
   */
  content?: Record<string, string>;
  /** Further page-source folders, relative to Astro's `root` (sitemapkit core `sources`). @default [] */
  sources?: SourceDir[];
  /**
   * A page's source where the integration cannot find it: URL path -> file (relative to `root`).
   * Each page's source is otherwise found from Astro's routes and content collections.
   */
  pageSources?: Record<string, string>;
  /** Globs over URL paths relative to `base` (`/docs/**`): only matching pages are listed. @default [] */
  include?: string[];
  /** Globs over URL paths relative to `base` (`/drafts/**`) to leave out. @default [] */
  exclude?: string[];
  /**
   * Let each page's `<head>` decide (noindex, canonical elsewhere, redirect stubs, hreflang);
   * `false` reads no head, `{ canonical: false }` turns one rule off.
   * @default true
   */
  head?: CoreOptions['head'];
  /**
   * An order of lastmod evidence instead of the newest (`['frontmatter', 'git']` makes
   * frontmatter authoritative). @default undefined (the newest evidence wins)
   */
  lastmodFrom?: CoreOptions['lastmodFrom'];
  /** Frontmatter date field names of your own, by role: `{ modified: ['revised'] }`. */
  dateFields?: CoreOptions['dateFields'];
  /** Date listing pages (sections, the blog index, the home page) by the newest page under them. @default true */
  lastmodFromChildren?: boolean;
  /** Commits that changed no content (mass reformatting); `.git-blame-ignore-revs` is read too. */
  gitIgnoreRevs?: string[];
  /** Write `.xml.gz` sitemaps (the index stays plain XML). @default false */
  gzip?: boolean;
  /** Maximum uncompressed bytes per sitemap file. @default 10485760 (at most 52428800) */
  maxBytesPerSitemap?: number;
  /** Maximum sitemaps per index file. @default 1000 (at most 50000) */
  maxSitemapsPerIndex?: number;
  /** Check every entry (and with 'xsd' every file) against the protocol before writing. @default true */
  selfCheck?: boolean | 'xsd';
  /**
   * Dates from git history (the last commit that changed each source); `'auto'` wherever the
   * sources are in a git work tree, `true` warns when git cannot be used. @default 'auto'
   */
  git?: boolean | 'auto';
  /** Add a `Sitemap:` line to `robots.txt` in the output. @default true when `base` is `/` */
  robotsTxt?: boolean;
  /** Write a JSON report of every page to this path, relative to Astro's `root`. */
  report?: string;
  /** Fail the build on page-level problems (bad dates, unreadable pages). @default false */
  strict?: boolean;
  /** On a site of 5,000 pages or more, read sources and heads on a second thread. @default true */
  threads?: boolean;
  /**
   * After each build, send the URLs that changed to IndexNow (`{ key }`); see @sitemapkit/core's
   * `indexNow`. Astro empties `outDir` before a build: use `compare: 'deployed'` (the live
   * sitemap is the last build's) or a `stateFile` outside it.
   */
  indexNow?: CoreOptions['indexNow'];
  /** List each page's images (`<image:image>`); see @sitemapkit/core's `images`. @default false */
  images?: CoreOptions['images'];
}

export type { ChangeFreq, SitemapItem };

/** `ChangeFreqEnum.WEEKLY === 'weekly'`, as @astrojs/sitemap exports it. */
export const ChangeFreqEnum = {
  ALWAYS: 'always',
  HOURLY: 'hourly',
  DAILY: 'daily',
  WEEKLY: 'weekly',
  MONTHLY: 'monthly',
  YEARLY: 'yearly',
  NEVER: 'never',
} as const satisfies Record<string, ChangeFreq>;

const NAMESPACES = new Set(['news', 'xhtml', 'image', 'video']);
/** Options @astrojs/sitemap renamed: what a migrating config may still say. */
const RENAMED_OPTIONS: Record<string, string> = { prefix: 'filenameBase' };
/**
 * Core options this integration's users know by @astrojs/sitemap's name: core name -> that
 * name, the option handed over as the core's and said as ours in the core's messages.
 */
const CORE_NAMES = { maxUrlsPerSitemap: 'entryLimit' } as const satisfies Partial<
  Record<keyof CoreOptions, keyof SitemapOptions>
>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Problems with the options only this integration knows about. */
function ownProblems(o: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(o)) {
    if (KNOWN_KEYS.has(key) || o[key] === undefined) continue;
    const renamed = RENAMED_OPTIONS[key];
    problems.push(
      renamed
        ? `unknown option \`${key}\`: it is \`${renamed}\` now`
        : unknownOption(key, [...KNOWN_KEYS]),
    );
  }
  if (o.namespaces !== undefined) {
    const ns = o.namespaces;
    if (
      !isPlainObject(ns) ||
      Object.entries(ns).some(([k, v]) => !NAMESPACES.has(k) || typeof v !== 'boolean')
    ) {
      problems.push(
        '`namespaces` must be { news?, xhtml?, image?, video? } with true or false values',
      );
    }
  }
  if (o.content !== undefined) {
    const content = o.content;
    if (
      !isPlainObject(content) ||
      Object.entries(content).some(([k, v]) => k === '' || typeof v !== 'string')
    ) {
      problems.push("`content` must map collection folders to routes, e.g. { blog: '/blog/' }");
    }
  }
  return problems;
}

/** Options handed to the core under the same name. */
const PASSED_KEYS = [
  'filter',
  'customPages',
  'customSitemaps',
  'i18n',
  'changefreq',
  'lastmod',
  'priority',
  'serialize',
  'xslURL',
  'stylesheet',
  'schemaLocation',
  'chunks',
  'filenameBase',
  'sources',
  'pageSources',
  'include',
  'exclude',
  'head',
  'lastmodFrom',
  'dateFields',
  'lastmodFromChildren',
  'git',
  'gitIgnoreRevs',
  'gzip',
  'maxBytesPerSitemap',
  'maxSitemapsPerIndex',
  'selfCheck',
  'robotsTxt',
  'report',
  'strict',
  'threads',
  'indexNow',
  'images',
] as const satisfies ReadonlyArray<keyof SitemapOptions & keyof CoreOptions>;
/** Options this integration maps itself instead of handing them to the core as they are. */
const MAPPED_KEYS = [...Object.values(CORE_NAMES), 'namespaces', 'content'] as const;
const KNOWN_KEYS = new Set<string>([...PASSED_KEYS, ...MAPPED_KEYS]);

/** The core options these options map to, for a site and output folder known later. */
export function toCoreOptions(options: SitemapOptions): Omit<CoreOptions, 'site' | 'outDir'> {
  const core: Record<string, unknown> = {};
  for (const key of PASSED_KEYS) if (options[key] !== undefined) core[key] = options[key];
  for (const [name, ours] of Object.entries(CORE_NAMES)) {
    if (options[ours] !== undefined) core[name] = options[ours];
  }
  // Astro empties the output folder: IndexNow compares with the deployed sitemaps by default.
  return forFreshOutDir(core) as Omit<CoreOptions, 'site' | 'outDir'>;
}

/**
 * Checks the options as given to `sitemap()`, before any hook runs: throws one `SitemapError`
 * (code `invalid-options`) that lists every problem, ours and the core's.
 */
export function checkOptions(options: unknown): SitemapOptions {
  if (options === undefined) return {};
  if (!isPlainObject(options)) {
    throw new SitemapError('invalid-options', '@sitemapkit/astro: options must be an object', {}, [
      'options must be an object',
    ]);
  }
  const problems = [
    ...ownProblems(options),
    // The core's checks of what is given: the site and the output folder are Astro's, later.
    ...optionProblems(toCoreOptions(options as SitemapOptions), { names: CORE_NAMES }),
  ];
  if (problems.length > 0) throw invalidOptions(problems, '@sitemapkit/astro');
  return options as SitemapOptions;
}

/**
 * The core's options from the integration's and what Astro says of the site: the dev set's, and
 * the build's before what needs the built files (outDir, page sources, on-demand pages).
 */
export function siteCoreOptions(
  options: SitemapOptions,
  site: AstroSite & { origin: string },
): Omit<CoreOptions, 'outDir'> {
  const baseUrl = site.origin + site.base;
  const i18n = options.i18n ?? site.i18n;
  return {
    ...toCoreOptions(options),
    site: site.origin,
    base: site.base,
    root: site.root,
    trailingSlash: site.trailingSlash,
    format: site.format,
    // Astro serves `about.html` (build.format "file") at `/about`.
    cleanUrls: true,
    exclude: [
      ...(options.exclude ?? []),
      ...localeErrorPages([...site.localePaths, ...Object.keys(i18n?.locales ?? {})]),
    ],
    ...(options.xslURL ? { xslURL: new URL(options.xslURL, baseUrl).href } : {}),
    ...(i18n ? { i18n } : {}),
  };
}
