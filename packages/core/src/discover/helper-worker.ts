/**
 * The helper thread's entry (see `HelperThread`): scans the sources first, sharing the list with
 * the main thread, then takes a share of each head job the main thread posts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ResolvedSource } from '../options.js';
import { listSources, scanSourceRange } from './find-sources.js';
import type { HelperReply, HelperRequest } from './helper-thread.js';
import { judgeHeadRange } from './page-heads.js';
import { workClaimedRanges } from './shared-ranges.js';

const { sources, root, withFrontmatter, cursor } = workerData as {
  sources: ResolvedSource[];
  root: string;
  withFrontmatter: boolean;
  cursor: SharedArrayBuffer;
};
const port = parentPort;
if (port) {
  const reply = (message: HelperReply): void => port.postMessage(message);
  const list = listSources(sources, root);
  reply({ kind: 'source-list', list });
  const parts = workClaimedRanges(new Int32Array(cursor), list.paths.length, (from, to) => [
    scanSourceRange(list, sources, root, withFrontmatter, from, to),
  ]);
  reply({ kind: 'source-parts', parts });
  port.on('message', (request: HelperRequest) => {
    const job = request.job;
    const parts = workClaimedRanges(new Int32Array(request.cursor), job.files.length, (from, to) =>
      judgeHeadRange(job, from, to),
    );
    reply({ kind: 'head-parts', parts });
  });
}
