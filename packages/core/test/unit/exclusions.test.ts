/**
 * Every reason a page can be left out is named, with the rule that decides it, in one table:
 * `select/exclusions.ts`. A reason added to the public type without a row there fails here.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

describe('select/exclusions.ts names every reason a page can be out', () => {
  it('its table lists each `ExclusionReason` of types.ts once, and no other', async () => {
    const read = (path: string) => readFile(new URL(path, import.meta.url), 'utf8');
    const types = await read('../../src/types.ts');
    const union = /export type ExclusionReason =([^;]+);/.exec(types)?.[1] ?? '';
    const reasons = [...union.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]);
    const table = [
      ...(await read('../../src/select/exclusions.ts')).matchAll(/^ \* \| `([a-z-]+)`/gm),
    ].map((m) => m[1]);
    expect(reasons.length).toBeGreaterThan(10);
    expect([...table].sort()).toEqual([...reasons].sort());
  });
});
