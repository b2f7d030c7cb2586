/** Reads a written sitemap set back as a crawler would: the index, then every file it lists. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseSitemap, readXml } from './xml.js';

export interface SetOnDisk {
  /** File names the index lists, in its order. */
  listed: string[];
  /** Every page URL the listed files hold, in order. */
  urls: string[];
  /** Files of the set in the folder (index, sitemaps), sorted. */
  files: string[];
  /** Temporary files and locks left in the folder. */
  leftovers: string[];
}

/**
 * Reads the set `filenameBase` in `dir` through `<base>-index.xml`; throws when the index lists a
 * file that is missing or unreadable (a set a crawler could not read whole). Null when there is
 * no index.
 */
export async function readSet(dir: string, filenameBase = 'sitemap'): Promise<SetOnDisk | null> {
  const names = (await readdir(dir)).sort();
  const files = names.filter((n) => n.startsWith(`${filenameBase}-`));
  const leftovers = names.filter((n) => n.endsWith('.tmp') || n.endsWith('.lock'));
  if (!names.includes(`${filenameBase}-index.xml`)) return null;
  const index = parseSitemap(await readXml(join(dir, `${filenameBase}-index.xml`)));
  const listed = index.entries.map((e) => e.loc.slice(e.loc.lastIndexOf('/') + 1));
  const urls: string[] = [];
  for (const name of listed) {
    const urlset = parseSitemap(await readXml(join(dir, name)));
    for (const entry of urlset.entries) urls.push(entry.loc);
  }
  return { listed, urls, files, leftovers };
}
