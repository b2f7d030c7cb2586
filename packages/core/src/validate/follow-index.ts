/**
 * Where a sitemap listed in an index (or robots.txt) is in the folder: absolute URLs are mapped
 * through the site URL, relative ones resolved against the index's own file. Nothing outside the
 * folder is ever followed. Pure: existence is asked of the caller.
 */

import { parseHttpUrl, sameSite } from './check-url.js';
import { fileOfUrl, resolveRelative } from './site.js';

export type Listed =
  | { kind: 'file'; file: string }
  | { kind: 'finding'; rule: 'sitemap-missing' | 'sitemap-not-followed'; message: string }
  /** Not followed, and nothing more to say: the URL's own problem is already reported. */
  | { kind: 'skip' };

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const PASS_SITE = 'pass --site <url> to map sitemap URLs onto files';

/**
 * Resolves one listed sitemap.
 * @param from The listing file (relative to the folder) and its own URL, when known.
 * @example resolveListed('https://e.com/s-0.xml', { file: 'i.xml', self: undefined }, new URL('https://e.com/'), () => true)
 *   // { kind: 'file', file: 's-0.xml' }
 */
export function resolveListed(
  loc: string,
  from: { file: string; self: URL | undefined },
  site: URL | undefined,
  exists: (file: string) => boolean,
): Listed {
  const value = loc.trim();
  if (value === '') return { kind: 'skip' };
  if (!SCHEME.test(value) && !value.startsWith('//')) {
    const file = resolveRelative(value, from.file);
    if (file === undefined) {
      return {
        kind: 'finding',
        rule: 'sitemap-not-followed',
        message: 'the path climbs out of the folder: not checked',
      };
    }
    if (exists(file)) return { kind: 'file', file };
    return { kind: 'finding', rule: 'sitemap-missing', message: `${file} is not in the folder` };
  }
  const url = parseHttpUrl(value);
  if (url === undefined) return { kind: 'skip' };
  if (site === undefined) {
    return {
      kind: 'finding',
      rule: 'sitemap-missing',
      message: `no file in the folder matches it (${PASS_SITE})`,
    };
  }
  const file = fileOfUrl(value, site);
  if (file !== undefined) {
    if (exists(file)) return { kind: 'file', file };
    return {
      kind: 'finding',
      rule: 'sitemap-missing',
      message: `${file} is not in the folder (site ${site.href})`,
    };
  }
  if (from.self !== undefined && !sameSite(url, from.self)) return { kind: 'skip' };
  if (url.origin === site.origin && url.pathname.startsWith(site.pathname)) {
    const message =
      'its path is no safe file path in the folder (.. or \\ once decoded): not checked';
    return { kind: 'finding', rule: 'sitemap-not-followed', message };
  }
  const where =
    url.origin === site.origin ? `outside ${site.href}` : `on another host than ${site.href}`;
  return {
    kind: 'finding',
    rule: 'sitemap-not-followed',
    message: `${where}, the URL of the folder: not checked`,
  };
}
