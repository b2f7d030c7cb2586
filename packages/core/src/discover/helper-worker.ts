/**
 * The helper thread's entry (see `HelperThread`): scans the sources first, sharing the list with
 * the main thread, then takes a share of each head job the main thread posts. What it sends back
 * is not kept here (it is all locals), so its heap does not hold a second copy of the site.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { listSources } from './find-sources.js';
import {
  type HelperData,
  type HelperReply,
  type HelperRequest,
  shareHeadJob,
  shareSourceScan,
} from './helper-thread.js';

const port = parentPort;
if (port) {
  const reply = (message: HelperReply): void => port.postMessage(message);
  const scanSources = (data: HelperData): void => {
    const list = listSources(data.sources, data.root);
    reply({ kind: 'source-list', list });
    reply({ kind: 'source-parts', parts: shareSourceScan(list, data) });
  };
  scanSources(workerData as HelperData);
  port.on('message', (request: HelperRequest) => {
    reply({ kind: 'head-parts', parts: shareHeadJob(request) });
  });
}
