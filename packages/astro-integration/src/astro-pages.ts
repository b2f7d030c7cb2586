/**
 * Which page a route is (`pageAt`, for the build's on-demand pages and the dev server's), and
 * which pages are Astro's besides the files it rendered: on-demand routes with a fixed path, and
 * locale error pages. URLs and route keys are the core's (`pathUrl`, `fileRouteKey`,
 * `urlRouteKey`): no URL rule is written here. Pure.
 */
import { pathUrl, type UrlPolicy } from '@sitemapkit/core';
import type { IntegrationResolvedRoute } from 'astro';

const INDEX_SOURCE = /(^|\/)index\.[^./]+$/;
const STATUS_PAGE = /^\/?(404|500)\/?$/;

/**
 * The page of a route at `pathname`, as the build would emit it: its path without slashes at
 * either end, and whether it is a folder's index (the root, or a route whose source is an
 * `index` file). The one rule the on-demand pages and the dev server's pages follow.
 * @example pageAt('/blog/', 'src/pages/blog/index.astro') // { path: 'blog', isIndex: true }
 * @example pageAt('/about', 'src/pages/about.astro') // { path: 'about', isIndex: false }
 */
export function pageAt(pathname: string, entrypoint: string): { path: string; isIndex: boolean } {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  return { path, isIndex: path === '' || INDEX_SOURCE.test(entrypoint) };
}

/**
 * Absolute URLs of on-demand (not prerendered) pages whose path is fixed: they have no HTML
 * file to find, so they are listed as custom pages. Error pages, endpoints, redirects and
 * Astro's own routes are left out.
 * @example onDemandPageUrls(routes, { baseUrl: 'https://e.com/', trailingSlash: 'never', format: 'directory' })
 *   // ['https://e.com/account']
 */
export function onDemandPageUrls(
  routes: readonly IntegrationResolvedRoute[],
  policy: UrlPolicy,
): string[] {
  const urls: string[] = [];
  for (const route of routes) {
    if (route.type !== 'page' || route.isPrerendered || route.origin === 'internal') continue;
    if (route.params.length > 0 || route.pathname === undefined) continue;
    const { path, isIndex } = pageAt(route.pathname, route.entrypoint);
    if (STATUS_PAGE.test(path.split('/').pop() ?? '')) continue;
    // The URL a file of this route would have: the core's rule, so both agree.
    urls.push(pathUrl(path, policy, isIndex));
  }
  return urls.sort();
}

/**
 * Globs for the error pages of each locale. The core leaves out the root's and those of a folder
 * named like a language (`/es/404`); a locale's path may be named otherwise (`/spanish/404`).
 * @example localeErrorPages(['es']) // ['/es/404', '/es/500']
 */
export function localeErrorPages(localePaths: readonly string[]): string[] {
  return [...new Set(localePaths)].flatMap((path) => [`/${path}/404`, `/${path}/500`]);
}
