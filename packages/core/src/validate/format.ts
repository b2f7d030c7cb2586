/**
 * The human summary of a validation report: one line per finding
 * (`severity rule file:line url message`), at most 20 per rule and file followed by how many more
 * (kept in the JSON or only counted), a note on the site URL, then a line of counts. Pure.
 */

import type { Finding, ValidationReport } from './types.js';

const SEP = '\u0000';

export interface FormatOptions {
  /** Shown before each file path, e.g. the target folder as the user typed it (`dist/`). */
  prefix?: string;
  /** Lines shown per rule and file before "… and N more". @default 20 */
  maxPerRule?: number;
}

function plural(n: number, word: string, words = `${word}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? word : words}`;
}

function siteNote(report: ValidationReport): string | undefined {
  const { site } = report;
  if (site === null) {
    if (!report.files.some((f) => f.kind === 'urlset')) return undefined;
    return 'site: unknown, so the location rule was not checked (pass --site <url>)';
  }
  const how =
    site.source === 'option'
      ? 'given with --site'
      : site.source === 'robots'
        ? 'inferred from robots.txt'
        : `inferred from the sitemaps listed in ${site.from}`;
  return `site: ${site.url} (${how})`;
}

function findingLine(f: Finding, prefix: string, ruleWidth: number): string {
  const where = f.line === undefined ? `${prefix}${f.file}` : `${prefix}${f.file}:${f.line}`;
  return `${f.severity.padEnd(7)} ${f.rule.padEnd(ruleWidth)} ${where} ${f.url ?? '-'} ${f.message}`;
}

/**
 * Formats a report for a terminal.
 * @example formatReport(report) // 'error   url-absolute sitemap.xml:3 /a <loc>: a relative URL…\n…\n1 file, 1 URL: 1 error, 0 warnings'
 */
export function formatReport(report: ValidationReport, options: FormatOptions = {}): string {
  const prefix = options.prefix ?? '';
  const max = options.maxPerRule ?? 20;
  let ruleWidth = 0;
  for (const f of report.findings) ruleWidth = Math.max(ruleWidth, f.rule.length);
  const lines: string[] = [];
  /** file, rule -> findings in the report, and findings only counted. */
  const counts = new Map<string, { kept: number; dropped: number }>();
  for (const f of report.findings) {
    const key = `${f.file}${SEP}${f.rule}`;
    const count = counts.get(key) ?? { kept: 0, dropped: 0 };
    count.kept++;
    counts.set(key, count);
    if (count.kept <= max) lines.push(findingLine(f, prefix, ruleWidth));
  }
  for (const d of report.dropped) {
    const key = `${d.file}${SEP}${d.rule}`;
    const count = counts.get(key) ?? { kept: 0, dropped: 0 };
    count.dropped += d.count;
    counts.set(key, count);
  }
  for (const [key, { kept, dropped }] of counts) {
    const more = Math.max(0, kept - max) + dropped;
    if (more === 0) continue;
    const [file, rule] = key.split(SEP);
    const json =
      dropped === 0
        ? '--json lists them all'
        : `--json lists ${kept.toLocaleString('en-US')} of the ${(kept + dropped).toLocaleString('en-US')}`;
    lines.push(
      `… and ${more.toLocaleString('en-US')} more ${rule} findings in ${prefix}${file} (${json})`,
    );
  }
  const note = siteNote(report);
  if (note !== undefined) lines.push(note);
  const indexes = report.files.filter((f) => f.kind === 'index').length;
  const files =
    indexes > 0
      ? `${plural(report.files.length, 'file')} (${plural(indexes, 'index', 'indexes')})`
      : plural(report.files.length, 'file');
  lines.push(
    `${files}, ${plural(report.urlCount, 'URL')}: ${plural(report.errors, 'error')}, ${plural(report.warnings, 'warning')}`,
  );
  return `${lines.join('\n')}\n`;
}
