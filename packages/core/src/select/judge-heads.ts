/**
 * Reads and judges the heads of a list of pages (touches disk): what `selectByHead` needs from
 * each emitted page. A range of the list at a time, so a helper thread can take a share.
 */

import { readHeadSafely } from '../discover/read-head.js';
import type { HeadRules } from '../options/option-parts.js';
import { type HeadVerdict, judgeHead } from './head-rules.js';

export interface HeadJob {
  outDir: string;
  /** Page files relative to outDir, and their URLs. */
  files: string[];
  urls: string[];
  rules: HeadRules;
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
  for (let i = from; i < to; i++) {
    const head = readHeadSafely(`${job.outDir}/${job.files[i]}`);
    if ('error' in head) {
      outcomes.push(head);
      continue;
    }
    const verdict = judgeHead(head, job.urls[i] as string, job.rules);
    outcomes.push(isEmpty(verdict) ? null : verdict);
  }
  return outcomes;
}
