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

describe('sortRows', () => {
  it('sorts as a stable sort does, ties kept in their order', () => {
    const next = random(7);
    for (const length of [0, 1, 2, 23, 24, 25, 47, 48, 49, 100, 1000, 5003]) {
      for (const shape of ['random', 'sorted', 'reversed', 'few keys'] as const) {
        const keys = Array.from({ length }, (_, i) =>
          shape === 'sorted'
            ? i
            : shape === 'reversed'
              ? length - i
              : shape === 'few keys'
                ? next(4)
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
});
