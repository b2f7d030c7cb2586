/**
 * Collects the files for the XSD pass and validates them in batches of about 16 MiB, so a big set
 * is never held whole and a small one costs one xmllint call per kind of schema. A batch runs in
 * xmllint's worker thread while the next files are parsed; at most one runs at a time.
 */

import { XHTML_NS } from '../limits.js';
import type { RuleId } from './rules.js';
import type { Finding } from './types.js';
import { runXsd, XSD_BATCH_BYTES, type XsdJob } from './xsd.js';
import { xsdFindings } from './xsd-findings.js';

type Report = (rule: RuleId, file: string, fields: { line?: number; message: string }) => void;

interface Queued {
  job: XsdJob;
  file: string;
  spans: readonly (readonly [number, number])[];
}

export class XsdQueue {
  private queued: Queued[] = [];
  private bytes = 0;
  private nextId = 0;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly report: Report,
    /** A file's findings so far, to leave out the XSD errors they already cover. */
    private readonly findingsOf: (file: string) => readonly Finding[],
  ) {}

  /** Queues one file; runs the batch when it is full. */
  async add(file: string, job: Omit<XsdJob, 'id'>, spans: Queued['spans']): Promise<void> {
    const unchecked = [...job.extensions].filter(([ns]) => ns !== XHTML_NS);
    if (unchecked.length > 0) {
      const list = unchecked
        .map(([ns, names]) => `${ns} (${[...names].sort().join(', ')})`)
        .join('; ');
      this.report('xsd-extension-not-checked', file, {
        message: `inside these extension elements, not XSD-checked (their schemas are not shipped): ${list}; the rest of the file was`,
      });
    }
    this.queued.push({ job: { ...job, id: this.nextId++ }, file, spans });
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
  }

  private async validate(queued: Queued[]): Promise<void> {
    try {
      const errors = await runXsd(queued.map((q) => q.job));
      for (const { job, file, spans } of queued) {
        const found = xsdFindings(file, errors.get(job.id) ?? [], this.findingsOf(file), spans);
        for (const f of found) this.report('xsd', file, f);
      }
    } catch (error) {
      for (const { file } of queued) {
        this.report('xsd', file, { message: `the XSD pass failed: ${(error as Error).message}` });
      }
    }
  }
}
