/**
 * Collects the files for the XSD pass and validates them in batches of about 16 MiB, so a big set
 * is never held whole and a small one costs one xmllint call per kind of schema. A batch runs in
 * xmllint's worker thread while the next files are parsed; at most one runs at a time. Each XSD
 * error becomes a finding as it is read, unless our own rules said it already.
 */

import { isMissingDependency, type SitemapError } from '../errors.js';
import { XHTML_NS } from '../limits.js';
import type { LineSpans } from './line-spans.js';
import type { RuleId } from './rules.js';
import { streamXsd, XSD_BATCH_BYTES, type XsdJob } from './xsd.js';
import { type OwnErrorLines, xsdFinding } from './xsd-findings.js';

type Report = (rule: RuleId, file: string, fields: { line?: number; message: string }) => void;

interface Queued {
  job: XsdJob;
  file: string;
  /** Entries with a structural finding of our own. */
  spans: LineSpans;
  /** Lines with an error finding of our own. */
  own: OwnErrorLines;
}

export class XsdQueue {
  private queued: Queued[] = [];
  private bytes = 0;
  private nextId = 0;
  private running: Promise<void> = Promise.resolve();
  /** xmllint could not be loaded: said once, by `drain`, not as a finding on every file. */
  private missing: SitemapError | null = null;

  constructor(private readonly report: Report) {}

  /** Queues one file; runs the batch when it is full. */
  async add(
    file: string,
    job: Omit<XsdJob, 'id'>,
    known: { spans: LineSpans; own: OwnErrorLines },
  ): Promise<void> {
    const unchecked = [...job.extensions].filter(([ns]) => ns !== XHTML_NS);
    if (unchecked.length > 0) {
      const list = unchecked
        .map(([ns, names]) => `${ns} (${[...names].sort().join(', ')})`)
        .join('; ');
      this.report('xsd-extension-not-checked', file, {
        message: `inside these extension elements, not XSD-checked (their schemas are not shipped): ${list}; the rest of the file was`,
      });
    }
    this.queued.push({ job: { ...job, id: this.nextId++ }, file, ...known });
    this.bytes += job.xml.length;
    if (this.bytes > XSD_BATCH_BYTES) await this.flush();
  }

  /** Starts validating what is queued, once the batch before it is done; does not wait for it. */
  async flush(): Promise<void> {
    const queued = this.queued;
    [this.queued, this.bytes] = [[], 0];
    await this.running;
    if (queued.length > 0) this.running = this.validate(queued);
  }

  /** Validates everything queued and waits for every finding. */
  async drain(): Promise<void> {
    await this.flush();
    await this.running;
    if (this.missing) throw this.missing;
  }

  private async validate(queued: Queued[]): Promise<void> {
    const byId = new Map(queued.map((q) => [q.job.id, q]));
    try {
      await streamXsd(
        queued.map((q) => q.job),
        (id, error) => {
          const q = byId.get(id);
          const finding = q && xsdFinding(q.file, error, q.own, q.spans);
          if (q !== undefined && finding !== undefined) this.report('xsd', q.file, finding);
        },
      );
    } catch (error) {
      if (isMissingDependency(error)) {
        this.missing ??= error;
        return;
      }
      for (const { file } of queued) {
        this.report('xsd', file, { message: `the XSD pass failed: ${(error as Error).message}` });
      }
    }
  }
}
