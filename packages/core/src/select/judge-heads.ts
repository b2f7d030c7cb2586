/**
 * Reads and judges the heads of a list of pages (touches disk): what `selectByHead` needs from
 * each emitted page. A range of the list at a time, so a helper thread can take a share.
 */

import { StringColumn, type StringColumnData } from '../columns/string-column.js';
import { readHeadSafely } from '../discover/read-head.js';
import type { HeadRules } from '../options/option-parts.js';
import { type HeadVerdict, judgeHead } from './head-rules.js';

/** Strings by row: a list, or a column (shared with a helper thread, so it is never copied). */
export type Rows = readonly string[] | StringColumn;

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
  files: Rows;
  urls: Rows;
  urlPrefix?: string;
  rows?: Uint32Array;
  rules: HeadRules;
}

/** How many pages `job` judges. */
export function jobSize(job: HeadJob): number {
  return job.rows ? job.rows.length : rowCount(job.files);
}

/** A head job as a thread posts it: its columns as their data, their bytes not copied. */
export type HeadJobData = Omit<HeadJob, 'files' | 'urls'> & {
  files: readonly string[] | StringColumnData;
  urls: readonly string[] | StringColumnData;
};

const asData = (rows: Rows) => (rows instanceof StringColumn ? rows.toData() : rows);
const fromData = (rows: readonly string[] | StringColumnData): Rows =>
  Array.isArray(rows) ? rows : StringColumn.fromData(rows as StringColumnData);

export function headJobData(job: HeadJob): HeadJobData {
  return { ...job, files: asData(job.files), urls: asData(job.urls) };
}

export function headJobFrom(data: HeadJobData): HeadJob {
  return { ...data, files: fromData(data.files), urls: fromData(data.urls) };
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
    const head = readHeadSafely(`${job.outDir}/${row(job.files, at)}`);
    if ('error' in head) {
      outcomes.push(head);
      continue;
    }
    const verdict = judgeHead(head, prefix + row(job.urls, at), job.rules);
    outcomes.push(isEmpty(verdict) ? null : verdict);
  }
  return outcomes;
}
