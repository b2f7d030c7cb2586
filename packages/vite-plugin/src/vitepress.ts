/**
 * @sitemapkit/vite/vitepress: sitemaps for a VitePress site, from its `buildEnd` hook. VitePress
 * renders its pages after Vite's bundle has closed, so a Vite plugin sees no HTML; `buildEnd`
 * runs once every page is written, and hands over the resolved site config. Thin: everything
 * comes from that config (output and source folders, `base`, `cleanUrls`, `rewrites`, dynamic
 * routes, `locales`), and the core does the rest.
 */
import { join } from 'node:path';
import {
  fileRouteKey,
  forFreshOutDir,
  formatSummaryLine,
  generateSitemaps,
  SitemapError,
  type SitemapOptions,
} from '@sitemapkit/core';
import { checkOptions } from './check-options.js';

/**
 * The core's options ({@link SitemapOptions}) less what VitePress's config gives: `outDir`,
 * `root`, `base`, `cleanUrls`, `i18n`.
 */
export interface VitePressSitemapOptions
  extends Omit<SitemapOptions, 'outDir' | 'root' | 'base' | 'cleanUrls' | 'site'> {
  /**
   * Absolute URL of the deployed site. Without it, VitePress's `sitemap.hostname` is used, but
   * that also turns VitePress's own sitemap on: give `site` here and remove `sitemap` there.
   */
  site?: string;
}

/** The parts of VitePress's resolved `SiteConfig` (1.x and 2.x) read here. */
export interface VitePressSiteConfig {
  root: string;
  srcDir: string;
  outDir: string;
  cleanUrls?: boolean;
  /** Pages as `.md` paths relative to `srcDir`, before rewrites, dynamic routes expanded. */
  pages: string[];
  rewrites: { map: Record<string, string | undefined> };
  /** 1.x: `{ routes }`; 2.x: the routes themselves. */
  dynamicRoutes?: { routes?: DynamicRoute[] } | DynamicRoute[];
  site: {
    base: string;
    lang?: string;
    locales?: Record<string, { lang?: string } | undefined>;
  };
  sitemap?: { hostname?: string; transformItems?: unknown };
  logger: { info(message: string): void; warn(message: string): void };
}

interface DynamicRoute {
  /** The template, e.g. `packages/[pkg].md`. */
  route: string;
  /** The page it made, e.g. `packages/alpha.md`. */
  path: string;
}

/** Options VitePress's config gives. */
const VITEPRESS_OWNED: Record<string, string> = Object.fromEntries(
  ['outDir', 'root', 'base', 'cleanUrls', 'i18n'].map((key) => [
    key,
    "comes from VitePress's config; set it there",
  ]),
);

/** The locale key VitePress gives the locale served without a prefix. */
const ROOT_LOCALE = 'root';

/** Every page's source: its `.md` file, or the template of a dynamic route. */
function pageSources(config: VitePressSiteConfig): Record<string, string> {
  const dynamic = Array.isArray(config.dynamicRoutes)
    ? config.dynamicRoutes
    : (config.dynamicRoutes?.routes ?? []);
  const templateOf = new Map(dynamic.map((r) => [r.path, r.route]));
  const sources: Record<string, string> = {};
  for (const page of config.pages) {
    // VitePress writes `x.md` (after rewrites) as `x.html`, whatever `cleanUrls` says.
    const written = (config.rewrites.map[page] ?? page).replace(/\.md$/, '.html');
    const key = fileRouteKey(written);
    if (key !== null) sources[key] = join(config.srcDir, templateOf.get(page) ?? page);
  }
  return sources;
}

/** hreflang alternates from VitePress's locales: the key is the path prefix, `lang` the tag. */
function i18nOf(config: VitePressSiteConfig): SitemapOptions['i18n'] {
  const locales: Record<string, string> = {};
  for (const [key, locale] of Object.entries(config.site.locales ?? {})) {
    const lang = locale?.lang ?? (key === ROOT_LOCALE ? config.site.lang : undefined);
    if (lang) locales[key] = lang;
  }
  if (Object.keys(locales).length < 2 || !(ROOT_LOCALE in locales)) return undefined;
  return { defaultLocale: ROOT_LOCALE, locales };
}

/**
 * The `buildEnd` hook that writes the sitemaps of a VitePress site. Bad options throw here, when
 * the config is loaded, with every problem listed.
 * @example
 *   // .vitepress/config.mts
 *   import { sitemap } from '@sitemapkit/vite/vitepress';
 *   export default defineConfig({ buildEnd: sitemap({ site: 'https://example.com' }) });
 */
export function sitemap(
  options: VitePressSitemapOptions = {},
): (config: VitePressSiteConfig) => Promise<void> {
  checkOptions(options, VITEPRESS_OWNED, { site: 'https://example.com' });
  return async (config) => {
    const site = options.site ?? config.sitemap?.hostname;
    if (!site) {
      throw new SitemapError(
        'invalid-options',
        "sitemapkit: `site` is required: the absolute URL of the deployed site, e.g. sitemap({ site: 'https://example.com' })",
        { option: 'site' },
        ['`site` is required'],
      );
    }
    if (config.sitemap?.hostname) {
      const transform = config.sitemap.transformItems
        ? '; its `transformItems` is not applied to ours: leave pages out with `filter` or `exclude`, or change entries with `serialize`'
        : '';
      config.logger.warn(
        `sitemapkit: VitePress's own sitemap is on too (\`sitemap.hostname\` in .vitepress/config), and writes sitemap.xml beside ours: remove VitePress's \`sitemap\` option and give \`site\` to sitemap() instead${transform}`,
      );
    }
    const i18n = i18nOf(config);
    const result = await generateSitemaps({
      // The output folder starts empty: IndexNow compares with the deployed sitemaps by default.
      ...forFreshOutDir(options),
      site,
      root: config.root,
      outDir: config.outDir,
      base: config.site.base,
      cleanUrls: config.cleanUrls ?? false,
      pageSources: { ...pageSources(config), ...options.pageSources },
      ...(i18n ? { i18n } : {}),
    });
    config.logger.info(formatSummaryLine(result));
    for (const warning of result.warnings) config.logger.warn(`sitemapkit: ${warning.message}`);
  };
}

export default sitemap;
