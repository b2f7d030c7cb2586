/**
 * hreflang alternates must be reciprocal (Google: "if page X links to page Y, page Y must link
 * back to page X"): each listed page's alternates that are listed pages of this sitemap and do
 * not list it back are said, once per pair.
 *
 * The sets are gone through as numbers: every URL they name, and every page that has one, is a
 * row of one string set, and a page's targets a run of rows. Maps of strings and sets of them
 * were some 50 MB at a million pages, made at the end of the build, when the most is alive.
 */
import { ByteScratch } from '../columns/byte-scratch.js';
import { grown } from '../columns/native-memory.js';
import { StringRows } from '../columns/string-rows.js';
import type { PageRecord, SitemapWarning } from '../types.js';
import { shorten } from '../url/shorten.js';
import { MAX_WARNINGS_PER_CODE, moreWarnings } from '../warnings.js';

/** Warns of every alternate among `records` that is not listed back. */
export function reciprocityWarnings(
  /** Gone through more than once: an array, or a list that starts over each time. */
  records: Iterable<PageRecord>,
  warnings: SitemapWarning[],
): void {
  const urls = new StringRows();
  /** By URL row: where its page's targets start in `targets`, + 1; 0 for a URL with no set. */
  let starts = new Int32Array(64);
  let counts = new Int32Array(64);
  /** The URL rows of the pages with a set, in the order they were first met. */
  let pages = new Int32Array(64);
  let pageCount = 0;
  let targets = new Int32Array(256);
  let used = 0;
  for (const r of records) {
    if (r.excluded) continue;
    const links = r.links;
    if (!links) continue;
    const page = urls.add(r.url);
    starts = grown(starts, page + 1);
    counts = grown(counts, page + 1);
    if (starts[page] === 0) {
      pages = grown(pages, pageCount + 1);
      pages[pageCount++] = page;
    }
    // A page met again (two files at one URL) takes its last set, as a map by URL would.
    const from = used;
    targets = grown(targets, used + links.length);
    for (const link of links) {
      const target = urls.add(link.url);
      let seen = false;
      for (let i = from; i < used && !seen; i++) seen = targets[i] === target;
      if (!seen) targets[used++] = target;
    }
    starts[page] = from + 1;
    counts[page] = used - from;
  }
  if (pageCount === 0) return;
  // Which URLs named are listed pages.
  const listed = new Uint8Array(urls.size);
  const bytes = new ByteScratch();
  for (const r of records) {
    if (r.excluded) continue;
    // A page table's view gives its URL's bytes: no string a page.
    bytes.writeUrlOf(r);
    const row = urls.findBytes(bytes.bytes, 0, bytes.length);
    if (row !== -1) listed[row] = 1;
  }
  const lists = (page: number, target: number): boolean => {
    const from = (starts[page] ?? 0) - 1;
    if (from < 0) return false;
    const to = from + (counts[page] as number);
    for (let i = from; i < to; i++) if (targets[i] === target) return true;
    return false;
  };
  let count = 0;
  for (let p = 0; p < pageCount; p++) {
    const page = pages[p] as number;
    const from = (starts[page] as number) - 1;
    const to = from + (counts[page] as number);
    for (let i = from; i < to; i++) {
      const target = targets[i] as number;
      // Only pages of this sitemap can be checked; a link to itself needs no answer.
      if (target === page || listed[target] === 0 || lists(target, page)) continue;
      count++;
      if (count <= MAX_WARNINGS_PER_CODE) {
        const url = urls.get(page);
        const other = urls.get(target);
        warnings.push({
          code: 'hreflang-not-reciprocal',
          message: `${shorten(url)} lists ${shorten(other)} as an alternate, but ${shorten(other)} does not list it back`,
          url,
        });
      }
    }
  }
  const rest = moreWarnings(
    'hreflang-not-reciprocal',
    count,
    (n) => `${n} more hreflang alternates are not reciprocal (see the report)`,
  );
  if (rest) warnings.push(rest);
}
