/**
 * Renders groups of entries into sitemap files, shard by shard (one file in memory at a time),
 * then the index files, and writes them through write.ts.
 */
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { EntryGroup } from './build-entries.js';
import { lastmodTime } from './lastmod/w3c-datetime.js';
import type { ResolvedOptions } from './options.js';
import { ShardCursor } from './shard.js';
import type { WrittenFile } from './types.js';
import { writeFileAtomic } from './write.js';
import { type IndexEntry, renderIndex, renderUrl, URLSET_CLOSE, urlsetOpen } from './xml/render.js';

function newest(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return lastmodTime(b) > lastmodTime(a) ? b : a;
}

async function writeXml(
  options: ResolvedOptions,
  name: string,
  xml: string,
  gzip: boolean,
): Promise<{ path: string; changed: boolean; bytes: number; xmlBytes: number }> {
  const path = join(options.outDir, name);
  const raw = Buffer.from(xml, 'utf8');
  const data = gzip ? gzipSync(raw, { level: 9 }) : raw;
  const changed = await writeFileAtomic(path, data);
  return { path, changed, bytes: data.length, xmlBytes: raw.length };
}

/** Name of the index file number `n`: `sitemap-index.xml`, then `sitemap-index-1.xml`, ... */
export function indexFileName(filenameBase: string, n: number): string {
  return n === 0 ? `${filenameBase}-index.xml` : `${filenameBase}-index-${n}.xml`;
}

export async function emitFiles(
  groups: EntryGroup[],
  options: ResolvedOptions,
): Promise<WrittenFile[]> {
  const files: WrittenFile[] = [];
  const indexEntries: IndexEntry[] = [];
  const ext = options.gzip ? '.xml.gz' : '.xml';
  const overheadBytes =
    Buffer.byteLength(urlsetOpen(true, options.xslURL)) + Buffer.byteLength(URLSET_CLOSE);
  for (const group of groups) {
    const cursor = new ShardCursor({
      maxUrls: options.maxUrlsPerSitemap,
      maxBytes: options.maxBytesPerSitemap,
      overheadBytes,
    });
    const prefix =
      group.name === null ? options.filenameBase : `${options.filenameBase}-${group.name}`;
    let shard = 0;
    let parts: string[] = [];
    let withLinks = false;
    let lastmod: string | undefined;
    let records: EntryGroup['items'] = [];
    const flush = async () => {
      const name = `${prefix}-${shard}${ext}`;
      const xml = urlsetOpen(withLinks, options.xslURL) + parts.join('') + URLSET_CLOSE;
      const written = await writeXml(options, name, xml, options.gzip);
      const url = options.baseUrl + name;
      for (const { record } of records) record.sitemap = name;
      files.push({ kind: 'sitemap', url, urlCount: parts.length, ...written });
      indexEntries.push({ url, lastmod });
      shard++;
      parts = [];
      records = [];
      withLinks = false;
      lastmod = undefined;
    };
    for (const entry of group.items) {
      const xml = renderUrl(entry.item);
      if (cursor.add(Buffer.byteLength(xml))) await flush();
      parts.push(xml);
      records.push(entry);
      if (entry.item.links?.length) withLinks = true;
      lastmod = newest(lastmod, entry.item.lastmod);
    }
    if (parts.length > 0) await flush();
  }
  for (const url of options.customSitemaps) indexEntries.push({ url });

  const indexCount = Math.max(1, Math.ceil(indexEntries.length / options.maxSitemapsPerIndex));
  const indexFiles: WrittenFile[] = [];
  for (let n = 0; n < indexCount; n++) {
    const entries = indexEntries.slice(
      n * options.maxSitemapsPerIndex,
      (n + 1) * options.maxSitemapsPerIndex,
    );
    const name = indexFileName(options.filenameBase, n);
    const written = await writeXml(options, name, renderIndex(entries, options.xslURL), false);
    indexFiles.push({
      kind: 'index',
      url: options.baseUrl + name,
      urlCount: entries.length,
      ...written,
    });
  }
  return [...indexFiles, ...files];
}
