/**
 * A second thread for the two kinds of per-file work on a large site: scanning the sources and
 * reading the heads of the pages. Both threads claim ranges of one list from a shared counter
 * (`shared-ranges.ts`), and the results are put back in list order, so the output is the same as
 * on one thread, byte for byte.
 *
 * The page walk is synchronous, so `start()` is called from inside it once it has found enough
 * pages to be worth a thread (one costs ~100 ms to start): the helper lists and scans the sources
 * while this thread is still walking, and this thread joins in when its walk is done. Head jobs
 * are posted later, and both threads read and judge heads until the list is done; a large
 * site's heads go to two helpers and none to this thread (`discover-pages.ts` says why).
 *
 * A small site (a build that reads no file, only stats its sources, starts one on a larger site
 * than one that reads heads or frontmatter: `discover-pages.ts`), `threads: false`, or a run
 * without the compiled worker (from the TypeScript sources) gets no helper: everything runs on
 * this thread.
 */
import {
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
} from 'node:worker_threads';
import type { DateFields } from '../dates/frontmatter-fields.js';
import { scanSourceRange } from '../discover/find-sources.js';
import { PAGE_FILES } from '../discover/page-files.js';
import { type FolderEntries, readFolder } from '../discover/read-folder.js';
import { type SourceList, type SourceListData, sourceListFrom } from '../discover/source-list.js';
import { type SourceScan, SourceTable } from '../discover/source-table.js';
import type { SharedWalk } from '../discover/walk-files.js';
import { type RangePart, type SharedFolder, walkRange } from '../discover/walk-range.js';
import { SitemapError } from '../errors.js';
import { hasWorker } from '../files/folders.js';
import type { ResolvedSource } from '../options/resolve-options.js';
import {
  type HeadJob,
  type HeadJobData,
  type HeadOutcome,
  headJobData,
  judgeHeadRange,
} from '../select/judge-heads.js';
import {
  inOrder,
  type Part,
  workClaimedRanges,
  workClaimedRangesGivingWay,
} from './shared-ranges.js';

/** Pages found before a helper thread is started, when files are read (`discover-pages.ts`). */
export const THREAD_FROM_PAGES = 5000;

const WORKER_URL = new URL('./helper-worker.js', import.meta.url);

/**
 * The young generation of a thread the core starts (the helpers, the git thread), in MB. What
 * such a thread makes per file (a stat, a head, a frontmatter block, a line of git's output)
 * dies young, but V8 grows a young generation to its largest (tens of MB a semi-space) once
 * enough has survived over a long run. Capped, the thread's heap stays small: at 1,000,000
 * pages the peak RSS of a frontmatter build fell by ~100 MB, and the git thread's at 100,000
 * pages by ~90 MB, at no cost in time (bench/README.md).
 */
export const HELPER_YOUNG_GENERATION_MB = 4;

/**
 * What the helper posts. Parts are posted one range at a time as they are done, then `*-done`:
 * messages on a port keep their order, so every part has come in when its `done` does.
 */
export type HelperReply =
  | { kind: 'source-list'; list: SourceListData }
  | { kind: 'source-part'; part: Part<SourceScan> }
  | { kind: 'source-done' }
  | { kind: 'head-part'; part: Part<HeadOutcome> }
  | { kind: 'head-done' };

type Reply<K extends HelperReply['kind']> = Extract<HelperReply, { kind: K }>;

export interface HelperRequest {
  job: HeadJobData;
  cursor: SharedArrayBuffer;
}

/** What the helper is started with: the sources to scan and the counter shared over their list. */
export interface HelperData {
  sources: ResolvedSource[];
  root: string;
  /** The frontmatter date fields to read, or null when frontmatter is not read. */
  fields: DateFields | null;
  cursor: SharedArrayBuffer;
}

/**
 * What the helper thread is started with: `HelperData`, the port it posts its source parts on,
 * which this thread reads without waiting (`takeSourceParts`), and the port folders of the page
 * walk are offered on (`shareFolder`), its parts of them posted back.
 */
export interface HelperStart extends HelperData {
  parts: MessagePort;
  walk: MessagePort;
}

/**
 * A folder of the page walk offered to the helper. `counter`: two shared integers, the next
 * entry to claim and the number of parts the helper has posted (this thread waits on it).
 */
export interface WalkOffer {
  id: number;
  folder: SharedFolder;
  counter: SharedArrayBuffer;
}

/** A part of an offered folder, walked by the helper. */
export interface WalkReply {
  id: number;
  part: RangePart;
}

/**
 * How long this thread waits for a part of a shared folder with no part coming from the helper
 * before it walks the part itself: far longer than a range takes, short enough that a helper
 * that is gone costs little.
 */
const GIVE_UP_MS = 2000;

/** The helper's share of an offered folder: ranges claimed until none is left, each posted. */
export function walkOffered(
  offer: WalkOffer,
  post: (reply: WalkReply, move: ArrayBuffer[]) => void,
): void {
  const { id, folder } = offer;
  const counter = new Int32Array(offer.counter);
  const count = folder.count;
  // A folder the walk is done with by now is not read again for nothing.
  if (Atomics.load(counter, 0) >= count) return;
  let entries: FolderEntries;
  try {
    entries = readFolder(folder.dir, folder.large);
  } catch {
    return;
  }
  // A folder read otherwise than by the walk: none of it is claimed here.
  if (entries.length !== count) {
    entries.release?.();
    return;
  }
  for (
    let from = Atomics.add(counter, 0, folder.chunk);
    from < count;
    from = Atomics.add(counter, 0, folder.chunk)
  ) {
    const part = walkRange(folder, entries, from, Math.min(from + folder.chunk, count), PAGE_FILES);
    post({ id, part }, [part.paths.buffer as ArrayBuffer, part.ends.buffer as ArrayBuffer]);
    Atomics.add(counter, 1, 1);
    Atomics.notify(counter, 1);
  }
  entries.release?.();
}

/**
 * One thread's share of the source scan: ranges of `list` claimed from the shared counter.
 * `intoTable`: the table of the thread that keeps it, which takes the frontmatter as it is read.
 */
export function shareSourceScan(
  list: SourceList,
  data: HelperData,
  take: (part: Part<SourceScan>) => void,
  intoTable?: SourceTable,
): void {
  const { sources, fields, cursor } = data;
  workClaimedRanges(
    new Int32Array(cursor),
    list.paths.size,
    (from, to) => [scanSourceRange(list, sources, fields, from, to, intoTable)],
    take,
  );
}

/** One thread's share of a head job: ranges of its pages claimed from the shared counter. */
export function shareHeadJob(
  job: HeadJob,
  cursor: SharedArrayBuffer,
  take: (part: Part<HeadOutcome>) => void,
): void {
  workClaimedRanges(
    new Int32Array(cursor),
    job.rows.length,
    (from, to) => judgeHeadRange(job, from, to),
    take,
  );
}

function failed(message: string): SitemapError {
  return new SitemapError('thread-failed', `sitemapkit: the helper thread failed: ${message}`);
}

/** What the helper threw: a library it could not load keeps its code and words. */
function fromHelper(error: Error): SitemapError {
  const { code } = error as { code?: unknown };
  return code === 'dependency-missing'
    ? new SitemapError(code, error.message)
    : failed(error.message);
}

export class HelperThread {
  readonly #worker: Worker;
  readonly #data: HelperData;
  /** Replies by kind, in the order they come; parts are gathered as they come instead. */
  readonly #waiting = new Map<HelperReply['kind'], (reply: HelperReply) => void>();
  readonly #replies: HelperReply[] = [];
  /** The sources scanned so far, both threads' parts in list order. */
  readonly #sources = new SourceTable();
  readonly #takeSourcePart = inOrder((scan: SourceScan) => this.#sources.fill(scan));
  /** Where the helper posts its source parts: read here as the walk goes (`takeSourceParts`). */
  readonly #parts: MessagePort;
  /** Where folders of the page walk are offered, and the helper's parts come back. */
  readonly #walk: MessagePort;
  /** The last folder offered, so that parts of one before it are told apart. */
  #offers = 0;
  /** Where a head part goes while a head job runs. */
  #takeHeadPart: ((part: Part<HeadOutcome>) => void) | null = null;
  #failure: SitemapError | null = null;
  readonly #onFailure: Array<(error: SitemapError) => void> = [];

  private constructor(sources: ResolvedSource[], root: string, fields: DateFields | null) {
    this.#data = { sources, root, fields, cursor: new SharedArrayBuffer(4) };
    const { port1, port2 } = new MessageChannel();
    this.#parts = port1;
    const walk = new MessageChannel();
    this.#walk = walk.port1;
    const start: HelperStart = { ...this.#data, parts: port2, walk: walk.port2 };
    this.#worker = new Worker(WORKER_URL, {
      workerData: start,
      transferList: [port2, walk.port2],
      resourceLimits: { maxYoungGenerationSizeMb: HELPER_YOUNG_GENERATION_MB },
    });
    this.#worker.unref();
    this.#worker.on('message', (reply: HelperReply) => {
      if (reply.kind === 'head-part') this.#takeHeadPart?.(reply.part);
      else this.#answer(reply);
    });
    const fail = (error: SitemapError): void => {
      this.#failure ??= error;
      for (const reject of this.#onFailure.splice(0)) reject(error);
    };
    this.#worker.once('error', (error) => fail(fromHelper(error)));
    this.#worker.once('exit', (code) => fail(failed(`it stopped with exit code ${code}`)));
  }

  /**
   * A helper, or null when none can run: no compiled worker next to this module (a bundle, or
   * the TypeScript sources), or no thread to be had. Work then stays on this thread.
   */
  static start(
    sources: ResolvedSource[],
    root: string,
    fields: DateFields | null,
  ): HelperThread | null {
    if (!hasWorker(WORKER_URL)) return null;
    try {
      return new HelperThread(sources, root, fields);
    } catch {
      return null;
    }
  }

  /** A reply that is not a part: to whoever waits for its kind, or queued until someone does. */
  #answer(reply: HelperReply): void {
    const waiter = this.#waiting.get(reply.kind);
    if (waiter) {
      this.#waiting.delete(reply.kind);
      waiter(reply);
    } else this.#replies.push(reply);
  }

  #next<K extends HelperReply['kind']>(kind: K): Promise<Reply<K>> {
    return new Promise((resolve, reject) => {
      const index = this.#replies.findIndex((r) => r.kind === kind);
      if (index >= 0) {
        resolve(this.#replies.splice(index, 1)[0] as Reply<K>);
        return;
      }
      if (this.#failure) {
        reject(this.#failure);
        return;
      }
      this.#waiting.set(kind, resolve as (reply: HelperReply) => void);
      this.#onFailure.push(reject);
    });
  }

  /**
   * Takes the source parts the helper has posted so far into the table, without waiting; with
   * `before`, up to the first part that starts past it. The page walk calls it as it goes: it
   * never gives way to the event loop, and a helper that scans faster than it walks would
   * otherwise leave every part it posted (at a million sources, some hundreds of MB) waiting in
   * the port until the walk is done.
   */
  takeSourceParts(before = Number.POSITIVE_INFINITY): void {
    for (
      let got = receiveMessageOnPort(this.#parts);
      got;
      got = receiveMessageOnPort(this.#parts)
    ) {
      const { part } = got.message as Reply<'source-part'>;
      this.#takeSourcePart(part);
      // Parts come in list order: the first one past `before` is the last one taken.
      if (part.from > before) return;
    }
  }

  /**
   * Shares a folder of the page walk with the helper (`walk-files.ts`): the helper walks ranges
   * of its entries as it comes to them, between its other work, and this thread takes its parts
   * without giving way to the event loop, waiting for one only when there is nothing else to do.
   * Should the helper not post a part it claimed for `GIVE_UP_MS`, this thread walks that part
   * and the rest of the folder alone.
   */
  shareFolder(folder: SharedFolder): SharedWalk {
    const id = ++this.#offers;
    const shared = new SharedArrayBuffer(8);
    const counter = new Int32Array(shared);
    const count = folder.count;
    const offer: WalkOffer = { id, folder, counter: shared };
    this.#walk.postMessage(offer);
    let gaveUp = false;
    /** A part read before its turn: kept for it (the helper posts its parts in entry order). */
    let early: RangePart | null = null;
    /**
     * The helper's next part of this folder, read from the port one at a time: the parts it
     * posted later wait there, outside the heap, until their turn (a folder's parts taken into
     * the heap at once, many surviving a collection together, grew V8's young generation for
     * good at 1,000,000 pages). A part of a folder shared before is dropped.
     */
    const nextPart = (): RangePart | null => {
      const kept = early;
      early = null;
      if (kept) return kept;
      for (
        let got = receiveMessageOnPort(this.#walk);
        got;
        got = receiveMessageOnPort(this.#walk)
      ) {
        const reply = got.message as WalkReply;
        if (reply.id === id) return reply.part;
      }
      return null;
    };
    const endClaims = () => Atomics.store(counter, 0, count);
    return {
      claim: () => {
        const from = Atomics.add(counter, 0, folder.chunk);
        return from < count ? from : -1;
      },
      part: (from, wait) => {
        for (;;) {
          if (gaveUp) return null;
          const posted = Atomics.load(counter, 1);
          const part = nextPart();
          if (part && part.from === from) return part;
          if (part && part.from > from) {
            early = part;
            return null;
          }
          if (part) continue;
          if (!wait) return null;
          if (Atomics.wait(counter, 1, posted, GIVE_UP_MS) === 'timed-out') {
            gaveUp = true;
            endClaims();
          }
        }
      },
      close: endClaims,
    };
  }

  /**
   * The source scan, with this thread taking its share of what is left: each part goes into the
   * table, in list order, as it comes.
   */
  async sources(): Promise<SourceTable> {
    const list = sourceListFrom((await this.#next('source-list')).list);
    const table = this.#sources;
    // The rows are the list's: its paths tell each source's path and key.
    table.setList(list);
    this.takeSourceParts();
    // Each of this thread's parts goes in between the helper's: the helper's parts before it
    // are taken first (else this part would wait for them, as JS objects), then this part, then
    // the helper's after it. Taken before this part, they would all wait for it: at 1,000,000
    // sources with frontmatter, a backlog of the helper's parts (this thread slowed by a read)
    // waited through young collections, some 40 MB promoted at once, and V8 grew this thread's
    // young generation to its largest (a peak of 373 MB instead of 260, one build in five).
    shareSourceScan(
      list,
      this.#data,
      (part) => {
        this.takeSourceParts(part.from);
        this.#takeSourcePart(part);
        this.takeSourceParts();
      },
      table,
    );
    await this.#next('source-done');
    // Every part was posted before `source-done`, so each is in the port by now.
    this.takeSourceParts();
    return table;
  }

  /**
   * Reads and judges the heads of `job` with this helper and `others`, and this thread too when
   * `share`: each outcome goes to `take` in list order as soon as those before it have come, so
   * only the parts that came early are held. This thread gives way between its ranges, so the
   * helpers' parts are taken as they come. Resolves to how many pages this thread judged.
   *
   * A read that fails stops its helpers: they may still be judging its ranges, and what they
   * post would be taken as another job's.
   */
  async heads(
    job: HeadJob,
    take: (outcome: HeadOutcome, index: number) => void,
    { others = [], share = true }: { others?: HelperThread[]; share?: boolean } = {},
  ): Promise<number> {
    let here = 0;
    let index = 0;
    // `take` may throw (a bad page in a `strict` build): from a message it would be uncaught,
    // so it is kept and thrown here, and the parts after it are dropped.
    let failure: { error: unknown } | null = null;
    let stop = (): void => {};
    const failed = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const inList = inOrder((outcome: HeadOutcome) => take(outcome, index++));
    const guarded = (part: Part<HeadOutcome>): void => {
      if (failure) return;
      try {
        inList(part);
      } catch (error) {
        failure = { error };
        stop();
      }
    };
    // The job's columns are in shared memory: the helper reads them without a copy.
    const request: HelperRequest = { job: headJobData(job), cursor: new SharedArrayBuffer(4) };
    const helpers = [this, ...others];
    try {
      for (const helper of helpers) {
        helper.#takeHeadPart = guarded;
        helper.#worker.postMessage(request);
      }
      if (share) {
        await workClaimedRangesGivingWay(
          new Int32Array(request.cursor),
          job.rows.length,
          (from, to) => {
            here += to - from;
            return judgeHeadRange(job, from, to);
          },
          guarded,
          () => failure !== null,
        );
      }
      // Every range is claimed and judged by someone: each helper says when it has no more. A
      // failure ends the wait without waiting for the helpers to finish the job.
      if (!failure) {
        const done = Promise.all(helpers.map((helper) => helper.#next('head-done')));
        done.catch(() => {});
        await Promise.race([done, failed]);
      }
    } finally {
      for (const helper of helpers) helper.#takeHeadPart = null;
    }
    if (failure) {
      for (const helper of helpers) helper.stop();
      throw (failure as { error: unknown }).error;
    }
    return here;
  }

  /** Stops the thread; safe to call more than once. */
  stop(): void {
    this.#failure ??= failed('it was stopped');
    void this.#worker.terminate();
    this.#parts.close();
    this.#walk.close();
  }
}
