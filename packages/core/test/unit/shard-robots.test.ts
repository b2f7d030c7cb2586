import { describe, expect, it } from 'vitest';
import { addSitemapLines, minimalRobotsTxt } from '../../src/output/robots-txt.js';
import { planShards } from '../../src/output/shard.js';
import { naturalCompare } from '../../src/url/natural-compare.js';

describe('planShards', () => {
  const limits = { maxUrls: 50_000, maxBytes: 10_485_760, overheadBytes: 200 };
  const rows: Array<[number, number[]]> = [
    [49_999, [49_999]],
    [50_000, [50_000]],
    [50_001, [50_000, 1]],
    [100_001, [50_000, 50_000, 1]],
  ];
  for (const [count, sizes] of rows) {
    it(`${count} URLs -> files of ${sizes.join(' + ')}`, () => {
      const ranges = planShards(new Array(count).fill(100), limits);
      expect(ranges.map(([a, b]) => b - a)).toEqual(sizes);
    });
  }
  it('cuts on bytes before count', () => {
    // 1000-byte entries, 10,485,760 - 200 budget: 10,485 fit.
    const ranges = planShards(new Array(20_000).fill(1000), limits);
    expect(ranges.map(([a, b]) => b - a)).toEqual([10_485, 9_515]);
  });
  it('fills a file exactly to the byte limit', () => {
    const ranges = planShards([400, 400, 200, 1], {
      maxUrls: 10,
      maxBytes: 1100,
      overheadBytes: 100,
    });
    expect(ranges).toEqual([
      [0, 3],
      [3, 4],
    ]);
  });
  it('refuses an entry larger than a file', () => {
    expect(() => planShards([5000], { maxUrls: 10, maxBytes: 1100, overheadBytes: 100 })).toThrow(
      RangeError,
    );
  });
});

describe('robots.txt', () => {
  const url = 'https://e.com/sitemap-index.xml';
  it('creates a minimal allow-all file', () => {
    expect(minimalRobotsTxt([url])).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${url}\n`);
  });
  it('appends without touching other lines', () => {
    expect(addSitemapLines('User-agent: *\nDisallow: /admin', [url])).toBe(
      `User-agent: *\nDisallow: /admin\n\nSitemap: ${url}\n`,
    );
  });
  it('never duplicates (case-insensitive directive)', () => {
    expect(addSitemapLines(`User-agent: *\nsitemap: ${url}\n`, [url])).toBeNull();
  });
  it('keeps CRLF files CRLF', () => {
    expect(addSitemapLines('User-agent: *\r\nDisallow:\r\n', [url])).toBe(
      `User-agent: *\r\nDisallow:\r\n\r\nSitemap: ${url}\r\n`,
    );
  });
});

describe('naturalCompare', () => {
  it('orders numbers by value, deterministically', () => {
    const input = ['/page-10', '/page-2', '/page-1', '/a', '/page-02', '/B'];
    expect([...input].sort(naturalCompare)).toEqual([
      '/B',
      '/a',
      '/page-1',
      '/page-2',
      '/page-02',
      '/page-10',
    ]);
  });
});
