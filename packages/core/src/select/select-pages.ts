/**
 * Which found pages stay, by what their files, sources and heads say: a page no URL can name,
 * the user's `filter`, frontmatter that leaves the page out, a page that cannot be read, and the
 * head rules (noindex, canonical, redirect). On the way it gathers what the later stages use:
 * each page's source and its frontmatter evidence, and from the heads the hreflang alternates,
 * the page's language, the canonical form of its URL and its dates.
 *
 * Path rules (error pages, include, exclude) ran as the pages were found (`pathRules`). What
 * a problem with one page does, warning or failed build, is `pageProblem`'s to say.
 */

import { ByteScratch } from '../columns/byte-scratch.js';
import { LinksByUrl } from '../columns/link-sets.js';
import { PageList } from '../columns/page-list.js';
import type { PageView } from '../columns/page-table.js';
import { NO_SOURCE, type SourceTable } from '../discover/source-table.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import type { SitemapWarning } from '../types.js';
import { urlRouteKey } from '../url/map-file.js';
import { echo } from '../url/shorten.js';
import { filtered, mayBeUnaddressable, unaddressable } from './exclusions.js';
import { HeadDateList } from './head-dates.js';
import { type HeadJob, type HeadReader, readHeadsHere } from './judge-heads.js';
import { pageProblem } from './page-problem.js';

const HTML_EXTENSION = /\.html?$/i;

/** What the heads said beyond which pages stay. */
export interface HeadFindings {
  /**
   * hreflang alternates read from heads, by page URL, and the `<html lang>` of their pages
   * (`langs`), kept off the JS heap: every page of a set names every URL of it, and as objects
   * the sets were 35 MB at a million pages, alive until the last file was written
   * (`columns/link-sets.ts`).
   */
  headLinks: LinksByUrl;
  /** Pages now listed at the form of their URL their canonical link gives: the order changed. */
  renamed: number;
  /** Pages whose heads carry a modified or published date. */
  dates: HeadDateList;
}

/**
 * The source of the page at route `key`: `about.html` listed as `/about.html` (cleanUrls off)
 * still renders from `about.md`, and `blog/post/post.md` renders `/blog/post/` (a file named
 * like its folder is that folder's index, as Eleventy has it).
 */
function findSource(sources: SourceTable, key: string): number {
  const exact = sources.find(key);
  if (exact !== NO_SOURCE) return exact;
  const bare = key.replace(HTML_EXTENSION, '');
  if (bare !== key) return sources.find(bare);
  const name = key.slice(key.lastIndexOf('/') + 1);
  return name === '' ? NO_SOURCE : sources.find(`${key}/${name}`);
}

/** A page's URL, read from its column to find its source (`pageSource`). */
const urlBytes = new ByteScratch();
/** A page's file, read from its columns to test it (`selectBySource`). */
const fileBytes = new ByteScratch();

/**
 * The source of `page` (`findSource` of its route key, `urlRouteKey`). Most URLs hold their
 * route key as it is: the bytes after the base's last `/` without a trailing slash. Such a key
 * is looked up in the URL's own bytes, with no string made (at 100,000 pages the selection took
 * 221 -> 209 ms, CPU profiles); a URL with a `%` (its key is decoded), or whose key no source
 * has as it is, is looked up as `findSource` does.
 */
function pageSource(page: PageView, sources: SourceTable, base: Buffer, baseUrl: string): number {
  if (sources.size === 0) return NO_SOURCE;
  page.writeUrl(urlBytes);
  const { bytes } = urlBytes;
  let end = urlBytes.length;
  const percent = bytes.indexOf(PERCENT, base.length);
  if (urlBytes.startsWith(base) && (percent === -1 || percent >= end)) {
    if (end > base.length && bytes[end - 1] === SLASH) end--;
    // The base ends with `/`: the key starts with it.
    const row = sources.findExactBytes(bytes, base.length - 1, end);
    if (row !== NO_SOURCE) return row;
  }
  return findSource(sources, urlRouteKey(page.url, baseUrl));
}

const PERCENT = 0x25;
const SLASH = 0x2f;

/**
 * Whether a page is listed at `form`, the form of its own URL its canonical link gives
 * (`/about` for `/about.html`): when it is on the site, under the base, and keeps a trailing
 * slash policy that was set. This is how the literal file URL, which every static host serves,
 * gives way to the clean one a site says it uses.
 */
function canonicalFormFits(form: string, options: ResolvedOptions): boolean {
  if (!form.startsWith(options.baseUrl) && form !== options.baseUrl.slice(0, -1)) return false;
  const slash = form.endsWith('/');
  if (options.trailingSlash === 'always' && !slash && form !== options.baseUrl.slice(0, -1))
    return false;
  if (options.trailingSlash === 'never' && slash && form !== options.baseUrl) return false;
  return true;
}

/**
 * The rules that need no page read, then the frontmatter: a page they leave out needs no head
 * read. Returns the pages still in; each page's source is linked in its table (`sourceRow`).
 */
export function selectBySource(
  pages: PageList,
  sources: SourceTable,
  options: ResolvedOptions,
  warnings: SitemapWarning[],
): PageList {
  for (const message of sources.problems) warnings.push({ code: 'source-unreadable', message });
  // In shared memory: the pages whose heads are read are these, as a rule (`selectByHead`).
  const kept = PageList.shared(pages.table);
  const base = Buffer.from(options.baseUrl);
  for (const record of pages) {
    if (record.excluded) continue;
    // The file is read as bytes, and made a string only when it may be unaddressable.
    const file =
      record.writeFile(fileBytes) && mayBeUnaddressable(fileBytes.bytes, fileBytes.length)
        ? record.file
        : null;
    const why = file === null ? null : unaddressable(file, options);
    if (file !== null && why !== null) {
      pageProblem(
        options.strict,
        warnings,
        { code: 'page-unaddressable', message: `${echo(file)}: ${why}`, file },
        'left out',
      );
      record.excluded = 'unaddressable';
      continue;
    }
    // The URL is made a string only for a `filter` to read.
    if (options.filter !== undefined && filtered(options, record.url)) {
      record.excluded = 'filter';
      continue;
    }
    const source = pageSource(record, sources, base, options.baseUrl);
    if (source === NO_SOURCE) {
      kept.push(record);
      continue;
    }
    record.table.linkSource(record.row, sources.paths, source);
    const unread = sources.frontmatterError(source);
    if (unread) {
      const { message, line } = unread;
      const rel = sources.rel(source);
      pageProblem(
        options.strict,
        warnings,
        {
          code: 'invalid-frontmatter',
          message: `${echo(rel)}${line ? `:${line}` : ''}: ${message}`,
          file: rel,
        },
        'the page stays, without frontmatter values',
      );
    }
    const meta = sources.meta(source);
    if (meta) {
      for (const problem of meta.problems) {
        const rel = sources.rel(source);
        const isDate = problem.field.endsWith('lastmod') || !problem.field.startsWith('sitemap.');
        // A field is named in double quotes, never in backticks: those name options.
        pageProblem(
          options.strict,
          warnings,
          {
            code: isDate ? 'invalid-date' : 'invalid-frontmatter',
            message: `${echo(rel)}: frontmatter field "${problem.field}" ${problem.message}`,
            file: rel,
          },
          'not used',
        );
      }
      if (meta.exclude) {
        record.excluded = 'frontmatter';
        continue;
      }
      if (meta.changefreq) record.changefreq = meta.changefreq;
      if (meta.priority !== undefined) record.priority = meta.priority;
    }
    kept.push(record);
  }
  // Each page holds its source's row now: the sources are not looked up by route again.
  sources.releaseIndex();
  return kept;
}

/**
 * Reads the heads of the pages still in (with `shared`, a helper thread takes a share) and
 * applies what they say: the head rules' exclusions, an unreadable page, the canonical form of
 * a page's URL. Without head rules (`head: false`) nothing is read.
 */
export async function selectByHead(
  kept: PageList,
  options: ResolvedOptions,
  warnings: SitemapWarning[],
  /** Reads and judges the heads with a helper thread (parallel/), when one runs. */
  shared?: HeadReader | null,
): Promise<HeadFindings> {
  const found: HeadFindings = {
    headLinks: new LinksByUrl(kept.table.linkWords),
    renamed: 0,
    dates: new HeadDateList(),
  };
  const rules = options.head;
  if (!rules) return found;
  // The pages with a file: every page kept, as a rule, whose list is in shared memory and the
  // job holds as it is (a list of a million pages is 4 MB; `fileColumns` copies one that is
  // not).
  const withHead = kept.subset((page) => page.hasFile);
  const rows = withHead.rows;
  // The table's own columns where it can (shared memory, which a helper thread reads as is).
  const job: HeadJob = { outDir: options.outDir, ...withHead.table.fileColumns(withHead), rules };
  // Each outcome is applied as it comes, in list order, and dropped: none is kept for later.
  await (shared ?? readHeadsHere)(job, (verdict, index) => {
    if (!verdict) return;
    const record = withHead.table.view(rows[index] as number);
    const file = record.file as string;
    if ('error' in verdict) {
      pageProblem(
        options.strict,
        warnings,
        {
          code: 'page-unreadable',
          message: `${echo(file)}: cannot be read (${echo(verdict.error, 400)})`,
          file,
        },
        'left out',
      );
      record.excluded = 'unreadable';
      return;
    }
    // A page its head leaves out is said to have a bad head, but fails no `strict` build: it
    // is not listed, so nothing wrong is written.
    for (const problem of verdict.problems) {
      pageProblem(
        options.strict && !verdict.excluded,
        warnings,
        { code: 'invalid-head', message: `${echo(file)}: ${problem}`, file },
        '',
      );
    }
    if (verdict.cutAt !== undefined) {
      const size = `${verdict.cutAt / 1024} KiB`;
      warnings.push({
        code: 'head-too-long',
        message: `${echo(file)}: its head is longer than ${size}; read only its first ${size}, so a rule after that (noindex, canonical, hreflang, dates) was not seen`,
        file,
      });
    }
    if (verdict.excluded) {
      record.excluded = verdict.excluded;
      if (verdict.detail) record.excludedDetail = verdict.detail;
      return;
    }
    const form = verdict.canonicalForm;
    if (form !== undefined && canonicalFormFits(form, options)) {
      record.url = form;
      found.renamed++;
    }
    if (verdict.alternates.length > 0 || verdict.lang) {
      const url = record.url;
      if (verdict.alternates.length > 0) found.headLinks.set(url, verdict.alternates);
      if (verdict.lang) found.headLinks.setLang(url, verdict.lang);
    }
    if (verdict.modified || verdict.published) {
      found.dates.push(record, verdict.modified, verdict.published);
    }
  });
  return found;
}
