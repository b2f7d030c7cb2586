/**
 * Pure mapping from an emitted file path (relative to outDir) to the page's URL.
 * Astro's vocabulary: `format` is how pages were emitted, `trailingSlash` how URLs end.
 *
 * A path is split at `/` and the platform's own separator only: on Linux and macOS `\` is a
 * character of a file name like any other, and the URL carries it as `%5C`.
 */
import { sep } from 'node:path';
import type { BuildFormat, TrailingSlash } from '../types.js';
import { encodePathSegment, safeDecode } from './encode.js';

const HTML_EXT = /\.html?$/i;
const INDEX_FILE = /^index\.html?$/i;
/** A path with a segment that starts with `.`: the only kind whose URL can hold a dot segment. */
const DOT_START = /(?:^|[\\/])\./;

/** A page's place in the URL tree, before `site`, `base` and slash policy are applied. */
export interface PageRoute {
  /** Decoded, NFC-normalised path segments, e.g. `['blog', 'café']`; `[]` is the root. */
  segments: string[];
  /** True for `x/index.html` (directory-style), false for `x.html` (file-style). */
  isIndex: boolean;
  /** True when the URL keeps the `.html` extension (cleanUrls off). */
  keepsExtension: boolean;
}

export interface UrlPolicy {
  /** `site` origin plus base path with a trailing slash, e.g. `https://example.com/docs/`. */
  baseUrl: string;
  trailingSlash: TrailingSlash;
  format: BuildFormat;
}

/**
 * The platform's separator (`\` on Windows; `separator` for tests) to `/`, no leading `./` or
 * `/`. Elsewhere a `\` stays: it is part of a name.
 * @example toPosix('./blog/post.html') // 'blog/post.html'
 * @example toPosix('blog\\post.html', '\\') // 'blog/post.html' (Windows)
 */
export function toPosix(path: string, separator: string = sep): string {
  const slashed = separator === '/' ? path : path.replaceAll(separator, '/');
  if (slashed[0] !== '.' && slashed[0] !== '/') return slashed;
  return slashed.replace(/^(\.\/)+/, '').replace(/^\/+/, '');
}

/**
 * Maps an emitted HTML file to its route; null for files that are not pages.
 * @example routeFromFile('blog/post/index.html', true) // { segments: ['blog','post'], isIndex: true, ... }
 * @example routeFromFile('about.html', false) // { segments: ['about.html'], isIndex: false, keepsExtension: true }
 */
export function routeFromFile(relPath: string, cleanUrls: boolean): PageRoute | null {
  const parts = toPosix(relPath)
    .split('/')
    .filter((p) => p !== '');
  const name = parts.pop();
  if (name === undefined || !HTML_EXT.test(name)) return null;
  const dirs = parts.map((p) => p.normalize('NFC'));
  if (INDEX_FILE.test(name)) return { segments: dirs, isIndex: true, keepsExtension: false };
  if (!cleanUrls) {
    return { segments: [...dirs, name.normalize('NFC')], isIndex: false, keepsExtension: true };
  }
  const stem = name.replace(HTML_EXT, '').normalize('NFC');
  return { segments: [...dirs, stem], isIndex: false, keepsExtension: false };
}

/**
 * Why no URL can name the page file `relPath`, or null when its URL names it. With clean URLs,
 * `.html` would be listed as its folder, and `..html` or `...html` as a `.` or `..` segment,
 * which URL parsing resolves away (`/a/.` is `/a/`); such a page is left out, not listed at a
 * URL that serves another one.
 * @example unaddressableFile('a/..html', true) // 'its URL would end in the segment ".", which URL parsing resolves away'
 * @example unaddressableFile('..html', false) // null: its URL is /..html
 */
export function unaddressableFile(relPath: string, cleanUrls: boolean): string | null {
  if (!DOT_START.test(relPath)) return null;
  const route = routeFromFile(relPath, cleanUrls);
  const index = route?.segments.findIndex((s) => s === '' || s === '.' || s === '..') ?? -1;
  if (route === null || index === -1) return null;
  const segment = route.segments[index] as string;
  if (segment === '') {
    return "its name is only an extension, so its clean URL would be its folder's (another page's)";
  }
  const where = index === route.segments.length - 1 ? 'end in' : 'hold';
  return `its URL would ${where} the segment "${segment}", which URL parsing resolves away`;
}

/** Whether the URL of this route ends with a slash under the policy. */
export function endsWithSlash(
  route: PageRoute,
  policy: Pick<UrlPolicy, 'trailingSlash' | 'format'>,
): boolean {
  if (route.keepsExtension) return false;
  if (policy.trailingSlash === 'always') return true;
  if (policy.trailingSlash === 'never') return false;
  if (policy.format === 'directory') return true;
  if (policy.format === 'file') return false;
  return route.isIndex;
}

/**
 * The route's path relative to base, decoded, with a leading slash and no trailing slash:
 * the key include/exclude globs and sources are matched against. The root is `/`.
 */
export function routeKey(route: PageRoute): string {
  return `/${route.segments.join('/')}`;
}

/**
 * The route key of the page an emitted HTML file renders: what `pageSources` are keyed by, for
 * an adapter that knows the source of each file it emitted; null for a file that is not a page.
 * @example fileRouteKey('docs/guide/index.html') // '/docs/guide'
 * @example fileRouteKey('about.html') // '/about' (found whether about.html is listed as /about or /about.html)
 */
export function fileRouteKey(relPath: string): string | null {
  const route = routeFromFile(relPath, true);
  return route && routeKey(route);
}

/**
 * The route key of a URL `routeUrl` made under `baseUrl`: the same as `routeKey` of its route,
 * read back from the URL, so a page need not keep its key beside its URL.
 * @example urlRouteKey('https://e.com/docs/%C3%BCber/', 'https://e.com/docs/') // '/über'
 */
export function urlRouteKey(url: string, baseUrl: string): string {
  let path = url.length > baseUrl.length ? url.slice(baseUrl.length) : '';
  if (path.endsWith('/')) path = path.slice(0, -1);
  // Every `%` in a segment was written as `%25`, so decoding gives the segments back exactly.
  return `/${path.includes('%') ? safeDecode(path) : path}`;
}

/**
 * The absolute, percent-encoded URL of a route.
 * The root follows the slash policy at the origin (`https://example.com` under `never`); under a
 * base path it keeps its slash, as the location rule requires.
 * @example routeUrl({ segments: ['über'], isIndex: true, keepsExtension: false },
 *   { baseUrl: 'https://e.com/', trailingSlash: 'ignore', format: 'directory' }) // 'https://e.com/%C3%BCber/'
 */
export function routeUrl(route: PageRoute, policy: UrlPolicy): string {
  const path = route.segments.map(encodePathSegment).join('/');
  const slash = endsWithSlash(route, policy);
  if (path === '') {
    // The root under a base path keeps its slash whatever the policy: `https://e.com/docs` is
    // not under `https://e.com/docs/`, the folder the sitemap is served from (the location rule).
    const atOrigin =
      policy.baseUrl.indexOf('/', policy.baseUrl.indexOf('//') + 2) === policy.baseUrl.length - 1;
    return slash || !atOrigin ? policy.baseUrl : policy.baseUrl.slice(0, -1);
  }
  return `${policy.baseUrl}${path}${slash ? '/' : ''}`;
}

/**
 * The absolute URL of a page at `path` (relative to base, e.g. `account` or `/blog/x/`) under the
 * site's URL policy, for a page that has no file to map (an on-demand page): the rule a file's
 * URL follows, so both agree.
 * @example pathUrl('/', { baseUrl: 'https://e.com/docs/', trailingSlash: 'never', format: 'directory' }, true) // 'https://e.com/docs/'
 */
export function pathUrl(path: string, policy: UrlPolicy, isIndex: boolean): string {
  const segments = path
    .replaceAll('\\', '/')
    .split('/')
    .filter((s) => s !== '')
    .map((s) => safeDecode(s).normalize('NFC'));
  return routeUrl({ segments, isIndex, keepsExtension: false }, policy);
}

/** A folder that names a language (`fr`, `pt-br`, `zh_CN`): a locale prefix, known or not. */
const LOCALE_SHAPE = /^[a-z]{2}(?:[-_][a-z0-9]{2,8})?$/i;

/**
 * Error pages left out by default: `404` and `500` (`404.html`, `404/index.html`) at the root,
 * or in a locale's folder (`fr/404.html`): one of `locales`, or a folder named like a language.
 * @example isErrorPage(routeFromFile('404.html', true)!) // true
 * @example isErrorPage(routeFromFile('zh-CN/404.html', true)!) // true
 * @example isErrorPage(routeFromFile('docs/404.html', true)!) // false
 */
export function isErrorPage(
  route: PageRoute,
  locales?: Readonly<Record<string, unknown>>,
): boolean {
  const depth = route.segments.length;
  if (depth !== 1 && depth !== 2) return false;
  const name = (route.segments[depth - 1] as string).replace(HTML_EXT, '');
  if (name !== '404' && name !== '500') return false;
  if (depth === 1) return true;
  const folder = route.segments[0] as string;
  return (locales !== undefined && Object.hasOwn(locales, folder)) || LOCALE_SHAPE.test(folder);
}
