/**
 * Checks of one URL as written in a sitemap (after XML entity decoding), and the location
 * arithmetic of the protocol. Pure.
 */

import { MAX_URL_LENGTH } from '../limits.js';
import { clip } from '../url/shorten.js';
import { MAX_URL_ISSUES } from './bounds.js';

export type UrlRule = 'url-absolute' | 'url-encoding' | 'url-length' | 'url-whitespace';

export interface UrlProblem {
  rule: UrlRule;
  message: string;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const HTTP_WITH_HOST = /^https?:\/\/[^/?#]+/i;
const HEX2 = /^[0-9A-Fa-f]{2}$/;
/** Only characters RFC 3986 allows somewhere (brackets aside): the fast path of the check. */
const PLAIN = /^[A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]*$/;
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;
/** Characters RFC 3986 allows nowhere in a URI: they must be percent-encoded. */
const NEVER_RAW = '"<>\\^`{|}';

function describeChar(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (c === ' ') return 'a space';
  if (code < 0x21 || code === 0x7f) return `control character ${hex}`;
  if (code > 0x7e) return `raw non-ASCII "${c}" (${hex})`;
  return `"${c}"`;
}

/**
 * The RFC 3986 percent-encoding problems of a URL, each described once; past MAX_URL_ISSUES
 * different ones, a last `…` says there are more.
 */
function encodingIssues(value: string): string[] {
  if (
    PLAIN.test(value) &&
    !BAD_PERCENT.test(value) &&
    value.indexOf('#') === value.lastIndexOf('#')
  ) {
    return [];
  }
  const issues = new Set<string>();
  const authorityEnd = (() => {
    const start = value.indexOf('//');
    if (start < 0) return 0;
    const end = value.slice(start + 2).search(/[/?#]/);
    return end < 0 ? value.length : start + 2 + end;
  })();
  let hashes = 0;
  for (let i = 0; i < value.length; i++) {
    const c = String.fromCodePoint(value.codePointAt(i) ?? 0);
    if (c.length === 2) i++;
    const code = c.codePointAt(0) ?? 0;
    let issue: string | undefined;
    if (code < 0x21 || code > 0x7e || NEVER_RAW.includes(c)) {
      issue = `${describeChar(c)} must be percent-encoded`;
    } else if (c === '%' && !HEX2.test(value.slice(i + 1, i + 3))) {
      issue = `"${value.slice(i, i + 3)}" is not a valid %XX escape`;
    } else if ((c === '[' || c === ']') && i >= authorityEnd) {
      issue = `"${c}" outside the host must be percent-encoded`;
    } else if (c === '#' && ++hashes === 2) {
      issue = 'a second "#" must be percent-encoded';
    }
    if (issue === undefined || issues.has(issue)) continue;
    if (issues.size === MAX_URL_ISSUES) return [...issues, '…'];
    issues.add(issue);
  }
  return [...issues];
}

/**
 * Every problem of one URL: absolute http(s), percent-encoding, length, surrounding whitespace.
 * @example checkUrl('https://example.com/caf%C3%A9') // []
 * @example checkUrl('/about')[0]?.rule // 'url-absolute'
 * @example checkUrl('https://example.com/café')[0]?.rule // 'url-encoding'
 */
export function checkUrl(raw: string): UrlProblem[] {
  return inspectUrl(raw).problems;
}

/** `checkUrl`, plus the parsed URL when it is an absolute http(s) URL (parsed once). */
export function inspectUrl(raw: string): { problems: UrlProblem[]; parsed: URL | undefined } {
  const problems: UrlProblem[] = [];
  let parsed: URL | undefined;
  const value = raw.trim();
  if (value !== raw) {
    problems.push({ rule: 'url-whitespace', message: 'whitespace around the URL' });
  }
  if (value === '') {
    problems.push({ rule: 'url-absolute', message: 'the URL is empty' });
    return { problems, parsed };
  }
  const issues = encodingIssues(value);
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    problems.push({
      rule: 'url-absolute',
      message: 'a relative URL: write it absolute, https://…',
    });
  } else if (scheme !== 'http' && scheme !== 'https') {
    problems.push({
      rule: 'url-absolute',
      message: `scheme "${clip(scheme)}:": only http and https`,
    });
  } else if (!HTTP_WITH_HOST.test(value)) {
    problems.push({ rule: 'url-absolute', message: 'no host after the scheme' });
  } else {
    parsed = parseHttpUrl(value);
    if (parsed === undefined && issues.length === 0) {
      problems.push({ rule: 'url-absolute', message: 'not a valid URL (host or port)' });
    }
  }
  if (issues.length > 0) problems.push({ rule: 'url-encoding', message: issues.join('; ') });
  if (value.length >= MAX_URL_LENGTH) {
    problems.push({
      rule: 'url-length',
      message: `${value.length} characters: a URL must be fewer than ${MAX_URL_LENGTH}`,
    });
  }
  return { problems, parsed };
}

/** Parses an absolute http(s) URL, or returns undefined. */
export function parseHttpUrl(value: string): URL | undefined {
  const url = parseUrl(value);
  return url?.protocol === 'http:' || url?.protocol === 'https:' ? url : undefined;
}

/** Parses once (`URL.canParse` then `new URL` would parse twice). */
function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** Same scheme, host and port. */
export function sameSite(a: URL, b: URL): boolean {
  return a.protocol === b.protocol && a.host === b.host;
}

/** The directory part of a URL: its origin and path up to the last `/`. */
export function directoryOf(url: URL): string {
  return `${url.origin}${url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1)}`;
}

/**
 * The sitemaps.org location rule: a URL must be on the sitemap's scheme and host and under the
 * sitemap's directory.
 * @example isUnderSitemap(new URL('https://e.com/a/b'), new URL('https://e.com/a/sitemap.xml')) // true
 * @example isUnderSitemap(new URL('https://e.com/b'), new URL('https://e.com/a/sitemap.xml')) // false
 */
export function isUnderSitemap(url: URL, sitemap: URL): boolean {
  return sameSite(url, sitemap) && `${url.origin}${url.pathname}`.startsWith(directoryOf(sitemap));
}

/**
 * The key duplicates are found by: the WHATWG-normalised URL (host case, default port, empty
 * path) when it parses, else the trimmed text.
 */
export function urlKey(raw: string): string {
  const value = raw.trim();
  return parseUrl(value)?.href ?? value;
}
