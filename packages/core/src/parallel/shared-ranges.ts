/**
 * Work shared by two threads over one list: each claims the next range of indices from a shared
 * counter until none is left, and the parts are put back in list order, so the result does not
 * depend on which thread did what. Pure but for the counter.
 */

/**
 * Indices per claimed range: large enough to keep the counter cold, small enough to balance, and
 * small for memory. A helper posts each range's part as one message, whose bytes glibc takes
 * from that thread's own arena and does not give back when the message is read: small parts
 * reuse the same few chunks. Heads read at 1,000,000 pages peaked at 336 MB with 64 indices a
 * range, 378-395 MB with 256 and 415 MB with 4,096, in the same time (bench/README.md).
 */
const RANGE = 64;

export interface Part<T> {
  from: number;
  items: T[];
}

/** The next range's start, claimed from `cursor`, or -1 when none is left. */
function claim(cursor: Int32Array, total: number): number {
  const from = Atomics.add(cursor, 0, RANGE);
  return from >= total ? -1 : from;
}

/**
 * Claims ranges of `0..total` from `cursor` and runs `work` on each, until none is left; each
 * part goes to `take` as soon as it is done (a helper thread posts it at once, so it keeps no
 * part of its share).
 */
export function workClaimedRanges<T>(
  cursor: Int32Array,
  total: number,
  work: (from: number, to: number) => T[],
  take: (part: Part<T>) => void,
): void {
  for (let from = claim(cursor, total); from !== -1; from = claim(cursor, total))
    take({ from, items: work(from, Math.min(from + RANGE, total)) });
}

/** Ranges a thread that gives way works between two turns of its event loop. */
const RANGES_A_TURN = 4;

/**
 * `workClaimedRanges` for the thread that takes both threads' parts: it gives way to its event
 * loop every few ranges, so the other thread's parts are taken as they come (not held until
 * this thread's share is done), and stops early once `stopped()` says so.
 */
export async function workClaimedRangesGivingWay<T>(
  cursor: Int32Array,
  total: number,
  work: (from: number, to: number) => T[],
  take: (part: Part<T>) => void,
  stopped: () => boolean,
): Promise<void> {
  let ranges = 0;
  for (let from = claim(cursor, total); from !== -1; from = claim(cursor, total)) {
    take({ from, items: work(from, Math.min(from + RANGE, total)) });
    if (stopped()) return;
    if (++ranges % RANGES_A_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Takes the parts of both threads as they come and hands their items to `next` in list order,
 * holding only the parts that came early: the whole list is never gathered.
 */
export function inOrder<T>(next: (item: T) => void): (part: Part<T>) => void {
  const early = new Map<number, Part<T>>();
  let expected = 0;
  return (part) => {
    early.set(part.from, part);
    for (let ready = early.get(expected); ready; ready = early.get(expected)) {
      early.delete(expected);
      expected += RANGE;
      for (const item of ready.items) next(item);
    }
  };
}
