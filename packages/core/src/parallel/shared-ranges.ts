/**
 * Work shared by two threads over one list: each claims the next range of indices from a shared
 * counter until none is left, and the parts are put back in list order, so the result does not
 * depend on which thread did what. Pure but for the counter.
 */

/** Indices per claimed range: large enough to keep the counter cold, small enough to balance. */
const RANGE = 256;

export interface Part<T> {
  from: number;
  items: T[];
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
  for (;;) {
    const from = Atomics.add(cursor, 0, RANGE);
    if (from >= total) return;
    take({ from, items: work(from, Math.min(from + RANGE, total)) });
  }
}

/** The parts of both threads, back in list order. */
export function inListOrder<T>(parts: Array<Part<T>>): T[] {
  return parts.sort((a, b) => a.from - b.from).flatMap((part) => part.items);
}
