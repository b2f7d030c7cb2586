/** The build report: every page found, why it is in or out, and where its lastmod came from. */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../files/write.js';
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

export function renderReport(result: Omit<GenerateResult, 'reportPath'>, site: string): string {
  const report = {
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
    pages: result.records.map(
      (r): ReportPage => ({
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
      }),
    ),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

export async function writeReport(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, text);
}
