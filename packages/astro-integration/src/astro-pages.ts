/**
 * Which pages are Astro's: files it rendered, on-demand routes with a fixed path, locale error
 * pages. Works on route keys: the decoded path relative to `base`, without trailing slash
 * (`/blog/post`, `/` for the root), as the core matches globs and sources against. Pure.
 */
import type { BuildFormat, TrailingSlash } from '@sitemapkit/core';
import type { IntegrationResolvedRoute } from 'astro';

const INDEX_HTML = /(^|\/)index\.html?$/i;
const HTML_EXT = /\.html?$/i;
const INDEX_SOURCE = /(^|\/)index\.[^./]+$/;
const STATUS_PAGE = /^\/?(404|500)\/?$/;

function decode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function toKey(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return `/${trimmed}`.normalize('NFC');
}

/**
 * Key of an emitted HTML file, relative to the output folder.
 * @example fileKey('blog/post/index.html') // '/blog/post'
 * @example fileKey('about.html') // '/about'
 */
export function fileKey(relPath: string): string {
  const posix = relPath.replaceAll('\\', '/');
  return toKey(posix.replace(INDEX_HTML, '').replace(HTML_EXT, ''));
}

/**
 * Key of a listed URL, or null when it is not under `baseUrl`.
 * @example urlKey('https://e.com/docs/caf%C3%A9/', 'https://e.com/docs/') // '/café'
 */
export function urlKey(url: string, baseUrl: string): string | null {
  if (url === baseUrl.slice(0, -1)) return '/';
  if (!url.startsWith(baseUrl)) return null;
  return toKey(decode(url.slice(baseUrl.length).replace(/[?#].*$/, '')));
}

export interface UrlPolicy {
  baseUrl: string;
  trailingSlash: TrailingSlash;
  format: BuildFormat;
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
    const path = route.pathname.replace(/^\/+|\/+$/g, '');
    if (STATUS_PAGE.test(path.split('/').pop() ?? '')) continue;
    const isIndex = path === '' || INDEX_SOURCE.test(route.entrypoint);
    const slash =
      policy.trailingSlash === 'always' ||
      (policy.trailingSlash === 'ignore' &&
        (policy.format === 'directory' || (policy.format === 'preserve' && isIndex)));
    const encoded = path
      .split('/')
      .map((s) => encodeURIComponent(decode(s)))
      .join('/');
    if (encoded === '') urls.push(slash ? policy.baseUrl : policy.baseUrl.slice(0, -1));
    else urls.push(`${policy.baseUrl}${encoded}${slash ? '/' : ''}`);
  }
  return urls.sort();
}

/**
 * Globs for the error pages of each locale; the core leaves out only the root ones.
 * @example localeErrorPages(['es']) // ['/es/404', '/es/500']
 */
export function localeErrorPages(localePaths: readonly string[]): string[] {
  return [...new Set(localePaths)].flatMap((path) => [`/${path}/404`, `/${path}/500`]);
}
