/**
 * Listing pages dated by what they list (Hugo's rule for sections and the home page). Pure.
 *
 * A page with pages under it in the URL tree (a section, a blog index, the home page) takes the
 * newest date of the pages under it when that is newer than its own, with provenance
 * `children`: a blog home that shows yesterday's post changed yesterday, whatever the date of
 * its template. With locales (`i18n`), a locale's pages date only that locale's listing pages:
 * the home page is not dated by a translation's change.
 */
import { LastmodColumn, lastmodTime } from '../columns/lastmod-column.js';
import { grown } from '../columns/native-memory.js';
import { StringRows } from '../columns/string-rows.js';
import type { PageRecord } from '../types.js';
import { dateTime } from './frontmatter-fields.js';

/** The provenance of a date nothing overrides. */
const FINAL = 'frontmatter:sitemap.lastmod';

/**
 * The newest date under each node of the URL tree, kept off the JS heap: a node is a row of a
 * string set, its date a time and a lastmod column's row. The listing pages of a million pages
 * made a map of strings and objects that outlived V8's young generation and made it double (16
 * MB more memory for the build).
 */
class NewestByNode {
  readonly #nodes = new StringRows();
  #times = new Float64Array(64);
  readonly #values = new LastmodColumn();

  get size(): number {
    return this.#nodes.size;
  }

  /** The newest time under `node`, or -Infinity. */
  time(node: string): number {
    const row = this.#nodes.find(node);
    return row === -1 ? Number.NEGATIVE_INFINITY : (this.#times[row] as number);
  }

  /** The newest lastmod under `node`, and its time; undefined when none. */
  get(node: string): { value: string; time: number } | undefined {
    const row = this.#nodes.find(node);
    if (row === -1) return undefined;
    return { value: this.#values.get(row) as string, time: this.#times[row] as number };
  }

  set(node: string, value: string, time: number): void {
    const row = this.#nodes.add(node);
    this.#times = grown(this.#times, row + 1);
    this.#times[row] = time;
    this.#values.set(row, value);
  }
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
 * A page as `dateFromChildren` reads it. A page table's view also gives its lastmod's code and
 * whether it has a file, read without making their text (at 100,000 pages, making and parsing
 * each lastmod again took a fifth of the stage).
 */
type Dated = Pick<PageRecord, 'url' | 'lastmod' | 'lastmodFrom' | 'excluded' | 'file'> & {
  readonly lastmodCode?: number;
  readonly hasFile?: boolean;
};

/** The time of a page's lastmod (ms; NaN for text no date parser reads), or undefined for none. */
function timeOf(record: Dated): number | undefined {
  const code = record.lastmodCode;
  if (code !== undefined && !Number.isNaN(code)) return lastmodTime(code);
  const lastmod = record.lastmod;
  return lastmod ? dateTime(lastmod) : undefined;
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
  records: Iterable<Dated>,
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
  const newest = new NewestByNode();
  for (const record of records) {
    if (record.excluded) continue;
    const time = timeOf(record);
    if (time === undefined || !(record.hasFile ?? record.file !== null)) continue;
    let node = nodeOf(record.url);
    const locale = localePrefixes.size > 0 ? localeOf(node) : '';
    while (node.length > top.length) {
      node = node.slice(0, node.lastIndexOf('/'));
      if (node.length < top.length) break;
      if (locale !== '' && node.length <= top.length + locale.length) break;
      // A node's date is never older than a node under it (each date went up the whole way,
      // within the same locale's bounds): where this one is not newer, no node above is older.
      if (time <= newest.time(node)) break;
      newest.set(node, record.lastmod as string, time);
    }
  }
  if (newest.size === 0) return 0;
  let count = 0;
  for (const record of records) {
    if (record.excluded) continue;
    // Most pages list nothing: they are passed over before their file is read.
    const under = newest.get(nodeOf(record.url));
    // The author's `sitemap.lastmod` is final, listing page or not.
    if (!under || !(record.hasFile ?? record.file !== null) || record.lastmodFrom === FINAL)
      continue;
    const own = timeOf(record);
    if (own !== undefined && own >= under.time) continue;
    record.lastmod = under.value;
    record.lastmodFrom = 'children';
    count++;
  }
  return count;
}
