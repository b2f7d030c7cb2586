/** Human summary of a result, for the CLI and the adapters' loggers. Pure. */
import type { GenerateResult, LastmodKind } from '../types.js';

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
export function formatDated(dated: Partial<Record<LastmodKind, number>>): string {
  const kinds = (Object.entries(dated) as Array<[LastmodKind, number]>).sort(
    ([a, n], [b, m]) => m - n || (a < b ? -1 : 1),
  );
  const total = kinds.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return '0 dated';
  return `${total} dated (${kinds.map(([kind, n]) => `${n} ${KIND_LABEL[kind] ?? kind}`).join(', ')})`;
}

/**
 * One line: pages found, listed, excluded by reason, dated by source, without lastmod, files.
 * @example 'sitemapkit: 12 pages found, 9 listed, 3 excluded (error-page 1, noindex 2); 8 dated (6 git, 2 frontmatter), 1 without lastmod; 2 files'
 */
export function formatSummaryLine(result: GenerateResult): string {
  const { found, included, excluded, withoutLastmod, dated } = result.pages;
  const reasons = Object.entries(excluded)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');
  const excludedCount = Object.values(excluded).reduce((a, b) => a + (b ?? 0), 0);
  const changed = result.files.filter((f) => f.changed).length;
  const unchanged = result.files.length - changed;
  return (
    `sitemapkit: ${found} pages found, ${included} listed, ${excludedCount} excluded` +
    (reasons ? ` (${reasons})` : '') +
    `; ${formatDated(dated)}, ${withoutLastmod} without lastmod; ${result.files.length} files` +
    (unchanged > 0 ? ` (${unchanged} unchanged)` : '')
  );
}

/** The one-screen summary: the line, then each file with its URL count and size. */
export function formatSummary(result: GenerateResult, cwd = process.cwd()): string {
  const lines = [formatSummaryLine(result)];
  const width = result.files.reduce((w, f) => Math.max(w, f.url.length), 0);
  for (const file of result.files) {
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
  if (result.removed.length > 0) lines.push(`  removed stale: ${result.removed.join(', ')}`);
  if (result.reportPath) {
    const rel = result.reportPath.startsWith(cwd)
      ? result.reportPath.slice(cwd.length + 1)
      : result.reportPath;
    lines.push(`  report: ${rel}`);
  }
  return lines.join('\n');
}
