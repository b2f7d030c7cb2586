import { describe, expect, it } from 'vitest';
import { checkLimits } from '../../src/validate/check-limits.js';

type Row = [
  kind: 'urlset' | 'sitemapindex',
  entries: number,
  bytes: number,
  preset: 'seeds' | 'current',
  expected: string[],
];

/** The boundaries: each expected finding as `rule:severity`. */
const ROWS: Row[] = [
  ['urlset', 49_999, 1_000, 'seeds', []],
  ['urlset', 50_000, 1_000, 'seeds', []],
  ['urlset', 50_001, 1_000, 'seeds', ['limit-urls:error']],
  ['urlset', 50_001, 1_000, 'current', ['limit-urls:error']],
  ['urlset', 10, 10_485_760, 'seeds', []],
  ['urlset', 10, 10_485_761, 'seeds', ['limit-bytes:error']],
  ['urlset', 10, 10_485_761, 'current', ['limit-bytes:warning']],
  ['urlset', 10, 52_428_800, 'current', ['limit-bytes:warning']],
  ['urlset', 10, 52_428_801, 'current', ['limit-bytes:error']],
  ['urlset', 10, 52_428_801, 'seeds', ['limit-bytes:error']],
  ['sitemapindex', 1_000, 1_000, 'seeds', []],
  ['sitemapindex', 1_001, 1_000, 'seeds', ['limit-sitemaps:error']],
  ['sitemapindex', 1_001, 1_000, 'current', ['limit-sitemaps:warning']],
  ['sitemapindex', 50_000, 1_000, 'current', ['limit-sitemaps:warning']],
  ['sitemapindex', 50_001, 1_000, 'current', ['limit-sitemaps:error']],
  ['sitemapindex', 60_000, 10_485_761, 'seeds', ['limit-bytes:error', 'limit-sitemaps:error']],
];

describe('checkLimits', () => {
  for (const [kind, entries, bytes, preset, expected] of ROWS) {
    it(`${kind} ${entries} entries, ${bytes} bytes, --limits ${preset} -> ${expected.join(', ') || 'ok'}`, () => {
      const found = checkLimits(kind, entries, bytes, preset).map((f) => `${f.rule}:${f.severity}`);
      expect(found).toEqual(expected);
    });
  }
});
