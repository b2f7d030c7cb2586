/**
 * The helper thread's entry (see `HelperThread`): scans the sources first, sharing the list with
 * the main thread, then takes a share of each head job the main thread posts. Each range is
 * posted as soon as it is done and not kept, so its heap never holds its share of the site.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { listSources, sourceListData } from '../discover/find-sources.js';
import { headJobFrom } from '../select/judge-heads.js';
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
    reply({ kind: 'source-list', list: sourceListData(list) });
    shareSourceScan(list, data, (part) => reply({ kind: 'source-part', part }));
    reply({ kind: 'source-done' });
  };
  scanSources(workerData as HelperData);
  port.on('message', (request: HelperRequest) => {
    shareHeadJob(headJobFrom(request.job), request.cursor, (part) =>
      reply({ kind: 'head-part', part }),
    );
    reply({ kind: 'head-done' });
  });
}
