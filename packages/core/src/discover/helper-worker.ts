/**
 * The helper thread's entry (see `HelperThread`): scans the sources first, sharing the list with
 * the main thread, then takes a share of each head job the main thread posts. What it sends back
 * is not kept here (it is all locals), so its heap does not hold a second copy of the site.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ResolvedSource } from '../options.js';
import { listSources, scanSourceRange } from './find-sources.js';
import type { HelperReply, HelperRequest } from './helper-thread.js';
import { judgeHeadRange } from './page-heads.js';
import { workClaimedRanges } from './shared-ranges.js';

interface HelperData {
  sources: ResolvedSource[];
  root: string;
  withFrontmatter: boolean;
  cursor: SharedArrayBuffer;
}

function scanShare(reply: (message: HelperReply) => void, data: HelperData): void {
  const { sources, root, withFrontmatter, cursor } = data;
  const list = listSources(sources, root);
  reply({ kind: 'source-list', list });
  const parts = workClaimedRanges(new Int32Array(cursor), list.paths.length, (from, to) => [
    scanSourceRange(list, sources, root, withFrontmatter, from, to),
  ]);
  reply({ kind: 'source-parts', parts });
}

function headShare(reply: (message: HelperReply) => void, { job, cursor }: HelperRequest): void {
  const parts = workClaimedRanges(new Int32Array(cursor), job.files.length, (from, to) =>
    judgeHeadRange(job, from, to),
  );
  reply({ kind: 'head-parts', parts });
}

const port = parentPort;
if (port) {
  const reply = (message: HelperReply): void => port.postMessage(message);
  scanShare(reply, workerData as HelperData);
  port.on('message', (request: HelperRequest) => headShare(reply, request));
}
