/**
 * Reads and judges the heads of a list of pages (touches disk): what `selectByHead` needs from
 * each emitted page. A range of the list at a time, so a helper thread can take a share.
 */

import { fileOf, type PageFiles } from '../columns/page-table.js';
import { StringColumn, type StringColumnData } from '../columns/string-column.js';
import { readHeadSafely } from '../discover/read-head.js';
import type { HeadRules } from '../options/option-parts.js';
import { type HeadVerdict, judgeHead } from './head-rules.js';

/** Strings by row: a list, or a column (shared with a helper thread, so it is never copied). */
export type Rows = readonly string[] | StringColumn;

/** Files by row: strings, or as a page table keeps them (`fileOf`, with the job's URLs). */
export type Files = Rows | PageFiles;

type PageFilesData = Omit<PageFiles, 'kept'> & { kept: StringColumnData };

export function rowCount(rows: Rows): number {
  return rows instanceof StringColumn ? rows.size : rows.length;
}

function row(rows: Rows, index: number): string {
  return rows instanceof StringColumn ? rows.get(index) : (rows[index] as string);
}

export interface HeadJob {
  outDir: string;
  /**
   * Page files relative to outDir, and their URLs (each without `urlPrefix`): page i is row
   * `rows[i]` of each, or row i without `rows`.
   */
  files: Files;
  urls: Rows;
  urlPrefix?: string;
  rows?: Uint32Array;
  rules: HeadRules;
}

/** How many pages `job` judges. */
export function jobSize(job: HeadJob): number {
  return job.rows ? job.rows.length : rowCount(job.urls);
}

function isPageFiles(files: Files): files is PageFiles {
  return 'codes' in files;
}

/** The file of row `at` of `job`. */
function fileAt(job: HeadJob, at: number): string {
  const { files } = job;
  return isPageFiles(files) ? fileOf(files, job.urls as StringColumn, at) : row(files, at);
}

/** A head job as a thread posts it: its columns as their data, their bytes not copied. */
export type HeadJobData = Omit<HeadJob, 'files' | 'urls'> & {
  files: readonly string[] | StringColumnData | PageFilesData;
  urls: readonly string[] | StringColumnData;
};

const asData = (rows: Rows) => (rows instanceof StringColumn ? rows.toData() : rows);
const fromData = (rows: readonly string[] | StringColumnData): Rows =>
  Array.isArray(rows) ? rows : StringColumn.fromData(rows as StringColumnData);

export function headJobData(job: HeadJob): HeadJobData {
  const { files } = job;
  const filesData = isPageFiles(files) ? { ...files, kept: files.kept.toData() } : asData(files);
  return { ...job, files: filesData, urls: asData(job.urls) };
}

export function headJobFrom(data: HeadJobData): HeadJob {
  const { files } = data;
  const pageFiles = !Array.isArray(files) && 'codes' in files;
  return {
    ...data,
    files: pageFiles
      ? { ...files, kept: StringColumn.fromData(files.kept) }
      : fromData(files as readonly string[] | StringColumnData),
    urls: fromData(data.urls),
  };
}

/** The verdict on a page, the read error, or null for a page its head says nothing about. */
export type HeadOutcome = HeadVerdict | { error: string } | null;

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
  const prefix = job.urlPrefix ?? '';
  for (let i = from; i < to; i++) {
    const at = job.rows ? (job.rows[i] as number) : i;
    const head = readHeadSafely(`${job.outDir}/${fileAt(job, at)}`);
    if ('error' in head) {
      outcomes.push(head);
      continue;
    }
    const verdict = judgeHead(head, prefix + row(job.urls, at), job.rules);
    outcomes.push(isEmpty(verdict) ? null : verdict);
  }
  return outcomes;
}
