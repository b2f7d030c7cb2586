/** The git thread's entry (see `startGitDates`): reads the dates and posts them once. */
import { parentPort, workerData } from 'node:worker_threads';
import { gitDatesData, readGitDates } from '../discover/read-git-dates.js';
import type { GitStart } from './git-thread.js';

const port = parentPort;
if (port) {
  const { dirs, ignoreRevs, root, done } = workerData as GitStart;
  readGitDates(dirs, ignoreRevs, root)
    .then(
      (dates) => port.postMessage(gitDatesData(dates)),
      (error: unknown) => port.postMessage({ error: (error as Error).message }),
    )
    .finally(() => Atomics.store(done, 0, 1));
}
