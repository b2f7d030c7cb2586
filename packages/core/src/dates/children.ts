/**
 * Listing pages dated by what they list (Hugo's rule for sections and the home page). Pure.
 *
 * A page with pages under it in the URL tree (a section, a blog index, the home page) takes the
 * newest date of the pages under it when that is newer than its own, with provenance
 * `children`: a blog home that shows yesterday's post changed yesterday, whatever the date of
 * its template. With locales (`i18n`), a locale's pages date only that locale's listing pages:
 * the home page is not dated by a translation's change.
 */
import type { PageRecord } from '../types.js';
import { ownString } from '../flat-string.js';
import { dateTime } from './frontmatter-fields.js';

/** The provenance of a date nothing overrides. */
const FINAL = 'frontmatter:sitemap.lastmod';

interface Newest {
  value: string;
  time: number;
}

/**
 * `https://e.com/blog/x/` -> `https://e.com/blog/x`: a URL as a node of the tree. A page listed
 * with its file's extension is the node of its name: `blog.html` lists what is under `blog/`.
 */
function nodeOf(url: string): string {
  if (url.endsWith('/')) return url.slice(0, -1);
  return /\.html?$/i.test(url) ? url.replace(/\.html?$/i, '') : url;
}

/**
 * Gives each listed page the newest date of the listed pages under it, where that is newer than
 * its own. Only dates of the pages' own evidence count (not `option` fallbacks). Returns how
 * many pages took a date from their children.
 * @example
 *   const pages = [{ url: 'https://e.com/blog/', lastmodFrom: 'git', lastmod: '2024-01-01' },
 *     { url: 'https://e.com/blog/new/', lastmodFrom: 'git', lastmod: '2024-05-01' }];
 *   dateFromChildren(pages, 'https://e.com/') // 1: the blog index now says 2024-05-01
 */
export function dateFromChildren(
  /** Gone through twice: an array, or a list that starts over each time. */
  records: Iterable<Pick<PageRecord, 'url' | 'lastmod' | 'lastmodFrom' | 'excluded' | 'file'>>,
  baseUrl: string,
  localePrefixes: ReadonlySet<string> = new Set(),
): number {
  const top = nodeOf(baseUrl);
  /** A locale's pages date its own listing pages only: `/` is not dated by `/de/...`. */
  const localeOf = (node: string) => {
    const rest = node.slice(top.length + 1);
    const slash = rest.indexOf('/');
    const first = slash === -1 ? rest : rest.slice(0, slash);
    return localePrefixes.has(first) ? first : '';
  };
  const newest = new Map<string, Newest>();
  for (const record of records) {
    if (record.excluded) continue;
    const lastmod = record.lastmod;
    if (!lastmod || record.file === null) continue;
    const time = dateTime(lastmod);
    let node = nodeOf(record.url);
    const locale = localePrefixes.size > 0 ? localeOf(node) : '';
    while (node.length > top.length) {
      node = node.slice(0, node.lastIndexOf('/'));
      if (node.length < top.length) break;
      if (locale !== '' && node.length <= top.length + locale.length) break;
      const known = newest.get(node);
      // A node's date is never older than a node under it (each date went up the whole way,
      // within the same locale's bounds): where this one is not newer, no node above is older.
      if (known && time <= known.time) break;
      // Changed in place, and a node kept as a copy of its own (a slice of a page's URL keeps
      // the whole URL): what is made here for every page dies young, and only the listing
      // pages' nodes are kept (at 1,000,000 pages this took 7 MB through the young
      // generation, and V8 doubled it).
      if (known) {
        known.value = lastmod;
        known.time = time;
      } else newest.set(ownString(node), { value: lastmod, time });
    }
  }
  if (newest.size === 0) return 0;
  let count = 0;
  for (const record of records) {
    if (record.excluded) continue;
    // Most pages list nothing: they are passed over before their file is read.
    const under = newest.get(nodeOf(record.url));
    // The author's `sitemap.lastmod` is final, listing page or not.
    if (!under || record.file === null || record.lastmodFrom === FINAL) continue;
    if (record.lastmod && dateTime(record.lastmod) >= under.time) continue;
    record.lastmod = under.value;
    record.lastmodFrom = 'children';
    count++;
  }
  return count;
}
