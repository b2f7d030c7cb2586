/**
 * Where a run's findings go: every one is counted, at most 100 per rule and file (and 10,000 in
 * all) are kept, the first found, and the rest are counted per file, rule and severity. URLs and
 * messages are clipped as they come in. Memory is bounded by the caps, whatever the input. Pure.
 */

import { clip } from '../url/shorten.js';
import { MAX_FINDINGS_PER_RULE, MAX_FINDINGS_PER_RUN, MAX_MESSAGE_CHARS } from './bounds.js';
import type { DroppedFindings, Finding, Severity } from './types.js';

export interface FindingCaps {
  /** @default MAX_FINDINGS_PER_RULE */
  perRule: number;
  /** @default MAX_FINDINGS_PER_RUN */
  perRun: number;
}

export interface LoggedFindings {
  findings: Finding[];
  dropped: DroppedFindings[];
  errors: number;
  warnings: number;
}

const SEP = '\u0000';

export class FindingLog {
  private readonly kept: Finding[] = [];
  /** file, rule -> findings kept. */
  private readonly keptOf = new Map<string, number>();
  /** file, rule, severity -> findings dropped. */
  private readonly dropped = new Map<string, DroppedFindings>();
  private errors = 0;
  private warnings = 0;

  constructor(
    private readonly caps: FindingCaps = {
      perRule: MAX_FINDINGS_PER_RULE,
      perRun: MAX_FINDINGS_PER_RUN,
    },
  ) {}

  /**
   * Logs one finding: kept (clipped) while under the caps, else counted.
   * @example const log = new FindingLog({ perRule: 1, perRun: 10 });
   *   log.add({ rule: 'duplicate-url', severity: 'warning', file: 's.xml', message: 'twice' });
   */
  add(finding: Finding): void {
    this.count(finding.severity, 1);
    const key = `${finding.file}${SEP}${finding.rule}`;
    const kept = this.keptOf.get(key) ?? 0;
    if (kept < this.caps.perRule && this.kept.length < this.caps.perRun) {
      this.keptOf.set(key, kept + 1);
      this.kept.push(clipped(finding));
      return;
    }
    this.drop(finding.file, finding.rule, finding.severity, 1);
  }

  /** Logs `count` findings that were counted, never made (a scanner's own overflow). */
  addDropped(file: string, rule: string, severity: Severity, count: number): void {
    if (count <= 0) return;
    this.count(severity, count);
    this.drop(file, rule, severity, count);
  }

  /** The findings and counts, sorted by the files' rank (then line and rule). */
  finish(rank: (file: string) => number): LoggedFindings {
    const findings = this.kept.sort(
      (a, b) =>
        rank(a.file) - rank(b.file) ||
        (a.line ?? 0) - (b.line ?? 0) ||
        a.rule.localeCompare(b.rule),
    );
    const dropped = [...this.dropped.values()].sort(
      (a, b) =>
        rank(a.file) - rank(b.file) ||
        a.rule.localeCompare(b.rule) ||
        a.severity.localeCompare(b.severity),
    );
    return { findings, dropped, errors: this.errors, warnings: this.warnings };
  }

  private count(severity: Severity, n: number): void {
    if (severity === 'error') this.errors += n;
    else this.warnings += n;
  }

  private drop(file: string, rule: string, severity: Severity, n: number): void {
    const key = `${file}${SEP}${rule}${SEP}${severity}`;
    const entry = this.dropped.get(key);
    if (entry !== undefined) entry.count += n;
    else this.dropped.set(key, { rule, severity, file, count: n });
  }
}

/** The finding with its URL and message clipped. */
function clipped(finding: Finding): Finding {
  const message = clip(finding.message, MAX_MESSAGE_CHARS);
  if (finding.url === undefined) {
    return message === finding.message ? finding : { ...finding, message };
  }
  return { ...finding, url: clip(finding.url), message };
}
