/** IndexNow's pure parts: batching, the state's diff and encoding, previews, the CLI flags. */
import { describe, expect, it } from 'vitest';
import { parseBuildArgs } from '../../src/cli/build-args.js';
import { formatSummaryLine } from '../../src/cli/summary.js';
import { forFreshOutDir } from '../../src/indexnow/options.js';
import { previewReason } from '../../src/indexnow/run.js';
import { batches, indexNowTuning } from '../../src/indexnow/send.js';
import { changedUrls, decodeState, encodeState } from '../../src/indexnow/state.js';
import type { GenerateResult } from '../../src/types.js';

describe('IndexNow parts', () => {
  it('batches at most 10,000 URLs per request', () => {
    expect(indexNowTuning.batchSize).toBe(10_000);
    const urls = Array.from({ length: 25_001 }, (_, i) => `https://e.com/${i}`);
    expect(batches(urls).map((b) => b.length)).toEqual([10_000, 10_000, 5_001]);
    expect(batches(urls, 10_000).flat()).toEqual(urls);
    expect(batches([], 3)).toEqual([]);
    expect(batches(['a', 'b', 'c'], 2)).toEqual([['a', 'b'], ['c']]);
  });

  it('finds added, removed and re-dated URLs', () => {
    const before = new Map([
      ['https://e.com/a', '2024-01-01'],
      ['https://e.com/b', ''],
      ['https://e.com/c', '2024-01-01'],
    ]);
    const after = new Map([
      ['https://e.com/a', '2024-01-01'],
      ['https://e.com/c', '2024-01-02'],
      ['https://e.com/d', ''],
    ]);
    expect(changedUrls(before, after)).toEqual([
      'https://e.com/b',
      'https://e.com/c',
      'https://e.com/d',
    ]);
  });

  it('encodes the state compactly and only for its host', () => {
    const state = new Map(
      Array.from({ length: 20_000 }, (_, i) => [
        `https://example.com/blog/post-${i}/`,
        '2024-05-01',
      ]),
    );
    const bytes = encodeState('example.com', state);
    expect(bytes.length).toBeLessThan(20_000 * 4);
    expect(decodeState('example.com', bytes)).toEqual(state);
    expect(decodeState('other.com', bytes)).toBeNull();
    expect(decodeState('example.com', Buffer.from('junk'))).toBeNull();
    expect(encodeState('example.com', state).equals(bytes)).toBe(true);
  });

  it('tells preview builds apart by CONTEXT and VERCEL_ENV', () => {
    expect(previewReason({})).toBeNull();
    expect(previewReason({ CONTEXT: 'production', VERCEL_ENV: 'production' })).toBeNull();
    expect(previewReason({ CONTEXT: 'branch-deploy' })).toMatch(/CONTEXT=branch-deploy/);
    expect(previewReason({ VERCEL_ENV: 'preview' })).toMatch(/VERCEL_ENV=preview/);
    expect(previewReason({ CF_PAGES_BRANCH: 'feature' })).toBeNull();
  });

  it('reads the CLI flags', () => {
    const base = ['dist', '--site', 'https://e.com'];
    expect(parseBuildArgs(base).options.indexNow).toBeUndefined();
    expect(
      parseBuildArgs([
        ...base,
        '--indexnow-key',
        'abcdef0123',
        '--indexnow-endpoint',
        'https://www.bing.com/indexnow',
        '--indexnow-dry-run',
      ]).options.indexNow,
    ).toEqual({ key: 'abcdef0123', endpoint: 'https://www.bing.com/indexnow', dryRun: true });
    expect(() => parseBuildArgs([...base, '--indexnow-dry-run'])).toThrow(/needs --indexnow-key/);
    expect(
      parseBuildArgs([...base, '--indexnow-key', 'abcdef0123', '--indexnow-compare', 'deployed'])
        .options.indexNow,
    ).toEqual({ key: 'abcdef0123', compare: 'deployed' });
    expect(() => parseBuildArgs([...base, '--indexnow-compare', 'deployed'])).toThrow(
      /--indexnow-compare needs --indexnow-key/,
    );
    expect(() =>
      parseBuildArgs([...base, '--indexnow-key', 'abcdef0123', '--indexnow-compare', 'live']),
    ).toThrow(/--indexnow-compare must be 'state' or 'deployed'/);
  });

  it('says what IndexNow was told in the summary line', () => {
    const result = {
      indexUrl: null,
      files: [],
      pages: { found: 1, included: 1, excluded: {}, withoutLastmod: 0, dated: {} },
      records: [],
      removed: [],
      warnings: [],
    } as GenerateResult;
    const endpoint = 'https://api.indexnow.org/indexnow';
    expect(
      formatSummaryLine({ ...result, indexNow: { sent: 3, batches: 1, dryRun: false, endpoint } }),
    ).toMatch(/; IndexNow: 3 URLs sent \(1 request\)$/);
    expect(
      formatSummaryLine({
        ...result,
        indexNow: { sent: 2, batches: 1, dryRun: true, endpoint, urls: ['a', 'b'] },
      }),
    ).toMatch(/IndexNow \(dry run\): 2 URLs would be sent \(1 request\) to https:\/\/api/);
    expect(
      formatSummaryLine({
        ...result,
        indexNow: { sent: 0, batches: 0, dryRun: false, endpoint, skipped: 'first build: x' },
      }),
    ).toMatch(/IndexNow: first build: x$/);
  });
});

describe('IndexNow under a framework that empties its output folder', () => {
  it('compares with the deployed sitemaps unless the user chose how', () => {
    const indexNow = (value: unknown) => forFreshOutDir({ indexNow: value }).indexNow;
    expect(indexNow({ key: 'k' })).toEqual({ compare: 'deployed', key: 'k' });
    expect(indexNow({ key: 'k', compare: 'state' })).toEqual({ key: 'k', compare: 'state' });
    expect(indexNow({ key: 'k', stateFile: 's.gz' })).toEqual({ key: 'k', stateFile: 's.gz' });
    expect(indexNow(undefined)).toBeUndefined();
  });
});
