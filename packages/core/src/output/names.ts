/**
 * The name of every file a set writes, and the patterns derived from them, in one module: the
 * index files, the sitemaps named by a hash of their content, the stylesheet, the mark that says
 * a file is ours, and the names of the temporary files a write leaves when it is killed. Another
 * module that needs a name asks here.
 *
 * | file                | name                                                         |
 * | ------------------- | ------------------------------------------------------------ |
 * | index               | `<base>-index.xml`, then `<base>-index-1.xml`, ...           |
 * | sitemap             | `<base>[-<chunk>][-<section>]-<n>-<hash8>.xml` (`.xml.gz`)   |
 * | stylesheet          | `<base>.xsl`                                                 |
 * | a killed write's    | `.<name>.<pid>.<hex8>.tmp`                                   |
 */
import { createHash } from 'node:crypto';

/** The mark a file of the set `filenameBase` carries, after the XML declaration. */
export function ownMark(filenameBase: string): string {
  return `<!-- sitemapkit: ${filenameBase} -->\n`;
}

/** Name of the index file number `n`: `sitemap-index.xml`, then `sitemap-index-1.xml`, ... */
export function indexFileName(filenameBase: string, n: number): string {
  return n === 0 ? `${filenameBase}-index.xml` : `${filenameBase}-index-${n}.xml`;
}

/**
 * The prefix of a series of sitemaps: the set's, a chunk's (`sitemap-blog`), and within either
 * a section's (`sitemap-docs`, when a group is split by section).
 */
export function seriesPrefix(filenameBase: string, chunk: string | null, section?: string): string {
  const group = chunk === null ? filenameBase : `${filenameBase}-${chunk}`;
  return section === undefined ? group : `${group}-${section}`;
}

/** Name of sitemap number `shard` of a series: ends in a hash of its XML, so new content never takes an old name. */
export function sitemapFileName(prefix: string, shard: number, xml: Buffer, gzip: boolean): string {
  const hash = createHash('sha256').update(xml).digest('hex').slice(0, 8);
  return `${prefix}-${shard}-${hash}${gzip ? '.xml.gz' : '.xml'}`;
}

/** Name of the stylesheet of the set (`stylesheet: true`). */
export function stylesheetFileName(filenameBase: string): string {
  return `${filenameBase}.xsl`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Every name the set `filenameBase` writes, as a pattern: its indexes, its sitemaps named by a
 * hash of their content (`sitemap-0-1a2b3c4d.xml`, `sitemap-blog-3-…`), and its stylesheet.
 */
export function setFileName(filenameBase: string): RegExp {
  const b = escapeRegExp(filenameBase);
  return new RegExp(
    `^${b}(-(index(-\\d+)?\\.xml|[A-Za-z0-9_-]+-[0-9a-f]{8}\\.xml(\\.gz)?)|\\.xsl)$`,
  );
}

/** Temporary files of the set's writes (`.sitemap-0-1a2b3c4d.xml.<pid>.<hex>.tmp`, as `tempName` in files/write.ts makes them). */
export function setTempName(filenameBase: string): RegExp {
  const names = setFileName(filenameBase).source.slice(1, -1);
  return new RegExp(`^\\.${names}\\.\\d+\\.[0-9a-f]{8}\\.tmp$`);
}
