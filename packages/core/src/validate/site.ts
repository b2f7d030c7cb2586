/**
 * URL <-> file arithmetic between a site URL and the folder it is served from: the URL path
 * relative to the site's path is the file path under the folder. Pure: existence checks are passed
 * in.
 */

import { MAX_URL_LENGTH } from '../limits.js';
import { MAX_INFER_DEPTH } from './bounds.js';
import { parseHttpUrl } from './check-url.js';

/**
 * Normalises a site URL: absolute http(s), no query or fragment, path ending in `/`.
 * @example normaliseSite('https://example.com/docs') // URL https://example.com/docs/
 * @example normaliseSite('/docs') // undefined
 */
export function normaliseSite(value: string): URL | undefined {
  const url = parseHttpUrl(value.trim());
  if (url === undefined) return undefined;
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/** Rejects what must never reach the file system: `.` and `..` segments, `\`, NUL, empty. */
function safeRelative(path: string): string | undefined {
  if (path === '' || path.includes('\\') || path.includes('\u0000')) return undefined;
  const segments = path.split('/');
  if (segments.some((s) => s === '..' || s === '.' || s === '')) return undefined;
  return path;
}

function decodePath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/**
 * The file (relative to the folder, `/`-separated) a URL maps to, or undefined when the URL is
 * not under the site or maps to nothing safe.
 * @example fileOfUrl('https://e.com/docs/sitemap-0.xml', new URL('https://e.com/docs/')) // 'sitemap-0.xml'
 * @example fileOfUrl('https://e.com/sitemap.xml', new URL('https://e.com/docs/')) // undefined
 */
export function fileOfUrl(value: string, site: URL): string | undefined {
  const url = parseHttpUrl(value.trim());
  if (url === undefined || url.origin !== site.origin) return undefined;
  if (!url.pathname.startsWith(site.pathname)) return undefined;
  const decoded = decodePath(url.pathname.slice(site.pathname.length));
  return decoded === undefined ? undefined : safeRelative(decoded);
}

/**
 * The URL a file (relative to the folder) is served at.
 * @example urlOfFile('sub/sitemap 1.xml', new URL('https://e.com/docs/')) // 'https://e.com/docs/sub/sitemap%201.xml'
 */
export function urlOfFile(file: string, site: URL): string {
  return new URL(file.split('/').map(encodeURIComponent).join('/'), site).href;
}

/**
 * Resolves a path written relative to a file (a relative `<loc>` in an index), against that
 * file's folder. Undefined when it climbs out of the folder.
 * @example resolveRelative('sitemap-0.xml', 'sub/index.xml') // 'sub/sitemap-0.xml'
 */
export function resolveRelative(reference: string, from: string): string | undefined {
  const path = decodePath(reference.trim().replace(/[?#].*$/s, ''));
  if (path === undefined || path.startsWith('/')) return undefined;
  const parts = from.split('/').slice(0, -1);
  for (const segment of path.split('/')) {
    if (segment === '..') {
      if (parts.pop() === undefined) return undefined;
    } else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return safeRelative(parts.join('/'));
}

/**
 * Infers the site URL from a sitemap URL whose file is in the folder: the longest tail of the URL
 * path that names an existing file gives the folder's URL. Only URLs of fewer than 2,048
 * characters, and tails of at most MAX_INFER_DEPTH segments, are tried: the cost per URL stays
 * bounded however long the URL.
 * @example inferSite('https://e.com/docs/sitemap-0.xml', (f) => f === 'sitemap-0.xml') // URL https://e.com/docs/
 */
export function inferSite(value: string, exists: (file: string) => boolean): URL | undefined {
  const url = parseHttpUrl(value.trim());
  if (url === undefined || url.href.length >= MAX_URL_LENGTH) return undefined;
  const segments = url.pathname.split('/').slice(1);
  for (
    let start = Math.max(0, segments.length - MAX_INFER_DEPTH);
    start < segments.length;
    start++
  ) {
    const decoded = decodePath(segments.slice(start).join('/'));
    const file = decoded === undefined ? undefined : safeRelative(decoded);
    if (file !== undefined && exists(file)) {
      return new URL(
        `/${segments
          .slice(0, start)
          .map((s) => `${s}/`)
          .join('')}`,
        url.origin,
      );
    }
  }
  return undefined;
}
