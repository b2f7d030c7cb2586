/**
 * The discovery stage run with helpers: git reads the history of the sources on a thread of its
 * own while the pages are walked, and on a large site a helper thread scans the sources and
 * takes a share of the walk (and later shares the head reads). What comes out is the same as on
 * one thread, byte for byte; only the time differs.
 */
import type { PageList } from '../columns/page-list.js';
import type { DateFields } from '../dates/frontmatter-fields.js';
import { findPages } from '../discover/find-pages.js';
import { indexSources, scanPageSources, scanSources } from '../discover/find-sources.js';
import type { GitDates } from '../discover/read-git-dates.js';
import type { SourceTable } from '../discover/source-table.js';
import type { WalkShare } from '../discover/walk-files.js';
import { SitemapError } from '../errors.js';
import { foldersHolding } from '../files/folders.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import type { HeadReader } from '../select/judge-heads.js';
import type { ExclusionReason, SitemapWarning } from '../types.js';
import type { PageRoute } from '../url/map-file.js';
import { startGitDates } from './git-thread.js';
import { HelperThread, THREAD_FROM_PAGES } from './helper-thread.js';

/** The walk takes in the source parts the helper thread posted once per this many pages found. */
const TAKE_PARTS_EVERY = 1024;

/**
 * Heads read from this many pages on are read by two helper threads, and none on this one.
 * Judging a head makes short-lived objects, and the parts of the other thread wait here in list
 * order; over hundreds of thousands of heads the few alive at each young collection add up, and
 * V8 grows this thread's young generation for good (16 to 128 MB of memory at 1,000,000 pages),
 * in the process that called the build. A helper's young generation is capped
 * (`helper-thread.ts`); a second helper costs its heap instead, and the two cores are busy as
 * before. Measured (bench/README.md): at 10,000 pages the second helper took ~10 MB more and no
 * less time; at 100,000, 10 MB less and no more; at 1,000,000, with the head scanner, this
 * thread and one helper peaked at 369 MB, two helpers at 255.
 */
export const HEADS_ON_HELPERS_FROM = 50_000;

/**
 * Pages found before a helper thread is started for a build that reads no file, only stats its
 * sources: the helper takes the source scan off the walk's back. Measured (bench/README.md): at
 * 100,000 pages the stage after the walk 810 -> 470 ms, the build 15% faster, 7 MB more memory
 * (at 1,000,000 pages none at the peak); at 10,000 pages, where the scan is short, the thread's
 * start made the build 30 ms (10%) slower, hence a larger site than for a helper that reads
 * files. Not while git's thread reads the history: it has the other core then (beside it, ours
 * (d) at 100,000 pages took as long, and 20 MB more). Once that thread is done, the helper
 * starts, if the walk is still going.
 */
export const STATS_ON_HELPER_FROM = 30_000;

/**
 * A folder of this many entries met by the walk starts the helper at once (not while git reads
 * in a build that only stats its sources), before `STATS_ON_HELPER_FROM` or `THREAD_FROM_PAGES`
 * pages are found: a site with a folder of thousands of posts is large, and the helper walks a
 * share of that folder and of those after it (`walk-files.ts`), as well as scanning the sources.
 *
 * A build that reads frontmatter does not share its walk: its helper reads the sources, and
 * sharing left more of that reading after the walk, on both threads at once. Measured
 * (bench/README.md), at 1,000,000 pages it peaked at
 * 251-268 MB with the walk shared against 246-259 without (three builds each, interleaved),
 * though 7% faster at 100,000 (3,240 -> 3,002 ms). A build that reads heads shares it: its helper
 * scanned the sources, then waited for the heads while this thread walked alone; shared, at
 * 100,000 pages it took 3,334 ms instead of 3,616 (medians of five, interleaved), and at
 * 1,000,000 it peaked at 275-282 MB in four builds against 262-300 without. (Fewer builds,
 * measured before, had put it higher with the walk shared: 259-272 against 254-263 MB. A
 * build's peak moves by some 40 MB from run to run there.)
 */
export const HELPER_AT_FOLDER_OF = 5000;

/** `onProgress` hears of the walk once per this many pages found. */
const PROGRESS_EVERY = 1000;

/** The frontmatter date fields to read, or null when frontmatter is not read. */
function fieldsToRead(options: ResolvedOptions): DateFields | null {
  return options.frontmatter ? options.dateFields : null;
}

/** What discovery found, and the helpers still at work for the stages after it. */
export interface Discovered {
  /** Every page found, in URL order (then file order), with the path rules applied. */
  pages: PageList;
  sources: SourceTable;
  /**
   * Reads and judges heads with the helper thread, when one runs: it shares the head reads,
   * its last work; the thread is stopped once they are done (its heap is then memory given
   * back while the pages are dated and written). Called once.
   */
  readHeads: HeadReader | null;
  /** The git dates being read, when git is in use. */
  git: Promise<GitDates> | undefined;
  /** Stops the helpers; call it once the pages are selected and dated, whatever happened. */
  stop: () => void;
}

/**
 * Finds the pages (path rules `outBy` applied as each is mapped) and the sources, with git and,
 * on a large site, a helper thread beside the walk. Throws when the folder holds no page and no
 * custom page is given.
 */
export async function discoverPages(
  options: ResolvedOptions,
  warnings: SitemapWarning[],
  outBy: (route: PageRoute) => ExclusionReason | undefined,
  /** `HEADS_ON_HELPERS_FROM`, for a test's small site. */
  headsOnHelpersFrom = HEADS_ON_HELPERS_FROM,
  /** `STATS_ON_HELPER_FROM`, for a test's small site. */
  statsOnHelperFrom = STATS_ON_HELPER_FROM,
  /** `HELPER_AT_FOLDER_OF`, for a test's small site. */
  helperAtFolderOf = HELPER_AT_FOLDER_OF,
): Promise<Discovered> {
  const readsSources = options.frontmatter && options.sources.length > 0;
  const reads = readsSources || options.head !== null;
  let helper: HelperThread | null = null;
  /** Whether a helper was asked for (`HelperThread.start` gives none where none can run). */
  let asked = false;
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
  // A helper pays for itself soonest where files are read (frontmatter, heads); for a build that
  // only stats its sources, on a larger site, and not while git reads (`STATS_ON_HELPER_FROM`).
  const helperFrom = reads ? THREAD_FROM_PAGES : statsOnHelperFrom;
  const wanted = options.threads && (reads || options.sources.length > 0);
  const helperNow = (count: number) =>
    count === helperFrom || (!reads && count > helperFrom && count % TAKE_PARTS_EVERY === 0);
  const stop = () => {
    helper?.stop();
    git?.stop();
  };
  /** Starts the helper, once, when one is wanted and git does not have the other core. */
  const startHelper = () => {
    if (!wanted || asked || !(reads || git === null || git.done())) return;
    asked = true;
    helper = HelperThread.start(options.sources, options.root, fieldsToRead(options));
  };
  // The walk of folders of many subfolders is shared with the helper, once it runs, unless it
  // reads frontmatter (`HELPER_AT_FOLDER_OF`).
  const share: WalkShare = (folder) => {
    if (folder.count >= helperAtFolderOf) startHelper();
    return (helper as HelperThread | null)?.shareFolder(folder) ?? null;
  };
  const { onProgress } = options;
  try {
    const walking = (count: number) => {
      if (helperNow(count)) startHelper();
      // The walk does not give way: the helper's source parts are taken into their table here.
      if (count % TAKE_PARTS_EVERY === 0) helper?.takeSourceParts();
      if (onProgress && count % PROGRESS_EVERY === 0) onProgress({ stage: 'walk', done: count });
    };
    const table = await findPages(
      options,
      warnings,
      outBy,
      walking,
      wanted && !readsSources ? share : undefined,
    );
    onProgress?.({ stage: 'walk', done: table.size });
    onProgress?.({ stage: 'describe', done: 0, total: table.size });
    const started = helper as HelperThread | null;
    const sources = indexSources(
      started
        ? await started.sources()
        : scanSources(options.sources, options.root, fieldsToRead(options)),
      scanPageSources(options.pageSources, options.root, fieldsToRead(options)),
    );
    if (options.head === null) started?.stop();
    if (table.size === 0 && options.customPages.length === 0) {
      throw new SitemapError(
        'outdir-empty',
        `sitemapkit: no HTML pages found in ${options.outDir}; is it the build's output folder?`,
        { option: 'outDir', file: options.outDir },
      );
    }
    return {
      pages: table.order(),
      sources,
      readHeads: started
        ? async (job, take) => {
            const second =
              job.rows.length >= headsOnHelpersFrom
                ? HelperThread.start([], options.root, null)
                : null;
            try {
              await started.heads(job, take, second ? { others: [second], share: false } : {});
            } finally {
              started.stop();
              second?.stop();
            }
          }
        : null,
      git: git?.dates,
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
