/**
 * Public types of @sitemapkit/core. Options are validated and normalised once by
 * `resolveOptions()` (options/resolve-options.ts, by the table in options/table.ts) into
 * `ResolvedOptions`; everything else reads only that.
 */

export type ChangeFreq = 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';
export type TrailingSlash = 'always' | 'never' | 'ignore';
export type BuildFormat = 'directory' | 'file' | 'preserve';
export type LimitsPreset = 'seeds' | 'current';

/** Where a lastmod came from, without the field name: what the summary counts. */
export type LastmodKind =
  | 'frontmatter'
  | 'html-meta'
  | 'git'
  | 'mtime'
  | 'children'
  | 'option'
  | 'serialize'
  | 'custom';

/**
 * Where a URL's `<lastmod>` came from. `frontmatter:<field>` names the field; `children` is a
 * listing page dated by the newest page under it.
 */
export type LastmodProvenance =
  | `frontmatter:${string}`
  | Exclude<LastmodKind, 'frontmatter'>
  | 'none';

/** The kinds of evidence of a page's lastmod, as `lastmodFrom` names them. */
export type LastmodSource = 'frontmatter' | 'head' | 'git' | 'mtime';

/** Frontmatter field names of your own, by what they say (matched whatever their case or style). */
export interface DateFieldNames {
  /** Fields that say the page was modified, e.g. `['revised']`. */
  modified?: string[];
  /** Fields that say the page was published (a floor for its lastmod), e.g. `['firstPosted']`. */
  published?: string[];
}

/**
 * What a running build is doing, for a progress display: the pages found so far while the
 * output folder is walked (every 1,000 pages), then the start and end of each later stage.
 */
export interface BuildProgress {
  /** `walk`: finding pages; `describe`: reading sources and heads; `write`: building and writing the files. */
  stage: 'walk' | 'describe' | 'write';
  /** Pages found (`walk`), pages described (`describe`) or files written (`write`) so far. */
  done: number;
  /** What `done` counts up to, where it is known. */
  total?: number;
}

/** Why a page found in `outDir` is not in the sitemap. */
export type ExclusionReason =
  | 'error-page'
  | 'include'
  | 'exclude'
  | 'filter'
  | 'frontmatter'
  | 'noindex'
  | 'canonical'
  | 'redirect'
  | 'serialize'
  | 'unreadable'
  | 'unaddressable'
  | 'url-too-long'
  | 'duplicate';

/** An alternate language version of a URL, written as `<xhtml:link rel="alternate">`. */
export interface LinkItem {
  /** hreflang value, e.g. `en`, `de-AT` or `x-default`. */
  lang: string;
  /** Absolute URL of the alternate. */
  url: string;
}

/** An image of a page, written as `<image:image><image:loc>` (Google's image extension). */
export interface ImageItem {
  /** Absolute http(s) URL of the image. */
  loc: string;
}

/** One `<url>` entry, as `serialize` and `chunks` see it (same shape as @astrojs/sitemap's). */
export interface SitemapItem {
  url: string;
  /** W3C Datetime (`YYYY-MM-DD` or `YYYY-MM-DDThh:mm:ssZ`); a `Date` is accepted from callbacks. */
  lastmod?: string | Date | undefined;
  changefreq?: ChangeFreq | undefined;
  priority?: number | undefined;
  links?: LinkItem[] | undefined;
  /** Images of the page (only with the `images` option), at most 1,000. */
  images?: ImageItem[] | undefined;
}

/** The rules a page's head is judged by; each defaults to true. */
export interface HeadRuleOptions {
  /** Leave out pages whose robots/googlebot meta says `noindex` or `none`. */
  noindex?: boolean;
  /** Leave out pages whose canonical link points to another URL. */
  canonical?: boolean;
  /** Leave out `<meta http-equiv="refresh">` redirect stubs. */
  redirect?: boolean;
  /** Write `<link rel="alternate" hreflang>` entries as `xhtml:link` alternates. */
  hreflang?: boolean;
}

/** A folder of page sources whose tree mirrors the URL tree under `route`. */
export interface SourceDir {
  /** Folder, relative to `root`, e.g. `src/pages` or `src/content/blog`. */
  dir: string;
  /** URL path the folder maps to, relative to `base`. @default '/' */
  route?: string;
}

export interface SitemapOptions {
  /** Absolute http(s) URL of the deployed site, e.g. `https://example.com`. Required. */
  site: string;
  /** Path the site is served under. @default '/' */
  base?: string;
  /** Folder holding the emitted HTML; the sitemaps are written here. Required. */
  outDir: string;
  /** Folder `sources` and git paths are relative to. @default process.cwd() */
  root?: string;
  /** @default 'ignore' */
  trailingSlash?: TrailingSlash;
  /** How pages were emitted (Astro's `build.format`). @default 'preserve' */
  format?: BuildFormat;
  /**
   * `about.html` is listed as `/about` (true) or `/about.html` (false). The literal file URL is
   * the default: every static host serves it, where the clean one is a 404 on a plain file
   * server. Either way, a page whose canonical link names it in the other form is listed in that
   * form. @default false
   */
  cleanUrls?: boolean;
  /**
   * Leave out `404` and `500` pages at the root and in a locale's folder (`/fr/404`: a locale of
   * `i18n`, or a folder named like a language); `/products/404/` stays. @default true
   */
  excludeErrorPages?: boolean;
  /**
   * Globs over URL paths relative to `base` (`/blog/**`); only matching pages are listed.
   * @default []
   */
  include?: string[];
  /**
   * Globs over URL paths relative to `base` (`/drafts/**`); matching pages are left out.
   * @default []
   */
  exclude?: string[];
  /** Called with each absolute URL; return false to leave it out. */
  filter?: (url: string) => boolean;
  /** Where page sources live, for frontmatter and file dates. @default [] */
  sources?: SourceDir[];
  /**
   * The source file of each page, where you (or a framework adapter) know it: URL path relative
   * to `base` -> source file (relative to `root`, or absolute). Its frontmatter, git history and
   * file time date the page, as a folder of `sources` would; a folder of `sources` that maps the
   * same page wins.
   * @default {}
   * @example { '/blog/hello/': 'src/content/blog/hello.md', '/about/': 'src/pages/about.astro' }
   */
  pageSources?: Record<string, string>;
  /**
   * The translations of each page, where you (or a generator's config) know them: URL path
   * relative to `base` (keyed as `pageSources` is) -> its alternates, the page itself included,
   * each URL absolute or from the site's root (`/fr/a/`, base path included). Alternates in a
   * page's head win; these win over `i18n`'s locale prefixes.
   * @default {}
   * @example { '/blog/hello/': [{ lang: 'en', url: 'https://e.com/blog/hello/' }, { lang: 'fr', url: 'https://e.com/fr/blog/bonjour/' }] }
   */
  pageAlternates?: Record<string, LinkItem[]>;
  /**
   * Read each page's `<head>` and let it decide: `true` turns every rule on, `false` reads no
   * head, an object turns rules off one by one.
   * @default true
   * @example { canonical: false } // keep pages whose canonical points elsewhere
   */
  head?: boolean | HeadRuleOptions;
  /**
   * Read the frontmatter of Markdown sources (dates, `sitemap:` overrides, `slug`); only the
   * block is read, never the body.
   * @default true, unless `lastmodFrom` leaves 'frontmatter' out
   */
  frontmatter?: boolean;
  /**
   * Take dates from git history: the last commit that changed each source's content (one
   * `git log` pass per repository). `'auto'` uses git wherever the sources are in a work tree,
   * and says nothing when they are not; `true` also warns when git cannot be used.
   * @default 'auto'
   */
  git?: boolean | 'auto';
  /**
   * Commits whose changes say nothing about content (mass reformatting), full or abbreviated
   * hashes; the repository's `.git-blame-ignore-revs` is read too.
   * @default []
   */
  gitIgnoreRevs?: string[];
  /**
   * Without it, a page's lastmod is the newest of its evidence (frontmatter modified dates, git,
   * the head, real edit times). Given, the first kind in this order that knows a date wins; a
   * kind left out is not read (without 'frontmatter', no frontmatter at all). A lastmod is never
   * earlier than a published date that is read.
   * @default undefined (the newest evidence wins)
   * @example ['frontmatter', 'git'] // frontmatter is authoritative
   */
  lastmodFrom?: LastmodSource[];
  /**
   * Frontmatter date field names of your own, added to the ones read out of the box.
   * @default {}
   */
  dateFields?: DateFieldNames;
  /**
   * A page with pages under it in the URL tree (a section, a blog index, the home page) takes
   * the newest date of those pages when it is newer than its own (provenance `children`).
   * @default true
   */
  lastmodFromChildren?: boolean;
  /**
   * List each page's images (`<image:image>`, Google's image extension): the `<img src>`,
   * `srcset`, `<picture><source srcset>` and `data-src`/`data-srcset` of its `<main>` (or
   * `<body>`), same-site only unless `{ external: true }`; at most 1,000 per page. Reads each
   * page's body, so it costs a build time.
   * @default false
   */
  images?: boolean | { external?: boolean };
  /** A lastmod for pages whose own date is unknown (provenance `option`). */
  lastmod?: Date | string;
  /** Written for every URL that does not set its own. Not written unless set. */
  changefreq?: ChangeFreq;
  /** Written for every URL that does not set its own (0.0-1.0). Not written unless set. */
  priority?: number;
  /**
   * Locale prefixes -> hreflang values; pages that exist in several locales get `xhtml:link`
   * alternates to each other (same meaning as @astrojs/sitemap's `i18n`).
   * @example { defaultLocale: 'en', locales: { en: 'en-US', es: 'es-ES' } }
   */
  i18n?: { defaultLocale: string; locales: Record<string, string> };
  /** Extra absolute URLs to list (pages not emitted as HTML). @default [] */
  customPages?: string[];
  /** Extra sitemap URLs to list in the index (sitemaps made by other tools). @default [] */
  customSitemaps?: string[];
  /** Last say over each entry; return a falsy value to drop it. */
  serialize?: (
    item: SitemapItem,
  ) => SitemapItem | undefined | null | false | Promise<SitemapItem | undefined | null | false>;
  /** Named groups, written as `<filenameBase>-<name>-N.xml`; the rest go to `<filenameBase>-pages-N.xml`. */
  chunks?: Record<
    string,
    (
      item: SitemapItem,
    ) =>
      | SitemapItem
      | undefined
      | null
      | false
      | boolean
      | Promise<SitemapItem | undefined | null | false | boolean>
  >;
  /** @default 'sitemap' */
  filenameBase?: string;
  /** URL of an XSL stylesheet, referenced from every file written. */
  xslURL?: string;
  /**
   * Write a stylesheet of ours, `<filenameBase>.xsl`, beside the sitemaps and reference it from
   * every file written (root-relative: `<base><filenameBase>.xsl`), so a browser shows each file as
   * a readable, searchable table. Cannot be combined with `xslURL`.
   * @default false
   */
  stylesheet?: boolean;
  /**
   * Write `xsi:schemaLocation` naming the sitemaps.org schema (`sitemap.xsd` on `<urlset>`,
   * `siteindex.xsd` on `<sitemapindex>`) on every file's root, for XML tools that validate by it.
   * @default false
   */
  schemaLocation?: boolean;
  /** Write `.xml.gz` sitemaps (the index stays plain XML and points at them). @default false */
  gzip?: boolean;
  /**
   * Add a `Sitemap:` line to `outDir/robots.txt`, creating it if missing. A `Sitemap:` line there
   * that points into the site at a file that is not in `outDir` (an earlier build's, a
   * generator's own sitemap that is gone) is warned of; `'replace'` also takes it out.
   * @default true when `base` is `/`; false under a base path, where crawlers do not read it
   */
  robotsTxt?: boolean | 'replace';
  /** Maximum URLs per sitemap file (at most 50,000). @default 50000 */
  maxUrlsPerSitemap?: number;
  /** Maximum uncompressed bytes per sitemap file. @default 10485760 (at most 52428800) */
  maxBytesPerSitemap?: number;
  /** Maximum sitemaps per index file. @default 1000 (at most 50000) */
  maxSitemapsPerIndex?: number;
  /** Write a JSON report of every page to this path (relative to `root`). */
  report?: string;
  /**
   * Hold every build to the validator: entries are checked before anything is written, each
   * file's limits before it is written; `'xsd'` also validates each file's XML against the
   * official XSD (slower). A violation fails the build.
   * @default true
   */
  selfCheck?: boolean | 'xsd';
  /** Fail on page-level problems (bad dates, unreadable files) instead of warning. @default false */
  strict?: boolean;
  /**
   * Build in an output folder that does not look like a site's: the filesystem root, the home
   * folder (or one above it), or a folder with no HTML file in its top four levels. Refused
   * otherwise, before anything is read or written.
   * @default false
   */
  force?: boolean;
  /**
   * On a large site (5,000 pages or more) whose files are read (heads, frontmatter), read the
   * sources and the heads on a second thread while the pages are walked. A build that reads
   * neither stays on one thread. The output is the same either way; off keeps everything on
   * one thread.
   * @default true
   */
  threads?: boolean;
  /**
   * Called as the build goes (see {@link BuildProgress}), at most once per 1,000 pages found and
   * once at each stage's start and end; a display should throttle its own drawing. It runs inside
   * the build: keep it cheap, and what it throws fails the build.
   * @example onProgress: ({ stage, done }) => { if (stage === 'walk') spinner.text = `${done} pages` }
   */
  onProgress?: (progress: BuildProgress) => void;
  /**
   * After each build, tell search engines through IndexNow which URLs changed since the last
   * one (added, removed, or with a new lastmod). Off unless set; see the README's IndexNow.
   * @example indexNow: { key: process.env.INDEXNOW_KEY }
   */
  indexNow?: IndexNowOptions;
}

/** The `indexNow` option (https://www.indexnow.org/documentation). */
export interface IndexNowOptions {
  /** Your IndexNow key: 8 to 128 letters, digits and `-`. `<key>.txt` holding it is written to `outDir`. */
  key: string;
  /** Where the URLs are POSTed. @default 'https://api.indexnow.org/indexnow' */
  endpoint?: string;
  /**
   * URL of a key file you serve yourself, on the site's host; no `<key>.txt` is written then.
   * @default `<site><base><key>.txt`, the file written
   */
  keyLocation?: string;
  /** Send nothing, write nothing: the result says what would be sent. @default false */
  dryRun?: boolean;
  /**
   * What a first build (no state recorded, or with `compare: 'deployed'` no index deployed yet)
   * sends: nothing, or every listed URL. @default 'none'
   */
  initial?: 'none' | 'all';
  /**
   * What this build's set is compared with to find what changed. `'state'`: the state file
   * recording what was sent (for builds that keep the output folder, such as in-place CLI
   * builds). `'deployed'`: the sitemaps on the live site, `<site><base><filenameBase>-index.xml`
   * and the sitemaps it lists on the same origin, read before the deploy; no state file is read
   * or written (for Vite, Astro and CI builds, which start from an empty folder).
   * @default 'state'
   */
  compare?: 'state' | 'deployed';
  /**
   * The file recording what was sent (relative to `root`), with `compare: 'state'`. Keep it where
   * builds find it again: a build that empties `outDir` first (Vite, Astro) needs it outside.
   * @default '<outDir>/.sitemapkit-indexnow.tsv.gz'
   */
  stateFile?: string;
}

/** What IndexNow was told after a build. */
export interface IndexNowResult {
  /** URLs the endpoint accepted (dry run: URLs that would be sent). */
  sent: number;
  /** Requests accepted (dry run: requests that would be made), at most 10,000 URLs each. */
  batches: number;
  dryRun: boolean;
  /** The endpoint the URLs go to. */
  endpoint: string;
  /** Why nothing was sent: a preview build, a first build, nothing changed. */
  skipped?: string;
  /** Changed URLs not accepted (a warning says why); sent again after the next build. */
  pending?: number;
  /** Dry run: the URLs that would be sent. */
  urls?: string[];
}

export interface SitemapWarning {
  code: string;
  message: string;
  file?: string;
  url?: string;
}

export interface WrittenFile {
  kind: 'index' | 'sitemap';
  /** Absolute path on disk. */
  path: string;
  /** Absolute URL the file is served at. */
  url: string;
  urlCount: number;
  /** Bytes on disk (compressed size for `.gz`). */
  bytes: number;
  /** Uncompressed XML bytes. */
  xmlBytes: number;
  /** False when the file already held exactly these bytes and was left untouched. */
  changed: boolean;
}

/** Everything known about one page found in `outDir` (or one custom page). */
export interface PageRecord {
  /** Path of the emitted HTML relative to `outDir` (posix), or null for custom pages. */
  file: string | null;
  url: string;
  /** Source file relative to `root`, when one was matched. */
  source?: string;
  lastmod?: string;
  lastmodFrom: LastmodProvenance;
  changefreq?: ChangeFreq;
  priority?: number;
  links?: LinkItem[];
  /** Images listed with the URL (only with the `images` option). */
  images?: ImageItem[];
  excluded?: ExclusionReason;
  /** Detail for an exclusion, e.g. the canonical URL a page points to. */
  excludedDetail?: string;
  /** Every date the page had evidence of, winner or not (kept when a `report` is written). */
  candidates?: Array<{ from: LastmodProvenance; value: string }>;
  /** File name (relative to `outDir`) of the sitemap the URL landed in. */
  sitemap?: string;
}

export interface GenerateResult {
  /** Absolute URL of the (first) index file; null when no page was listed and nothing was written. */
  indexUrl: string | null;
  files: WrittenFile[];
  pages: {
    found: number;
    included: number;
    excluded: Partial<Record<ExclusionReason, number>>;
    withoutLastmod: number;
    /** Listed pages with a lastmod, by where it came from (`frontmatter` sums every field). */
    dated: Partial<Record<LastmodKind, number>>;
  };
  /**
   * Per page: URL, lastmod and its provenance, exclusion reason. Sorted by URL. Made the first
   * time it is read: until then the pages stay in the build's compact table, so a caller that
   * never reads `records` never holds an object and strings per page (on a site of a million
   * pages, hundreds of MB).
   */
  records: PageRecord[];
  /** Files removed because an earlier build wrote them and this one did not. */
  removed: string[];
  warnings: SitemapWarning[];
  /** Path of the report written, when `report` was set. */
  reportPath?: string;
  /** What IndexNow was told, when `indexNow` is set. */
  indexNow?: IndexNowResult;
}
