/**
 * Reads and judges the heads of a list of pages (touches disk): what `selectByHead` needs from
 * each emitted page. A range of the list at a time, so a helper thread can take a share.
 */

import { fileOf, type PageColumns, type PageFiles } from '../columns/page-table.js';
import { StringColumn, type StringColumnData } from '../columns/string-column.js';
import { readHeadSafely } from '../discover/read-head.js';
import type { HeadRules } from '../options/option-parts.js';
import { type HeadVerdict, judgeHead } from './head-rules.js';

/**
 * The pages to judge, as a page table gives them (`PageTable.fileColumns`): page i is row
 * `rows[i]` of the files and the URLs.
 */
export interface HeadJob extends PageColumns {
  outDir: string;
  rules: HeadRules;
}

/** A head job as a thread posts it: its columns as their data, their bytes not copied. */
export type HeadJobData = Omit<HeadJob, 'files' | 'urls'> & {
  files: Omit<PageFiles, 'kept'> & { kept: StringColumnData };
  urls: StringColumnData;
};

export function headJobData(job: HeadJob): HeadJobData {
  return {
    ...job,
    files: { ...job.files, kept: job.files.kept.toData() },
    urls: job.urls.toData(),
  };
}

export function headJobFrom(data: HeadJobData): HeadJob {
  const files = { ...data.files, kept: StringColumn.fromData(data.files.kept) };
  return { ...data, files, urls: StringColumn.fromData(data.urls) };
}

/** The verdict on a page, the read error, or null for a page its head says nothing about. */
export type HeadOutcome = HeadVerdict | { error: string } | null;

/**
 * Reads and judges the heads of a job's pages, handing each outcome to `take` with its page's
 * index in the job, in list order, as it comes: no list of them all is made.
 */
export type HeadReader = (
  job: HeadJob,
  take: (outcome: HeadOutcome, index: number) => void,
) => Promise<void>;

/** The `HeadReader` of one thread: a range at a time. */
export async function readHeadsHere(
  job: HeadJob,
  take: (outcome: HeadOutcome, index: number) => void,
): Promise<void> {
  const total = job.rows.length;
  for (let from = 0; from < total; from += HEAD_RANGE) {
    const outcomes = judgeHeadRange(job, from, Math.min(from + HEAD_RANGE, total));
    for (let k = 0; k < outcomes.length; k++) take(outcomes[k] as HeadOutcome, from + k);
  }
}

/** Pages judged at a time on one thread. */
const HEAD_RANGE = 256;

function isEmpty(verdict: HeadVerdict): boolean {
  return (
    verdict.excluded === undefined &&
    verdict.canonicalForm === undefined &&
    verdict.modified === undefined &&
    verdict.published === undefined &&
    verdict.alternates.length === 0 &&
    verdict.problems.length === 0 &&
    verdict.cutAt === undefined
  );
}

export function judgeHeadRange(job: HeadJob, from: number, to: number): HeadOutcome[] {
  const outcomes: HeadOutcome[] = [];
  for (let i = from; i < to; i++) {
    const at = job.rows[i] as number;
    const head = readHeadSafely(`${job.outDir}/${fileOf(job.files, job.urls, at)}`);
    if ('error' in head) {
      outcomes.push(head);
      continue;
    }
    const verdict = judgeHead(head, job.urlPrefix + job.urls.get(at), job.rules);
    outcomes.push(isEmpty(verdict) ? null : verdict);
  }
  return outcomes;
}
