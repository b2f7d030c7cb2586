/**
 * Renders groups of entries into sitemap files, shard by shard (one file in memory at a time),
 * then the index files, and writes them through write.ts.
 *
 * A group that fits in one file is written as `<prefix>-0-<hash>.xml`. A larger one is written
 * section by section (sections.ts): `<prefix>-<section>-N-<hash>.xml`, so that a change under
 * `/blog/` leaves every file without `/blog/` URLs byte-identical.
 *
 * The set is the unit of atomicity. A sitemap's name ends in a hash of its content, so new
 * content never goes under a name the old index lists: the sitemaps are written first, the
 * index (one fixed name, renamed into place) last, and only then are the old sitemaps removed
 * (generate-sitemaps.ts). A reader sees the whole old set or the whole new one; a build killed
 * at any point leaves the old set whole (or the new one, once its index is in place).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { EntryGroup } from '../entries/build-entries.js';
import { SitemapError } from '../errors.js';
import { writeFileAtomic } from '../files/write.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import type { WrittenFile } from '../types.js';
import { checkOurs, ownMark } from './own-files.js';
import { splitSections } from './sections.js';
import { checkFile } from './self-check.js';
import { ShardCursor } from './shard.js';
import { writeStylesheet } from './stylesheet.js';

/** What to do when a file under one of the set's names is a user's. */
const NOT_OURS = {
  option: 'filenameBase',
  advice: 'remove or rename it, or set `filenameBase` to write them under another name',
};

import {
  type IndexEntry,
  renderIndex,
  renderUrl,
  URLSET_CLOSE,
  urlsetOpen,
} from '../xml/render.js';

type Entry = EntryGroup['items'][number];

/**
 * The later of two lastmods as written (`YYYY-MM-DD` or `YYYY-MM-DDThh:mm:ssZ`, UTC): their text
 * order is their time order, a date sorting before the times of that day.
 */
function newest(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return b > a ? b : a;
}

/** Name of the index file number `n`: `sitemap-index.xml`, then `sitemap-index-1.xml`, ... */
export function indexFileName(filenameBase: string, n: number): string {
  return n === 0 ? `${filenameBase}-index.xml` : `${filenameBase}-index-${n}.xml`;
}

class SitemapWriter {
  readonly files: WrittenFile[] = [];
  readonly index: IndexEntry[] = [];
  readonly #options: ResolvedOptions;
  readonly #overheadBytes: number;
  readonly #mark: string;
  /** Where the files go instead of `outDir` when the set is rendered in memory, else null. */
  readonly #memory: Map<string, string> | null;

  constructor(options: ResolvedOptions, memory: InMemory | null = null) {
    this.#options = options;
    this.#memory = memory?.files ?? null;
    this.#mark = (memory?.preface ?? '') + ownMark(options.filenameBase);
    this.#overheadBytes =
      Buffer.byteLength(
        urlsetOpen(
          true,
          options.xslURL,
          this.#mark,
          options.schemaLocation,
          options.images !== null,
        ),
      ) + Buffer.byteLength(URLSET_CLOSE);
  }

  /**
   * The rendered entries when they all fit in one file, else null. Renders at most
   * `maxUrlsPerSitemap` entries, and what it renders is written as is.
   */
  renderIfOneFile(entries: readonly Entry[]): string[] | null {
    if (entries.length > this.#options.maxUrlsPerSitemap) return null;
    let bytes = this.#overheadBytes;
    const rendered = entries.map((entry) => {
      const xml = renderUrl(entry);
      bytes += Buffer.byteLength(xml);
      return xml;
    });
    return bytes <= this.#options.maxBytesPerSitemap ? rendered : null;
  }

  /** Writes `entries` (rendered already, or here) as the series `<prefix>-0.xml`, ... */
  async writeSeries(prefix: string, entries: readonly Entry[], rendered?: string[]): Promise<void> {
    const options = this.#options;
    const cursor = new ShardCursor({
      maxUrls: options.maxUrlsPerSitemap,
      maxBytes: options.maxBytesPerSitemap,
      overheadBytes: this.#overheadBytes,
    });
    let shard = 0;
    let parts: string[] = [];
    let records: Entry[] = [];
    let withLinks = false;
    let withImages = false;
    let lastmod: string | undefined;
    const flush = async () => {
      const xml = Buffer.from(
        urlsetOpen(withLinks, options.xslURL, this.#mark, options.schemaLocation, withImages) +
          parts.join('') +
          URLSET_CLOSE,
        'utf8',
      );
      const hash = createHash('sha256').update(xml).digest('hex').slice(0, 8);
      const name = `${prefix}-${shard}-${hash}${options.gzip ? '.xml.gz' : '.xml'}`;
      await checkFile('urlset', name, xml, parts.length, withLinks, options, withImages);
      const written = await this.#write(name, xml, options.gzip);
      for (const record of records) record.sitemap = name;
      this.files.push({
        kind: 'sitemap',
        url: options.baseUrl + name,
        urlCount: parts.length,
        ...written,
      });
      this.index.push({
        url: options.baseUrl + name,
        lastmod,
        ...(options.stylesheet ? { urlCount: parts.length } : {}),
      });
      shard++;
      parts = [];
      records = [];
      withLinks = false;
      withImages = false;
      lastmod = undefined;
    };
    for (const [i, entry] of entries.entries()) {
      const xml = rendered?.[i] ?? renderUrl(entry);
      const size = Buffer.byteLength(xml);
      if (size > options.maxBytesPerSitemap - this.#overheadBytes) {
        throw new SitemapError(
          'invalid-entry',
          `sitemapkit: the entry of ${entry.url.length > 200 ? `${entry.url.slice(0, 200)}…` : entry.url} takes ${size} bytes, more than a sitemap of \`maxBytesPerSitemap\` (${options.maxBytesPerSitemap} bytes) can hold; raise it`,
          { option: 'maxBytesPerSitemap', url: entry.url.slice(0, 200) },
        );
      }
      if (cursor.add(size)) await flush();
      parts.push(xml);
      records.push(entry);
      if (entry.links?.length) withLinks = true;
      if (entry.images?.length) withImages = true;
      lastmod = newest(lastmod, entry.lastmod);
    }
    if (parts.length > 0) await flush();
  }

  /**
   * Writes the index files, the first (the one submitted) last. Each is replaced in one rename
   * and lists sitemaps that are all in place, so each is whole on its own; a set of several is
   * whole per index file, not across them.
   */
  async writeIndexes(): Promise<WrittenFile[]> {
    const { maxSitemapsPerIndex, filenameBase, baseUrl, xslURL } = this.#options;
    const count = Math.max(1, Math.ceil(this.index.length / maxSitemapsPerIndex));
    const indexes: WrittenFile[] = [];
    for (let n = count - 1; n >= 0; n--) {
      const entries = this.index.slice(n * maxSitemapsPerIndex, (n + 1) * maxSitemapsPerIndex);
      const name = indexFileName(filenameBase, n);
      const { schemaLocation } = this.#options;
      const xml = Buffer.from(renderIndex(entries, xslURL, this.#mark, schemaLocation), 'utf8');
      await checkFile('sitemapindex', name, xml, entries.length, false, this.#options);
      const written = await this.#write(name, xml, false);
      indexes.unshift({ kind: 'index', url: baseUrl + name, urlCount: entries.length, ...written });
    }
    return indexes;
  }

  async #write(name: string, raw: Buffer, gzip: boolean) {
    if (this.#memory) {
      this.#memory.set(name, raw.toString('utf8'));
      return { path: name, changed: true, bytes: raw.length, xmlBytes: raw.length };
    }
    const { outDir, filenameBase } = this.#options;
    const path = join(outDir, name);
    const data = gzip ? gzipSync(raw, { level: 9 }) : raw;
    await checkOurs(outDir, name, filenameBase, NOT_OURS);
    const changed = await writeFileAtomic(path, data);
    return { path, changed, bytes: data.length, xmlBytes: raw.length };
  }
}

/**
 * A set rendered in memory (render-set.ts): each file's XML by name, nothing written, and
 * `preface` (XML comments) after each file's declaration, before the mark.
 */
export interface InMemory {
  files: Map<string, string>;
  preface: string;
}

export async function emitFiles(
  groups: EntryGroup[],
  options: ResolvedOptions,
  memory?: InMemory,
): Promise<WrittenFile[]> {
  const writer = new SitemapWriter(options, memory);
  if (!memory) {
    await checkOurs(
      options.outDir,
      indexFileName(options.filenameBase, 0),
      options.filenameBase,
      NOT_OURS,
    );
  }
  // The stylesheet goes first: every file written after it references it.
  if (options.stylesheet) await writeStylesheet(options, memory?.files);
  for (const group of groups) {
    const prefix =
      group.name === null ? options.filenameBase : `${options.filenameBase}-${group.name}`;
    const rendered = writer.renderIfOneFile(group.items);
    if (rendered) {
      await writer.writeSeries(prefix, group.items, rendered);
      continue;
    }
    for (const [section, entries] of splitSections(group.items, (e) => e.url, options.baseUrl)) {
      await writer.writeSeries(`${prefix}-${section}`, entries);
    }
  }
  // A sitemap of another tool's: the `lastmod` option, when set, is its date (as in
  // @astrojs/sitemap); its own URLs' dates are not known here.
  for (const url of options.customSitemaps)
    writer.index.push(options.lastmod ? { url, lastmod: options.lastmod } : { url });
  const indexes = await writer.writeIndexes();
  return [...indexes, ...writer.files];
}
