/**
 * The sitemap in `vite` (the dev server): the set the build would write for the HTML entries the
 * dev server serves, rendered in memory by the core on each request. Nothing is written.
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { type MemoryPage, sitemapDevMiddleware } from '@sitemapkit/core';
import type { ResolvedConfig, ViteDevServer } from 'vite';
import { type SitemapPluginOptions, viteCoreOptions } from './plugin-options.js';

const HTML_FILE = /\.html?$/i;

/** What the comment at the top of every served file says. */
export const DEV_COMMENT = [
  "sitemapkit dev preview: rendered in memory from the dev server's HTML entries; `vite build` writes the real one",
  'lastmod: none here (the build dates each page from git, its head and its sources)',
  'head rules (noindex, canonical, refresh redirects) are applied to the built pages, not here',
];

/** The build's inputs, as files relative to `root`: `build.rolldownOptions.input` (or Rollup's). */
function configuredInputs(config: ResolvedConfig): string[] | null {
  const build = config.build as {
    rolldownOptions?: { input?: unknown };
    rollupOptions?: { input?: unknown };
  };
  const input = build.rolldownOptions?.input ?? build.rollupOptions?.input;
  if (input === undefined) return null;
  const list = typeof input === 'string' ? [input] : Object.values(input as object);
  return list
    .filter((file): file is string => typeof file === 'string')
    .map((file) => relative(config.root, resolve(config.root, file)));
}

/**
 * What `vite build` builds when no input is set: the root's `index.html`, if there is one. (A
 * multi-page app names its pages in `build.rollupOptions.input`; the preview lists those.)
 */
function defaultInput(config: ResolvedConfig): string[] {
  return existsSync(resolve(config.root, 'index.html')) ? ['index.html'] : [];
}

/** The pages the build would emit, as the files it would emit them as. */
export function devPages(config: ResolvedConfig): MemoryPage[] {
  const files = configuredInputs(config) ?? defaultInput(config);
  return files
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => HTML_FILE.test(file) && !file.startsWith('../'))
    .map((file) => ({ file }));
}

/** Serves the set at `<base>sitemap-index.xml` and the files it lists. */
export function serveSitemap(server: ViteDevServer, options: SitemapPluginOptions): void {
  const { config } = server;
  server.middlewares.use(
    sitemapDevMiddleware(
      { ...viteCoreOptions(options, config), comment: DEV_COMMENT },
      () => devPages(config),
      (error) => config.logger.error(`sitemapkit: ${error.message}`),
    ),
  );
}
