/**
 * Reads the git dates (`readGitDates`) while the page walk runs. The walk is synchronous, so git's
 * output, read on this thread, would wait for it in a full pipe; on a thread of its own git runs
 * beside the walk and its answer is ready when the pages are. Without the compiled worker next
 * to this module (a bundle, or the TypeScript sources), or with `threads: false`, the read starts
 * here at once: a small history fits in the pipes and is read when the walk is done.
 */
import { Worker } from 'node:worker_threads';
import {
  type GitDates,
  type GitDatesData,
  gitDatesFrom,
  noGitDates,
  readGitDates,
} from '../discover/read-git-dates.js';
import { hasWorker } from '../files/folders.js';
import { HELPER_YOUNG_GENERATION_MB } from './helper-thread.js';

const WORKER_URL = new URL('./git-worker.js', import.meta.url);

/** What the git thread is started with. */
export interface GitRequest {
  dirs: string[];
  ignoreRevs: string[];
  /** What the result's paths are relative to. */
  root: string;
}

/** What the git thread is started with besides the request. */
export interface GitStart extends GitRequest {
  /** Set to 1 by the thread once its read is over (`GitRead.done`). */
  done: Int32Array;
}

/** The git dates being read. */
export interface GitRead {
  dates: Promise<GitDates>;
  /**
   * Whether the read is over, answered from shared memory: true while this thread is busy (the
   * walk), once the git thread has posted what it read, before this thread has taken it in.
   * Always false while the read runs on this thread.
   */
  done: () => boolean;
  stop: () => void;
}

/** The git dates, read on a thread of their own when `thread` and the worker allow. */
export function startGitDates(request: GitRequest, thread: boolean): GitRead {
  const here = (): GitRead => ({
    dates: readGitDates(request.dirs, request.ignoreRevs, request.root).catch((error: unknown) =>
      noGitDates(undefined, `git dates failed: ${(error as Error).message}`),
    ),
    done: () => false,
    stop: () => {},
  });
  if (!thread || !hasWorker(WORKER_URL)) return here();
  const done = new Int32Array(new SharedArrayBuffer(4));
  let worker: Worker;
  try {
    const start: GitStart = { ...request, done };
    worker = new Worker(WORKER_URL, {
      workerData: start,
      resourceLimits: { maxYoungGenerationSizeMb: HELPER_YOUNG_GENERATION_MB },
    });
  } catch {
    return here();
  }
  worker.unref();
  // A thread that fails says why git dates are off; it never fails the build.
  const dates = new Promise<GitDates>((resolve) => {
    const off = (why: string) =>
      resolve(noGitDates(undefined, `git dates are off: the git thread failed: ${why}`));
    worker.once('message', (result: GitDatesData | { error: string }) =>
      'error' in result ? off(result.error) : resolve(gitDatesFrom(result)),
    );
    worker.once('error', (error) => off(error.message));
    worker.once('exit', (code) => off(`it stopped with exit code ${code}`));
  });
  return { dates, done: () => Atomics.load(done, 0) === 1, stop: () => void worker.terminate() };
}
