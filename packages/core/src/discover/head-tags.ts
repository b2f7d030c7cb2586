/**
 * What the tags of a head say about a page's place in a sitemap (pure): fed the start tags, the
 * text of JSON-LD scripts and their ends by a tokenizer, it gathers a `HeadInfo`. Both tokenizers
 * of `read-head.ts` feed it (the head scanner, and htmlparser2 for what the scanner leaves to
 * it), so the rules live here once.
 */

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

/** A start tag's attributes, names lower-cased; the first of a name counts. */
export interface TagAttributes {
  /** The value, character references decoded; undefined when the tag has no such attribute. */
  get(name: string): string | undefined;
  /** Whether the tag has the attribute (its value is not looked at). */
  has(name: string): boolean;
  /** Whether the tag has the attribute, with a value that is not empty. */
  filled(name: string): boolean;
}

/** The start tags `HeadTags` reads; the tokenizer need not gather the others' attributes. */
export const HEAD_TAGS: readonly string[] = ['html', 'meta', 'link', 'script'];

/** Every attribute `HeadTags.openTag` asks for; a tokenizer may gather only these. */
export const HEAD_ATTRIBUTES: readonly string[] = [
  'lang',
  'type',
  'name',
  'content',
  'http-equiv',
  'property',
  'itemprop',
  'rel',
  'href',
  'hreflang',
];

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

/** Gathers what one head's tags say; `finish` once the tokenizer reached the end. */
export class HeadTags {
  readonly #info: HeadInfo = { robots: [], alternates: [] };
  /** The text of the JSON-LD script open now, or null. */
  #jsonLd: string | null = null;
  #ld: { modified?: string; published?: string } = {};

  /** Whether a JSON-LD script is open: the tokenizer passes its text on. */
  get inJsonLd(): boolean {
    return this.#jsonLd !== null;
  }

  openTag(name: string, attrs: TagAttributes): void {
    const info = this.#info;
    if (name === 'html' && attrs.filled('lang')) info.lang ??= (attrs.get('lang') as string).trim();
    if (name === 'script' && attrs.get('type')?.trim().toLowerCase() === 'application/ld+json') {
      this.#jsonLd = '';
      return;
    }
    if (name === 'meta') {
      const metaName = attrs.get('name')?.toLowerCase();
      const hasContent = attrs.filled('content');
      if (metaName && ROBOTS_NAMES.has(metaName) && hasContent) {
        for (const d of (attrs.get('content') as string).split(',')) {
          const directive = d.trim().toLowerCase();
          if (directive) info.robots.push(directive);
        }
      }
      if (hasContent && attrs.get('http-equiv')?.toLowerCase() === 'refresh') {
        const content = attrs.get('content') as string;
        if (/url\s*=/i.test(content)) info.refresh ??= content;
      }
      const property = (
        attrs.get('property') ??
        attrs.get('name') ??
        attrs.get('itemprop')
      )?.toLowerCase();
      if (property && hasContent) {
        if (MODIFIED_PROPERTIES.has(property))
          info.modifiedTime ??= (attrs.get('content') as string).trim();
        else if (PUBLISHED_PROPERTIES.has(property))
          info.publishedTime ??= (attrs.get('content') as string).trim();
      }
    } else if (name === 'link' && attrs.filled('rel') && attrs.has('href')) {
      const rels = (attrs.get('rel') as string).toLowerCase().split(/\s+/);
      if (rels.includes('canonical')) info.canonical ??= (attrs.get('href') as string).trim();
      if (rels.includes('alternate') && attrs.filled('hreflang')) {
        const lang = (attrs.get('hreflang') as string).trim();
        info.alternates.push({ lang, href: (attrs.get('href') as string).trim() });
      }
    }
  }

  /** Text, as the tokenizer found it; only a JSON-LD script's is kept. */
  text(text: string): void {
    if (this.#jsonLd !== null && this.#jsonLd.length < JSON_LD_CAP) this.#jsonLd += text;
  }

  /** An element ended (by its end tag, or by the end of the head). */
  closeTag(name: string): void {
    if (name !== 'script' || this.#jsonLd === null) return;
    const ld = this.#ld;
    if (this.#jsonLd.length < JSON_LD_CAP && !(ld.modified && ld.published)) {
      try {
        const dates = jsonLdDates(JSON.parse(this.#jsonLd));
        this.#ld = {
          modified: ld.modified ?? dates.modified,
          published: ld.published ?? dates.published,
        };
      } catch {
        /* not JSON: says nothing */
      }
    }
    this.#jsonLd = null;
  }

  /** What the head said. Meta tags come first: they are what a theme writes for this purpose. */
  finish(): HeadInfo {
    const info = this.#info;
    if (info.modifiedTime === undefined && this.#ld.modified) info.modifiedTime = this.#ld.modified;
    if (info.publishedTime === undefined && this.#ld.published)
      info.publishedTime = this.#ld.published;
    return info;
  }
}
