/**
 * The output stage's two pure parts: the plan (groups in, files out, rendered and self-checked
 * one at a time, nothing written) and the names every file of a set takes, from which the
 * stale-file pattern is derived.
 */
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { PageList } from '../../src/columns/page-list.js';
import { resolveOptions } from '../../src/options/resolve-options.js';
import {
  indexFileName,
  seriesPrefix,
  setFileName,
  setTempName,
  sitemapFileName,
  stylesheetFileName,
} from '../../src/output/names.js';
import { type PlannedFile, planFiles } from '../../src/output/plan-files.js';
import type { SitemapOptions } from '../../src/types.js';
import { makeTree } from '../helpers/fixture.js';
import { pageList } from '../helpers/pages.js';
import { contentHash, parseSitemap, validateAgainstXsd } from '../helpers/xml.js';

const SITE = 'https://example.com';

function pages(urls: string[]): PageList {
  return pageList(urls.map((url) => ({ url })));
}

async function plan(
  groups: Array<{ name: string | null; items: PageList }>,
  options: Partial<SitemapOptions>,
): Promise<{ files: PlannedFile[]; outDir: string }> {
  const outDir = await makeTree({});
  const resolved = resolveOptions({ site: SITE, outDir, ...options });
  const files: PlannedFile[] = [];
  // A sitemap's XML is good until the next file is asked for: each is copied to be kept.
  for await (const file of planFiles(groups, resolved))
    files.push({ ...file, xml: Buffer.from(file.xml) });
  return { files, outDir };
}

describe('planFiles: the set, file by file, without the disk', () => {
  it('renders the stylesheet, then the sitemaps, then the indexes with the first last; writes nothing', async () => {
    const urls = Array.from({ length: 5 }, (_, i) => `${SITE}/p${i}/`);
    const { files, outDir } = await plan([{ name: null, items: pages(urls) }], {
      maxUrlsPerSitemap: 2,
      maxSitemapsPerIndex: 2,
      stylesheet: true,
    });
    expect(await readdir(outDir)).toEqual([]);
    expect(files.map((f) => f.kind)).toEqual([
      'stylesheet',
      'sitemap',
      'sitemap',
      'sitemap',
      'index',
      'index',
    ]);
    expect(files.map((f) => f.name).slice(4)).toEqual(['sitemap-index-1.xml', 'sitemap-index.xml']);
    const sitemaps = files.filter((f) => f.kind === 'sitemap');
    expect(sitemaps.map((f) => f.urlCount)).toEqual([2, 2, 1]);
    for (const [n, file] of sitemaps.entries()) {
      // Too many for one file, the group goes by section (all small here: `root`); the name is
      // the series, the number, and the hash of the very bytes planned.
      expect(file.name).toBe(`sitemap-root-${n}-${contentHash(file.xml)}.xml`);
      const xml = file.xml.toString('utf8');
      expect((await validateAgainstXsd(xml)).valid).toBe(true);
      expect([...file.pages].map((p) => p.url)).toEqual(
        parseSitemap(xml).entries.map((e) => e.loc),
      );
    }
    // Every sitemap is listed once, across the two indexes.
    const listed = files
      .filter((f) => f.kind === 'index')
      .flatMap((f) => parseSitemap(f.xml.toString('utf8')).entries.map((e) => e.loc));
    expect(listed.sort()).toEqual(sitemaps.map((f) => `${SITE}/${f.name}`).sort());
  });

  it('makes one file of a group that fits, and sections of one that does not, byte for byte alike', async () => {
    // 2,200 URLs of two sections, each section large enough for files of its own.
    const urls = [
      ...Array.from({ length: 1_100 }, (_, i) => `${SITE}/a/${i}/`),
      ...Array.from({ length: 1_100 }, (_, i) => `${SITE}/b/${i}/`),
    ];
    const one = await plan([{ name: null, items: pages(urls) }], {});
    const split = await plan([{ name: null, items: pages(urls) }], { maxBytesPerSitemap: 65_536 });
    const sitemaps = (files: PlannedFile[]) => files.filter((f) => f.kind === 'sitemap');
    expect(sitemaps(one.files).map((f) => f.urlCount)).toEqual([2200]);
    expect(sitemaps(split.files).map((f) => f.name.split('-').slice(0, 2).join('-'))).toEqual([
      'sitemap-a',
      'sitemap-b',
    ]);
    // The entries of the files that split them are the entries of the one file, in order.
    const entries = (file: PlannedFile) => parseSitemap(file.xml.toString('utf8')).entries;
    expect(sitemaps(split.files).flatMap(entries)).toEqual(
      entries(sitemaps(one.files)[0] as PlannedFile),
    );
    for (const file of [...sitemaps(one.files), ...sitemaps(split.files)]) {
      expect(file.xml.toString('utf8')).toMatch(/^<\?xml[\s\S]*<\/urlset>\n$/);
      expect(file.name).toContain(contentHash(file.xml));
    }

    // An entry no file can hold is an error naming the option, whether its group fits or not.
    const long = `${SITE}/${'x'.repeat(1200)}/`;
    for (const items of [[long], [...urls.slice(0, 10), long]]) {
      await expect(
        plan([{ name: null, items: pages(items) }], { maxBytesPerSitemap: 1024 }),
      ).rejects.toThrow(
        /takes \d+ bytes, more than a sitemap of `maxBytesPerSitemap` \(1024 bytes\) can hold/,
      );
    }
  });

  it('is deterministic: the same groups give the same bytes', async () => {
    const urls = Array.from({ length: 30 }, (_, i) => `${SITE}/blog/post-${i}/`);
    const a = await plan([{ name: 'blog', items: pages(urls) }], { maxUrlsPerSitemap: 7 });
    const b = await plan([{ name: 'blog', items: pages(urls) }], { maxUrlsPerSitemap: 7 });
    expect(a.files.map((f) => [f.name, f.xml.toString('hex')])).toEqual(
      b.files.map((f) => [f.name, f.xml.toString('hex')]),
    );
    expect(a.files[0]?.name).toMatch(/^sitemap-blog-root-0-[0-9a-f]{8}\.xml$/);
  });
});

describe('names: every file of a set, and the patterns derived from them', () => {
  it('each name a set writes matches the set pattern, and another base does not', () => {
    const xml = Buffer.from('<urlset/>');
    const names = [
      indexFileName('sitemap', 0),
      indexFileName('sitemap', 3),
      sitemapFileName(seriesPrefix('sitemap', null), 0, xml, false),
      sitemapFileName(seriesPrefix('sitemap', 'blog', 'docs'), 12, xml, true),
      stylesheetFileName('sitemap'),
    ];
    expect(names.slice(0, 2)).toEqual(['sitemap-index.xml', 'sitemap-index-3.xml']);
    for (const name of names) {
      expect(setFileName('sitemap').test(name), name).toBe(true);
      expect(setFileName('pages').test(name), name).toBe(false);
      expect(setTempName('sitemap').test(`.${name}.4242.0a1b2c3d.tmp`), name).toBe(true);
    }
    // A user's files beside the set are not its names.
    for (const name of ['sitemap.xml', 'sitemap-2023.xml', 'sitemap-index.xml.bak', 'robots.txt']) {
      expect(setFileName('sitemap').test(name), name).toBe(false);
    }
  });
});
