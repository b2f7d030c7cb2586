/**
 * The helper thread's entry (see `HelperThread`): scans the sources first, sharing the list with
 * the main thread, then takes a share of each head job the main thread posts. Each range is
 * posted as soon as it is done and not kept, so its heap never holds its share of the site.
 */
import {
  type MessagePort,
  parentPort,
  receiveMessageOnPort,
  workerData,
} from 'node:worker_threads';
import { listSources, sourceListData } from '../discover/source-list.js';
import { headJobFrom } from '../select/judge-heads.js';
import {
  type HelperReply,
  type HelperRequest,
  type HelperStart,
  shareHeadJob,
  shareSourceScan,
  type WalkOffer,
  walkOffered,
} from './helper-thread.js';

const port = parentPort;
if (port) {
  const reply = (message: HelperReply): void => port.postMessage(message);
  const start = workerData as HelperStart;
  // A folder of the page walk comes first: the walk waits on its parts, the sources not yet.
  const walkFolder = (offer: WalkOffer): void =>
    walkOffered(offer, (walked, move) => start.walk.postMessage(walked, move));
  const walkOffers = (walk: MessagePort): void => {
    for (let got = receiveMessageOnPort(walk); got; got = receiveMessageOnPort(walk))
      walkFolder(got.message as WalkOffer);
  };
  const scanSources = (data: HelperStart): void => {
    walkOffers(data.walk);
    const list = listSources(data.sources, data.root);
    reply({ kind: 'source-list', list: sourceListData(list) });
    // The parts go on their own port, which the main thread reads while it walks.
    const part = (message: HelperReply): void => data.parts.postMessage(message);
    shareSourceScan(list, data, (scanned) => {
      part({ kind: 'source-part', part: scanned });
      walkOffers(data.walk);
    });
    reply({ kind: 'source-done' });
  };
  scanSources(start);
  start.walk.on('message', walkFolder);
  port.on('message', (request: HelperRequest) => {
    shareHeadJob(headJobFrom(request.job), request.cursor, (part) =>
      reply({ kind: 'head-part', part }),
    );
    reply({ kind: 'head-done' });
  });
}
