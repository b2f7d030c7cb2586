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

describe('checkLimits on a file read only in part', () => {
  const stopped = { file: 'big.xml', line: 7, gzip: false, bytes: 60_000_000 };

  it('says the size as where reading stopped, in place of the tiered finding', () => {
    expect(checkLimits('urlset', 10, 52_428_800, 'current', stopped)).toEqual([
      {
        rule: 'limit-bytes',
        severity: 'error',
        line: 7,
        message:
          'big.xml is 60,000,000 bytes, more than the 52,428,800 any consumer reads: reading stopped at 52,428,800 bytes, the rest of the file was not checked',
      },
    ]);
  });

  it('says a gzip file inflates past the limit, and keeps the other limits', () => {
    const found = checkLimits('sitemapindex', 60_000, 52_428_800, 'seeds', {
      ...stopped,
      file: 'big.xml.gz',
      gzip: true,
    });
    expect(found.map((f) => `${f.rule}:${f.severity}`)).toEqual([
      'limit-bytes:error',
      'limit-sitemaps:error',
    ]);
    expect(found[0]?.message).toMatch(/^big\.xml\.gz inflates to more than 52,428,800 bytes/);
  });

  it('has only the size to say of a file with no sitemap root', () => {
    expect(checkLimits(undefined, 0, 52_428_800, 'seeds', stopped).map((f) => f.rule)).toEqual([
      'limit-bytes',
    ]);
    expect(checkLimits(undefined, 0, 60_000_000, 'seeds')).toEqual([]);
  });
});
