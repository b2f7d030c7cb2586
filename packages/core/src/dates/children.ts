/**
 * Listing pages dated by what they list (Hugo's rule for sections and the home page). Pure.
 *
 * A page with pages under it in the URL tree (a section, a blog index, the home page) takes the
 * newest date of the pages under it when that is newer than its own, with provenance
 * `children`: a blog home that shows yesterday's post changed yesterday, whatever the date of
 * its template. With locales (`i18n`), a locale's pages date only that locale's listing pages:
 * the home page is not dated by a translation's change.
 */
import { ByteScratch } from '../columns/byte-scratch.js';
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
 * MB more memory for the build). Nodes are looked up by their URL's bytes: at 100,000 pages,
 * making each URL a string and slicing it at each level took two thirds of the stage.
 */
class NewestByNode {
  readonly #nodes = new StringRows();
  #times = new Float64Array(64);
  readonly #values = new LastmodColumn();

  get size(): number {
    return this.#nodes.size;
  }

  /** The node `bytes[0..length)`'s row, or -1. */
  find(bytes: Uint8Array, length: number): number {
    return this.#nodes.findBytes(bytes, 0, length);
  }

  /** The newest time under node `row` (from `find`). */
  time(row: number): number {
    return this.#times[row] as number;
  }

  /** The newest lastmod under node `row` (from `find`). */
  value(row: number): string {
    return this.#values.get(row) as string;
  }

  /** Sets the newest date under node `row`, or (row -1) the node `bytes[0..length)`. */
  set(row: number, bytes: Uint8Array, length: number, value: string, time: number): void {
    const at = row === -1 ? this.#nodes.addBytes(bytes, 0, length) : row;
    this.#times = grown(this.#times, at + 1);
    this.#times[at] = time;
    this.#values.set(at, value);
  }
}

const SLASH = 0x2f;
const DOT = 0x2e;

/**
 * The length of the node of the URL `bytes[0..length)`: `https://e.com/blog/x/` ->
 * `https://e.com/blog/x`. A page listed with its file's extension is the node of its name:
 * `blog.html` lists what is under `blog/`.
 */
function nodeLength(bytes: Uint8Array, length: number): number {
  if (length > 0 && bytes[length - 1] === SLASH) return length - 1;
  // `.html` or `.htm`, in any case (ASCII letters | 0x20 are lower case).
  const l = bytes[length - 1] === undefined ? 0 : (bytes[length - 1] as number) | 0x20;
  const end = l === 0x6c ? length - 1 : length;
  if (
    end - 4 >= 0 &&
    bytes[end - 4] === DOT &&
    ((bytes[end - 3] as number) | 0x20) === 0x68 &&
    ((bytes[end - 2] as number) | 0x20) === 0x74 &&
    ((bytes[end - 1] as number) | 0x20) === 0x6d
  )
    return end - 4;
  return length;
}

/** Where the last `/` before `end` is in `bytes`, or -1. */
function lastSlash(bytes: Uint8Array, end: number): number {
  for (let i = end - 1; i >= 0; i--) if (bytes[i] === SLASH) return i;
  return -1;
}

/**
 * A page as `dateFromChildren` reads it. A page table's view also gives its lastmod's code,
 * whether it has a file, and its URL's bytes, read without making their text (at 100,000 pages,
 * making and parsing each lastmod again took a fifth of the stage).
 */
type Dated = Pick<PageRecord, 'url' | 'lastmod' | 'lastmodFrom' | 'excluded' | 'file'> & {
  readonly lastmodCode?: number;
  readonly hasFile?: boolean;
  writeUrl?(into: ByteScratch): void;
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
  const base = Buffer.from(baseUrl);
  const top = nodeLength(base, base.length);
  /**
   * A locale's pages date its own listing pages only: `/` is not dated by `/de/...`. The
   * locale's length in bytes when the node `bytes[0..node)` is in one, else 0.
   */
  const localeOf = (bytes: Buffer, node: number) => {
    let end = top + 1;
    while (end < node && bytes[end] !== SLASH) end++;
    if (end <= top + 1) return 0;
    return localePrefixes.has(bytes.toString('utf8', top + 1, end)) ? end - top - 1 : 0;
  };
  const url = new ByteScratch();
  const newest = new NewestByNode();
  for (const record of records) {
    if (record.excluded) continue;
    const time = timeOf(record);
    if (time === undefined || !(record.hasFile ?? record.file !== null)) continue;
    url.writeUrlOf(record);
    const { bytes } = url;
    let node = nodeLength(bytes, url.length);
    const locale = localePrefixes.size > 0 ? localeOf(bytes, node) : 0;
    while (node > top) {
      node = lastSlash(bytes, node);
      if (node < top) break;
      if (locale !== 0 && node <= top + locale) break;
      // A node's date is never older than a node under it (each date went up the whole way,
      // within the same locale's bounds): where this one is not newer, no node above is older.
      const row = newest.find(bytes, node);
      if (row !== -1 && time <= newest.time(row)) break;
      newest.set(row, bytes, node, record.lastmod as string, time);
    }
  }
  if (newest.size === 0) return 0;
  let count = 0;
  for (const record of records) {
    if (record.excluded) continue;
    // Most pages list nothing: they are passed over before their file is read.
    url.writeUrlOf(record);
    const row = newest.find(url.bytes, nodeLength(url.bytes, url.length));
    // The author's `sitemap.lastmod` is final, listing page or not.
    if (row === -1 || !(record.hasFile ?? record.file !== null) || record.lastmodFrom === FINAL)
      continue;
    const under = newest.time(row);
    const own = timeOf(record);
    if (own !== undefined && own >= under) continue;
    record.lastmod = newest.value(row);
    record.lastmodFrom = 'children';
    count++;
  }
  return count;
}
