/**
 * @sitemapkit/vite/sveltekit: sitemaps for a SvelteKit site, written right after its adapter has
 * written the prerendered pages. SvelteKit runs the adapter after every Vite build hook a plugin
 * could use (Kit 3: in a `buildApp` hook of its own; Kit 2: in the SSR build's `closeBundle`), so
 * this plugin wraps the adapter's `adapt()` instead: it works wherever it is listed, learns the
 * output folder and the fallback page from the adapter itself, and maps each prerendered page to
 * its route's source file. Thin: everything comes from SvelteKit, and the core does the rest.
 */
import { readdirSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import {
  checkOptions,
  fileRouteKey,
  forFreshOutDir,
  formatSummaryLine,
  generateSitemaps,
  SitemapError,
} from '@sitemapkit/core';
import type { Plugin, ResolvedConfig } from 'vite';
import { basePath } from './base-path.js';
import type { SitemapPluginOptions } from './plugin-options.js';

/**
 * The core's options ({@link SitemapPluginOptions}) less what SvelteKit decides: the output
 * folder (the adapter's), `base` (`paths.base`), and how URLs end (the files it writes).
 */
export type SvelteKitSitemapOptions = Omit<
  SitemapPluginOptions,
  'base' | 'cleanUrls' | 'trailingSlash' | 'format'
>;

/** The parts of an adapter read here. */
interface Adapter {
  name: string;
  adapt(builder: Builder): unknown;
}

/** The parts of SvelteKit's `Builder` (Kit 2 and 3) read here. */
interface Builder {
  prerendered: { pages: Map<string, { file: string }> };
  routes: RouteDefinition[];
  writePrerendered(dest: string): string[];
  generateFallback(dest: string): Promise<void>;
}

interface RouteDefinition {
  /** E.g. `/blog/[slug]` or `/(marketing)/pricing`: the route's folder under `files.routes`. */
  id: string;
  pattern: RegExp;
  prerender: boolean | 'auto';
  page: { methods: string[] };
}

/** The parts of SvelteKit's validated config read here. */
interface KitOptions {
  adapter?: Adapter | undefined;
  paths: { base: string };
  files: { routes: string };
}

/** Kit 3: flat options, given to `sveltekit({...})`; Kit 2: under `kit` in svelte.config.js. */
type SvelteConfig = (KitOptions | { kit: KitOptions }) & { extensions?: string[] };

/** What the wrapped `adapt()` generates with: the newest build's, for one adapter object. */
interface Context {
  options: SvelteKitSitemapOptions;
  config: ResolvedConfig;
  svelteConfig: SvelteConfig;
}

/** Name of the plugin in `sveltekit()` whose `api.options` is SvelteKit's validated config. */
const SETUP_PLUGIN = 'vite-plugin-sveltekit-setup';
const PAGE_FILE = /^\+page(@[^.]*)?(\..+)$/;
const PAGE_MODULE = /^\.(server\.)?[mc]?[jt]s$/;
/** A route parameter (`[slug]`, `[[lang]]`, `[...rest]`), not an escape (`[x+3a]`, `[u+2215]`). */
const PARAMETER = /\[(?![xu]\+[0-9a-f]+(?:-[0-9a-f]+)*\])/i;
const GLOB_CHAR = /[*?[\]{}()!+@\\]/g;

/** Options SvelteKit owns, with where to change them instead. */
const KIT_OWNED: Record<string, string> = {
  outDir:
    "comes from the adapter (the folder it writes the pages to, e.g. adapter-static's `pages`)",
  root: "comes from Vite's `root`",
  base: "comes from SvelteKit's `paths.base`; set it there",
  cleanUrls: 'follows the files SvelteKit writes: pages are served without `.html`',
  trailingSlash: "follows the files SvelteKit writes; set SvelteKit's `trailingSlash` page option",
  format: "follows the files SvelteKit writes; set SvelteKit's `trailingSlash` page option",
};

/** Each adapter wrapped, with the context its newest build generates with. */
const contexts = new WeakMap<Adapter, Context>();

/** SvelteKit's own options, read without Kit 3's deprecated `kit` getter. */
function kitOptions(config: SvelteConfig): KitOptions {
  return 'files' in config ? config : config.kit;
}

/**
 * The source of a route's page: its component (`+page.svelte`, `+page@.svelte`, `+page.md` when
 * `.md` is one of SvelteKit's `extensions`), else its `+page.js`/`+page.server.js`.
 */
function routeSource(dir: string, extensions: readonly string[]): string | undefined {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  const pages = names.flatMap((name) => {
    const ext = PAGE_FILE.exec(name)?.[2];
    return ext === undefined ? [] : [{ name, ext }];
  });
  const chosen =
    pages.find((p) => extensions.includes(p.ext)) ?? pages.find((p) => PAGE_MODULE.test(p.ext));
  return chosen && join(dir, chosen.name);
}

/**
 * Route key of each prerendered page -> its route's source. A page of a route with parameters
 * (`/blog/[slug]`) has none: its content is not in its route's files.
 */
function pageSources(
  builder: Builder,
  routesDir: string,
  base: string,
  extensions: readonly string[],
): Record<string, string> {
  const routes = builder.routes.filter((r) => r.prerender !== false && r.page.methods.length > 0);
  const sourceOf = new Map<RouteDefinition, string | undefined>();
  const sources: Record<string, string> = {};
  for (const [path, { file }] of builder.prerendered.pages) {
    const key = fileRouteKey(file);
    // Patterns match the path below `paths.base`; routes are in SvelteKit's order of precedence.
    const route = routes.find((r) => r.pattern.test(path.slice(base.length) || '/'));
    // A page of a route with parameters renders data its route's files do not show (a post
    // from a CMS or a Markdown folder): the route's component would date the template, not the
    // page. It has no source unless `sources` or `pageSources` say where its content lives.
    if (key === null || !route || PARAMETER.test(route.id)) continue;
    if (!sourceOf.has(route))
      sourceOf.set(route, routeSource(join(routesDir, route.id), extensions));
    const source = sourceOf.get(route);
    if (source) sources[key] = source;
  }
  return sources;
}

/**
 * The `exclude` glob of the SPA fallback page (`200.html`, `404.html`): an empty shell, not a
 * page. None when a page was written at the same place: the fallback replaced it and serves it.
 */
function fallbackExclusion(builder: Builder, pagesDir: string, fallback?: string): string[] {
  if (fallback === undefined) return [];
  const file = relative(pagesDir, fallback).replaceAll('\\', '/');
  if (isAbsolute(file) || file.startsWith('../')) return [];
  if ([...builder.prerendered.pages.values()].some((page) => page.file === file)) return [];
  const key = fileRouteKey(file);
  return key === null ? [] : [key.replace(GLOB_CHAR, '\\$&')];
}

/** Generates from what the adapter wrote, and reports through Vite's logger. */
async function writeSitemaps(
  { options, config, svelteConfig }: Context,
  builder: Builder,
  written: { pagesDir?: string; fallback?: string },
): Promise<void> {
  const { logger, root } = config;
  const kit = kitOptions(svelteConfig);
  const routesDir = resolve(root, kit.files.routes);
  const dynamic = builder.routes
    .filter((r) => r.prerender === false && r.page.methods.length > 0)
    .map((r) => relative(root, join(routesDir, r.id)).replaceAll('\\', '/'));
  const customPages = options.customPages?.length ?? 0;
  if (builder.prerendered.pages.size === 0 && customPages === 0) {
    const layout = relative(root, join(routesDir, '+layout.js')).replaceAll('\\', '/');
    logger.warn(
      `sitemapkit: SvelteKit prerendered no page, so no sitemap was written: add \`export const prerender = true\` to ${layout} (or .ts), or to the +page.js of each page to list`,
    );
    return;
  }
  if (written.pagesDir === undefined) {
    logger.warn(
      `sitemapkit: the adapter (${kit.adapter?.name}) wrote no prerendered pages, so no sitemap was written`,
    );
    return;
  }
  const { pagesDir } = written;
  const fallback = fallbackExclusion(builder, pagesDir, written.fallback);
  const result = await generateSitemaps({
    // The output folder starts empty: IndexNow compares with the deployed sitemaps by default.
    ...forFreshOutDir(options),
    root,
    outDir: pagesDir,
    base: basePath(`${kit.paths.base}/`),
    // `x/index.html` is served as `/x/`, `x.html` as `/x`: each URL as SvelteKit serves it.
    cleanUrls: true,
    format: 'preserve',
    trailingSlash: 'ignore',
    exclude: [...(options.exclude ?? []), ...fallback],
    pageSources: {
      ...pageSources(builder, routesDir, kit.paths.base, svelteConfig.extensions ?? ['.svelte']),
      ...options.pageSources,
    },
  });
  logger.info(formatSummaryLine(result));
  if (dynamic.length > 0) {
    const routes = dynamic.length === 1 ? '1 page route is' : `${dynamic.length} page routes are`;
    logger.info(
      `sitemapkit: ${routes} not prerendered, so not listed (list their URLs with \`customPages\`): ${dynamic.join(', ')}`,
    );
  }
  for (const warning of result.warnings) logger.warn(`sitemapkit: ${warning.message}`);
}

/** Wraps `adapt()` once per adapter object; the wrapper generates with the newest context. */
function wrapAdapter(adapter: Adapter): void {
  const adapt = adapter.adapt;
  adapter.adapt = async function sitemapkitAdapt(this: unknown, builder: Builder) {
    // Where the adapter writes the pages and the fallback, whatever its options or defaults.
    const written: { pagesDir?: string; fallback?: string } = {};
    const { writePrerendered, generateFallback } = builder;
    builder.writePrerendered = (dest) => {
      written.pagesDir ??= resolve(dest);
      return writePrerendered.call(builder, dest);
    };
    builder.generateFallback = (dest) => {
      written.fallback = resolve(dest);
      return generateFallback.call(builder, dest);
    };
    await adapt.call(this, builder);
    const context = contexts.get(adapter);
    if (!context) return;
    if (!context.config.build.watch) return writeSitemaps(context, builder, written);
    // In `vite build --watch`, report a failure and keep watching.
    await writeSitemaps(context, builder, written).catch((failure: unknown) => {
      context.config.logger.error(failure instanceof Error ? failure.message : String(failure));
    });
  };
}

/**
 * Writes sitemaps (and a `Sitemap:` line in robots.txt) for the pages SvelteKit prerendered,
 * into the folder the adapter wrote them to, right after it did. List it with `sveltekit()`,
 * before or after. Each page is dated from its route's source (`src/routes/about/+page.svelte`);
 * a page of a route with parameters (`/blog/[slug]`) has none, its content being elsewhere (say
 * where with `sources` or `pageSources`). The SPA fallback page is left out.
 * @example plugins: [sveltekit({ adapter: adapter() }), sitemap({ site: 'https://example.com' })]
 */
export function sitemap(options: SvelteKitSitemapOptions): Plugin {
  checkOptions(options ?? {}, { owned: KIT_OWNED, required: ['site'] });
  /** Vite's config of a build SvelteKit has no adapter for: said once, when it builds. */
  let withoutAdapter: ResolvedConfig | undefined;
  return {
    name: 'sitemapkit:sveltekit',
    apply: 'build',
    // Also runs where SvelteKit reads the config again (its analysis and prerender workers):
    // nothing here may print.
    configResolved(config) {
      const setup = config.plugins.find((p) => p.name === SETUP_PLUGIN);
      const svelteConfig = (setup?.api as { options?: SvelteConfig } | undefined)?.options;
      if (setup && !svelteConfig) {
        // SvelteKit gives its config to other plugins since 2.62.
        throw new SitemapError(
          'invalid-options',
          'sitemapkit: @sitemapkit/vite/sveltekit needs @sveltejs/kit 2.62 or later, which gives its config to other Vite plugins; this build has an older one: upgrade @sveltejs/kit',
        );
      }
      if (!svelteConfig) {
        throw new SitemapError(
          'invalid-options',
          "sitemapkit: @sitemapkit/vite/sveltekit needs SvelteKit's Vite plugin: add `sveltekit()` from '@sveltejs/kit/vite' to `plugins` in vite.config (for a Vite app without SvelteKit, use `sitemap` from '@sitemapkit/vite')",
        );
      }
      const adapter = kitOptions(svelteConfig).adapter;
      withoutAdapter = adapter ? undefined : config;
      if (!adapter) return;
      if (!contexts.has(adapter)) wrapAdapter(adapter);
      contexts.set(adapter, { options, config, svelteConfig });
    },
    buildApp: {
      order: 'post',
      async handler() {
        withoutAdapter?.logger.warn(
          "sitemapkit: SvelteKit has no adapter, so no page is written and no sitemap either: set `adapter` in SvelteKit's config, e.g. `adapter: adapter()` with `import adapter from '@sveltejs/adapter-static'`",
        );
      },
    },
  };
}

export default sitemap;
