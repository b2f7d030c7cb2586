/**
 * The plan of a sitemap set: groups of entries in, files out (`{ kind, name, xml }`), rendered
 * and self-checked one at a time, in the order they must be written. Nothing here writes (only
 * `selfCheck: 'xsd'` reads the schemas): the build's writer (write-set.ts) writes each file as
 * it comes, a dev server keeps them in memory (render-set.ts), so only one sitemap's XML is held
 * at a time.
 *
 * A group that fits in one file is `<prefix>-0-<hash>.xml`. A larger one goes section by
 * section (sections.ts): `<prefix>-<section>-N-<hash>.xml`, so that a change under `/blog/`
 * leaves every file without `/blog/` URLs byte-identical.
 *
 * Order: the stylesheet first (every file after it references it), then the sitemaps, then the
 * index files, the first (the one submitted) last. A sitemap's name ends in a hash of its
 * content, so new content never goes under a name the old index lists: written in this order,
 * a reader sees the whole old set or the whole new one (write-set.ts says how).
 */

import { ByteScratch } from '../columns/byte-scratch.js';
import { decodeLastmod, lastmodOrder } from '../columns/lastmod-column.js';
import { grownBytes, nativeBytes } from '../columns/native-memory.js';
import { PageList } from '../columns/page-list.js';
import type { PageView } from '../columns/page-table.js';
import type { EntryGroup } from '../entries/build-entries.js';
import { SitemapError } from '../errors.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import type { PageRecord } from '../types.js';
import {
  type IndexEntry,
  renderIndex,
  renderUrl,
  URLSET_CLOSE,
  urlsetOpen,
} from '../xml/render.js';
import { renderUrlBytes } from '../xml/url-bytes.js';
import {
  indexFileName,
  ownMark,
  seriesPrefix,
  sitemapFileName,
  stylesheetFileName,
} from './names.js';
import { splitSections } from './sections.js';
import { checkFile } from './self-check.js';
import { ShardCursor } from './shard.js';
import { renderStylesheet } from './stylesheet.js';

/** One file of the set, rendered and checked, not yet written. */
export interface PlannedFile {
  kind: 'sitemap' | 'index' | 'stylesheet';
  /** File name, relative to the output folder. */
  name: string;
  /**
   * Its XML (uncompressed). A sitemap's is a view of a buffer the plan reuses: good until the
   * next file is asked for; copy it to keep it.
   */
  xml: Buffer;
  /** URLs in a sitemap, sitemaps in an index; 0 for the stylesheet. */
  urlCount: number;
  /** The pages of a sitemap, to be told which file they landed in once it is written. */
  pages: Iterable<PageRecord>;
}

/**
 * The later of two lastmods as written (`YYYY-MM-DD` or `YYYY-MM-DDThh:mm:ssZ`, UTC): their text
 * order is their time order, a date sorting before the times of that day.
 */
function newest(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return b > a ? b : a;
}

/**
 * A sitemap's entries as UTF-8 bytes, appended one at a time into one buffer that is reused
 * from file to file. An entry's XML is a string only while it is rendered: held until its file
 * is full, a file's strings would outlive the young generation and pile up in the old one.
 *
 * The file is made in place: the entries start `room` bytes in, where the longest opening fits,
 * and the opening goes right before them once the file is full (what it declares is known only
 * then), so no copy of the file is made. A copy per file, freed only when the JS heap is
 * collected, took some 5 MB a sitemap of 50,000 URLs until a full collection came (70 MB more
 * memory while the set of a million pages was written).
 */
class EntryBytes {
  readonly #room: number;
  #buffer: Buffer;
  #used: number;

  /** `room`: bytes the longest opening of a file takes. */
  constructor(room: number) {
    this.#room = room;
    this.#buffer = nativeBytes(Math.max(1 << 16, 2 * room));
    this.#used = room;
  }

  #fit(size: number): void {
    if (size <= this.#buffer.length) return;
    this.#buffer = grownBytes(this.#buffer, size);
  }

  /** Appends `xml`, `size` bytes in UTF-8. */
  append(xml: string, size: number): void {
    this.#fit(this.#used + size);
    this.#used += this.#buffer.write(xml, this.#used, 'utf8');
  }

  /** Appends what `bytes` holds. */
  appendBytes(bytes: ByteScratch): void {
    this.#fit(this.#used + bytes.length);
    this.#used += bytes.bytes.copy(this.#buffer, this.#used, 0, bytes.length);
  }

  /**
   * The file: `open`, the entries, `close`, as a view of the buffer, good until the next entry
   * is appended; the entries start over.
   */
  take(open: string, close: string): Buffer {
    const openBytes = Buffer.byteLength(open);
    if (openBytes > this.#room)
      throw new Error(
        `plan: an opening of ${openBytes} bytes, more than the ${this.#room} kept for it`,
      );
    this.#fit(this.#used + Buffer.byteLength(close));
    const start = this.#room - openBytes;
    this.#buffer.write(open, start, 'utf8');
    const end = this.#used + this.#buffer.write(close, this.#used, 'utf8');
    this.#used = this.#room;
    return this.#buffer.subarray(start, end);
  }

  clear(): void {
    this.#used = this.#room;
  }
}

/**
 * The files of the set of `groups`, one at a time. `preface` (XML comments) goes after each
 * file's declaration, before the mark: what a dev server says of the set.
 */
export async function* planFiles(
  groups: readonly EntryGroup[],
  options: ResolvedOptions,
  preface = '',
): AsyncGenerator<PlannedFile> {
  const mark = preface + ownMark(options.filenameBase);
  // The longest opening: with the namespaces of alternates and, when asked for, images.
  const openBytes = Buffer.byteLength(
    urlsetOpen(true, options.xslURL, mark, options.schemaLocation, options.images !== null),
  );
  const overheadBytes = openBytes + Buffer.byteLength(URLSET_CLOSE);
  const index: IndexEntry[] = [];

  if (options.stylesheet) {
    yield {
      kind: 'stylesheet',
      name: stylesheetFileName(options.filenameBase),
      xml: Buffer.from(renderStylesheet(options.filenameBase), 'utf8'),
      urlCount: 0,
      pages: [],
    };
  }

  const body = new EntryBytes(openBytes);
  /** An entry's URL, and the entry, as bytes. */
  const urlBytes = new ByteScratch();
  const entryBytes = new ByteScratch();
  /**
   * Writes `entry` (whose lastmod's code is `code`) into `entryBytes`, when it is written as
   * bytes from the columns (`url-bytes.ts`): most are. Those with alternates or images, a
   * lastmod kept as text or a URL not written as it is are rendered as text.
   */
  const asBytes = (entry: PageView, code: number): boolean => {
    if (entry.hasExtensions || (Number.isNaN(code) && entry.lastmod !== undefined)) return false;
    entry.writeUrl(urlBytes);
    return renderUrlBytes(urlBytes, code, entry.changefreq, entry.priority, entryBytes);
  };

  /**
   * The series `<prefix>-0-<hash>.xml`, ... of `entries`. With `whole`, the entries are one
   * file or nothing: it returns false, with nothing yielded, as soon as one file cannot hold
   * them all (the group then goes section by section).
   */
  async function* series(
    prefix: string,
    entries: PageList,
    whole = false,
  ): AsyncGenerator<PlannedFile, boolean> {
    const cursor = new ShardCursor({
      maxUrls: options.maxUrlsPerSitemap,
      maxBytes: options.maxBytesPerSitemap,
      overheadBytes,
    });
    let shard = 0;
    /** The file's entries: `count` of them from `first` in `entries`. */
    let first = 0;
    let count = 0;
    let withLinks = false;
    let withImages = false;
    /** The file's newest lastmod: of the entries written as text, and as a code (`lastmodOrder`). */
    let lastmod: string | undefined;
    let newestCode = Number.NaN;
    const fill = async (): Promise<PlannedFile> => {
      if (!Number.isNaN(newestCode)) lastmod = newest(lastmod, decodeLastmod(newestCode));
      const open = urlsetOpen(withLinks, options.xslURL, mark, options.schemaLocation, withImages);
      const xml = body.take(open, URLSET_CLOSE);
      const name = sitemapFileName(prefix, shard, xml, options.gzip);
      await checkFile('urlset', name, xml, count, withLinks, options, withImages);
      index.push({
        url: options.baseUrl + name,
        lastmod,
        ...(options.stylesheet ? { urlCount: count } : {}),
      });
      // The file's pages are a view of the entries' rows: nothing is copied.
      const pages = new PageList(entries.table, entries.rows.subarray(first, first + count));
      const file: PlannedFile = { kind: 'sitemap', name, xml, urlCount: count, pages };
      shard++;
      first += count;
      count = 0;
      withLinks = false;
      withImages = false;
      lastmod = undefined;
      newestCode = Number.NaN;
      return file;
    };
    if (whole && entries.length > options.maxUrlsPerSitemap) return false;
    for (const entry of entries) {
      const code = entry.lastmodCode;
      const xml = asBytes(entry, code) ? null : renderUrl(entry);
      const size = xml === null ? entryBytes.length : Buffer.byteLength(xml);
      if (size > options.maxBytesPerSitemap - overheadBytes) {
        if (whole) {
          body.clear();
          return false;
        }
        throw new SitemapError(
          'invalid-entry',
          `sitemapkit: the entry of ${entry.url.length > 200 ? `${entry.url.slice(0, 200)}…` : entry.url} takes ${size} bytes, more than a sitemap of \`maxBytesPerSitemap\` (${options.maxBytesPerSitemap} bytes) can hold; raise it`,
          { option: 'maxBytesPerSitemap', url: entry.url.slice(0, 200) },
        );
      }
      if (cursor.add(size)) {
        if (whole) {
          body.clear();
          return false;
        }
        yield await fill();
      }
      count++;
      if (xml === null) {
        body.appendBytes(entryBytes);
        if (!Number.isNaN(code) && !(lastmodOrder(code) <= lastmodOrder(newestCode)))
          newestCode = code;
        continue;
      }
      body.append(xml, size);
      if (entry.links?.length) withLinks = true;
      if (entry.images?.length) withImages = true;
      lastmod = newest(lastmod, entry.lastmod);
    }
    if (count > 0) yield await fill();
    return true;
  }

  for (const group of groups) {
    const prefix = seriesPrefix(options.filenameBase, group.name);
    // A group that fits in one file is that file; a larger one goes section by section.
    if (yield* series(prefix, group.items, true)) continue;
    const { items } = group;
    for (const [section, places] of splitSections(items.urlBytes, options.baseUrl)) {
      const rows = items.rows;
      // The section's places become its rows, in place: a loop, not `Uint32Array.from(places,
      // map)`, which gathers the values in a JS array first (8 bytes a value, promoted at once:
      // V8 then doubled its young generation).
      for (let i = 0; i < places.length; i++) places[i] = rows[places[i] as number] as number;
      const entries = new PageList(items.table, places);
      yield* series(seriesPrefix(options.filenameBase, group.name, section), entries);
    }
  }
  // A sitemap of another tool's: the `lastmod` option, when set, is its date (as in
  // @astrojs/sitemap); its own URLs' dates are not known here.
  for (const url of options.customSitemaps)
    index.push(options.lastmod ? { url, lastmod: options.lastmod } : { url });

  // Each index file is replaced in one rename and lists sitemaps that are all in place, so
  // each is whole on its own; a set of several is whole per index file, not across them.
  const { maxSitemapsPerIndex, filenameBase, xslURL, schemaLocation } = options;
  const count = Math.max(1, Math.ceil(index.length / maxSitemapsPerIndex));
  for (let n = count - 1; n >= 0; n--) {
    const entries = index.slice(n * maxSitemapsPerIndex, (n + 1) * maxSitemapsPerIndex);
    const name = indexFileName(filenameBase, n);
    const xml = Buffer.from(renderIndex(entries, xslURL, mark, schemaLocation), 'utf8');
    await checkFile('sitemapindex', name, xml, entries.length, false, options);
    yield { kind: 'index', name, xml, urlCount: entries.length, pages: [] };
  }
}
