/**
 * What every run ends with: the counts of pages in and out and of dates by kind, the advice for
 * pages without a date and the hreflang check, the warnings capped per code, and the report.
 */
import type { PageList } from '../columns/page-list.js';
import { PageTable } from '../columns/page-table.js';
import type { Undated } from '../dates/date-pages.js';
import { undatedWarnings } from '../dates/undated-advice.js';
import { reciprocityWarnings } from '../entries/hreflang-reciprocity.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import type {
  ExclusionReason,
  GenerateResult,
  LastmodKind,
  PageRecord,
  SitemapWarning,
  WrittenFile,
} from '../types.js';
import { capWarnings } from '../warnings.js';
import { renderReport, writeReport } from './report.js';

/** `frontmatter:updatedDate` -> `frontmatter`: what the summary counts. */
function kindOf(from: PageRecord['lastmodFrom']): LastmodKind | null {
  if (from === 'none') return null;
  return from.startsWith('frontmatter:') ? 'frontmatter' : (from as LastmodKind);
}

/** Counts, the lastmod warnings, the report: what every run ends with. */
export async function finish(
  records: PageList,
  files: WrittenFile[],
  removed: string[],
  warnings: SitemapWarning[],
  indexUrl: string | null,
  options: ResolvedOptions,
  undated: Undated,
): Promise<GenerateResult> {
  reciprocityWarnings(records, warnings);
  const excluded: Partial<Record<ExclusionReason, number>> = {};
  const dated: Partial<Record<LastmodKind, number>> = {};
  let included = 0;
  let withoutLastmod = 0;
  for (const record of records) {
    if (record.excluded) excluded[record.excluded] = (excluded[record.excluded] ?? 0) + 1;
    else {
      included++;
      // A date the column keeps as a code is there without making its text.
      const hasLastmod = !Number.isNaN(record.lastmodCode) || Boolean(record.lastmod);
      const kind = hasLastmod ? kindOf(record.lastmodFrom) : null;
      if (kind) dated[kind] = (dated[kind] ?? 0) + 1;
      else withoutLastmod++;
    }
  }
  if (withoutLastmod > 0) undatedWarnings(undated, included, options, warnings);
  // The records are made the first time they are read: until then the pages stay in their
  // table, so a build whose caller never reads them never holds a record per page.
  let made: PageRecord[] | undefined;
  const result: GenerateResult = {
    indexUrl,
    files,
    pages: { found: records.length, included, excluded, withoutLastmod, dated },
    get records() {
      made ??= records.map(PageTable.record);
      return made;
    },
    set records(value) {
      made = value;
    },
    removed,
    warnings: capWarnings(warnings),
  };
  if (options.report) {
    await writeReport(options.report, renderReport(result, records, options.baseUrl));
    result.reportPath = options.report;
  }
  return result;
}
