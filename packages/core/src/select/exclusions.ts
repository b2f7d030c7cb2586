/**
 * Every reason a page is left out of the sitemap, and the rule that decides each, in one
 * module. The stages call these rules rather than writing their own (the dev server's set, which
 * has no files to look at, skips a name no URL can name by url/'s `unaddressableFile`):
 *
 * | reason          | decided by                     | when                                         |
 * | --------------- | ------------------------------ | -------------------------------------------- |
 * | `error-page`    | `pathRules`                    | a root or locale 404/500 page                |
 * | `include`       | `pathRules`, `keyRules`        | not matched by `include`                     |
 * | `exclude`       | `pathRules`, `keyRules`        | matched by `exclude`                         |
 * | `filter`        | `filtered`                     | the user's `filter(url)` said no             |
 * | `unaddressable` | `unaddressable`                | no URL can name the file                     |
 * | `frontmatter`   | `select-pages.ts`              | its source says `sitemap: false` (or alike)  |
 * | `unreadable`    | `select-pages.ts`              | its HTML could not be read                   |
 * | `redirect`      | `headExclusion`                | a meta refresh stub                          |
 * | `noindex`       | `headExclusion`                | robots noindex / none                        |
 * | `canonical`     | `headExclusion`                | a canonical link to another page             |
 * | `url-too-long`  | `tooLong`                      | 2,048 characters or more                     |
 * | `serialize`     | `entries/build-entries.ts`     | the user's `serialize` returned nothing      |
 * | `duplicate`     | `entries/list-once.ts`         | a URL an earlier page is listed at already   |
 *
 * Whether a problem with a page is a warning or fails the build is `page-problem.ts`'s call.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { picomatch } from '../dependencies.js';
import type { HeadInfo } from '../discover/head-tags.js';
import { MAX_URL_LENGTH } from '../limits.js';
import type { HeadRules } from '../options/option-parts.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import type { ExclusionReason } from '../types.js';
import { encodeUrl, isPlainUrl } from '../url/encode.js';
import { isErrorPage, type PageRoute, routeKey, unaddressableFile } from '../url/map-file.js';
import { quoted } from '../url/shorten.js';

/** A test of a route key (`/blog/post`) against globs, or null when there are none. */
function matcher(globs: readonly string[]): ((path: string) => boolean) | null {
  if (globs.length === 0) return null;
  const match = picomatch()(
    globs.map((g) => (g.startsWith('/') ? g : `/${g}`).replace(/(.)\/$/, '$1')),
    { dot: true },
  );
  // `/blog/**` also matches `/blog` itself.
  return (path) => match(path) || match(`${path === '/' ? '' : path}/`);
}

type PathOptions = Pick<ResolvedOptions, 'include' | 'exclude' | 'excludeErrorPages' | 'i18n'>;

/**
 * The `include` and `exclude` globs as one test of a route key: the reason a page at that key
 * is out, or undefined. Custom pages, known by URL only, are judged by this.
 */
export function keyRules(
  options: Pick<ResolvedOptions, 'include' | 'exclude'>,
): (key: string) => 'include' | 'exclude' | undefined {
  const include = matcher(options.include);
  const exclude = matcher(options.exclude);
  return (key) => {
    if (include && !include(key)) return 'include';
    if (exclude?.(key)) return 'exclude';
    return undefined;
  };
}

/**
 * The path-level rules, error pages first, then `include` and `exclude`: the reason a page at
 * `route` is out, or undefined. No I/O, so it runs as the pages are found.
 */
export function pathRules(options: PathOptions): (route: PageRoute) => ExclusionReason | undefined {
  const byKey = options.include.length > 0 || options.exclude.length > 0 ? keyRules(options) : null;
  const locales = options.i18n?.locales;
  return (route) => {
    if (options.excludeErrorPages && isErrorPage(route, locales)) return 'error-page';
    return byKey?.(routeKey(route));
  };
}

/** Whether the user's `filter` leaves the page at `url` out. */
export function filtered(options: Pick<ResolvedOptions, 'filter'>, url: string): boolean {
  return options.filter !== undefined && !options.filter(url);
}

/**
 * Why no URL can name the page `file`, or null: its clean URL would be a dot segment or its
 * folder's (`unaddressableFile`), or its name is not UTF-8. Such a name is read with U+FFFD in
 * place of its bytes, so no file has the name that was read.
 */
export function unaddressable(
  file: string,
  options: Pick<ResolvedOptions, 'cleanUrls' | 'outDir'>,
): string | null {
  const why = unaddressableFile(file, options.cleanUrls);
  if (why !== null) return why;
  if (file.includes('\uFFFD') && !existsSync(join(options.outDir, file))) {
    return 'its name is not valid UTF-8, so no URL can name it';
  }
  return null;
}

const DOT = 0x2e;
const SLASH = 0x2f;
const BACKSLASH = 0x5c;
/** U+FFFD in UTF-8: `ef bf bd`. */
const REPLACEMENT_FIRST = 0xef;
const REPLACEMENT_SECOND = 0xbf;
const REPLACEMENT_THIRD = 0xbd;

/**
 * Whether `unaddressable` may find anything in the file whose UTF-8 bytes are `bytes[0..length)`:
 * only a name that starts with `.` (`unaddressableFile`) or holds U+FFFD can be one no URL names.
 * Most files are told from their bytes to have neither, with no string made (at 100,000 pages,
 * the paths made to be tested were a tenth of the selection's time).
 */
export function mayBeUnaddressable(bytes: Uint8Array, length: number): boolean {
  let before = SLASH;
  for (let at = 0; at < length; at++) {
    const byte = bytes[at] as number;
    if (byte === DOT && (before === SLASH || before === BACKSLASH)) return true;
    if (
      byte === REPLACEMENT_FIRST &&
      bytes[at + 1] === REPLACEMENT_SECOND &&
      bytes[at + 2] === REPLACEMENT_THIRD &&
      at + 3 <= length
    )
      return true;
    before = byte;
  }
  return false;
}

/** Whether `url` may be listed in a sitemap served from `baseUrl` (same origin, under its folder). */
export function isUnderBase(url: string, baseUrl: string): boolean {
  return url.startsWith(baseUrl);
}

/** Whether the protocol allows `url` in a sitemap by its length (fewer than 2,048 characters). */
export function tooLong(url: string): boolean {
  return url.length >= MAX_URL_LENGTH;
}

/**
 * Whether a URL of `bytes` UTF-8 bytes may be `tooLong`: one of fewer bytes than the limit has
 * fewer characters too, so its string need not be made to tell.
 */
export function mayBeTooLong(bytes: number): boolean {
  return bytes >= MAX_URL_LENGTH;
}

const NOINDEX = new Set(['noindex', 'none']);

/**
 * Reduces a URL to what identifies the resource for comparison: encoded, no fragment, and
 * `/x/`, `/x`, `/x/index.html` and `/x.html` all alike.
 */
export function resourceKey(url: string): string | null {
  const encoded = encodeUrl(url);
  if (encoded === null) return null;
  const hash = encoded.indexOf('#');
  const noHash = hash === -1 ? encoded : encoded.slice(0, hash);
  const q = noHash.indexOf('?');
  const path = q === -1 ? noHash : noHash.slice(0, q);
  const query = q === -1 ? '' : noHash.slice(q);
  const normalised = path
    .replace(/\/index\.html?$/i, '/')
    .replace(/\.html?$/i, '')
    .replace(/\/+$/, '');
  return normalised + query;
}

/** An href of the page at `pageUrl`, absolute and encoded, or null when it is no URL. */
export function resolveHref(href: string, pageUrl: string): string | null {
  // Most hrefs are plain absolute URLs, or plain root-relative paths on a plain page URL: both
  // resolve to themselves (on the page's origin), as the slow path below would give.
  if (isPlainUrl(href)) return href;
  if (href[0] === '/' && href[1] !== '/' && isPlainUrl(pageUrl)) {
    const origin = pageUrl.slice(0, pageUrl.indexOf('/', pageUrl.indexOf('//') + 2));
    if (isPlainUrl(origin + href)) return origin + href;
  }
  try {
    return encodeUrl(new URL(href, pageUrl).href);
  } catch {
    return null;
  }
}

/** What the head's rules say of a page's place in the sitemap. */
export interface HeadJudgement {
  excluded?: 'redirect' | 'noindex' | 'canonical';
  /** For an exclusion: the refresh, the robots directives, or the canonical URL. */
  detail?: string;
  /** The canonical URL when it names this same page in another form (`/about` for `/about.html`). */
  canonicalForm?: string;
  problem?: string;
}

/**
 * The head rules, in order: a meta refresh stub is out, then a noindex page, then one whose
 * canonical link names another page; a canonical naming this page in another form gives the
 * form it is listed at.
 */
export function headExclusion(head: HeadInfo, pageUrl: string, rules: HeadRules): HeadJudgement {
  if (rules.redirect && head.refresh !== undefined) {
    return { excluded: 'redirect', detail: head.refresh };
  }
  if (rules.noindex && head.robots.some((d) => NOINDEX.has(d))) {
    return { excluded: 'noindex', detail: head.robots.join(', ') };
  }
  if (rules.canonical && head.canonical !== undefined) {
    const canonical = resolveHref(head.canonical, pageUrl);
    if (canonical === null) {
      return { problem: `canonical href ${quoted(head.canonical)} is not a valid URL` };
    }
    if (resourceKey(canonical) !== resourceKey(pageUrl)) {
      return { excluded: 'canonical', detail: canonical };
    }
    if (canonical !== pageUrl && !canonical.includes('#')) return { canonicalForm: canonical };
  }
  return {};
}
