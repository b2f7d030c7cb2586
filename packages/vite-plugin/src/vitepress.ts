/**
 * @sitemapkit/vite/vitepress: sitemaps for a VitePress site, from its `buildEnd` hook. VitePress
 * renders its pages after Vite's bundle has closed, so a Vite plugin sees no HTML; `buildEnd`
 * runs once every page is written, and hands over the resolved site config. Thin: the core maps
 * that config (output and source folders, `base`, `cleanUrls`, `rewrites`, dynamic routes,
 * `locales`) as `sitemapkit build` does, and does the rest.
 */
import {
  checkOptions,
  forFreshOutDir,
  formatSummaryLine,
  generateSitemaps,
  optionsFromDetected,
  type VitePressSiteConfig as SiteConfigRead,
  SitemapError,
  type SitemapOptions,
  vitePressSite,
} from '@sitemapkit/core';

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

/**
 * The resolved `SiteConfig` VitePress hands `buildEnd` (1.x and 2.x): what the core's mapping
 * reads, and VitePress's logger.
 */
export interface VitePressSiteConfig extends SiteConfigRead {
  logger: { info(message: string): void; warn(message: string): void };
}

/** Options VitePress's config gives. */
const VITEPRESS_OWNED: Record<string, string> = Object.fromEntries(
  ['outDir', 'root', 'base', 'cleanUrls', 'i18n'].map((key) => [
    key,
    "comes from VitePress's config; set it there",
  ]),
);

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
  // `site` may come from VitePress's `sitemap.hostname`, known when the build ends.
  checkOptions(options, { owned: VITEPRESS_OWNED });
  return async (config) => {
    // The core's one mapping of VitePress's config, shared with `sitemapkit build`.
    const detected = vitePressSite(config, { giveSite: '`site` to sitemap()' });
    const site = options.site ?? detected.site;
    if (!site) {
      throw new SitemapError(
        'invalid-options',
        "sitemapkit: `site` is required: the absolute URL of the deployed site, e.g. sitemap({ site: 'https://example.com' })",
        { option: 'site' },
        ['`site` is required'],
      );
    }
    for (const warning of detected.warnings) config.logger.warn(`sitemapkit: ${warning}`);
    // The output folder starts empty: IndexNow compares with the deployed sitemaps by default.
    const result = await generateSitemaps(
      optionsFromDetected(detected, config.root, { ...forFreshOutDir(options), site }),
    );
    config.logger.info(formatSummaryLine(result));
    for (const warning of result.warnings) config.logger.warn(`sitemapkit: ${warning.message}`);
  };
}

export default sitemap;
