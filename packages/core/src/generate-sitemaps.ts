/**
 * The one orchestrator: discover -> map -> describe -> entries -> shard -> render -> write.
 * It never prints: everything it has to say is in the result.
 */
import { relative } from 'node:path';
import type { DateFields } from './dates/frontmatter-fields.js';
import { type DescribedPages, describePages, type UndatedReason } from './describe-pages.js';
import { findPages, matcher } from './discover/find-pages.js';
import { indexSources, scanPageSources, scanSources } from './discover/find-sources.js';
import { buildEntries, type EntryGroup, isUnderBase } from './entries/build-entries.js';
import { SitemapError } from './errors.js';
import { foldersHolding } from './files/folders.js';
import { checkKeyFile, runIndexNow } from './indexnow/run.js';
import { type ResolvedOptions, resolveOptions } from './options/resolve-options.js';
import { emitFiles } from './output/emit-files.js';
import { removeLeftovers, removeStale } from './output/own-files.js';
import { renderReport, writeReport } from './output/report.js';
import { removeRobotsLines, staleRobotsLines, updateRobotsTxt } from './output/robots-file.js';
import { checkEntries } from './output/self-check.js';
import { lockFolder } from './output/site-lock.js';
import { stylesheetFileName } from './output/stylesheet.js';
import { startGitDates } from './parallel/git-thread.js';
import { HelperThread, THREAD_FROM_PAGES } from './parallel/helper-thread.js';
import type {
  ExclusionReason,
  GenerateResult,
  LastmodKind,
  PageRecord,
  SitemapOptions,
  SitemapWarning,
  WrittenFile,
} from './types.js';
import { encodeUrl, safeDecode } from './url/encode.js';
import { naturalCompare } from './url/natural-compare.js';
import { shorten } from './url/shorten.js';
import { capWarnings, MAX_WARNINGS_PER_CODE, moreWarnings } from './warnings.js';

/** `onProgress` hears of the walk once per this many pages found. */
const PROGRESS_EVERY = 1000;

/** Custom pages go through the same include, exclude and filter as found pages. */
export function customRecords(options: ResolvedOptions): PageRecord[] {
  const include = matcher(options.include);
  const exclude = matcher(options.exclude);
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
    const record: PageRecord = {
      file: null,
      url,
      ...(lastmod ? { lastmod } : {}),
      lastmodFrom: lastmod ? 'option' : 'none',
    };
    const key = `/${safeDecode(url.slice(baseUrl.length).split(/[?#]/)[0] ?? '')}`.replace(
      /(.)\/$/,
      '$1',
    );
    if (include && !include(key)) record.excluded = 'include';
    else if (exclude?.(key)) record.excluded = 'exclude';
    else if (options.filter && !options.filter(url)) record.excluded = 'filter';
    return record;
  });
}

function reciprocityWarnings(records: PageRecord[], warnings: SitemapWarning[]): void {
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

/** The frontmatter date fields to read, or null when frontmatter is not read. */
function fieldsToRead(options: ResolvedOptions): DateFields | null {
  return options.frontmatter ? options.dateFields : null;
}

/**
 * Finds the pages and their sources and describes the pages; on a large site a helper thread
 * takes a share of the per-file work (see `HelperThread`).
 */
async function discoverAndDescribe(
  options: ResolvedOptions,
  warnings: SitemapWarning[],
): Promise<{ found: PageRecord[]; described: DescribedPages }> {
  const wanted = options.threads && (options.sources.length > 0 || options.head !== null);
  const thread: { helper: HelperThread | null } = { helper: null };
  // Git runs beside the walk: its answer is ready when the pages are.
  const sourceDirs = [
    ...options.sources.map((s) => s.dir),
    ...foldersHolding(options.pageSources.map((p) => p.file)),
  ];
  const git =
    options.git !== false && options.lastmodFrom.includes('git') && sourceDirs.length > 0
      ? startGitDates(
          { dirs: sourceDirs, ignoreRevs: options.gitIgnoreRevs, root: options.root },
          options.threads,
        )
      : null;
  const { onProgress } = options;
  try {
    const found = await findPages(options, warnings, (count) => {
      if (count === THREAD_FROM_PAGES && wanted) {
        thread.helper = HelperThread.start(options.sources, options.root, fieldsToRead(options));
      }
      if (onProgress && count % PROGRESS_EVERY === 0) onProgress({ stage: 'walk', done: count });
    });
    onProgress?.({ stage: 'walk', done: found.length });
    onProgress?.({ stage: 'describe', done: 0, total: found.length });
    const sources = indexSources(
      thread.helper
        ? await thread.helper.sources()
        : scanSources(options.sources, options.root, fieldsToRead(options)),
      scanPageSources(options.pageSources, options.root, fieldsToRead(options)),
    );
    if (options.head === null) thread.helper?.stop();
    if (found.length === 0 && options.customPages.length === 0) {
      throw new SitemapError(
        'outdir-empty',
        `sitemapkit: no HTML pages found in ${options.outDir}; is it the build's output folder?`,
        { option: 'outDir', file: options.outDir },
      );
    }
    found.sort(
      (a, b) => naturalCompare(a.url, b.url) || naturalCompare(a.file ?? '', b.file ?? ''),
    );
    const described = await describePages(
      found,
      sources,
      options,
      warnings,
      thread.helper,
      git?.dates,
    );
    onProgress?.({ stage: 'describe', done: found.length, total: found.length });
    return { found, described };
  } finally {
    thread.helper?.stop();
    git?.stop();
  }
}

/**
 * Generates the sitemaps of a built site into its output folder.
 * @example await generateSitemaps({ site: 'https://example.com', outDir: 'dist' })
 */
export async function generateSitemaps(input: SitemapOptions): Promise<GenerateResult> {
  const options = resolveOptions(input);
  const warnings: SitemapWarning[] = [];
  const { found, described } = await discoverAndDescribe(options, warnings);
  options.onProgress?.({ stage: 'write', done: 0 });

  const custom = customRecords(options);
  const records = found;
  for (const record of custom) records.push(record);
  // Custom pages, and pages listed at their canonical's form, are out of URL order.
  if (custom.length > 0 || described.renamed > 0) {
    records.sort((a, b) => naturalCompare(a.url, b.url));
  }

  const groups = await buildEntries(
    records,
    described.headLinks,
    options,
    warnings,
    described.headLangs,
  );
  // Every URL is listed once: the first in order wins (two files can map to one URL, and
  // serialize or chunks can rewrite URLs, so the groups are sorted again when they ran).
  // Untouched by callbacks, the one group is in URL order, so a repeat is next to its first.
  const rewritten = options.serialize !== undefined || options.chunks !== undefined;
  const listed = rewritten ? new Set<string>() : null;
  let previous: string | undefined;
  for (const group of groups) {
    if (rewritten) group.items.sort((a, b) => naturalCompare(a.url, b.url));
    group.items = group.items.filter((record) => {
      if (listed ? listed.has(record.url) : record.url === previous) {
        record.excluded = 'duplicate';
        return false;
      }
      listed?.add(record.url);
      previous = record.url;
      return true;
    });
  }
  for (const url of options.customSitemaps) {
    if (!url.startsWith(options.origin)) {
      warnings.push({
        code: 'custom-sitemap-cross-site',
        message: `customSitemaps entry ${shorten(url)} is not on ${options.origin}; search engines may ignore it`,
        url,
      });
    }
  }

  checkEntries(groups, options, warnings);
  const listedCount = groups.reduce((n, g) => n + g.items.length, 0);
  const nothing = listedCount === 0 && options.customSitemaps.length === 0;
  if (nothing) {
    // An index or urlset with no entry is invalid (the XSD wants at least one): write nothing,
    // and remove what an earlier build left, since it lists pages that are now out.
    warnings.push({
      code: 'nothing-listed',
      message: `every page found was left out (${records.length} found), so no sitemap was written; see the exclusion counts`,
    });
  }
  if (options.indexNow) await checkKeyFile(options.indexNow);
  const { files, removed } = await writeSet(nothing ? null : groups, options, warnings);
  options.onProgress?.({ stage: 'write', done: files.length, total: files.length });
  const indexUrls = files.filter((f) => f.kind === 'index').map((f) => f.url);
  // IndexNow hears of the set once it is written (indexnow/run.ts); its failures are warnings.
  const { indexNow } = options;
  const told =
    indexNow &&
    (await runIndexNow(
      indexNow,
      groups.flatMap((g) => g.items),
      warnings,
    ));
  const result = await finish(records, files, removed, warnings, indexUrls[0] ?? null, options, {
    undated: described.undated,
  });
  if (told) result.indexNow = told;
  return result;
}

/**
 * Writes the set with the folder locked: what a killed build left is cleared, the sitemaps and
 * then the index are written, and only then the old set's files are removed (emit-files.ts says
 * why this order keeps the set whole). No groups (nothing listed) writes nothing and removes
 * the old set.
 */
async function writeSet(
  groups: EntryGroup[] | null,
  options: ResolvedOptions,
  warnings: SitemapWarning[],
): Promise<{ files: WrittenFile[]; removed: string[] }> {
  const { outDir, filenameBase } = options;
  const release = await lockFolder(outDir);
  try {
    await removeLeftovers(outDir, filenameBase);
    const files = groups ? await emitFiles(groups, options) : [];
    const written = new Set(files.map((f) => relative(outDir, f.path)));
    if (options.stylesheet && files.length > 0) written.add(stylesheetFileName(filenameBase));
    const removed = await removeStale(outDir, filenameBase, written);
    const indexUrls = files.filter((f) => f.kind === 'index').map((f) => f.url);
    if (options.robotsTxt && indexUrls.length > 0) {
      const outcome = await updateRobotsTxt(outDir, indexUrls);
      if (typeof outcome === 'object') {
        warnings.push({
          code: 'robots-txt-skipped',
          message: `${outcome.skipped}; it was left as it is, so add the Sitemap line yourself (or set robotsTxt: false)`,
          file: 'robots.txt',
        });
      }
      if (options.base !== '/') {
        warnings.push({
          code: 'robots-txt-under-base',
          message: `robots.txt was written to ${options.base}robots.txt; crawlers read only /robots.txt, so add the Sitemap line there too (or set robotsTxt: false)`,
        });
      }
    }
    await staleRobotsWarnings(options, warnings);
    return { files, removed };
  } finally {
    await release();
  }
}

/**
 * `Sitemap:` lines of robots.txt that point into the site at a file that is not there (an index
 * this build no longer needs, a generator's sitemap that is gone): said, or with
 * `robotsTxt: 'replace'` taken out.
 */
async function staleRobotsWarnings(
  options: ResolvedOptions,
  warnings: SitemapWarning[],
): Promise<void> {
  const stale = await staleRobotsLines(options.outDir, options.baseUrl);
  if (stale.length === 0) return;
  if (options.robotsTxt === 'replace' && (await removeRobotsLines(options.outDir, stale))) {
    const more = stale.length > 3 ? ` and ${stale.length - 3} more` : '';
    const shown = `${stale.slice(0, 3).join(', ')}${more}`;
    warnings.push({
      code: 'robots-txt-replaced',
      message: `robots.txt listed ${shown}, not in the output folder; ${stale.length === 1 ? 'that Sitemap line was' : 'those Sitemap lines were'} taken out`,
      file: 'robots.txt',
    });
    return;
  }
  for (const url of stale) {
    warnings.push({
      code: 'robots-txt-stale',
      message: `robots.txt lists ${url}, but no such file is in the output folder (a sitemap an earlier build or another tool wrote); remove that Sitemap line, or have the build take it out (robotsTxt: 'replace'; on the command line --robots-txt-replace)`,
      file: 'robots.txt',
    });
  }
}

/** What to do about listed pages without a lastmod, by why they have none. */
function undatedWarnings(
  undated: DescribedPages['undated'],
  included: number,
  options: ResolvedOptions,
  warnings: SitemapWarning[],
): void {
  // Sources that are the HTML pages themselves (a Vite app's entries) have no frontmatter to
  // set: their dates come from git history, or from a date in their heads.
  const useGit = (html: boolean, otherwise: string) => {
    if (options.git === false) return 'turn on `git`, or ';
    return html ? 'commit them to git (each is then dated by its last commit), or ' : otherwise;
  };
  const dateThem = (html: boolean) =>
    html
      ? 'add <meta property="article:modified_time" content="2024-05-01"> to their heads'
      : 'set a modified date in their frontmatter (lastmod, updatedDate)';
  const advice: Record<UndatedReason, (n: number, html: boolean) => string> = {
    'no-source': (n) =>
      `${n} of ${included} pages have no source file, so nothing dates them: map their source folders with \`sources\`, or emit <meta property="article:modified_time"> (or JSON-LD dateModified) in their heads`,
    shallow: (n) =>
      `${n} of ${included} pages have no lastmod: the git history of their sources is cut by a shallow clone; fetch the full history (fetch-depth: 0 in CI)`,
    'checkout-time': (n, html) =>
      `${n} of ${included} pages have no lastmod: their sources are not in a git work tree and their file times are all one moment (a fresh copy or an unpacked archive), which says nothing of edits; ${useGit(html, 'build from a git checkout, or ')}${dateThem(html)}`,
    'no-evidence': (n, html) =>
      `${n} of ${included} pages have a source but no date: ${useGit(html, '')}${dateThem(html)}`,
  };
  for (const [reason, { count, examples, html }] of undated) {
    const more = count > examples.length ? ', ...' : '';
    warnings.push({
      code: 'lastmod-unknown',
      message: `${advice[reason](count, html === count)} (${examples.join(', ')}${more})`,
    });
  }
}

/** `frontmatter:updatedDate` -> `frontmatter`: what the summary counts. */
function kindOf(from: PageRecord['lastmodFrom']): LastmodKind | null {
  if (from === 'none') return null;
  return from.startsWith('frontmatter:') ? 'frontmatter' : (from as LastmodKind);
}

/** Counts, the lastmod warnings, the report: what every run ends with. */
async function finish(
  records: PageRecord[],
  files: WrittenFile[],
  removed: string[],
  warnings: SitemapWarning[],
  indexUrl: string | null,
  options: ResolvedOptions,
  { undated }: Pick<DescribedPages, 'undated'>,
): Promise<GenerateResult> {
  reciprocityWarnings(records, warnings);
  const excluded: Partial<Record<ExclusionReason, number>> = {};
  const dated: Partial<Record<LastmodKind, number>> = {};
  let included = 0;
  let withoutLastmod = 0;
  for (const record of records) {
    if (record.excluded) excluded[record.excluded] = (excluded[record.excluded] ?? 0) + 1;
    else {
      included++;
      const kind = record.lastmod ? kindOf(record.lastmodFrom) : null;
      if (kind) dated[kind] = (dated[kind] ?? 0) + 1;
      else withoutLastmod++;
    }
  }
  if (withoutLastmod > 0) undatedWarnings(undated, included, options, warnings);
  const result: GenerateResult = {
    indexUrl,
    files,
    pages: { found: records.length, included, excluded, withoutLastmod, dated },
    records,
    removed,
    warnings: capWarnings(warnings),
  };
  if (options.report) {
    await writeReport(options.report, renderReport(result, options.baseUrl));
    result.reportPath = options.report;
  }
  return result;
}
