/**
 * The options table: every option of `SitemapOptions` once, with what it does in a line, how a
 * given value is checked, and what it is when not given. The unknown-option check, `DEFAULTS`,
 * and which options resolveOptions takes as given (and their resolved type) are read from it;
 * nothing here is listed twice. The full doc of each option is its JSDoc in types.ts, which
 * editors show; a type check below fails when the table and that type name different options.
 */
import { checkIndexNow } from '../indexnow/options.js';
import {
  CURRENT_MAX_BYTES_PER_SITEMAP,
  CURRENT_MAX_SITEMAPS_PER_INDEX,
  MAX_URLS_PER_SITEMAP,
  SEEDS_MAX_BYTES_PER_SITEMAP,
  SEEDS_MAX_SITEMAPS_PER_INDEX,
} from '../limits.js';
import type { SitemapOptions } from '../types.js';
import {
  booleanOr,
  type Check,
  isBoolean,
  isChangefreq,
  isChunks,
  isCommitList,
  isFilenameBase,
  isFolder,
  isFunction,
  isPriority,
  isStringArray,
  isUrlList,
  isXslUrl,
  nonEmptyString,
  oneOf,
  wholeNumber,
} from './option-checks.js';
import {
  checkBase,
  checkDateFields,
  checkHead,
  checkI18n,
  checkImages,
  checkLastmod,
  checkLastmodFrom,
  checkOutDir,
  checkPageAlternates,
  checkPageSources,
  checkSite,
  checkSources,
  siteOrigin,
} from './option-parts.js';

type OptionName = keyof SitemapOptions;

/** One option's row. */
export interface OptionRow<K extends OptionName = OptionName> {
  /** What the option does, in one line. */
  doc: string;
  /** Checks a given value, naming the option in every problem. */
  check: Check;
  /** What the option is when not given, where that is one value (it is then in `DEFAULTS`). */
  default?: NonNullable<SitemapOptions[K]>;
  /**
   * resolveOptions derives what the option resolves to (from it, its default, other options),
   * rather than taking it as given or defaulted.
   */
  derived?: true;
  /** resolveOptions needs it; an adapter's early check may leave it for later. */
  required?: true;
}

/** `indexNow`: checked by its own module, against the site's origin when the site is known. */
const isIndexNow: Check = (value, { given, problems }) =>
  checkIndexNow(problems, value, siteOrigin(given.site));

/**
 * Every option, in the order their problems are listed: the order users (and the adapters'
 * tests) have always seen them in, so a row goes where its problem should be said.
 */
export const OPTIONS = {
  site: {
    doc: 'the absolute URL of the deployed site, e.g. https://example.com',
    required: true,
    derived: true,
    check: checkSite,
  },
  base: {
    doc: 'the path the site is served under (else the path of `site`)',
    default: '/',
    derived: true,
    check: checkBase,
  },
  outDir: {
    doc: 'the folder that holds the emitted HTML; the sitemaps are written there',
    required: true,
    derived: true,
    check: checkOutDir,
  },
  root: {
    doc: 'the folder `sources`, `report` and git paths are relative to (else the working folder)',
    derived: true,
    check: isFolder,
  },
  trailingSlash: {
    doc: 'whether listed URLs end with a slash, or as each page is emitted',
    default: 'ignore',
    check: oneOf(['always', 'never', 'ignore']),
  },
  format: {
    doc: "how pages were emitted (Astro's `build.format`)",
    default: 'preserve',
    check: oneOf(['directory', 'file', 'preserve']),
  },
  head: {
    doc: "the rules by which each page's head leaves it out or adds alternates",
    default: true,
    derived: true,
    check: checkHead,
  },
  images: {
    doc: "list each page's images (Google's image extension)",
    default: false,
    derived: true,
    check: checkImages,
  },
  git: {
    doc: 'date pages from the last commit that changed their source',
    default: 'auto',
    check: booleanOr('auto'),
  },
  dateFields: {
    doc: 'frontmatter date field names of your own, by role',
    default: {},
    derived: true,
    check: checkDateFields,
  },
  gitIgnoreRevs: {
    doc: 'commits that changed no content, left out of git dates',
    default: [],
    check: isCommitList,
  },
  cleanUrls: {
    doc: 'list `about.html` as `/about`',
    default: false,
    check: isBoolean,
  },
  excludeErrorPages: {
    doc: 'leave out 404 and 500 pages at the root and in locale folders',
    default: true,
    check: isBoolean,
  },
  frontmatter: {
    doc: 'read the frontmatter of Markdown sources (else as `lastmodFrom` says)',
    derived: true,
    check: isBoolean,
  },
  lastmodFromChildren: {
    doc: 'date a listing page by the newest page under it',
    default: true,
    check: isBoolean,
  },
  gzip: {
    doc: 'write `.xml.gz` sitemaps',
    default: false,
    check: isBoolean,
  },
  stylesheet: {
    doc: 'write a stylesheet of ours beside the sitemaps and reference it',
    default: false,
    check: isBoolean,
  },
  schemaLocation: {
    doc: "name the sitemaps.org schema on every file's root",
    default: false,
    check: isBoolean,
  },
  strict: {
    doc: 'fail on page-level problems instead of warning',
    default: false,
    check: isBoolean,
  },
  force: {
    doc: "build in an output folder that does not look like a site's",
    default: false,
    check: isBoolean,
  },
  threads: {
    doc: 'read sources on a second thread on a large site',
    default: true,
    check: isBoolean,
  },
  robotsTxt: {
    doc: 'add a `Sitemap:` line to robots.txt (not under a base path, unless set)',
    default: true,
    derived: true,
    check: booleanOr('replace'),
  },
  selfCheck: {
    doc: "hold every build to the validator ('xsd': to the XSD too)",
    default: true,
    check: booleanOr('xsd'),
  },
  include: {
    doc: 'globs over URL paths: only matching pages are listed',
    default: [],
    check: isStringArray,
  },
  exclude: {
    doc: 'globs over URL paths: matching pages are left out',
    default: [],
    check: isStringArray,
  },
  customSitemaps: {
    doc: 'sitemaps made by other tools, listed in the index',
    default: [],
    check: isUrlList,
  },
  customPages: {
    doc: 'extra absolute URLs to list',
    default: [],
    check: isStringArray,
  },
  filter: {
    doc: 'called with each URL; false leaves it out',
    check: isFunction,
  },
  serialize: {
    doc: 'last say over each entry',
    check: isFunction,
  },
  onProgress: {
    doc: 'called as the build goes, for a progress display',
    check: isFunction,
  },
  lastmodFrom: {
    doc: 'an order of lastmod evidence (else the newest wins)',
    derived: true,
    check: checkLastmodFrom,
  },
  lastmod: {
    doc: 'the lastmod of pages whose own date is unknown',
    derived: true,
    check: checkLastmod,
  },
  changefreq: {
    doc: 'written for every URL that sets none',
    check: isChangefreq,
  },
  priority: {
    doc: 'written for every URL that sets none',
    check: isPriority,
  },
  chunks: {
    doc: 'named groups of entries, each written to files of its own',
    check: isChunks,
  },
  filenameBase: {
    doc: 'the start of every file name written',
    default: 'sitemap',
    check: isFilenameBase,
  },
  xslURL: {
    doc: 'an XSL stylesheet of yours, referenced from every file',
    derived: true,
    check: isXslUrl,
  },
  report: {
    doc: 'write a JSON report of every page to this path',
    derived: true,
    check: nonEmptyString('a file path'),
  },
  maxUrlsPerSitemap: {
    doc: 'URLs per sitemap file at most',
    default: MAX_URLS_PER_SITEMAP,
    check: wholeNumber(1, MAX_URLS_PER_SITEMAP),
  },
  maxBytesPerSitemap: {
    doc: 'uncompressed bytes per sitemap file at most',
    default: SEEDS_MAX_BYTES_PER_SITEMAP,
    check: wholeNumber(1024, CURRENT_MAX_BYTES_PER_SITEMAP),
  },
  maxSitemapsPerIndex: {
    doc: 'sitemaps per index file at most',
    default: SEEDS_MAX_SITEMAPS_PER_INDEX,
    check: wholeNumber(1, CURRENT_MAX_SITEMAPS_PER_INDEX),
  },
  sources: {
    doc: 'folders of page sources whose tree mirrors the URL tree',
    default: [],
    derived: true,
    check: checkSources,
  },
  pageSources: {
    doc: "each page's source file, by URL path",
    default: {},
    derived: true,
    check: checkPageSources,
  },
  i18n: {
    doc: 'locale prefixes -> hreflang values, for alternates between locales',
    derived: true,
    check: checkI18n,
  },
  pageAlternates: {
    doc: "each page's translations, by URL path",
    default: {},
    derived: true,
    check: checkPageAlternates,
  },
  indexNow: {
    doc: 'tell search engines through IndexNow which URLs changed',
    derived: true,
    check: isIndexNow,
  },
} satisfies { [K in OptionName]-?: OptionRow<K> };

type Rows = typeof OPTIONS;

/** Whether two unions of keys are the same set. */
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Only `true` fits. */
type Holds<T extends true> = T;
/** Fails `tsc` when the table and `SitemapOptions` do not name the same options. */
export type TableNamesEveryOption = Holds<SameKeys<keyof Rows, OptionName>>;

/** Options with a value when not given. */
export type DefaultedName = {
  [K in OptionName]: Rows[K] extends { default: unknown } ? K : never;
}[OptionName];

/** Options whose resolved value resolveOptions derives. */
type DerivedName = { [K in OptionName]: Rows[K] extends { derived: true } ? K : never }[OptionName];

/** Options resolveOptions takes as given, or as their default when not given. */
export type TakenName = Exclude<OptionName, DerivedName>;

/** Every option's name, in the table's order. */
export const OPTION_NAMES = Object.keys(OPTIONS) as OptionName[];

/** The options resolveOptions requires. */
export const REQUIRED: readonly OptionName[] = OPTION_NAMES.filter(
  (name) => (OPTIONS[name] as OptionRow).required,
);

/** A default made read-only: one array or object is every resolve's (each empty, so one level). */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) Object.freeze(value);
  return value;
}

/** What each option with one is when not given. */
export const DEFAULTS = Object.freeze(
  Object.fromEntries(
    OPTION_NAMES.flatMap((name) => {
      const row: OptionRow = OPTIONS[name];
      return 'default' in row ? [[name, frozen(row.default)]] : [];
    }),
  ),
) as { readonly [K in DefaultedName]: Readonly<NonNullable<SitemapOptions[K]>> };
