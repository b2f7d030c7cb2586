/**
 * @sitemapkit/vite: sitemaps for every HTML page a Vite build emits. Thin by design: it maps
 * Vite's resolved config to @sitemapkit/core options, calls the core once the client build is
 * on disk, and reports through Vite's logger.
 */
import { resolve } from 'node:path';
import { checkOptions, fileRouteKey, formatSummaryLine, generateSitemaps } from '@sitemapkit/core';
import type { Environment, Plugin } from 'vite';
import { serveSitemap } from './dev-server.js';
import { type SitemapPluginOptions, VITE_OWNED, viteCoreOptions } from './plugin-options.js';

export type { SitemapPluginOptions } from './plugin-options.js';

/**
 * Maps Vite's resolved config to core options, generates, and reports through Vite's logger.
 * `shown` holds the warnings said already: a watch rebuild says a warning again only when its
 * text changed (a new count, a new page), and counts the ones it does not repeat.
 */
async function writeSitemaps(
  options: SitemapPluginOptions,
  config: Environment['config'],
  pages: Record<string, string>,
  shown?: Set<string>,
): Promise<void> {
  const result = await generateSitemaps({
    ...viteCoreOptions(options, config),
    // Each page's own HTML entry is its source; the user's `pageSources` and `sources` win.
    pageSources: { ...pages, ...options.pageSources },
    outDir: resolve(config.root, config.build.outDir),
  });
  config.logger.info(formatSummaryLine(result));
  let repeated = 0;
  for (const { message } of result.warnings) {
    if (shown?.has(message)) repeated++;
    else config.logger.warn(`sitemapkit: ${message}`);
    shown?.add(message);
  }
  if (repeated > 0) {
    config.logger.info(
      `sitemapkit: ${repeated} warning${repeated === 1 ? '' : 's'} as before, not repeated`,
    );
  }
}

/**
 * Writes sitemaps (and a `Sitemap:` line in robots.txt) for the HTML pages of the client build;
 * the dev server serves the same set, rendered in memory from its HTML entries.
 * @example plugins: [sitemap({ site: 'https://example.com' })]
 */
export function sitemap(options: SitemapPluginOptions): Plugin {
  // `site` is Vite's to know of no other way: it is required now, as the rest is checked.
  checkOptions(options ?? {}, { owned: VITE_OWNED, required: ['site'] });
  /** Route key of each HTML page the client build emitted -> the HTML entry it came from. */
  let pages: Record<string, string> = {};
  /** Warnings said in this watch session, so a rebuild does not say them again. */
  const shown = new Set<string>();
  return {
    name: 'sitemapkit',
    enforce: 'post',
    // `vite` (the dev server): the set rendered in memory, served; nothing is written.
    configureServer(server) {
      serveSitemap(server, options);
    },
    generateBundle(_output, bundle) {
      const config = this.environment.config;
      if (config.command !== 'build' || config.consumer !== 'client' || config.build.ssr) return;
      pages = {};
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.originalFileName) continue;
        const key = fileRouteKey(file.fileName);
        if (key) pages[key] = resolve(config.root, file.originalFileName);
      }
    },
    closeBundle: {
      order: 'post',
      // Vite 6/7 (Rollup) run closeBundle hooks in parallel: wait for the others' files.
      sequential: true,
      async handler(error?: Error) {
        const config = this.environment.config;
        // The dev server calls closeBundle when it closes: it writes nothing.
        if (error || config.command !== 'build' || config.consumer !== 'client' || config.build.ssr)
          return;
        if (!config.build.write) {
          config.logger.info(
            'sitemapkit: build.write is false, so no page is on disk; no sitemap written',
          );
          return;
        }
        if (!config.build.watch) return writeSitemaps(options, config, pages);
        // `vite build --watch` does not await closeBundle: a throw would end the watcher with an
        // unhandled rejection and no message. Report it and keep watching.
        await writeSitemaps(options, config, pages, shown).catch((failure: unknown) => {
          config.logger.error(failure instanceof Error ? failure.message : String(failure));
        });
      },
    },
  };
}

export default sitemap;
