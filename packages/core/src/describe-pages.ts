/**
 * Describes each found page: frontmatter of its source, what its head says, and its lastmod
 * from the chain, with where that came from.
 */
import { resolve } from 'node:path';
import type { SourceFile, SourceIndex } from './discover/find-sources.js';
import type { HelperThread } from './discover/helper-thread.js';
import { type HeadJob, judgeHeadRange } from './discover/page-heads.js';
import { type GitDates, readGitDates } from './discover/read-git-dates.js';
import { SitemapError } from './errors.js';
import { type LastmodCandidates, pickLastmod } from './lastmod/lastmod-chain.js';
import { mtimesAreMeaningful } from './lastmod/mtime-trust.js';
import { formatDate } from './lastmod/w3c-datetime.js';
import type { ResolvedOptions } from './options.js';
import type { LinkItem, PageRecord, SitemapWarning } from './types.js';
import { urlRouteKey } from './url/map-file.js';

export interface DescribedPages {
  /** True when `sources` were given (the lastmod advice depends on it). */
  hasSources: boolean;
  /** hreflang alternates read from heads, by page URL. */
  headLinks: Map<string, LinkItem[]>;
  /** True when source modification times were found meaningless. */
  mtimesUntrusted: boolean;
  git?: GitDates;
}

function warnOrThrow(
  options: ResolvedOptions,
  warnings: SitemapWarning[],
  warning: SitemapWarning,
): void {
  if (options.strict) {
    throw new SitemapError('invalid-entry', `sitemapkit: ${warning.message}`, {
      ...(warning.file ? { file: warning.file } : {}),
      ...(warning.url ? { url: warning.url } : {}),
    });
  }
  warnings.push(warning);
}

export async function describePages(
  pages: PageRecord[],
  sources: SourceIndex,
  options: ResolvedOptions,
  warnings: SitemapWarning[],
  helper: HelperThread | null = null,
): Promise<DescribedPages> {
  for (const message of sources.problems) warnings.push({ code: 'source-unreadable', message });

  // Path-level rules and the user's filter first (no I/O), then the frontmatter: a page it
  // leaves out needs no head read.
  const kept: Array<{ record: PageRecord; source?: SourceFile; lastmods: LastmodCandidates }> = [];
  const sourceTimes: number[] = [];
  for (const record of pages) {
    if (record.excluded) continue;
    if (options.filter && !options.filter(record.url)) {
      record.excluded = 'filter';
      continue;
    }
    // `about.html` listed as `/about.html` (cleanUrls off) still renders from `about.md`.
    const key = urlRouteKey(record.url, options.baseUrl);
    const bare = key.replace(/\.html?$/i, '');
    const source = sources.find(key) ?? (bare === key ? undefined : sources.find(bare));
    const lastmods: LastmodCandidates = {};
    if (!source) {
      kept.push({ record, lastmods });
      continue;
    }
    record.source = source.rel;
    sourceTimes.push(source.mtimeMs);
    if (source.frontmatterError) {
      const { message, line } = source.frontmatterError;
      warnOrThrow(options, warnings, {
        code: 'invalid-frontmatter',
        message: `${source.rel}${line ? `:${line}` : ''}: ${message}; the page stays, without frontmatter values`,
        file: source.rel,
      });
    }
    if (source.meta) {
      for (const problem of source.meta.problems) {
        warnOrThrow(options, warnings, {
          code:
            problem.field.endsWith('lastmod') || !problem.field.startsWith('sitemap.')
              ? 'invalid-date'
              : 'invalid-frontmatter',
          message: `${source.rel}: frontmatter \`${problem.field}\` ${problem.message}; ignored`,
          file: source.rel,
        });
      }
      if (source.meta.exclude) {
        record.excluded = 'frontmatter';
        continue;
      }
      if (source.meta.lastmod) lastmods.frontmatter = source.meta.lastmod;
      if (source.meta.changefreq) record.changefreq = source.meta.changefreq;
      if (source.meta.priority !== undefined) record.priority = source.meta.priority;
    }
    kept.push({ record, source, lastmods });
  }

  const git = options.git
    ? await readGitDates(
        options.root,
        options.sources.map((s) => s.dir),
      )
    : undefined;
  if (git?.unavailable) {
    warnings.push({ code: 'git-unavailable', message: `git dates are off: ${git.unavailable}` });
  }
  const mtimesUntrusted =
    options.lastmodFrom.includes('mtime') && !mtimesAreMeaningful(sourceTimes);

  const headLinks = new Map<string, LinkItem[]>();
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
  withHead.forEach(({ record, lastmods }, index) => {
    const verdict = outcomes[index];
    if (!verdict) return;
    if ('error' in verdict) {
      warnOrThrow(options, warnings, {
        code: 'page-unreadable',
        message: `${record.file}: cannot be read (${verdict.error}); left out`,
        file: record.file as string,
      });
      record.excluded = 'unreadable';
      return;
    }
    for (const problem of verdict.problems) {
      warnings.push({
        code: 'invalid-head',
        message: `${record.file}: ${problem}`,
        file: record.file as string,
      });
    }
    if (verdict.excluded) {
      record.excluded = verdict.excluded;
      if (verdict.detail) record.excludedDetail = verdict.detail;
      return;
    }
    if (verdict.alternates.length > 0) headLinks.set(record.url, verdict.alternates);
    if (verdict.modified) lastmods.head = verdict.modified;
  });

  for (const { record, source, lastmods } of kept) {
    if (record.excluded) continue;
    if (source) {
      const path = git && resolve(options.root, source.rel);
      const dirty = (path && git?.dirty.has(path)) ?? false;
      const gitTime = path ? git?.dates.get(path) : undefined;
      if (gitTime !== undefined && !dirty) lastmods.git = formatDate(new Date(gitTime));
      if (!mtimesUntrusted || dirty)
        lastmods.mtime = formatDate(new Date(Math.floor(source.mtimeMs / 1000) * 1000));
    }
    const picked = pickLastmod(lastmods, options.lastmodFrom, options.lastmod);
    if (picked.value) record.lastmod = picked.value;
    record.lastmodFrom = picked.from;
  }
  return {
    hasSources: options.sources.length > 0,
    headLinks,
    mtimesUntrusted,
    ...(git ? { git } : {}),
  };
}
