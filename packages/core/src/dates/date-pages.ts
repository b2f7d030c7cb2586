/**
 * The dating stage: each page still in gets its lastmod by the evidence rule (`evidence.ts`)
 * from what is known of it: frontmatter (gathered by select/), its head's dates, git history and
 * file times of its source. A listed page without a date gets one from the pages under it
 * (`children.ts`), the `lastmod` option, or none, with the reason it has none.
 */

import { statSync } from 'node:fs';
import { timeLastmod } from '../columns/lastmod-column.js';
import { nativeArray } from '../columns/native-memory.js';
import type { PageList } from '../columns/page-list.js';
import type { GitDates } from '../discover/read-git-dates.js';
import { NO_SOURCE, type SourceTable } from '../discover/source-table.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import type { HeadDates } from '../select/head-dates.js';
import type { SitemapWarning } from '../types.js';
import { echo } from '../url/shorten.js';
import { MAX_WARNINGS_PER_CODE, moreWarnings } from '../warnings.js';
import { dateFromChildren } from './children.js';
import { type Evidence, listEvidence, pickLastmod, stampedAtRender } from './evidence.js';
import { GitFacts } from './git-facts.js';
import { HeadEvidence } from './head-evidence.js';
import { mtimesAreMeaningful } from './mtime-trust.js';
import { earliestOfCode, formatDate } from './w3c-datetime.js';

const HTML_EXTENSION = /\.html?$/i;

/**
 * Why a listed page has no lastmod, for advice that fits. Each reason is also a number (its
 * place + 1), so the undated pages are one byte a page.
 */
const UNDATED_REASONS = [
  /** No source file was matched to the page. */
  'no-source',
  /** Its source's history is cut by a shallow clone. */
  'shallow',
  /** Its source's file time is a checkout's or an archive's, not an edit. */
  'checkout-time',
  /** Its source has no date of any kind we may use. */
  'no-evidence',
] as const;

/** Why a listed page has no lastmod (`UNDATED_REASONS`). */
export type UndatedReason = (typeof UNDATED_REASONS)[number];

/**
 * Listed pages without a lastmod, by why; with up to three URLs each (shortened) for the
 * warning, and how many of them have an HTML file as their source (a plain HTML page, as in a
 * Vite app: no frontmatter to set, so the advice differs).
 */
export type Undated = Map<UndatedReason, { count: number; examples: string[]; html: number }>;

/** A file time to the whole second, as a date we write it. */
function wholeSeconds(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

/**
 * What git, or the file system, says of a source (`sourceDates`): the time of its last commit
 * and its file time where that time is an edit (ms); `why` when it says nothing. One object,
 * filled again for each source.
 */
const said: { git?: number; mtime?: number; why?: UndatedReason } = {};

/**
 * What git, or the file system, says of a source, into `said`: its git date, and its file time
 * where that time is an edit; `why` when it says nothing.
 */
function sourceDates(
  sources: SourceTable,
  source: number,
  options: ResolvedOptions,
  git: GitFacts | null,
  mtimesUntrusted: boolean,
): typeof said {
  said.git = undefined;
  said.mtime = undefined;
  said.why = undefined;
  const useMtime = options.lastmodFrom.includes('mtime');
  const mtimeMs = sources.mtimeMs(source);
  if (git) {
    said.git = git.time(source);
    // Uncommitted changes and new files: their time is an edit.
    if (useMtime && git.changed(source)) said.mtime = wholeSeconds(mtimeMs);
    if (said.git !== undefined || said.mtime !== undefined) return said;
    if (git.cut(source)) {
      said.why = 'shallow';
      return said;
    }
  }
  // Not known to git (no repository, or an ignored file): its time counts unless the times of
  // the sources are all one moment's.
  if (!useMtime) said.why = 'no-evidence';
  else if (mtimesUntrusted) said.why = 'checkout-time';
  else said.mtime = wholeSeconds(mtimeMs);
  return said;
}

/**
 * The lastmod code of a page whose one piece of evidence is a time of its source (`said`: its
 * git date or its file time, not both), as `pickLastmod` picks it: most pages of a site whose
 * sources give no frontmatter date and whose heads give none. NaN when the full rule must
 * decide: the time is after `now` (set aside, with a warning), out of the years a code holds,
 * or not a link of an explicit `lastmodFrom` order. The date's text is then never made and read
 * back.
 */
function onlyTimeCode(
  time: number,
  from: 'git' | 'mtime',
  options: ResolvedOptions,
  now: number,
): number {
  if (options.lastmodOrder !== null && !options.lastmodOrder.includes(from)) return Number.NaN;
  const code = timeLastmod(time);
  return Number.isNaN(code) || earliestOfCode(code) > now ? Number.NaN : code;
}

/**
 * What git says of each source, once it is needed: the dates being read, and the sources with
 * uncommitted changes (`GitFacts`). Its problems are said here.
 */
export async function gitAnswer(
  sources: SourceTable,
  gitDates: Promise<GitDates> | undefined,
  options: ResolvedOptions,
  warnings: SitemapWarning[],
): Promise<GitFacts | null> {
  const git = sources.found > 0 ? await gitDates : undefined;
  if (git?.unavailable && options.git === true) {
    warnings.push({ code: 'git-unavailable', message: `git dates are off: ${git.unavailable}` });
  }
  for (const message of git?.problems ?? []) warnings.push({ code: 'git-ignore-revs', message });
  for (const message of git?.failures ?? []) warnings.push({ code: 'git-failed', message });
  if (!git) return null;
  try {
    return await GitFacts.of(sources, git);
  } catch (error) {
    // git's word on the changed files is missing: only what is staged is known to be.
    warnings.push({
      code: 'git-failed',
      message: `git could not say which sources have uncommitted changes: ${(error as Error).message}`,
    });
    return GitFacts.of(sources, { ...git, index: null });
  }
}

/**
 * The heads' dates as evidence: a head date as new as the page's own file is the render's
 * clock, not an edit, and is set aside with a warning.
 */
export function weighHeadDates(
  heads: Iterable<HeadDates>,
  options: ResolvedOptions,
  warnings: SitemapWarning[],
): HeadEvidence {
  const weighed = new HeadEvidence();
  let renderTime = 0;
  for (const { page: record, modified, published } of heads) {
    let head: string | undefined;
    let headPublished: string | undefined;
    const built = statSync(`${options.outDir}/${record.file}`).mtimeMs;
    for (const date of [modified, published]) {
      if (date && stampedAtRender(date, built) && ++renderTime <= MAX_WARNINGS_PER_CODE) {
        warnings.push({
          code: 'lastmod-render-time',
          message: `${echo(record.file as string)}: its head's date ${date} is the time it was built, not an edit; not used`,
          url: record.url,
        });
      }
    }
    if (modified && !stampedAtRender(modified, built))
      if (options.lastmodFrom.includes('head')) head = modified;
    if (published && !stampedAtRender(published, built)) headPublished = published;
    weighed.set(record.row, head, headPublished);
  }
  const rest = moreWarnings(
    'lastmod-render-time',
    renderTime,
    (n) => `${n} more head dates were the build's own time and not used (see the report)`,
  );
  if (rest) warnings.push(rest);
  return weighed;
}

/**
 * Dates every page still in (`kept`), from its evidence (its head's, weighed, in `heads`), git
 * and file times. `pages` is every page found, for the listing pages dated by their children.
 * Returns the undated, by why.
 */
export function datePages(
  kept: PageList,
  pages: PageList,
  sources: SourceTable,
  facts: GitFacts | null,
  heads: HeadEvidence,
  options: ResolvedOptions,
  warnings: SitemapWarning[],
): Undated {
  const now = Date.now();
  // The "one moment" test, over every source found that git says nothing of (it sorts this
  // scratch in place).
  const times = nativeArray(Float64Array, sources.found);
  let timed = 0;
  for (let row = 0; row < sources.size; row++)
    if (sources.has(row) && !facts?.knows(row)) times[timed++] = sources.mtimeMs(row);
  const mtimesUntrusted = !mtimesAreMeaningful(times.subarray(0, timed));

  const undated: Undated = new Map();
  /** Why each undated page (by row) is: its `UNDATED_REASONS` place + 1; 0 for a dated page. */
  const why = nativeArray(Uint8Array, kept.table.size);
  let future = 0;
  for (const record of kept) {
    if (record.excluded) continue;
    const source = record.table.sourceRow(record.row);
    let reason: UndatedReason = 'no-source';
    const headSays = heads.get(record.row);
    let evidence: Evidence;
    if (source === NO_SOURCE) evidence = headSays ?? {};
    else {
      const meta = sources.meta(source);
      const {
        git,
        mtime,
        why: silent,
      } = sourceDates(sources, source, options, facts, mtimesUntrusted);
      // One time of its source and nothing else to weigh: its lastmod, as the rule picks it.
      if (
        headSays === undefined &&
        !options.report &&
        !meta?.override &&
        !meta?.modified &&
        !meta?.published &&
        (git === undefined) !== (mtime === undefined)
      ) {
        const from = git === undefined ? 'mtime' : 'git';
        const code = onlyTimeCode((git ?? mtime) as number, from, options, now);
        if (!Number.isNaN(code)) {
          record.setLastmodCode(code);
          record.lastmodFrom = from;
          continue;
        }
      }
      evidence = headSays ?? {};
      if (meta?.override) evidence.override = meta.override;
      if (meta?.modified) evidence.modified = meta.modified;
      if (meta?.published) evidence.published = meta.published;
      if (git !== undefined) evidence.git = formatDate(new Date(git));
      if (mtime !== undefined) evidence.mtime = formatDate(new Date(mtime));
      reason = silent ?? 'no-evidence';
    }
    const picked = pickLastmod(evidence, options.lastmodOrder, now);
    if (picked.value) record.lastmod = picked.value;
    record.lastmodFrom = picked.from;
    if (options.report) record.candidates = listEvidence(evidence);
    for (const c of picked.future) {
      if (++future <= MAX_WARNINGS_PER_CODE)
        warnings.push({
          code: 'lastmod-future',
          message: `${echo(record.source ?? record.file ?? record.url)}: ${c.from} date ${c.value} is after the build started; not used`,
          url: record.url,
        });
    }
    if (!picked.value) why[record.row] = UNDATED_REASONS.indexOf(reason) + 1;
  }
  const futureRest = moreWarnings(
    'lastmod-future',
    future,
    (n) => `${n} more dates after the build started were not used (see the report)`,
  );
  if (futureRest) warnings.push(futureRest);
  if (options.lastmodFromChildren) {
    const locales = new Set(Object.keys(options.i18n?.locales ?? {}));
    locales.delete(options.i18n?.defaultLocale ?? '');
    dateFromChildren(pages, options.baseUrl, locales);
  }
  for (const record of kept) {
    const code = why[record.row] as number;
    if (code === 0 || record.lastmod) continue;
    const reason = UNDATED_REASONS[code - 1] as UndatedReason;
    if (options.lastmod) {
      record.lastmod = options.lastmod;
      record.lastmodFrom = 'option';
      continue;
    }
    const entry = undated.get(reason) ?? { count: 0, examples: [], html: 0 };
    entry.count++;
    if (record.source && HTML_EXTENSION.test(record.source)) entry.html++;
    if (entry.examples.length < 3) entry.examples.push(echo(record.url));
    undated.set(reason, entry);
  }
  return undated;
}
