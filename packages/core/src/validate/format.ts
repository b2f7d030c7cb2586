/**
 * The human summary of a validation report: one line per finding
 * (`severity rule file:line url message`), a note on the site URL, then a line of counts. Pure.
 */

import type { Finding, ValidationReport } from './types.js';

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
  const ruleWidth = Math.max(0, ...report.findings.map((f) => f.rule.length));
  const lines: string[] = [];
  const shown = new Map<string, number>();
  for (const f of report.findings) {
    const key = `${f.file}\u0000${f.rule}`;
    const count = (shown.get(key) ?? 0) + 1;
    shown.set(key, count);
    if (count <= max) lines.push(findingLine(f, prefix, ruleWidth));
  }
  for (const [key, count] of shown) {
    if (count <= max) continue;
    const [file, rule] = key.split('\u0000');
    lines.push(`… and ${count - max} more ${rule} in ${prefix}${file} (--json lists them all)`);
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
