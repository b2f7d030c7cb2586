/**
 * Reads the images of a page's body (touches disk), for the `images` option only: the file is
 * read chunk by chunk and keeps nothing but the image URLs it finds, so memory stays bounded
 * whatever the page's size. It stops at the end of `<main>` (nothing after it can count), when
 * `<main>` has given more than `MAX_IMAGES_PER_URL` images, or at `BODY_BYTE_CAP` bytes (and
 * then says so, for a warning).
 *
 * Speed: tokenizing a whole body with htmlparser2 cost ~3x a build without images (bench ours
 * (e)), so a scan finds the tags that matter (`img`, `source`, `picture`, `main`, `base`,
 * `body`), stepping over comments and raw-text elements (`script`, `style`, `textarea`, ...)
 * as a tokenizer would, and only those tags go through htmlparser2, which reads their
 * attributes (quotes, entities, case) as the HTML standard does.
 *
 * What is an image: `<img src|srcset|data-src|data-srcset>` and `<picture><source
 * srcset|data-srcset>`, each `srcset` candidate on its own. `<main>`'s images when the page has a
 * `<main>`, else the whole body's (headers, footers and navigation carry logos and icons, not the
 * page's content). URLs are resolved against the page's URL (or its `<base href>`), kept when
 * http(s) and on the site's origin (any origin with `external`), encoded like every URL we write
 * and deduplicated; a 1x1 `<img>` (a tracking pixel) is skipped.
 *
 * Synchronous and on the main thread: like heads, the pages were just written and are in the page
 * cache; the cost is the parse, measured in bench/ (`images` row).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { Parser } from 'htmlparser2';
import { htmlparser2 } from '../dependencies.js';
import { MAX_IMAGES_PER_URL, MAX_URL_LENGTH } from '../limits.js';
import { encodeUrl } from '../url/encode.js';

/** Pages longer than this are read only this far for images. */
export const BODY_BYTE_CAP = 5 * 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;
const buffer = Buffer.allocUnsafe(CHUNK_BYTES);

export interface ImageRules {
  /** The page's own URL, what relative URLs are resolved against. */
  pageUrl: string;
  /** The site's origin (`https://example.com`). */
  origin: string;
  /** Keep images of other origins too. */
  external: boolean;
}

export interface PageImages {
  /** Encoded absolute URLs, in document order, at most `MAX_IMAGES_PER_URL`. */
  images: string[];
  /** Set when the page had more images than `MAX_IMAGES_PER_URL`: the rest were left out. */
  tooMany?: boolean;
  /** The first image URL of `MAX_URL_LENGTH` characters or more (left out), and how many were. */
  tooLong?: { first: string; count: number };
  /** Set when the page went on past `BODY_BYTE_CAP`: the bytes that were read. */
  cutAt?: number;
}

const SPACE = /\s/;
/**
 * What the scan looks for: a comment, a raw-text element whole (its content is never markup),
 * or an open or close tag of an element that matters (attribute values quoted with `"` or `'`
 * may hold `>` or `<`). `$` lets a construct cut by the end of a chunk match, to be read on, also
 * in the middle of a quoted value.
 */
const SCAN =
  /<!--[\s\S]*?(?:-->|$)|<(script|style|textarea|title|xmp|iframe|noembed|noframes|template)(?=[\s/>])[^>]*>[\s\S]*?(?:<\/\1\s*>|$)|<(\/?)(img|source|picture|main|base|body)(?=[\s/>])(?:[^>"']|"[^"]*"|'[^']*')*(?:>|$|"[^"]*$|'[^']*$)/gi;

/** A width or height of 0 or 1 pixel: a tracking pixel, or an image no one sees. */
const PIXEL = /^\s*[01](?:\.0*)?(?:px)?\s*$/i;
const NOT_FETCHED = /^\s*(?:data|blob|javascript|about):/i;

/**
 * The URLs of a `srcset`, as the HTML standard splits it: candidates are separated by commas,
 * a URL runs to the next space (a trailing comma ends it too), and descriptors run to the next
 * comma outside parentheses. Malformed input gives what can be read of it, never throws.
 * @example srcsetUrls('a.jpg 1x, b.jpg 2x') // ['a.jpg', 'b.jpg']
 */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  const n = srcset.length;
  let i = 0;
  while (i < n) {
    while (i < n && (SPACE.test(srcset[i] as string) || srcset[i] === ',')) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !SPACE.test(srcset[i] as string)) i++;
    let url = srcset.slice(start, i);
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      let inParens = false;
      while (i < n) {
        const c = srcset[i++];
        if (c === '(') inParens = true;
        else if (c === ')') inParens = false;
        else if (c === ',' && !inParens) break;
      }
    }
    if (url !== '') urls.push(url);
  }
  return urls;
}

/** Collects the images of one page as the parser meets them (pure: fed text, not files). */
export class ImageCollector {
  readonly #rules: ImageRules;
  #base: URL | undefined;
  #baseSet = false;
  #inBody = false;
  #pictureDepth = 0;
  #mainDepth = 0;
  #seenMain = false;
  /** Set when nothing more of the page can change the result. */
  done = false;
  readonly #body = new Set<string>();
  readonly #main = new Set<string>();
  #tooLong: { first: string; count: number } | undefined;
  /** Reads the attributes of the tags `feed` finds (one complete tag at a time). */
  readonly #tags: Parser;
  #text = '';

  constructor(rules: ImageRules) {
    this.#rules = rules;
    this.#tags = new (htmlparser2().Parser)(
      { onopentag: (name, attrs) => this.#open(name, attrs) },
      { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    );
  }

  /** Takes the next piece of the page's text; `last` says it is the end of what is read. */
  feed(text: string, last = false): void {
    this.#text += text;
    const source = this.#text;
    SCAN.lastIndex = 0;
    let resume = 0;
    let cut = false;
    for (let match = SCAN.exec(source); match !== null; match = SCAN.exec(source)) {
      const end = match.index + match[0].length;
      // What reaches the end of the text so far may be cut there: read on, and scan it again.
      if (end === source.length && !last) {
        resume = match.index;
        cut = true;
        break;
      }
      resume = end;
      const name = match[3]?.toLowerCase();
      if (name === undefined) continue; // a comment or a raw-text element: nothing in it counts
      if (match[2] === '/') this.#close(name);
      else if (name === 'img' || name === 'source' || name === 'base') this.#tags.write(match[0]);
      else this.#open(name, {});
      if (this.done) return;
    }
    if (last) {
      this.#text = '';
      return;
    }
    // Keep only what may start a tag not seen whole yet.
    const lt = source.lastIndexOf('<');
    this.#text = source.slice(cut ? resume : lt >= resume ? lt : source.length);
  }

  #open(name: string, attrs: Record<string, string>): void {
    if (this.done) return;
    switch (name) {
      case 'base':
        if (!this.#baseSet && !this.#inBody && attrs.href !== undefined) {
          this.#baseSet = true;
          try {
            this.#base = new URL(attrs.href.trim(), this.#rules.pageUrl);
          } catch {
            /* an unusable base: the page URL stays the base */
          }
        }
        return;
      case 'body':
        this.#inBody = true;
        return;
      case 'main':
        this.#mainDepth++;
        this.#seenMain = true;
        return;
      case 'picture':
        this.#pictureDepth++;
        return;
      case 'img':
        if (PIXEL.test(attrs.width ?? '') || PIXEL.test(attrs.height ?? '')) return;
        this.#add(attrs.src);
        this.#add(attrs['data-src']);
        this.#addSet(attrs.srcset);
        this.#addSet(attrs['data-srcset']);
        return;
      case 'source':
        if (this.#pictureDepth === 0) return;
        this.#addSet(attrs.srcset);
        this.#addSet(attrs['data-srcset']);
        return;
    }
  }

  #close(name: string): void {
    if (name === 'picture' && this.#pictureDepth > 0) this.#pictureDepth--;
    else if (name === 'main' && this.#mainDepth > 0) {
      this.#mainDepth--;
      // `<main>`'s images are the page's: the rest of the page cannot add to them.
      if (this.#mainDepth === 0) this.done = true;
    }
  }

  #addSet(srcset: string | undefined): void {
    if (srcset === undefined) return;
    for (const url of srcsetUrls(srcset)) this.#add(url);
  }

  #add(raw: string | undefined): void {
    if (raw === undefined || this.done) return;
    const value = raw.trim();
    if (value === '' || NOT_FETCHED.test(value)) return;
    const inMain = this.#mainDepth > 0;
    // Each list keeps one more than the limit, to know the page went over it.
    if (this.#body.size > MAX_IMAGES_PER_URL && !inMain) return;
    let resolved: URL;
    try {
      resolved = new URL(value, this.#base ?? this.#rules.pageUrl);
    } catch {
      return;
    }
    if (resolved.protocol !== 'https:' && resolved.protocol !== 'http:') return;
    if (!this.#rules.external && resolved.origin !== this.#rules.origin) return;
    resolved.hash = '';
    const url = encodeUrl(resolved.href);
    if (url === null) return;
    if (url.length >= MAX_URL_LENGTH) {
      if (this.#tooLong) this.#tooLong.count++;
      else this.#tooLong = { first: url, count: 1 };
      return;
    }
    if (this.#body.size <= MAX_IMAGES_PER_URL) this.#body.add(url);
    if (inMain) {
      this.#main.add(url);
      if (this.#main.size > MAX_IMAGES_PER_URL) this.done = true;
    }
  }

  result(): PageImages {
    const found = this.#seenMain ? this.#main : this.#body;
    const images = [...found];
    const out: PageImages = { images };
    if (images.length > MAX_IMAGES_PER_URL) {
      images.length = MAX_IMAGES_PER_URL;
      out.tooMany = true;
    }
    if (this.#tooLong) out.tooLong = this.#tooLong;
    return out;
  }
}

/** Where an `<img` or `<source` tag can start: `<` and its first letter in either case. */
const TAG_STARTS = ['<i', '<I', '<s', '<S'];
const IMAGE_TAG = /^(?:img|source)$/;

/**
 * Whether `bytes` may hold an `<img` or `<source` tag, in any case. Native substring searches
 * find each `<i` and `<s`, and only their next few bytes are looked at: no text is made of the
 * page. A candidate cut by the end of `bytes` counts as one.
 */
function holdsImageTag(bytes: Buffer): boolean {
  for (const start of TAG_STARTS) {
    for (let at = bytes.indexOf(start); at !== -1; at = bytes.indexOf(start, at + 2)) {
      if (at + 7 >= bytes.length) return true;
      const name = bytes.toString('latin1', at + 1, at + 8).toLowerCase();
      if (IMAGE_TAG.test(name.slice(0, 3)) || IMAGE_TAG.test(name.slice(0, 6))) return true;
    }
  }
  // A `<` at the very end may open a tag whose name the next bytes hold.
  return bytes[bytes.length - 1] === 0x3c;
}

/**
 * Whether the file may hold an `<img` or `<source` tag (in any case) in its first
 * `BODY_BYTE_CAP` bytes: `true`, or, when it holds none, whether it goes on past that (`'cut'`)
 * or not (`false`).
 */
function mayHoldImage(fd: number): true | 'cut' | false {
  let offset = 0;
  while (offset < BODY_BYTE_CAP) {
    const bytesRead = readSync(
      fd,
      buffer,
      0,
      Math.min(CHUNK_BYTES, BODY_BYTE_CAP - offset),
      offset,
    );
    if (bytesRead === 0) return false;
    if (holdsImageTag(buffer.subarray(0, bytesRead))) return true;
    // A tag cut by the chunk's end was counted above; one starting in the next chunk is found there.
    offset += bytesRead;
  }
  return readSync(fd, buffer, 0, 1, offset) > 0 ? 'cut' : false;
}

/**
 * Reads the images of the HTML file at `path`, streaming it through the parser; a page longer
 * than `BODY_BYTE_CAP` is read that far, and says so (`cutAt`).
 */
export function readImages(path: string, rules: ImageRules): PageImages {
  const collector = new ImageCollector(rules);
  const decoder = new TextDecoder('utf-8');
  const fd = openSync(path, 'r');
  let cut = false;
  try {
    // Most pages hold no image tag at all: a native substring search says so at a fraction of
    // the scan's cost, and only a page that may have one is scanned.
    const mayHold = mayHoldImage(fd);
    if (mayHold !== true) return mayHold ? { images: [], cutAt: BODY_BYTE_CAP } : { images: [] };
    let offset = 0;
    while (!collector.done) {
      if (offset >= BODY_BYTE_CAP) {
        cut = readSync(fd, buffer, 0, 1, offset) > 0;
        break;
      }
      const bytesRead = readSync(
        fd,
        buffer,
        0,
        Math.min(CHUNK_BYTES, BODY_BYTE_CAP - offset),
        offset,
      );
      if (bytesRead === 0) break;
      offset += bytesRead;
      collector.feed(decoder.decode(buffer.subarray(0, bytesRead), { stream: true }));
    }
  } finally {
    closeSync(fd);
  }
  if (!collector.done) collector.feed(decoder.decode(), true);
  const result = collector.result();
  if (cut) result.cutAt = BODY_BYTE_CAP;
  return result;
}
