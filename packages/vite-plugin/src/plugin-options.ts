/**
 * The plugin's options, what Vite owns of them, and their one mapping (with Vite's config) to
 * the core's options: the build and the dev server both use it. Pure.
 */
import { forFreshOutDir, type SitemapOptions } from '@sitemapkit/core';
import type { ResolvedConfig } from 'vite';
import { basePath } from './base-path.js';

/**
 * The core's options ({@link SitemapOptions}, documented in @sitemapkit/core), less `outDir`
 * and `root`, which come from Vite's `build.outDir` and `root`.
 */
export interface SitemapPluginOptions
  extends Omit<SitemapOptions, 'outDir' | 'root' | 'base' | 'cleanUrls'> {
  /**
   * Path the site is served under; a full URL gives its path.
   * @default Vite's `base` (its path when it is a full URL; the path of `site` when it is `./`)
   */
  base?: string;
  /**
   * List `about.html` as `/about` (true) or as `/about.html` (false), as Vite serves it.
   * @default false
   */
  cleanUrls?: boolean;
}

/** Options Vite owns, with the Vite setting to change instead. */
export const VITE_OWNED: Readonly<Record<string, string>> = {
  outDir: "comes from Vite's `build.outDir`; set it there",
  root: "comes from Vite's `root`; set it there",
};

/**
 * The core's options for the plugin's in a Vite project: Vite's `root`, Vite's `base` unless the
 * plugin's is given, `.html` URLs as Vite serves them unless `cleanUrls`. The output folder and
 * the pages' sources are the build's to add.
 * @example viteCoreOptions({ site: 'https://e.com' }, { base: '/app/', root: '/p' })
 *   // { site: 'https://e.com', cleanUrls: false, base: '/app/', root: '/p' }
 */
export function viteCoreOptions(
  options: SitemapPluginOptions,
  config: Pick<ResolvedConfig, 'base' | 'root'>,
): Omit<SitemapOptions, 'outDir'> {
  return {
    // Vite empties the output folder: IndexNow compares with the deployed sitemaps by default.
    ...forFreshOutDir(options),
    cleanUrls: options.cleanUrls ?? false,
    // A relative base (`./`) says nothing of the path: the path of `site` applies.
    base: basePath(options.base ?? config.base),
    root: config.root,
  };
}
