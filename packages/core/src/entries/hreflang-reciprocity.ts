/**
 * hreflang alternates must be reciprocal (Google: "if page X links to page Y, page Y must link
 * back to page X"): each listed page's alternates that are listed pages of this sitemap and do
 * not list it back are said, once per pair.
 */
import type { PageRecord, SitemapWarning } from '../types.js';
import { shorten } from '../url/shorten.js';
import { MAX_WARNINGS_PER_CODE, moreWarnings } from '../warnings.js';

/** Warns of every alternate among `records` that is not listed back. */
export function reciprocityWarnings(
  /** Gone through more than once: an array, or a list that starts over each time. */
  records: Iterable<PageRecord>,
  warnings: SitemapWarning[],
): void {
  const linksOf = new Map<string, Set<string>>();
  for (const r of records)
    if (!r.excluded && r.links) linksOf.set(r.url, new Set(r.links.map((l) => l.url)));
  if (linksOf.size === 0) return;
  // Which link targets are listed pages: a set the size of the links, not of the site.
  const targets = new Set<string>();
  for (const links of linksOf.values()) for (const target of links) targets.add(target);
  const includedUrls = new Set<string>();
  for (const r of records) if (!r.excluded && targets.has(r.url)) includedUrls.add(r.url);
  let count = 0;
  for (const [url, targets] of linksOf) {
    for (const target of targets) {
      // Only pages of this sitemap can be checked; a link to itself needs no answer.
      if (target === url || !includedUrls.has(target) || linksOf.get(target)?.has(url)) continue;
      count++;
      if (count <= MAX_WARNINGS_PER_CODE) {
        warnings.push({
          code: 'hreflang-not-reciprocal',
          message: `${shorten(url)} lists ${shorten(target)} as an alternate, but ${shorten(target)} does not list it back`,
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
