/**
 * Turns included pages into sitemap entries: defaults, hreflang alternates (page-links.ts), the user's `serialize`,
 * validation of what callbacks return (location rule, dates, enums), and `chunks` groups.
 */

import { ByteScratch } from '../columns/byte-scratch.js';
import { PageList } from '../columns/page-list.js';
import { parseLastmod } from '../dates/w3c-datetime.js';
import { SitemapError } from '../errors.js';
import { MAX_IMAGES_PER_URL, MAX_URL_LENGTH } from '../limits.js';
import { changefreqProblem, priorityProblem } from '../options/option-checks.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import { isUnderBase, mayBeTooLong, tooLong } from '../select/exclusions.js';
import { pageProblem } from '../select/page-problem.js';
import type { ImageItem, LinkItem, PageRecord, SitemapItem, SitemapWarning } from '../types.js';
import { encodeUrl } from '../url/encode.js';
import { echo, shorten } from '../url/shorten.js';
import type { RenderItem } from '../xml/render.js';
import { type LinkLookup, pageLinks } from './page-links.js';

export interface EntryGroup {
  /** Chunk name, or null for the plain `sitemap-N.xml` series. */
  name: string | null;
  /**
   * The pages of the group, rows of the page table. A page is its entry: it holds exactly what is
   * written (`url`, `lastmod`, `changefreq`, `priority`, `links`), so no second object per page
   * is made.
   */
  items: PageList;
}

/** Makes the record say exactly what `item` says, for every field an entry writes. */
function takeItem(record: PageRecord, item: RenderItem): void {
  // A field set to undefined is a field the record no longer has (`PageTable.record`).
  record.url = item.url;
  record.lastmod = item.lastmod || undefined;
  record.changefreq = item.changefreq || undefined;
  record.priority = item.priority;
  record.links = item.links;
  record.images = item.images;
}

function invalid(url: string, message: string): SitemapError {
  return new SitemapError('invalid-entry', `sitemapkit: entry ${echo(url)}: ${message}`, { url });
}

/** Validates and normalises an entry coming back from user code (serialize, chunks). */
export function normaliseItem(
  item: SitemapItem,
  options: ResolvedOptions,
  origin: string,
): RenderItem {
  if (typeof item !== 'object' || item === null || typeof item.url !== 'string') {
    throw new SitemapError(
      'invalid-entry',
      `sitemapkit: ${origin} must return an object with a string \`url\`, or a falsy value to drop the entry`,
    );
  }
  const url = encodeUrl(item.url);
  if (url === null || !/^https?:\/\//.test(url))
    throw invalid(item.url, `${origin} returned a URL that is not absolute http(s)`);
  if (!isUnderBase(url, options.baseUrl)) {
    throw new SitemapError(
      'location',
      `sitemapkit: ${echo(url)} is not under ${options.baseUrl}, where the sitemap is served; a sitemap may only list URLs on its own host and under its own folder`,
      { url },
    );
  }
  const out: RenderItem = { url };
  if (item.lastmod !== undefined && item.lastmod !== null && item.lastmod !== '') {
    const parsed = parseLastmod(item.lastmod);
    if (!parsed.ok) throw invalid(url, `lastmod: ${parsed.reason}`);
    out.lastmod = parsed.value;
  }
  if (item.changefreq !== undefined) {
    const problem = changefreqProblem(item.changefreq);
    if (problem) throw invalid(url, `changefreq ${problem}`);
    out.changefreq = item.changefreq;
  }
  if (item.priority !== undefined) {
    const problem = priorityProblem(item.priority);
    if (problem) throw invalid(url, `priority ${problem}`);
    out.priority = item.priority;
  }
  if (item.links && item.links.length > 0) {
    out.links = item.links.map((link: LinkItem) => {
      const href = typeof link?.url === 'string' ? encodeUrl(link.url) : null;
      if (href === null || typeof link.lang !== 'string' || link.lang === '') {
        throw invalid(
          url,
          `links must be { lang, url } with an absolute url; got ${shorten(String(JSON.stringify(link)))}`,
        );
      }
      return { lang: link.lang, url: href };
    });
  }
  if (item.images !== undefined && item.images !== null) {
    if (!Array.isArray(item.images))
      throw invalid(url, 'images must be an array of { loc } with absolute http(s) URLs');
    if (item.images.length > MAX_IMAGES_PER_URL)
      throw invalid(
        url,
        `images: ${item.images.length} given; a URL may list at most ${MAX_IMAGES_PER_URL.toLocaleString('en-US')}`,
      );
    const images = item.images.map((image: ImageItem) => {
      const loc = typeof image?.loc === 'string' ? encodeUrl(image.loc) : null;
      if (loc === null || !/^https?:\/\//.test(loc) || loc.length >= MAX_URL_LENGTH) {
        throw invalid(
          url,
          `images must be { loc } with an absolute http(s) URL of fewer than ${MAX_URL_LENGTH} characters; got ${shorten(String(JSON.stringify(image)))}`,
        );
      }
      return { loc };
    });
    if (images.length > 0) out.images = images;
  }
  return out;
}

function toSitemapItem(item: RenderItem): SitemapItem {
  return {
    url: item.url,
    ...(item.lastmod ? { lastmod: item.lastmod } : {}),
    ...(item.changefreq ? { changefreq: item.changefreq } : {}),
    ...(item.priority !== undefined ? { priority: item.priority } : {}),
    ...(item.links ? { links: item.links.map((l) => ({ ...l })) } : {}),
    ...(item.images ? { images: item.images.map((i) => ({ ...i })) } : {}),
  };
}

export async function buildEntries(
  records: PageList,
  headLinks: LinkLookup,
  options: ResolvedOptions,
  warnings: SitemapWarning[],
  /** The `<html lang>` of pages with head alternates, by URL. */
  headLangs: { get(url: string): string | undefined } = new Map(),
): Promise<EntryGroup[]> {
  const included = records.filter((r) => !r.excluded);
  const links = pageLinks(included.urls, headLinks, options, headLangs, records.table.linkWords);

  const groups = new Map<string | null, EntryGroup>();
  const chunkNames = Object.keys(options.chunks ?? {});
  const urlBytes = new ByteScratch();
  for (const record of included) {
    // The URL is read as bytes, and made a string only when it may be too long or has
    // alternates to look up.
    record.writeUrl(urlBytes);
    if (mayBeTooLong(urlBytes.length) && tooLong(record.url)) {
      const url = record.url;
      pageProblem(
        options.strict,
        warnings,
        {
          code: 'url-too-long',
          message: `${echo(record.file ?? url)}: its URL is ${url.length} characters; the protocol allows fewer than ${MAX_URL_LENGTH}`,
          url,
          ...(record.file ? { file: record.file } : {}),
        },
        'left out',
      );
      record.excluded = 'url-too-long';
      continue;
    }
    // The defaults and the alternates go straight into the record, which is the entry.
    if (record.changefreq === undefined && options.changefreq) {
      record.changefreq = options.changefreq;
    }
    if (record.priority === undefined && options.priority !== undefined) {
      record.priority = options.priority;
    }
    const alternates = links.size > 0 ? links.get(record.url) : undefined;
    if (alternates) record.links = alternates;
    let group: string | null = chunkNames.length > 0 ? 'pages' : null;
    if (options.serialize) {
      const result = await options.serialize(toSitemapItem(record));
      if (!result) {
        record.excluded = 'serialize';
        continue;
      }
      const item = normaliseItem(result, options, 'serialize');
      if (item.lastmod !== record.lastmod) {
        record.lastmodFrom = item.lastmod ? 'serialize' : 'none';
      }
      takeItem(record, item);
    }
    for (const name of chunkNames) {
      const claim = await (options.chunks as NonNullable<ResolvedOptions['chunks']>)[name]?.(
        toSitemapItem(record),
      );
      if (!claim) continue;
      if (typeof claim === 'object')
        takeItem(record, normaliseItem(claim, options, `chunks.${name}`));
      group = name;
      break;
    }
    // With no chunks, every entry is in the one group: the included pages left in (below).
    if (chunkNames.length === 0) continue;
    const entryGroup = groups.get(group) ?? { name: group, items: new PageList(records.table) };
    entryGroup.items.push(record);
    groups.set(group, entryGroup);
  }
  // The one group's entries are the included pages themselves, those left out dropped in place:
  // no second list of a million rows.
  if (chunkNames.length === 0 && included.keep((record) => !record.excluded) > 0)
    groups.set(null, { name: null, items: included });
  // Chunks first in the order they were declared, then the rest.
  const order = [...chunkNames, 'pages', null];
  return [...groups.values()].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}
