/**
 * @sitemapkit/astro: the Astro integration. Thin: maps Astro's config and build info to
 * @sitemapkit/core options, calls the core, and reports through the hook's logger.
 * A drop-in for @astrojs/sitemap: same default export, same option names and meanings.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type SitemapOptions as CoreOptions,
  formatSummaryLine,
  type GenerateResult,
  generateSitemaps,
  htmlFileKeys,
  sitemapDevMiddleware,
  urlRouteKey,
} from '@sitemapkit/core';
import type { AstroIntegration, AstroIntegrationLogger, IntegrationResolvedRoute } from 'astro';
import { onDemandPageUrls } from './astro-pages.js';
import { type AstroSite, readAstroSite } from './astro-site.js';
import { devPageLister } from './dev-server.js';
import { checkOptions, type SitemapOptions, siteCoreOptions } from './options.js';
import { pageSourcesOf, readContentEntries } from './page-sources.js';

export type { LinkItem } from '@sitemapkit/core';
export type { ChangeFreq, SitemapItem, SitemapOptions } from './options.js';
export { ChangeFreqEnum } from './options.js';

const NAME = '@sitemapkit/astro';
const ASTRO_SITEMAP = '@astrojs/sitemap';

/**
 * Turns off every @astrojs/sitemap in the list, whoever put it there (the user while migrating,
 * or an integration such as Starlight that adds it to a site with `site` set): its hooks are
 * emptied before Astro runs its remaining ones, so only this integration writes. Returns whether
 * one was found.
 */
function replaceAstroSitemap(integrations: AstroIntegration[]): boolean {
  let found = false;
  for (const integration of integrations) {
    if (integration.name !== ASTRO_SITEMAP || Object.keys(integration.hooks).length === 0) continue;
    integration.hooks = {};
    found = true;
  }
  return found;
}

interface BuildInfo {
  dir: URL;
  routes: readonly IntegrationResolvedRoute[];
  /** `astro:build:done`'s route pattern -> emitted files. */
  assets: ReadonlyMap<string, readonly URL[]>;
  server: boolean;
  /** Keys of HTML files copied from public/: not pages. */
  publicHtml: Set<string>;
}

/** Maps the integration's options and what Astro knows to the core's options. */
function coreOptions(
  options: SitemapOptions,
  site: AstroSite & { origin: string },
  build: BuildInfo,
): CoreOptions {
  const outDir = fileURLToPath(build.dir);
  const baseUrl = site.origin + site.base;
  const { filter } = options;
  const onDemand = build.server ? onDemandPageUrls(build.routes, { ...site, baseUrl }) : [];
  const content = Object.entries(options.content ?? {}).map(([dir, route]) => ({
    dir: join(site.srcDir, 'content', dir),
    route,
  }));
  return {
    ...siteCoreOptions(options, site),
    outDir,
    filter: (url) =>
      !build.publicHtml.has(urlRouteKey(url, baseUrl)) && (filter ? filter(url) : true),
    customPages: [...(options.customPages ?? []), ...onDemand],
    // Each page's source, from Astro's routes and content store; `content` and `sources` win.
    pageSources: {
      ...pageSourcesOf({
        root: site.root,
        outDir,
        routes: build.routes,
        assets: build.assets,
        entries: readContentEntries(site.cacheDir),
        localePaths: site.localePaths,
      }),
      ...options.pageSources,
    },
    sources: [...content, ...(options.sources ?? [])],
    robotsTxt: options.robotsTxt ?? site.base === '/',
  };
}

function report(result: GenerateResult, logger: AstroIntegrationLogger): void {
  for (const warning of result.warnings) logger.warn(warning.message);
  logger.info(formatSummaryLine(result).replace(/^sitemapkit: /, ''));
}

/**
 * The integration: `integrations: [sitemap()]` in `astro.config.mjs`.
 * Invalid options throw here, before any hook runs, with every problem listed.
 * @example sitemap({ content: { blog: '/blog/' }, filter: (page) => !page.includes('/secret/') })
 */
export default function sitemap(options?: SitemapOptions): AstroIntegration {
  const checked = checkOptions(options);
  let site: AstroSite | undefined;
  let server = false;
  let routes: readonly IntegrationResolvedRoute[] = [];
  /** The routes Astro resolved last: the dev server's, updated as files change. */
  let latestRoutes: readonly IntegrationResolvedRoute[] = [];
  // Astro merges integration arrays when configs are extended, so this instance may be listed
  // more than once, after or before another one: only the last entry writes.
  let pendingRuns = 1;
  let superseded = false;

  const buildDone: NonNullable<AstroIntegration['hooks']['astro:build:done']> = async ({
    dir,
    assets,
    logger,
  }) => {
    pendingRuns--;
    if (superseded || pendingRuns > 0) {
      logger.debug('registered more than once: the last registration writes the sitemap');
      return;
    }
    if (!site?.origin) {
      logger.warn(
        'the `site` option is not set in astro.config, so no sitemap was written. Set `site` to the deployed URL, e.g. `site: "https://example.com"`.',
      );
      return;
    }
    const publicHtml = htmlFileKeys(site.publicDir);
    const result = await generateSitemaps(
      coreOptions(
        checked,
        { ...site, origin: site.origin },
        { dir, routes, assets, server, publicHtml },
      ),
    );
    report(result, logger);
  };

  return {
    name: NAME,
    hooks: {
      'astro:config:done': ({ config, buildOutput, logger }) => {
        // After every config:setup, so also the @astrojs/sitemap an integration (Starlight) added
        // there, in whichever order; before its own config:done and build:done.
        if (replaceAstroSitemap(config.integrations)) {
          logger.info(
            '@sitemapkit/astro replaces @astrojs/sitemap (listed in astro.config or added by another integration): one sitemap set, written by @sitemapkit/astro',
          );
        }
        site = readAstroSite(config);
        server = buildOutput === 'server';
        const ours = config.integrations
          .filter((i) => i.name === NAME)
          .map((i) => i.hooks['astro:build:done']);
        const mine = ours.filter((hook) => hook === buildDone).length;
        // Should a future Astro wrap hooks, every instance writes: the core makes that safe.
        pendingRuns = Math.max(mine, 1);
        superseded = mine > 0 && ours.at(-1) !== buildDone;
      },
      'astro:routes:resolved': ({ routes: resolved }) => {
        // Astro 7 calls this again after the build's own list, with its dev server's routes.
        if (routes.length === 0) routes = resolved;
        latestRoutes = resolved;
      },
      // `astro dev`: the set rendered in memory from the routes, served; nothing is written.
      'astro:server:setup': ({ server, logger }) => {
        if (superseded || !site?.origin) return;
        const devSite = { ...site, origin: site.origin };
        server.middlewares.use(
          sitemapDevMiddleware(
            siteCoreOptions(checked, devSite),
            devPageLister(server, devSite, () => latestRoutes),
            (error) => logger.error(error.message),
          ),
        );
      },
      'astro:build:done': buildDone,
    },
  };
}
