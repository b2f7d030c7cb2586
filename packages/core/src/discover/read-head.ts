/**
 * Reads only a page's `<head>` (touches disk): stops at `</head>` or `<body>`, or at a byte cap
 * (and then says so, for a warning), and tokenizes it with a real HTML parser (htmlparser2),
 * never with regexes.
 */

import { htmlparser2 } from '../dependencies.js';
import { isMissingDependency } from '../errors.js';
import { readPrefixBytes } from './read-prefix.js';

/** What a page's head says about its place in a sitemap. */
export interface HeadInfo {
  /** Lower-cased directives of `<meta name="robots|googlebot">`, e.g. `['noindex', 'follow']`. */
  robots: string[];
  /** `href` of `<link rel="canonical">`, as written. */
  canonical?: string;
  /** `content` of `<meta http-equiv="refresh">` when it names a URL (a redirect stub). */
  refresh?: string;
  /** `<link rel="alternate" hreflang href>`, hrefs as written. */
  alternates: Array<{ lang: string; href: string }>;
  /** `<html lang>`, as written: the page's own language. */
  lang?: string;
  /**
   * `<meta property="article:modified_time">` (or `og:updated_time`, `itemprop="dateModified"`),
   * else JSON-LD `dateModified`, as written.
   */
  modifiedTime?: string;
  /** `<meta property="article:published_time">` (or `itemprop="datePublished"`), else JSON-LD `datePublished`. */
  publishedTime?: string;
  /**
   * Set when the head went on past `HEAD_BYTE_CAP` (no `</head>` or `<body>` within it): the
   * bytes that were read. What it says after them was not seen.
   */
  cutAt?: number;
}

/** Heads larger than this (huge inline styles or scripts) are read only this far. */
export const HEAD_BYTE_CAP = 512 * 1024;
export const HEAD_END = /<\/head\s*>|<body[\s>]/i;
const ROBOTS_NAMES = new Set(['robots', 'googlebot']);
const MODIFIED_PROPERTIES = new Set(['article:modified_time', 'og:updated_time', 'datemodified']);
const PUBLISHED_PROPERTIES = new Set(['article:published_time', 'datepublished']);
/** JSON-LD blocks larger than this are not parsed (a date sits near the top of any real one). */
const JSON_LD_CAP = 256 * 1024;

/** The first `dateModified` / `datePublished` strings of a JSON-LD value (`@graph`s and arrays too). */
export function jsonLdDates(value: unknown, depth = 0): { modified?: string; published?: string } {
  const found: { modified?: string; published?: string } = {};
  if (depth > 4 || typeof value !== 'object' || value === null) return found;
  const items = Array.isArray(value) ? value : [value];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const node = item as Record<string, unknown>;
    if (typeof node.dateModified === 'string') found.modified ??= node.dateModified.trim();
    if (typeof node.datePublished === 'string') found.published ??= node.datePublished.trim();
    if (Array.isArray(item) || node['@graph'] !== undefined) {
      const inner = jsonLdDates(Array.isArray(item) ? item : node['@graph'], depth + 1);
      found.modified ??= inner.modified;
      found.published ??= inner.published;
    }
    if (found.modified && found.published) break;
  }
  return found;
}

/** Parses the text of a head (pure). */
export function parseHead(html: string): HeadInfo {
  const info: HeadInfo = { robots: [], alternates: [] };
  let jsonLd: string | null = null;
  let ld: { modified?: string; published?: string } = {};
  const parser = new (htmlparser2().Parser)(
    {
      ontext(text) {
        if (jsonLd !== null && jsonLd.length < JSON_LD_CAP) jsonLd += text;
      },
      onclosetag(name) {
        if (name !== 'script' || jsonLd === null) return;
        if (jsonLd.length < JSON_LD_CAP && !(ld.modified && ld.published)) {
          try {
            const dates = jsonLdDates(JSON.parse(jsonLd));
            ld = {
              modified: ld.modified ?? dates.modified,
              published: ld.published ?? dates.published,
            };
          } catch {
            /* not JSON: says nothing */
          }
        }
        jsonLd = null;
      },
      onopentag(name, attrs) {
        if (name === 'html' && attrs.lang) info.lang ??= attrs.lang.trim();
        if (name === 'script' && attrs.type?.trim().toLowerCase() === 'application/ld+json') {
          jsonLd = '';
          return;
        }
        if (name === 'meta') {
          const metaName = attrs.name?.toLowerCase();
          if (metaName && ROBOTS_NAMES.has(metaName) && attrs.content) {
            for (const d of attrs.content.split(',')) {
              const directive = d.trim().toLowerCase();
              if (directive) info.robots.push(directive);
            }
          }
          const equiv = attrs['http-equiv']?.toLowerCase();
          if (equiv === 'refresh' && attrs.content && /url\s*=/i.test(attrs.content)) {
            info.refresh ??= attrs.content;
          }
          const property = (attrs.property ?? attrs.name ?? attrs.itemprop)?.toLowerCase();
          if (property && attrs.content) {
            if (MODIFIED_PROPERTIES.has(property)) info.modifiedTime ??= attrs.content.trim();
            else if (PUBLISHED_PROPERTIES.has(property))
              info.publishedTime ??= attrs.content.trim();
          }
        } else if (name === 'link' && attrs.rel && attrs.href !== undefined) {
          const rels = attrs.rel.toLowerCase().split(/\s+/);
          if (rels.includes('canonical')) info.canonical ??= attrs.href.trim();
          if (rels.includes('alternate') && attrs.hreflang) {
            info.alternates.push({ lang: attrs.hreflang.trim(), href: attrs.href.trim() });
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  // Meta tags first: they are what a theme writes for this purpose.
  if (info.modifiedTime === undefined && ld.modified) info.modifiedTime = ld.modified;
  if (info.publishedTime === undefined && ld.published) info.publishedTime = ld.published;
  return info;
}

export type HeadResult = HeadInfo | { error: string };

/** `readHead`, with a read error returned rather than thrown. */
export function readHeadSafely(path: string): HeadResult {
  try {
    return readHead(path);
  } catch (error) {
    if (isMissingDependency(error)) throw error;
    return { error: (error as Error).message };
  }
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;

/** `\t \n \v \f \r` and space: the ASCII whitespace `\s` matches. */
function isAsciiSpace(byte: number): boolean {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
}

/** Whether `bytes` at `at` hold the ASCII letters of `word` (lower case), in any case. */
function letters(bytes: Buffer, at: number, word: string, to: number): boolean {
  if (at + word.length > to) return false;
  for (let i = 0; i < word.length; i++)
    if (((bytes[at + i] as number) | 0x20) !== word.charCodeAt(i)) return false;
  return true;
}

/**
 * Where `HEAD_END` first matches in the text of UTF-8 `bytes[0, to)`, found in the bytes: only
 * the head is then decoded. Its tags are ASCII, so a byte offset is where the text would be cut.
 * Where a character that is not ASCII follows the tag's name (`\s` matches some), the run of
 * them is decoded and `HEAD_END` decides. Reads ended at `before`: a tag the last read could not
 * decide ran to its end, so the search starts again at the last `<` before it (a tag's name and
 * whitespace hold none).
 */
export function headEnd(bytes: Buffer, before: number, to: number): number | null {
  const last = before > 0 ? bytes.lastIndexOf(LT, before - 1) : -1;
  for (let at = last === -1 ? before : last; at < to; at++) {
    if (bytes[at] !== LT) continue;
    let next = -1;
    if (bytes[at + 1] === SLASH && letters(bytes, at + 2, 'head', to)) {
      let after = at + 6;
      while (after < to && isAsciiSpace(bytes[after] as number)) after++;
      next = after;
    } else if (letters(bytes, at + 1, 'body', to)) next = at + 5;
    if (next === -1 || next >= to) continue;
    const byte = bytes[next] as number;
    if (byte === GT || (next === at + 5 && isAsciiSpace(byte))) return at;
    if (byte >= 0x80) {
      // Whitespace beyond ASCII, maybe: up to the first ASCII byte that is not whitespace.
      let stop = next;
      while (stop < to && ((bytes[stop] as number) >= 0x80 || isAsciiSpace(bytes[stop] as number)))
        stop++;
      const window = bytes.toString('utf8', at, Math.min(to, stop + 1));
      if (HEAD_END.exec(window)?.index === 0) return at;
    }
  }
  return null;
}

/** Only a head that names one of these can hold anything `parseHead` looks for. */
const RELEVANT =
  /robots|googlebot|canonical|refresh|hreflang|modified_time|updated_time|published_time|datemodified|datepublished/i;

/**
 * Reads the head of the HTML file at `path` and parses it; a head longer than `HEAD_BYTE_CAP` is
 * read that far, and says so (`cutAt`). Synchronous: the build has just written the page, so it
 * is in the page cache, and a plain read is the floor. A head that names none of the relevant
 * attributes is not tokenized at all. On a large site the heads are shared with a helper thread
 * (`parallel/helper-thread.ts`), each thread reading and judging ranges of the list.
 */
export function readHead(path: string): HeadInfo {
  const { text, cut } = readPrefixBytes(path, HEAD_BYTE_CAP, headEnd);
  const info: HeadInfo = RELEVANT.test(text) ? parseHead(text) : { robots: [], alternates: [] };
  if (cut) info.cutAt = HEAD_BYTE_CAP;
  return info;
}
