/**
 * `sortRows` against `Array.prototype.sort` (stable since ES2019) on random rows with many ties,
 * runs already in order, in reverse, and the sizes around a run and a merge.
 */
import { describe, expect, it } from 'vitest';
import { sortRows } from '../../src/columns/sort-rows.js';

function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % n;
  };
}

/**
 * A site's pages as found: in order but for one in 25, out of place among the 100 around it (a
 * folder's page after its children, a name with digits), and pairs of equal keys.
 */
function nearly(i: number, length: number, next: (n: number) => number): number {
  const key = i - (i % 2);
  return next(25) === 0 ? Math.min(length, Math.max(0, key + next(200) - 100)) : key;
}

describe('sortRows', () => {
  it('sorts as a stable sort does, ties kept in their order', () => {
    const next = random(7);
    for (const length of [0, 1, 2, 23, 24, 25, 47, 48, 49, 100, 1000, 5003]) {
      for (const shape of ['random', 'sorted', 'reversed', 'few keys', 'nearly sorted'] as const) {
        const keys = Array.from({ length }, (_, i) =>
          shape === 'sorted'
            ? i
            : shape === 'reversed'
              ? length - i
              : shape === 'few keys'
                ? next(4)
                : shape === 'nearly sorted'
                  ? nearly(i, length, next)
                  : next(length),
        );
        const rows = Uint32Array.from({ length }, (_, i) => i);
        // Compared by key only: equal keys must stay in row order.
        const compare = (a: number, b: number) => (keys[a] as number) - (keys[b] as number);
        const want = [...rows].sort(compare);
        sortRows(rows, compare);
        expect([...rows], `${shape} ${length}`).toEqual(want);
      }
    }
  });

  it('sorts rows that come almost in order with few comparisons', () => {
    const next = random(11);
    const length = 100_000;
    const keys = Array.from({ length }, (_, i) => nearly(i, length, next));
    const rows = Uint32Array.from({ length }, (_, i) => i);
    let comparisons = 0;
    const compare = (a: number, b: number) => {
      comparisons++;
      return (keys[a] as number) - (keys[b] as number);
    };
    const want = [...rows].sort((a, b) => (keys[a] as number) - (keys[b] as number));
    sortRows(rows, compare);
    expect([...rows]).toEqual(want);
    // Each merge works only where its two runs overlap: a whole merge at every level made it
    // some 8 comparisons a row here (2.8 trimmed).
    expect(comparisons / length).toBeLessThan(4);
  });
});
