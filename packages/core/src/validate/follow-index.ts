/**
 * Where a sitemap listed in an index (or robots.txt) is in the folder: absolute URLs are mapped
 * through the site URL, relative ones resolved against the index's own file. Nothing outside the
 * folder is ever followed, and nothing there but a regular file (no FIFO, socket, device or
 * folder). Pure: existence is asked of the caller.
 */

import { notFileMessage } from '../files/regular-file.js';
import { clip } from '../url/shorten.js';
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
 * Whether a path (relative to the folder) is a regular file in it: `true`; nothing there (or only
 * outside the folder): `false`; something else: what it is, e.g. `a FIFO (named pipe)`.
 */
export type Exists = (file: string) => boolean | string;

/** The listing for a path that `exists` answered, unless it is a regular file. */
function notThere(file: string, found: false | string, where = ''): Listed {
  const message =
    found === false
      ? `${clip(file)} is not in the folder${where}`
      : `${clip(file)} is ${notFileMessage(found)}`;
  return { kind: 'finding', rule: 'sitemap-missing', message };
}

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
  exists: Exists,
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
    const found = exists(file);
    return found === true ? { kind: 'file', file } : notThere(file, found);
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
    const found = exists(file);
    if (found === true) return { kind: 'file', file };
    return notThere(file, found, ` (site ${clip(site.href)})`);
  }
  if (from.self !== undefined && !sameSite(url, from.self)) return { kind: 'skip' };
  if (url.origin === site.origin && url.pathname.startsWith(site.pathname)) {
    const message =
      'its path is no safe file path in the folder (.. or \\ once decoded): not checked';
    return { kind: 'finding', rule: 'sitemap-not-followed', message };
  }
  const where =
    url.origin === site.origin
      ? `outside ${clip(site.href)}`
      : `on another host than ${clip(site.href)}`;
  return {
    kind: 'finding',
    rule: 'sitemap-not-followed',
    message: `${where}, the URL of the folder: not checked`,
  };
}
