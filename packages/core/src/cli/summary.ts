/**
 * Human summary of a result, for the CLI and the adapters' loggers. Pure. It fits one screen
 * on any site: the summary line, at most `MAX_FILE_LINES` files (the index first, then the
 * sitemaps this build changed, those with the most URLs first), and one line counting the rest.
 */
import type { GenerateResult, IndexNowResult, LastmodKind, WrittenFile } from '../types.js';

/** Files listed one by one before the rest are counted in one line. */
export const MAX_FILE_LINES = 8;
/** Stale files named before the rest are counted. */
const MAX_REMOVED_NAMES = 3;

/** How the summary is printed; the default is plain text, cut to one screen. */
export interface SummaryStyle {
  /** List every file and every removed file. @default false */
  verbose?: boolean;
  /** Makes a count stand out (the CLI's bold on a terminal). @default no change */
  bold?: (text: string) => string;
}

const asIs = (text: string) => text;

/** `1234` -> `1.2 kB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** What the summary calls each kind of lastmod source. */
const KIND_LABEL: Partial<Record<LastmodKind, string>> = { 'html-meta': 'head' };

/**
 * Dated pages by where their date came from, most first.
 * @example formatDated({ git: 380, frontmatter: 25, 'html-meta': 7 }) // '412 dated (380 git, 25 frontmatter, 7 head)'
 */
export function formatDated(
  dated: Partial<Record<LastmodKind, number>>,
  bold: (text: string) => string = asIs,
): string {
  const kinds = (Object.entries(dated) as Array<[LastmodKind, number]>).sort(
    ([a, n], [b, m]) => m - n || (a < b ? -1 : 1),
  );
  const total = kinds.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return `${bold('0')} dated`;
  return `${bold(String(total))} dated (${kinds.map(([kind, n]) => `${n} ${KIND_LABEL[kind] ?? kind}`).join(', ')})`;
}

/**
 * One line: pages found, listed, excluded by reason, dated by source, without lastmod, files.
 * @example 'sitemapkit: 12 pages found, 9 listed, 3 excluded (error-page 1, noindex 2); 8 dated (6 git, 2 frontmatter), 1 without lastmod; 2 files'
 */
export function formatSummaryLine(
  result: GenerateResult,
  { bold = asIs }: Pick<SummaryStyle, 'bold'> = {},
): string {
  const { found, included, excluded, withoutLastmod, dated } = result.pages;
  const reasons = Object.entries(excluded)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');
  const excludedCount = Object.values(excluded).reduce((a, b) => a + (b ?? 0), 0);
  const changed = result.files.filter((f) => f.changed).length;
  const unchanged = result.files.length - changed;
  const n = (count: number) => bold(String(count));
  return (
    `sitemapkit: ${n(found)} pages found, ${n(included)} listed, ${n(excludedCount)} excluded` +
    (reasons ? ` (${reasons})` : '') +
    `; ${formatDated(dated, bold)}, ${n(withoutLastmod)} without lastmod; ${n(result.files.length)} files` +
    (unchanged > 0 ? ` (${unchanged} unchanged)` : '') +
    (result.indexNow ? `; ${formatIndexNow(result.indexNow, bold)}` : '')
  );
}

/**
 * What IndexNow was told, for the summary line.
 * @example formatIndexNow({ sent: 3, batches: 1, dryRun: false, endpoint }) // 'IndexNow: 3 URLs sent (1 request)'
 */
export function formatIndexNow(
  indexNow: IndexNowResult,
  bold: (text: string) => string = asIs,
): string {
  const { sent, batches, dryRun, skipped, pending } = indexNow;
  const label = dryRun ? 'IndexNow (dry run)' : 'IndexNow';
  if (skipped) return `${label}: ${skipped}`;
  const urls = `${bold(String(sent))} URL${sent === 1 ? '' : 's'}`;
  const requests = `${batches} request${batches === 1 ? '' : 's'}`;
  if (dryRun) return `${label}: ${urls} would be sent (${requests}) to ${indexNow.endpoint}`;
  return `${label}: ${urls} sent (${requests})${pending ? `, ${pending} not taken (see the warning)` : ''}`;
}

/**
 * The files the summary lists, and those it only counts: every file when they fit (or
 * `verbose`), else the indexes, then the sitemaps this build changed before those it left as
 * they were, those with the most URLs first (ties in file order), up to `max` in all.
 * @example pickFiles(files, 8).shown.length // at most 8
 */
export function pickFiles(
  files: readonly WrittenFile[],
  max: number,
): { shown: WrittenFile[]; hidden: WrittenFile[] } {
  if (files.length <= max) return { shown: [...files], hidden: [] };
  const ranked = files
    .map((file, order) => ({ file, order }))
    .sort(
      (a, b) =>
        Number(b.file.kind === 'index') - Number(a.file.kind === 'index') ||
        Number(b.file.changed) - Number(a.file.changed) ||
        b.file.urlCount - a.file.urlCount ||
        a.order - b.order,
    )
    .map(({ file }) => file);
  return { shown: ranked.slice(0, max), hidden: ranked.slice(max) };
}

/** `… and 22 more sitemaps (22 URLs, 4.1 kB); ...`: what the summary did not list. */
function moreLine(hidden: readonly WrittenFile[], reported: boolean): string {
  const sitemaps = hidden.every((f) => f.kind === 'sitemap');
  const what = sitemaps ? `sitemap${hidden.length === 1 ? '' : 's'}` : 'files';
  const urls = hidden.reduce((sum, f) => sum + (f.kind === 'sitemap' ? f.urlCount : 0), 0);
  const bytes = hidden.reduce((sum, f) => sum + f.bytes, 0);
  const hint = reported
    ? '--verbose lists every file'
    : '--verbose lists every file, --report writes every page';
  return `  … and ${hidden.length} more ${what} (${urls} URL${urls === 1 ? '' : 's'}, ${formatBytes(bytes)}); ${hint}`;
}

/**
 * The one-screen summary: the line, then the files with their URL counts and sizes (all of them
 * with `verbose`), the stale files removed, and the report.
 * @example formatSummary(result, process.cwd(), { verbose: true })
 */
export function formatSummary(
  result: GenerateResult,
  cwd = process.cwd(),
  { verbose = false, bold = asIs }: SummaryStyle = {},
): string {
  const lines = [formatSummaryLine(result, { bold })];
  const { shown, hidden } = pickFiles(result.files, verbose ? Infinity : MAX_FILE_LINES);
  const width = shown.reduce((w, f) => Math.max(w, f.url.length), 0);
  for (const file of shown) {
    const n = file.urlCount;
    const what =
      file.kind === 'index' ? `${n} sitemap${n === 1 ? '' : 's'}` : `${n} URL${n === 1 ? '' : 's'}`;
    const size =
      file.bytes === file.xmlBytes
        ? formatBytes(file.bytes)
        : `${formatBytes(file.bytes)} (${formatBytes(file.xmlBytes)} XML)`;
    lines.push(
      `  ${file.url.padEnd(width)}  ${what.padStart(12)}  ${size}${file.changed ? '' : '  unchanged'}`,
    );
  }
  if (hidden.length > 0) lines.push(moreLine(hidden, result.reportPath !== undefined));
  const { removed } = result;
  if (removed.length > 0) {
    const named = verbose ? removed : removed.slice(0, MAX_REMOVED_NAMES);
    const rest = removed.length - named.length;
    lines.push(`  removed stale: ${named.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`);
  }
  const wouldSend = result.indexNow?.urls ?? [];
  if (wouldSend.length > 0) {
    const named = verbose ? wouldSend : wouldSend.slice(0, MAX_FILE_LINES);
    for (const url of named) lines.push(`  IndexNow would send: ${url}`);
    if (named.length < wouldSend.length)
      lines.push(`  … and ${wouldSend.length - named.length} more (--verbose lists them all)`);
  }
  if (result.reportPath) {
    const rel = result.reportPath.startsWith(cwd)
      ? result.reportPath.slice(cwd.length + 1)
      : result.reportPath;
    lines.push(`  report: ${rel}`);
  }
  return lines.join('\n');
}
