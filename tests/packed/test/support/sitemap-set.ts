/**
 * Reads a written sitemap set back with a real XML parser (saxes): the index, then each sitemap
 * it lists, found in the output folder by its URL.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';

export interface Entry {
  loc: string;
  lastmod?: string;
}

export interface SitemapSet {
  /** File names of the sitemaps the index lists, in index order. */
  sitemaps: string[];
  /** Every `<url>` of those sitemaps, sorted by `loc`. */
  urls: Entry[];
}

const FIELDS = new Set(['loc', 'lastmod']);

/**
 * The root element and the `<url>` or `<sitemap>` entries of one file; throws on malformed XML.
 *
 * @example
 *   parseSitemapXml('<urlset><url><loc>https://e.com/</loc></url></urlset>')
 *   // { root: 'urlset', entries: [{ loc: 'https://e.com/' }] }
 */
export function parseSitemapXml(xml: string): { root: string; entries: Entry[] } {
  const parser = new SaxesParser({ xmlns: true });
  const entries: Entry[] = [];
  let root = '';
  let entry: Entry | undefined;
  let field: keyof Entry | undefined;
  parser.on('opentag', (tag) => {
    if (!root) root = tag.local;
    else if (tag.local === 'url' || tag.local === 'sitemap') entry = { loc: '' };
    else if (entry && FIELDS.has(tag.local)) {
      field = tag.local as keyof Entry;
      entry[field] = '';
    }
  });
  parser.on('text', (text) => {
    if (entry && field) entry[field] += text;
  });
  parser.on('closetag', (tag) => {
    if (tag.local === field) field = undefined;
    else if (entry && (tag.local === 'url' || tag.local === 'sitemap')) {
      entries.push(entry);
      entry = undefined;
    }
  });
  parser.write(xml).close();
  return { root, entries };
}

/**
 * Reads `<outDir>/sitemap-index.xml` and every sitemap it lists. Each listed URL must lie under
 * `site`; its path, decoded, is the file's place in `outDir`.
 */
export async function readSitemapSet(outDir: string, site: string): Promise<SitemapSet> {
  const index = parseSitemapXml(await readFile(join(outDir, 'sitemap-index.xml'), 'utf8'));
  if (index.root !== 'sitemapindex') throw new Error(`sitemap-index.xml: <${index.root}> root`);
  const sitemaps: string[] = [];
  const urls: Entry[] = [];
  for (const { loc } of index.entries) {
    if (!loc.startsWith(`${site}/`)) throw new Error(`index lists ${loc}, outside ${site}`);
    const file = decodeURIComponent(new URL(loc).pathname).slice(1);
    const sitemap = parseSitemapXml(await readFile(join(outDir, file), 'utf8'));
    if (sitemap.root !== 'urlset') throw new Error(`${file}: <${sitemap.root}> root`);
    sitemaps.push(file);
    urls.push(...sitemap.entries);
  }
  urls.sort((a, b) => (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0));
  return { sitemaps, urls };
}
