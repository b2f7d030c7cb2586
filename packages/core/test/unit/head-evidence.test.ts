/**
 * The heads' weighed dates by page row, off the heap: what is read back against a map of the
 * same evidence, a page set twice, and a page with no date.
 */
import { describe, expect, it } from 'vitest';
import type { Evidence } from '../../src/dates/evidence.js';
import { HeadEvidence } from '../../src/dates/head-evidence.js';

describe('HeadEvidence', () => {
  it('gives back each page the head dates it was last given, as a map by row would', () => {
    const kept = new HeadEvidence();
    const map = new Map<number, Evidence>();
    const dates = [
      '2024-05-01',
      '2025-02-01T17:38:28.809Z',
      '2023-01-09T08:00:00+02:00',
      undefined,
    ];
    let state = 5;
    const pick = () => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state;
    };
    for (let i = 0; i < 4000; i++) {
      const row = pick() % 3000;
      const head = dates[pick() % dates.length];
      const published = dates[pick() % dates.length];
      kept.set(row, head, published);
      const evidence: Evidence = {};
      if (head) evidence.head = head;
      if (published) evidence.headPublished = published;
      if (head || published) map.set(row, evidence);
    }
    expect(kept.size).toBe(map.size);
    for (let row = 0; row < 3100; row++) expect(kept.get(row)).toEqual(map.get(row));
    // What is read back is made anew: changing it changes nothing kept.
    const first = [...map.keys()][0] as number;
    (kept.get(first) as Evidence).head = '1999-01-01';
    expect(kept.get(first)).toEqual(map.get(first));
  });
});
