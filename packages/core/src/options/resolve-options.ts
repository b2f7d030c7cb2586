/**
 * Options: checked once (check-options.ts, every problem listed), then resolved: each option
 * the table says is taken as given (or its default), the rest derived here. Everything after
 * `resolveOptions()` reads only `ResolvedOptions`.
 */
import { resolve } from 'node:path';
import type { DateFields } from '../dates/frontmatter-fields.js';
import { type ResolvedIndexNow, resolveIndexNow } from '../indexnow/options.js';
import { stylesheetFileName } from '../output/names.js';
import type { LastmodSource, LinkItem, SitemapOptions } from '../types.js';
import { checkOptions } from './check-options.js';
import type { HeadRules } from './option-parts.js';
import {
  effectiveBase,
  LASTMOD_SOURCES,
  type PageSource,
  type ResolvedI18n,
  type ResolvedSource,
  resolveDateFields,
  resolveHead,
  resolveI18n,
  resolveImages,
  resolveLastmod,
  resolvePageAlternates,
  resolvePageSources,
  resolveSources,
  siteUrl,
} from './option-parts.js';
import {
  DEFAULTS,
  type DefaultedName,
  OPTION_NAMES,
  OPTIONS,
  type OptionRow,
  REQUIRED,
  type TakenName,
} from './table.js';

export type { PageSource, ResolvedI18n, ResolvedSource } from './option-parts.js';
export { DEFAULTS } from './table.js';

/** The options taken as given: with their default when they have one, else as given. */
type TakenOptions = {
  [K in TakenName]: K extends DefaultedName ? NonNullable<SitemapOptions[K]> : SitemapOptions[K];
};

export interface ResolvedOptions extends TakenOptions {
  /** Origin of `site`, e.g. `https://example.com`. */
  origin: string;
  /** Base path with leading and trailing slash, e.g. `/docs/`. */
  base: string;
  /** `origin + base`: the directory every listed URL must be under. */
  baseUrl: string;
  outDir: string;
  root: string;
  /** Whether Markdown frontmatter is read. */
  frontmatter: boolean;
  /** The head rules in force, or null when heads are not read. */
  head: HeadRules | null;
  /** Whether page images are listed, and from other sites too; null when bodies are not read. */
  images: { external: boolean } | null;
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
  i18n: ResolvedI18n | undefined;
  xslURL: string | undefined;
  /** false under a base path unless set: crawlers read only /robots.txt. */
  robotsTxt: NonNullable<SitemapOptions['robotsTxt']>;
  report: string | undefined;
  /** IndexNow, when `indexNow` is set. */
  indexNow: ResolvedIndexNow | undefined;
}

/** The options the table says are taken as given, each with its default when not given. */
function takenAsGiven(input: SitemapOptions): TakenOptions {
  const taken: Record<string, unknown> = {};
  for (const name of OPTION_NAMES) {
    const row: OptionRow = OPTIONS[name];
    if (row.derived) continue;
    // A default array is shared: the resolved options get one of their own.
    const fallback = Array.isArray(row.default) ? [...row.default] : row.default;
    taken[name] = input[name] ?? fallback;
  }
  return taken as TakenOptions;
}

/**
 * Validates and normalises options. Throws one `SitemapError` (code `invalid-options`) listing
 * every problem, so a user fixes them all in one go.
 */
export function resolveOptions(input: SitemapOptions): ResolvedOptions {
  checkOptions(input, { required: REQUIRED });
  const taken = takenAsGiven(input);
  const site = siteUrl(input.site);
  const origin = new URL(site).origin;
  // A path in `site` (https://example.com/docs) acts as the base when `base` is not given.
  const base = effectiveBase(site, input.base);
  const baseUrl = origin + base;
  const root = resolve(input.root ?? process.cwd());
  const outDir = resolve(root, input.outDir);
  const order = input.lastmodFrom ?? null;
  const chain = (order ?? LASTMOD_SOURCES).filter((s) => s !== 'git' || taken.git !== false);
  return {
    ...taken,
    origin,
    base,
    baseUrl,
    outDir,
    root,
    frontmatter: input.frontmatter ?? chain.includes('frontmatter'),
    head: resolveHead(input.head ?? DEFAULTS.head),
    images: resolveImages(input.images ?? DEFAULTS.images),
    sources: resolveSources(input.sources ?? DEFAULTS.sources, root),
    pageSources: resolvePageSources(input.pageSources ?? DEFAULTS.pageSources, root),
    pageAlternates: resolvePageAlternates(input.pageAlternates ?? DEFAULTS.pageAlternates, origin),
    lastmodFrom: chain,
    lastmodOrder: order && chain,
    dateFields: resolveDateFields(input.dateFields ?? DEFAULTS.dateFields),
    lastmod: resolveLastmod(input.lastmod),
    i18n: input.i18n && resolveI18n(input.i18n),
    // Root-relative: browsers load an XSL only from the page's own origin, whichever serves it.
    xslURL: taken.stylesheet ? `${base}${stylesheetFileName(taken.filenameBase)}` : input.xslURL,
    // Crawlers read only /robots.txt: under a base path, the file in outDir is not that one.
    robotsTxt: input.robotsTxt ?? (base === '/' && DEFAULTS.robotsTxt),
    report: input.report === undefined ? undefined : resolve(root, input.report),
    indexNow: resolveIndexNow(input.indexNow, {
      root,
      outDir,
      origin,
      baseUrl,
      // Where the deployed set is read from (`indexNow.compare: 'deployed'`).
      filenameBase: taken.filenameBase,
      maxSitemapsPerIndex: taken.maxSitemapsPerIndex,
      customSitemaps: taken.customSitemaps,
    }),
  };
}
