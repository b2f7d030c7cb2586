/**
 * Describes each found page: frontmatter of its source, what its head says, and its lastmod
 * from the evidence rule (`lastmod/evidence.ts`), with where that came from.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { dateFromChildren } from './dates/children.js';
import { type Evidence, listEvidence, pickLastmod, stampedAtRender } from './dates/evidence.js';
import { mtimesAreMeaningful } from './dates/mtime-trust.js';
import { formatDate } from './dates/w3c-datetime.js';
import type { SourceFile, SourceIndex } from './discover/find-sources.js';
import type { GitDates } from './discover/read-git-dates.js';
import { readPageImages } from './entries/page-images.js';
import { SitemapError } from './errors.js';
import type { ResolvedOptions } from './options/resolve-options.js';
import type { HelperThread } from './parallel/helper-thread.js';
import { type HeadJob, judgeHeadRange } from './select/judge-heads.js';
import type { LinkItem, PageRecord, SitemapWarning } from './types.js';
import { unaddressableFile, urlRouteKey } from './url/map-file.js';
import { echo } from './url/shorten.js';
import { MAX_WARNINGS_PER_CODE, moreWarnings } from './warnings.js';

/** Why a listed page has no lastmod, for advice that fits. */
export type UndatedReason =
  /** No source file was matched to the page. */
  | 'no-source'
  /** Its source's history is cut by a shallow clone. */
  | 'shallow'
  /** Its source's file time is a checkout's or an archive's, not an edit. */
  | 'checkout-time'
  /** Its source has no date of any kind we may use. */
  | 'no-evidence';

export interface DescribedPages {
  /** hreflang alternates read from heads, by page URL. */
  headLinks: Map<string, LinkItem[]>;
  /** The `<html lang>` of the pages with head alternates, by page URL. */
  headLangs: Map<string, string>;
  /**
   * Listed pages without a lastmod, by why; with up to three URLs each (shortened) for the
   * warning, and how many of them have an HTML file as their source (a plain HTML page, as in a
   * Vite app: no frontmatter to set, so the advice differs).
   */
  undated: Map<UndatedReason, { count: number; examples: string[]; html: number }>;
  git?: GitDates;
  /** Pages now listed at the form of their URL their canonical link gives: the order changed. */
  renamed: number;
}

/**
 * A page-level problem: a warning that ends with what happens to the page (`otherwise`), or
 * under `strict` an error that says the build fails instead.
 */
function warnOrThrow(
  options: ResolvedOptions,
  warnings: SitemapWarning[],
  warning: SitemapWarning,
  otherwise: string,
): void {
  if (options.strict) {
    throw new SitemapError(
      'invalid-entry',
      `sitemapkit: ${warning.message}; the build fails, as \`strict\` is on`,
      {
        ...(warning.file ? { file: warning.file } : {}),
        ...(warning.url ? { url: warning.url } : {}),
      },
    );
  }
  warnings.push({ ...warning, message: `${warning.message}; ${otherwise}` });
}

const HTML_EXTENSION = /\.html?$/i;

/**
 * Leaves out, with a warning naming the file, a page no URL can name: one whose clean URL would
 * be a dot segment or its folder's (`unaddressableFile`), or one whose name is not UTF-8. Such
 * a name is read with U+FFFD in place of its bytes, so no file has the name that was read.
 */
function leftOutUnnamed(
  record: PageRecord,
  options: ResolvedOptions,
  warnings: SitemapWarning[],
): boolean {
  const file = record.file;
  if (file === null) return false;
  let why = unaddressableFile(file, options.cleanUrls);
  if (why === null && file.includes('\uFFFD') && !existsSync(join(options.outDir, file))) {
    why = 'its name is not valid UTF-8, so no URL can name it';
  }
  if (why === null) return false;
  warnOrThrow(
    options,
    warnings,
    { code: 'page-unaddressable', message: `${echo(file)}: ${why}`, file },
    'left out',
  );
  record.excluded = 'unaddressable';
  return true;
}

/**
 * The source of the page at route `key`: `about.html` listed as `/about.html` (cleanUrls off)
 * still renders from `about.md`, and `blog/post/post.md` renders `/blog/post/` (a file named
 * like its folder is that folder's index, as Eleventy has it).
 */
function findSource(sources: SourceIndex, key: string): SourceFile | undefined {
  const exact = sources.find(key);
  if (exact) return exact;
  const bare = key.replace(HTML_EXTENSION, '');
  if (bare !== key) return sources.find(bare);
  const name = key.slice(key.lastIndexOf('/') + 1);
  return name === '' ? undefined : sources.find(`${key}/${name}`);
}

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

/** A file time as a date we write (whole seconds). */
function fileTime(ms: number): string {
  return formatDate(new Date(Math.floor(ms / 1000) * 1000));
}

/**
 * What git, or the file system, says of a source: its git date, and its file time where that
 * time is an edit; `why` when it says nothing.
 */
function sourceDates(
  source: SourceFile,
  options: ResolvedOptions,
  git: GitDates | undefined,
  mtimesUntrusted: boolean,
): { git?: string; mtime?: string; why?: UndatedReason } {
  const useMtime = options.lastmodFrom.includes('mtime');
  const path = source.rel;
  if (git) {
    const time = git.dates.get(path);
    const dates: { git?: string; mtime?: string } = {};
    if (time !== undefined) dates.git = formatDate(new Date(time));
    // Uncommitted changes and new files: their time is an edit.
    if (useMtime && (git.dirty.has(path) || git.untracked.has(path)))
      dates.mtime = fileTime(source.mtimeMs);
    if (dates.git || dates.mtime) return dates;
    if (git.cut.has(path)) return { why: 'shallow' };
  }
  // Not known to git (no repository, or an ignored file): its time counts unless the times of
  // the sources are all one moment's.
  if (!useMtime) return { why: 'no-evidence' };
  return mtimesUntrusted ? { why: 'checkout-time' } : { mtime: fileTime(source.mtimeMs) };
}

export async function describePages(
  pages: PageRecord[],
  sources: SourceIndex,
  options: ResolvedOptions,
  warnings: SitemapWarning[],
  helper: HelperThread | null = null,
  /** The git dates being read (`startGitDates`), when git is in use. */
  gitDates?: Promise<GitDates>,
): Promise<DescribedPages> {
  for (const message of sources.problems) warnings.push({ code: 'source-unreadable', message });
  const now = Date.now();

  // Path-level rules and the user's filter first (no I/O), then the frontmatter: a page it
  // leaves out needs no head read.
  const kept: Array<{ record: PageRecord; source?: SourceFile; evidence: Evidence }> = [];
  for (const record of pages) {
    if (record.excluded || leftOutUnnamed(record, options, warnings)) continue;
    if (options.filter && !options.filter(record.url)) {
      record.excluded = 'filter';
      continue;
    }
    const source = findSource(sources, urlRouteKey(record.url, options.baseUrl));
    const evidence: Evidence = {};
    if (!source) {
      kept.push({ record, evidence });
      continue;
    }
    record.source = source.rel;
    if (source.frontmatterError) {
      const { message, line } = source.frontmatterError;
      warnOrThrow(
        options,
        warnings,
        {
          code: 'invalid-frontmatter',
          message: `${echo(source.rel)}${line ? `:${line}` : ''}: ${message}`,
          file: source.rel,
        },
        'the page stays, without frontmatter values',
      );
    }
    if (source.meta) {
      for (const problem of source.meta.problems) {
        const isDate = problem.field.endsWith('lastmod') || !problem.field.startsWith('sitemap.');
        // A field is named in double quotes, never in backticks: those name options.
        warnOrThrow(
          options,
          warnings,
          {
            code: isDate ? 'invalid-date' : 'invalid-frontmatter',
            message: `${echo(source.rel)}: frontmatter field "${problem.field}" ${problem.message}`,
            file: source.rel,
          },
          'not used',
        );
      }
      if (source.meta.exclude) {
        record.excluded = 'frontmatter';
        continue;
      }
      const { override, modified, published } = source.meta;
      if (override) evidence.override = override;
      if (modified) evidence.modified = modified;
      if (published) evidence.published = published;
      if (source.meta.changefreq) record.changefreq = source.meta.changefreq;
      if (source.meta.priority !== undefined) record.priority = source.meta.priority;
    }
    kept.push({ record, source, evidence });
  }

  const git = sources.files.length > 0 ? await gitDates : undefined;
  if (git?.unavailable && options.git === true) {
    warnings.push({ code: 'git-unavailable', message: `git dates are off: ${git.unavailable}` });
  }
  for (const message of git?.problems ?? []) warnings.push({ code: 'git-ignore-revs', message });
  for (const message of git?.failures ?? []) warnings.push({ code: 'git-failed', message });
  const gitKnows = (path: string) =>
    git !== undefined &&
    (git.dates.has(path) || git.cut.has(path) || git.dirty.has(path) || git.untracked.has(path));
  // The "one moment" test, over every source found that git says nothing of.
  const times: number[] = [];
  for (const file of sources.files) if (!gitKnows(file.rel)) times.push(file.mtimeMs);
  const mtimesUntrusted = !mtimesAreMeaningful(times);

  const headLinks = new Map<string, LinkItem[]>();
  const headLangs = new Map<string, string>();
  const rules = options.head;
  const withHead = rules ? kept.filter(({ record }) => record.file !== null) : [];
  const job: HeadJob | null = rules && {
    outDir: options.outDir,
    files: withHead.map(({ record }) => record.file as string),
    urls: withHead.map(({ record }) => record.url),
    rules,
  };
  const outcomes = !job
    ? []
    : helper
      ? await helper.heads(job)
      : judgeHeadRange(job, 0, job.files.length);
  let renderTime = 0;
  let renamed = 0;
  withHead.forEach(({ record, evidence }, index) => {
    const verdict = outcomes[index];
    if (!verdict) return;
    if ('error' in verdict) {
      warnOrThrow(
        options,
        warnings,
        {
          code: 'page-unreadable',
          message: `${echo(record.file as string)}: cannot be read (${echo(verdict.error, 400)})`,
          file: record.file as string,
        },
        'left out',
      );
      record.excluded = 'unreadable';
      return;
    }
    for (const problem of verdict.problems) {
      warnings.push({
        code: 'invalid-head',
        message: `${echo(record.file as string)}: ${problem}`,
        file: record.file as string,
      });
    }
    if (verdict.cutAt !== undefined) {
      const size = `${verdict.cutAt / 1024} KiB`;
      warnings.push({
        code: 'head-too-long',
        message: `${echo(record.file as string)}: its head is longer than ${size}; read only its first ${size}, so a rule after that (noindex, canonical, hreflang, dates) was not seen`,
        file: record.file as string,
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
      renamed++;
    }
    if (verdict.alternates.length > 0) headLinks.set(record.url, verdict.alternates);
    if (verdict.lang) headLangs.set(record.url, verdict.lang);
    if (!verdict.modified && !verdict.published) return;
    // A head date as new as the page's own file is the render's clock, not an edit.
    const built = statSync(`${options.outDir}/${record.file}`).mtimeMs;
    for (const date of [verdict.modified, verdict.published]) {
      if (date && stampedAtRender(date, built) && ++renderTime <= MAX_WARNINGS_PER_CODE) {
        warnings.push({
          code: 'lastmod-render-time',
          message: `${echo(record.file as string)}: its head's date ${date} is the time it was built, not an edit; not used`,
          url: record.url,
        });
      }
    }
    if (verdict.modified && !stampedAtRender(verdict.modified, built))
      if (options.lastmodFrom.includes('head')) evidence.head = verdict.modified;
    if (verdict.published && !stampedAtRender(verdict.published, built))
      evidence.headPublished = verdict.published;
  });

  const renderTimeRest = moreWarnings(
    'lastmod-render-time',
    renderTime,
    (n) => `${n} more head dates were the build's own time and not used (see the report)`,
  );
  if (renderTimeRest) warnings.push(renderTimeRest);
  const undated: DescribedPages['undated'] = new Map();
  const why = new Map<PageRecord, UndatedReason>();
  let future = 0;
  for (const { record, source, evidence } of kept) {
    if (record.excluded) continue;
    let reason: UndatedReason = 'no-source';
    if (source) {
      const dates = sourceDates(source, options, git, mtimesUntrusted);
      if (dates.git) evidence.git = dates.git;
      if (dates.mtime) evidence.mtime = dates.mtime;
      reason = dates.why ?? 'no-evidence';
    }
    const picked = pickLastmod(evidence, options.lastmodOrder, now);
    if (picked.value) record.lastmod = picked.value;
    record.lastmodFrom = picked.from;
    if (options.report) record.candidates = listEvidence(evidence);
    for (const c of picked.future) {
      if (++future <= MAX_WARNINGS_PER_CODE)
        warnings.push({
          code: 'lastmod-future',
          message: `${echo(source?.rel ?? record.file ?? record.url)}: ${c.from} date ${c.value} is after the build started; not used`,
          url: record.url,
        });
    }
    if (!picked.value) why.set(record, reason);
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
  for (const [record, reason] of why) {
    if (record.lastmod) continue;
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
  // Only with `images`: the bodies of the pages still listed (no extra read otherwise).
  if (options.images) readPageImages(pages, options, warnings);
  return { headLinks, headLangs, undated, renamed, ...(git ? { git } : {}) };
}
