/**
 * The one orchestrator, read top to bottom as the stages of a build, each in the folder of its
 * name: options -> discover (pages, sources, git; parallel/ runs them side by side) -> select
 * (which pages stay) -> dates (each page's lastmod) -> entries (what each sitemap entry says)
 * -> output (plan, check and write the set; the result and report). It never prints:
 * everything it has to say is in the result.
 */
import { datePages, gitAnswer, weighHeadDates } from './dates/date-pages.js';
import { buildEntries } from './entries/build-entries.js';
import { listOnce } from './entries/list-once.js';
import { readPageImages } from './entries/page-images.js';
import { checkKeyFile, runIndexNow } from './indexnow/run.js';
import { type ResolvedOptions, resolveOptions } from './options/resolve-options.js';
import { finish } from './output/result.js';
import { checkEntries } from './output/self-check.js';
import { writeSet } from './output/write-set.js';
import { discoverPages } from './parallel/discover-pages.js';
import { withCustomPages } from './select/custom-pages.js';
import { pathRules } from './select/exclusions.js';
import { selectByHead, selectBySource } from './select/select-pages.js';
import type { GenerateResult, SitemapOptions, SitemapWarning } from './types.js';
import { shorten } from './url/shorten.js';

/**
 * Discovery, selection and dating, with the helpers discovery started still at work. Out come
 * the pages and what the later stages use; the sources and the selection's working state stay
 * here, free once the pages are dated.
 */
async function findSelectAndDate(options: ResolvedOptions, warnings: SitemapWarning[]) {
  const found = await discoverPages(options, warnings, pathRules(options));
  const { pages, sources } = found;
  try {
    const kept = selectBySource(pages, sources, options, warnings);
    // Git's answer is awaited once the heads are read (git runs meanwhile), but what it has to
    // say is said before what the heads have, as it comes first in the chain of evidence.
    const gitSaysAt = warnings.length;
    const { dates, ...heads } = await selectByHead(kept, options, warnings, found.readHeads);
    const gitSays: SitemapWarning[] = [];
    const git = await gitAnswer(sources, found.git, options, gitSays);
    warnings.splice(gitSaysAt, 0, ...gitSays);
    const headEvidence = weighHeadDates(dates, options, warnings);
    const undated = datePages(kept, pages, sources, git, headEvidence, options, warnings);
    return { pages, heads, undated };
  } finally {
    found.stop();
  }
}

/**
 * Generates the sitemaps of a built site into its output folder.
 * @example await generateSitemaps({ site: 'https://example.com', outDir: 'dist' })
 */
export async function generateSitemaps(input: SitemapOptions): Promise<GenerateResult> {
  const options = resolveOptions(input);
  const warnings: SitemapWarning[] = [];
  const { pages, heads, undated } = await findSelectAndDate(options, warnings);
  if (options.images) readPageImages(pages, options, warnings);
  options.onProgress?.({ stage: 'describe', done: pages.length, total: pages.length });
  options.onProgress?.({ stage: 'write', done: 0 });

  // entries: custom pages join, each page becomes its entry, every URL listed once
  const records = withCustomPages(pages, options, heads.renamed > 0);
  const { headLinks } = heads;
  const groups = await buildEntries(records, headLinks, options, warnings, headLinks.langs);
  const listed = listOnce(groups, options.serialize !== undefined || options.chunks !== undefined);

  // output: check, write, tell IndexNow, count and report
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
  const nothing = listed === 0 && options.customSitemaps.length === 0;
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
  const indexUrl = files.find((f) => f.kind === 'index')?.url ?? null;
  // IndexNow hears of the set once it is written (indexnow/run.ts); its failures are warnings.
  const { indexNow } = options;
  const listedPages = {
    *[Symbol.iterator]() {
      for (const group of groups) yield* group.items;
    },
  };
  const told = indexNow && (await runIndexNow(indexNow, listedPages, warnings));
  const result = await finish(records, files, removed, warnings, indexUrl, options, undated);
  if (told) result.indexNow = told;
  return result;
}
