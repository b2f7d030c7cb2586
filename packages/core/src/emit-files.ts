/**
 * Renders groups of entries into sitemap files, shard by shard (one file in memory at a time),
 * then the index files, and writes them through write.ts.
 *
 * A group that fits in one file is written as `<prefix>-0.xml`. A larger one is written section
 * by section (sections.ts): `<prefix>-<section>-N.xml`, so that a change under `/blog/` leaves
 * every file without `/blog/` URLs byte-identical.
 */
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { EntryGroup } from './build-entries.js';
import type { ResolvedOptions } from './options.js';
import { splitSections } from './sections.js';
import { checkFile } from './self-check.js';
import { ShardCursor } from './shard.js';
import type { WrittenFile } from './types.js';
import { writeFileAtomic } from './write.js';
import { type IndexEntry, renderIndex, renderUrl, URLSET_CLOSE, urlsetOpen } from './xml/render.js';

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

  constructor(options: ResolvedOptions) {
    this.#options = options;
    this.#overheadBytes =
      Buffer.byteLength(urlsetOpen(true, options.xslURL)) + Buffer.byteLength(URLSET_CLOSE);
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
    let lastmod: string | undefined;
    const flush = async () => {
      const name = `${prefix}-${shard}${options.gzip ? '.xml.gz' : '.xml'}`;
      const xml = Buffer.from(
        urlsetOpen(withLinks, options.xslURL) + parts.join('') + URLSET_CLOSE,
        'utf8',
      );
      await checkFile('urlset', name, xml, parts.length, withLinks, options);
      const written = await this.#write(name, xml, options.gzip);
      for (const record of records) record.sitemap = name;
      this.files.push({
        kind: 'sitemap',
        url: options.baseUrl + name,
        urlCount: parts.length,
        ...written,
      });
      this.index.push({ url: options.baseUrl + name, lastmod });
      shard++;
      parts = [];
      records = [];
      withLinks = false;
      lastmod = undefined;
    };
    for (const [i, entry] of entries.entries()) {
      const xml = rendered?.[i] ?? renderUrl(entry);
      if (cursor.add(Buffer.byteLength(xml))) await flush();
      parts.push(xml);
      records.push(entry);
      if (entry.links?.length) withLinks = true;
      lastmod = newest(lastmod, entry.lastmod);
    }
    if (parts.length > 0) await flush();
  }

  async writeIndexes(): Promise<WrittenFile[]> {
    const { maxSitemapsPerIndex, filenameBase, baseUrl, xslURL } = this.#options;
    const count = Math.max(1, Math.ceil(this.index.length / maxSitemapsPerIndex));
    const indexes: WrittenFile[] = [];
    for (let n = 0; n < count; n++) {
      const entries = this.index.slice(n * maxSitemapsPerIndex, (n + 1) * maxSitemapsPerIndex);
      const name = indexFileName(filenameBase, n);
      const xml = Buffer.from(renderIndex(entries, xslURL), 'utf8');
      await checkFile('sitemapindex', name, xml, entries.length, false, this.#options);
      const written = await this.#write(name, xml, false);
      indexes.push({ kind: 'index', url: baseUrl + name, urlCount: entries.length, ...written });
    }
    return indexes;
  }

  async #write(name: string, raw: Buffer, gzip: boolean) {
    const path = join(this.#options.outDir, name);
    const data = gzip ? gzipSync(raw, { level: 9 }) : raw;
    const changed = await writeFileAtomic(path, data);
    return { path, changed, bytes: data.length, xmlBytes: raw.length };
  }
}

export async function emitFiles(
  groups: EntryGroup[],
  options: ResolvedOptions,
): Promise<WrittenFile[]> {
  const writer = new SitemapWriter(options);
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
