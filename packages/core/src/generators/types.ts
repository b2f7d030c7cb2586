/**
 * What detection found in a project folder: the generator that builds it, and the options its
 * config gives. `sitemapkit build` run with no arguments takes these; every one can be overridden
 * by a flag.
 */
import type { LinkItem, SitemapOptions } from '../types.js';

/** The static site generators `sitemapkit build` recognises. */
export type GeneratorId = 'hugo' | 'eleventy' | 'jekyll' | 'vitepress';

/** A project's generator and what its config says, in the core's terms. */
export interface DetectedSite {
  generator: GeneratorId;
  /** The generator's name as the summary line prints it, e.g. `Hugo`. */
  name: string;
  /** The config file detection read, relative to the project folder (e.g. `hugo.toml`). */
  configFile: string;
  /** The output folder, relative to the project folder (e.g. `public`). */
  outDir: string;
  /** The content folders, relative to the project folder, for the summary line (e.g. `['content']`). */
  contentDirs: string[];
  /** Absolute URL of the deployed site, when the config says it (`baseURL`, `url`, `sitemap.hostname`). */
  site?: string;
  /** Path the site is served under, when not `/`. */
  base?: string;
  /** Whether `x.html` is served as `/x` (the generator's clean-URL setting). */
  cleanUrls?: boolean;
  trailingSlash?: SitemapOptions['trailingSlash'];
  /**
   * Every page's source: route key (the URL path relative to `base`, no trailing slash, `/` for
   * the home page, as `fileRouteKey` gives) -> source file relative to the project folder.
   */
  pageSources: Record<string, string>;
  /**
   * Each page's translations, where the generator knows them (including the page itself):
   * route key -> alternates whose `url` is a URL path relative to `base` (`/fr/a/`), so the
   * site and base a build ends up with (from a flag, or the config) place them.
   */
  pageAlternates?: Record<string, LinkItem[]>;
  /** Locale prefixes -> hreflang values, when the site has more than one language. */
  i18n?: { defaultLocale: string; locales: Record<string, string> };
  /** How many languages the site has (1 for a single-language site). */
  languages: number;
  /** Things detection could not do (a config it could not load), said as warnings. */
  warnings: string[];
  /** What is wrong with the site URL the config gives (or why none was taken): said only when no `--site` is given. */
  siteWarning?: string;
}

/** One generator's detection: `undefined` when `root` is not a project of that generator. */
export type Detector = (root: string) => Promise<DetectedSite | undefined>;
