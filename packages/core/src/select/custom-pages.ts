/**
 * Pages the user lists by URL (`customPages`): checked, then judged by the same `include`,
 * `exclude` and `filter` as found pages, and merged into the found pages in URL order.
 */

import type { PageList } from '../columns/page-list.js';
import type { PageTable, PageView } from '../columns/page-table.js';
import { SitemapError } from '../errors.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import { encodeUrl, safeDecode } from '../url/encode.js';
import { shorten } from '../url/shorten.js';
import { filtered, isUnderBase, keyRules } from './exclusions.js';

/** A row of `table` per custom page, with the reason it is out when a rule leaves it out. */
function customRecords(options: ResolvedOptions, table: PageTable): PageView[] {
  const outBy = keyRules(options);
  const { baseUrl, lastmod } = options;
  return options.customPages.map((input) => {
    const url = encodeUrl(input);
    if (url === null || !/^https?:\/\//.test(url)) {
      throw new SitemapError(
        'invalid-options',
        `sitemapkit: customPages entry ${JSON.stringify(shorten(String(input)))} is not an absolute http(s) URL`,
        {
          option: 'customPages',
          url: input,
        },
      );
    }
    if (!isUnderBase(url, baseUrl)) {
      throw new SitemapError(
        'location',
        `sitemapkit: customPages entry ${shorten(url)} is not under ${baseUrl}, where the sitemap is served; a sitemap may only list URLs on its own host and under its own folder`,
        { option: 'customPages', url },
      );
    }
    const record = table.add(null, url);
    if (lastmod) {
      record.lastmod = lastmod;
      record.lastmodFrom = 'option';
    }
    const key = `/${safeDecode(url.slice(baseUrl.length).split(/[?#]/)[0] ?? '')}`.replace(
      /(.)\/$/,
      '$1',
    );
    const excluded = outBy(key) ?? (filtered(options, url) ? 'filter' : undefined);
    if (excluded) record.excluded = excluded;
    return record;
  });
}

/**
 * The found pages with the custom pages added (as rows of the pages' `table`), in URL order.
 * `reordered`: some pages now list at the form of their URL their canonical gives, so the
 * found pages are out of order too.
 */
export function withCustomPages(
  pages: PageList,
  options: ResolvedOptions,
  reordered: boolean,
): PageList {
  const custom = customRecords(options, pages.table);
  for (const record of custom) pages.push(record);
  if (custom.length > 0 || reordered) pages.sortByUrl();
  return pages;
}
