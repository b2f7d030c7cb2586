/**
 * The build report: every page found, why it is in or out, and where its lastmod came from.
 * Written as it is made, a page at a time.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { streamFileAtomic } from '../files/write.js';
import type { ExclusionReason, GenerateResult, PageRecord } from '../types.js';

export const REPORT_VERSION = 2;

/** One page of the report (`pages[]`): what the report file says of it. */
export interface ReportPage {
  url: string;
  file: string | null;
  source: string | null;
  status: 'included' | 'excluded';
  reason?: ExclusionReason;
  detail?: string;
  lastmod: string | null;
  lastmodFrom: PageRecord['lastmodFrom'];
  candidates: NonNullable<PageRecord['candidates']>;
  sitemap: string | null;
}

/** What the report says of one page. */
export function reportPage(r: PageRecord): ReportPage {
  return {
    url: r.url,
    file: r.file,
    source: r.source ?? null,
    status: r.excluded ? 'excluded' : 'included',
    ...(r.excluded ? { reason: r.excluded } : {}),
    ...(r.excludedDetail ? { detail: r.excludedDetail } : {}),
    lastmod: r.lastmod ?? null,
    lastmodFrom: r.lastmodFrom,
    candidates: r.candidates ?? [],
    sitemap: r.sitemap ?? null,
  };
}

/** Everything the report says before its pages: `pages` is its last key. */
export function reportHead(result: Omit<GenerateResult, 'reportPath' | 'records'>, site: string) {
  return {
    version: REPORT_VERSION,
    site,
    indexUrl: result.indexUrl,
    summary: result.pages,
    files: result.files.map(({ kind, url, urlCount, bytes, xmlBytes }) => ({
      kind,
      url,
      urlCount,
      bytes,
      xmlBytes,
    })),
    warnings: result.warnings,
  };
}

/** A page's JSON as it stands in the `pages` array: two levels in. */
const PAGE_INDENT = '    ';

/**
 * The report as JSON (two-space indents), piece by piece: the summary, then one piece a page,
 * so a report of a million pages is never one string. The pieces joined are exactly
 * `JSON.stringify(report, null, 2)` plus a newline.
 */
export function* renderReport(
  result: Omit<GenerateResult, 'reportPath' | 'records'>,
  records: Iterable<PageRecord>,
  site: string,
): Generator<string> {
  const head = reportHead(result, site);
  // `pages` is the last key: the head without its closing brace, then the array.
  yield `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "pages": [`;
  let first = true;
  for (const record of records) {
    const json = JSON.stringify(reportPage(record), null, 2).replaceAll('\n', `\n${PAGE_INDENT}`);
    yield `${first ? '\n' : ',\n'}${PAGE_INDENT}${json}`;
    first = false;
  }
  yield first ? ']\n}\n' : '\n  ]\n}\n';
}

/** Writes the report atomically, as it is made. */
export async function writeReport(path: string, text: Iterable<string>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await streamFileAtomic(path, text);
}
