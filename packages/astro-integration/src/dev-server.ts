/**
 * The sitemap in `astro dev`: the set the build would write for the routes the dev server knows,
 * rendered in memory by the core on each request and served from its middlewares. Nothing is
 * written. Static routes are listed; a prerendered dynamic route's pages come from its
 * `getStaticPaths`, loaded through the dev server and called on each request (so edits show).
 * Server-rendered dynamic routes, and those whose module or `getStaticPaths` fails, are left out
 * and named, with the reason, in the comment of the served files.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { MemoryPage, PageLister } from '@sitemapkit/core';
import type { IntegrationResolvedRoute } from 'astro';
import { pageAt } from './astro-pages.js';
import type { AstroSite } from './astro-site.js';

/** What the comment at the top of every served file says, but for the dynamic routes. */
const DEV_COMMENT = [
  "sitemapkit dev preview: rendered in memory from the dev server's routes; `astro build` writes the real one",
  'lastmod: none here (the build dates each page from its frontmatter, head, sources and git)',
  'head rules (noindex, canonical) and i18n fallback pages are applied by the build, not here',
];

/** A dynamic route left out of the dev set, and why. */
interface LeftOutRoute {
  pattern: string;
  reason: string;
}

/** Loads a page's module (its `entrypoint`, as Astro's route names it) through the dev server. */
type DevModuleLoader = (entrypoint: string) => Promise<unknown>;

/** The parts of Vite's dev server used here: Vite 6+ environments' runners, or `ssrLoadModule`. */
interface DevServerModules {
  environments?: Record<string, object | undefined>;
  ssrLoadModule?: (url: string) => Promise<unknown>;
}

type Params = Record<string, string | undefined>;

/**
 * A loader of page modules through `server` (what `astro:server:setup` gives): the runner of the
 * first runnable environment among Astro's (`prerender`, `ssr`, `astro`), else `ssrLoadModule`.
 * The runner re-evaluates a module once its file (or an import) changed, so edits show.
 */
function devModuleLoader(server: DevServerModules, root: string): DevModuleLoader {
  return async (entrypoint) => {
    const file = isAbsolute(entrypoint) ? entrypoint : resolve(root, entrypoint);
    // An injected route may name a package's file (`@astrojs/starlight/...`): Vite resolves it.
    const id = existsSync(file) ? file.replaceAll('\\', '/') : entrypoint;
    for (const name of ['prerender', 'ssr', 'astro']) {
      const runner = (server.environments?.[name] as { runner?: unknown } | undefined)?.runner;
      if (runner && typeof (runner as { import?: unknown }).import === 'function') {
        return (runner as { import: (id: string) => Promise<unknown> }).import(id);
      }
    }
    if (server.ssrLoadModule) return server.ssrLoadModule(id);
    throw new Error('the dev server has no runnable environment to load it');
  };
}

/** `path` joined under `base` (`/docs/`), as Astro's paginate writes its `page.url`s. */
function withBase(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`.replace(/^$/, '/');
}

/**
 * Astro's `paginate` for `route` (its `astro/dist/core/render/paginate.js`): one entry per page of
 * `data`; the `page` param is `undefined` on the first page of a `[...page]` route, else the
 * page number.
 */
function devPaginate(route: Pick<IntegrationResolvedRoute, 'params' | 'generate'>, base: string) {
  return (
    data: readonly unknown[],
    args: {
      pageSize?: number;
      params?: Params;
      props?: Record<string, unknown>;
      format?: (url: string) => string;
    } = {},
  ) => {
    const pageSize = args.pageSize || 10;
    const format = args.format ?? ((url: string) => url);
    let includesFirst: boolean;
    if (route.params.includes('...page')) includesFirst = false;
    else if (route.params.includes('page')) includesFirst = true;
    else throw new Error('[paginate()] page number param `page` not found in your filepath');
    const url = (params: Params) => format(withBase(base, route.generate(params)));
    const lastPage = Math.max(1, Math.ceil(data.length / pageSize));
    return Array.from({ length: lastPage }, (_, num) => {
      const pageNum = num + 1;
      const start = pageSize === Number.POSITIVE_INFINITY ? 0 : (pageNum - 1) * pageSize;
      const end = Math.min(start + pageSize, data.length);
      const params: Params = {
        ...args.params,
        page: includesFirst || pageNum > 1 ? String(pageNum) : undefined,
      };
      const at = (n: number) =>
        url({ ...params, page: !includesFirst && n === 1 ? undefined : String(n) });
      return {
        params,
        props: {
          ...args.props,
          page: {
            data: data.slice(start, end),
            start,
            end: end - 1,
            size: pageSize,
            total: data.length,
            currentPage: pageNum,
            lastPage,
            url: {
              current: url(params),
              next: pageNum === lastPage ? undefined : at(pageNum + 1),
              prev: pageNum === 1 ? undefined : at(pageNum - 1),
              first: pageNum === 1 ? undefined : at(1),
              last: pageNum === lastPage ? undefined : at(lastPage),
            },
          },
        },
      };
    });
  };
}

/** The first line of `error`'s message, short enough for a comment. */
function reasonOf(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).trim();
  const line = message.split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** The paths of a prerendered dynamic route: its `getStaticPaths` params through `generate`. */
async function staticPaths(
  route: IntegrationResolvedRoute,
  load: DevModuleLoader,
  base: string,
): Promise<string[]> {
  let mod: unknown;
  try {
    mod = await load(route.entrypoint);
  } catch (error) {
    throw new Error(`its module failed to load: ${reasonOf(error)}`);
  }
  const getStaticPaths = (mod as { getStaticPaths?: unknown } | null)?.getStaticPaths;
  if (typeof getStaticPaths !== 'function') throw new Error('it exports no getStaticPaths');
  let result: unknown;
  try {
    result = await getStaticPaths({
      paginate: devPaginate(route, base),
      routePattern: route.pattern,
    });
  } catch (error) {
    throw new Error(`getStaticPaths failed: ${reasonOf(error)}`);
  }
  if (!Array.isArray(result)) throw new Error('getStaticPaths returned no array');
  return result.flat().map((entry: unknown) => {
    const params = (entry as { params?: unknown } | null)?.params;
    if (typeof params !== 'object' || params === null) {
      throw new Error('getStaticPaths returned an entry without params');
    }
    const values: Params = {};
    for (const [key, value] of Object.entries(params)) {
      values[key] = value === undefined ? undefined : String(value);
    }
    try {
      return route.generate(values);
    } catch (error) {
      throw new Error(`its params do not fit the route: ${reasonOf(error)}`);
    }
  });
}

/**
 * The pages of the routes: those with a fixed path, and those `getStaticPaths` lists for a
 * prerendered dynamic route (when `load` is given); the dynamic routes left out, and why.
 */
async function devRoutes(
  routes: readonly IntegrationResolvedRoute[],
  load?: DevModuleLoader,
  base = '/',
): Promise<{ pages: MemoryPage[]; leftOut: LeftOutRoute[] }> {
  const pages = new Map<string, MemoryPage>();
  const leftOut = new Map<string, string>();
  const add = (page: MemoryPage) => {
    if ('path' in page && !pages.has(page.path)) pages.set(page.path, page);
  };
  for (const route of routes) {
    if (route.type !== 'page' || route.origin === 'internal') continue;
    if (route.params.length === 0 && route.pathname !== undefined) {
      add(pageAt(route.pathname, route.entrypoint));
      continue;
    }
    if (!route.isPrerendered) {
      leftOut.set(route.pattern, 'server-rendered: its pages are known only on request');
      continue;
    }
    if (!load) {
      leftOut.set(route.pattern, 'its getStaticPaths runs in the build');
      continue;
    }
    try {
      for (const path of await staticPaths(route, load, base)) add(pageAt(path, route.entrypoint));
    } catch (error) {
      leftOut.set(route.pattern, reasonOf(error));
    }
  }
  return {
    pages: [...pages.values()],
    leftOut: [...leftOut]
      .map(([pattern, reason]) => ({ pattern, reason }))
      .sort((a, b) => (a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : 0)),
  };
}

/** The comment lines of the served files. */
function devComment(leftOut: readonly LeftOutRoute[]): string[] {
  if (leftOut.length === 0) return [...DEV_COMMENT, 'dynamic routes left out: none'];
  return [
    ...DEV_COMMENT,
    `dynamic routes left out: ${leftOut.map(({ pattern, reason }) => `${pattern} (${reason})`).join('; ')}`,
  ];
}

/**
 * What the dev middleware lists on each request: the pages of `routes()` (the dev server's latest),
 * dynamic ones through `server`'s modules, and the comment naming the routes left out.
 */
export function devPageLister(
  server: DevServerModules,
  site: Pick<AstroSite, 'root' | 'base'>,
  routes: () => readonly IntegrationResolvedRoute[],
): PageLister {
  const load = devModuleLoader(server, site.root);
  return async () => {
    const { pages, leftOut } = await devRoutes(routes(), load, site.base);
    return { pages, comment: devComment(leftOut) };
  };
}
