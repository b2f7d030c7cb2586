/**
 * `renderSitemapSet`: the build's set, rendered in memory from pages a dev server knows.
 */
import { describe, expect, it } from 'vitest';
import { renderSitemapSet } from '../../src/render-set.js';
import { contentHash, ownHead, parseSitemap, validateAgainstXsd } from '../helpers/xml.js';

const SITE = 'https://example.com';

describe('renderSitemapSet', () => {
  it('maps files as the build does, leaves out root error pages, names shards by their hash', async () => {
    const set = await renderSitemapSet(
      [
        { file: 'index.html' },
        { file: 'about.html' },
        { file: 'docs/index.html' },
        { file: '404.html' },
        { file: 'main.js' },
      ],
      { site: SITE },
    );
    expect(set.index).toBe('sitemap-index.xml');
    const [index, shard] = [...set.files.keys()];
    expect(index).toBe('sitemap-index.xml');
    const xml = set.files.get(shard as string) as string;
    expect(shard).toBe(`sitemap-0-${contentHash(xml)}.xml`);
    expect(xml.startsWith(ownHead())).toBe(true);
    expect(parseSitemap(xml).entries.map((e) => e.loc)).toEqual([
      'https://example.com/',
      'https://example.com/about.html',
      'https://example.com/docs/',
    ]);
    expect(parseSitemap(set.files.get('sitemap-index.xml') as string).entries).toEqual([
      { loc: `https://example.com/${shard}`, links: [] },
    ]);
    for (const file of set.files.values())
      expect((await validateAgainstXsd(file)).valid).toBe(true);
  });

  it('writes the comment after the declaration, in every file, `--` made safe', async () => {
    const set = await renderSitemapSet([{ path: '/blog/[...slug]', isIndex: false }], {
      site: `${SITE}/docs/`,
      comment: ['dev preview', 'left out: /a--b'],
    });
    for (const xml of set.files.values()) {
      expect(xml).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<!-- dev preview\n {2}left out: \/a- -b -->\n<!-- sitemapkit: sitemap -->\n/,
      );
      expect((await validateAgainstXsd(xml)).valid).toBe(true);
    }
    const shard = [...set.files.keys()][1] as string;
    expect(parseSitemap(set.files.get(shard) as string).entries.map((e) => e.loc)).toEqual([
      'https://example.com/docs/blog/%5B...slug%5D',
    ]);
  });

  it('applies exclude, serialize and per-page lastmod; nothing listed gives no file', async () => {
    const set = await renderSitemapSet(
      [
        { path: '/', isIndex: true, lastmod: '2024-05-01' },
        { path: '/secret', isIndex: false },
      ],
      { site: SITE, exclude: ['/secret'], serialize: (item) => ({ ...item, priority: 0.5 }) },
    );
    const shard = [...set.files.keys()][1] as string;
    expect(parseSitemap(set.files.get(shard) as string).entries).toEqual([
      { loc: 'https://example.com/', lastmod: '2024-05-01', priority: '0.5', links: [] },
    ]);
    const none = await renderSitemapSet([{ file: '404.html' }], { site: SITE });
    expect(none).toEqual({ files: new Map(), index: null, warnings: [] });
  });
});
