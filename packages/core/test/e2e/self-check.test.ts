/** The build holds itself to the validator before writing. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EntryGroup } from '../../src/entries/build-entries.js';
import { generateSitemaps, resolveOptions, SitemapError } from '../../src/index.js';
import { checkEntries, checkFile } from '../../src/output/self-check.js';
import type { PageRecord, SitemapWarning } from '../../src/types.js';
import { makeTree, page } from '../helpers/fixture.js';
import { pageList } from '../helpers/pages.js';
import { shardFiles, shardName } from '../helpers/xml.js';

const SITE = 'https://example.com';
const options = resolveOptions({ site: SITE, outDir: '/tmp/unused' });

type Item = Omit<PageRecord, 'file' | 'lastmodFrom'>;

function group(...items: Item[]): EntryGroup[] {
  return [{ name: null, items: pageList(items) }];
}

describe('checkEntries', () => {
  const bad: Array<[string, Item, RegExp]> = [
    ['another host', { url: 'https://other.com/a' }, /\[url-location\] https:\/\/other\.com\/a/],
    ['an impossible lastmod', { url: `${SITE}/a`, lastmod: '2024-02-30' }, /\[lastmod-format\]/],
    ['a raw space', { url: `${SITE}/a b` }, /\[url-encoding\]/],
    ['a priority past 1.0', { url: `${SITE}/a`, priority: 1.5 }, /\[priority-value\]/],
    [
      'an unknown changefreq',
      { url: `${SITE}/a`, changefreq: 'sometimes' as never },
      /\[changefreq-value\]/,
    ],
  ];
  for (const [name, item, pattern] of bad) {
    it(`fails on ${name}, before anything is written`, () => {
      const error = (() => {
        try {
          checkEntries(group(item), options, []);
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(SitemapError);
      expect((error as SitemapError).code).toBe('self-check');
      expect((error as SitemapError).message).toMatch(/nothing was written/);
      expect((error as SitemapError).message).toMatch(pattern);
    });
  }

  it('passes good entries, and turns warnings into one result warning per rule', () => {
    const warnings: SitemapWarning[] = [];
    checkEntries(
      group(
        { url: `${SITE}/a`, lastmod: '2999-01-01' },
        { url: `${SITE}/b`, lastmod: '2999-01-02' },
        { url: `${SITE}/c`, lastmod: '2024-01-01' },
      ),
      options,
      warnings,
    );
    expect(warnings).toEqual([
      {
        code: 'self-check:lastmod-future',
        message: expect.stringMatching(/2999-01-01 is in the future.*\(and 1 more URLs\)$/),
      },
    ]);
  });

  it('can be turned off', () => {
    expect(() =>
      checkEntries(group({ url: 'https://other.com/a' }), { ...options, selfCheck: false }, []),
    ).not.toThrow();
  });
});

describe('checkFile', () => {
  it('fails a file past the limits', async () => {
    await expect(
      checkFile('urlset', 'sitemap-0.xml', Buffer.alloc(10), 50_001, false, options),
    ).rejects.toThrow(/\[limit-urls\] sitemap-0\.xml/);
    await expect(
      checkFile('urlset', 'sitemap-0.xml', Buffer.alloc(10_485_761), 1, false, options),
    ).rejects.toThrow(/\[limit-bytes\]/);
  });
  it("with selfCheck: 'xsd', fails XML the official schema rejects", async () => {
    const xml = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><lastmod>2024-01-01</lastmod><loc>https://example.com/</loc></url>\n</urlset>\n',
    );
    await expect(
      checkFile('urlset', 'sitemap-0.xml', xml, 1, false, { ...options, selfCheck: 'xsd' }),
    ).rejects.toThrow(/\[xsd\] sitemap-0\.xml:3/);
    await expect(
      checkFile('urlset', 'sitemap-0.xml', xml, 1, false, options),
    ).resolves.toBeUndefined();
  });
});

describe('generateSitemaps with the self-check', () => {
  it("writes valid files with selfCheck: 'xsd', hreflang included", async () => {
    const root = await makeTree({
      'dist/index.html': page(
        '<link rel="alternate" hreflang="en" href="/"><link rel="alternate" hreflang="de" href="/de/">',
      ),
      'dist/de/index.html': page(
        '<link rel="alternate" hreflang="en" href="/"><link rel="alternate" hreflang="de" href="/de/">',
      ),
    });
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      selfCheck: 'xsd',
      gzip: true,
    });
    expect(result.files).toHaveLength(2);
  });

  it('a serialize that returns a future date is a warning, not a failure', async () => {
    const root = await makeTree({ 'dist/index.html': page() });
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      serialize: (item) => ({ ...item, lastmod: '2999-12-31' }),
    });
    expect(result.warnings.map((w) => w.code)).toContain('self-check:lastmod-future');
    const shards = await shardFiles(join(root, 'dist'));
    expect(shards).toEqual([expect.stringMatching(shardName('sitemap', 0))]);
    expect(await readdir(join(root, 'dist'))).toContain(shards[0]);
  });

  it('rejects a bad selfCheck value', async () => {
    await expect(
      generateSitemaps({ site: SITE, outDir: '/x', selfCheck: 'full' as never }),
    ).rejects.toThrow(/`selfCheck` must be true, false or 'xsd'/);
  });
});
