/** Finding the sitemaps in a folder, .xml.gz files, robots.txt, and the report's shape. */

import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { findTarget, robotsSitemaps, rootElementName } from '../../src/validate/find-target.js';
import { validateSitemaps } from '../../src/validate/index.js';
import { makeTree } from '../helpers/fixture.js';

const NOW = new Date('2025-01-01T00:00:00Z');
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function urlset(...urls: string[]): string {
  return `${XML}<urlset ${NS}>\n${urls.map((u) => `  <url><loc>${u}</loc></url>\n`).join('')}</urlset>\n`;
}

function index(...locs: string[]): string {
  return `${XML}<sitemapindex ${NS}>\n${locs.map((l) => `  <sitemap><loc>${l}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;
}

describe('findTarget', () => {
  /** Folder contents -> the files it starts from and how they were found. */
  const CASES: [string, Record<string, string>, string[], string][] = [
    [
      'prefers sitemap-index.xml',
      { 'sitemap-index.xml': index('x'), 'sitemap.xml': urlset('x'), 'robots.txt': 'Sitemap: x' },
      ['sitemap-index.xml'],
      'name',
    ],
    [
      'then sitemap.xml',
      { 'sitemap.xml': urlset('x'), 'robots.txt': 'Sitemap: x' },
      ['sitemap.xml'],
      'name',
    ],
    ['then sitemap.xml.gz', { 'sitemap.xml.gz': 'x' }, ['sitemap.xml.gz'], 'name'],
    [
      'then robots.txt',
      { 'robots.txt': 'Sitemap: https://e.com/s.xml', 's.xml': urlset('x') },
      [],
      'robots.txt',
    ],
    [
      'then any *.xml with a sitemap root, indexes first',
      { 'a.xml': urlset('x'), 'b.xml': index('x'), 'feed.xml': '<rss/>', 'c.txt': urlset('x') },
      ['b.xml', 'a.xml'],
      'sniffed',
    ],
    ['else nothing', { 'index.html': '<html></html>', 'robots.txt': 'User-agent: *' }, [], 'none'],
  ];
  for (const [name, tree, files, how] of CASES) {
    it(name, async () => {
      const found = await findTarget(await makeTree(tree));
      expect([found.files, found.how]).toEqual([files, how]);
    });
  }

  it('throws a SitemapError naming the target when it does not exist', async () => {
    const missing = fileURLToPath(new URL('./corpus/does-not-exist', import.meta.url));
    await expect(findTarget(missing)).rejects.toMatchObject({
      name: 'SitemapError',
      code: 'invalid-options',
      context: { option: 'target' },
    });
  });

  it('reads robots.txt Sitemap: lines with their line numbers', () => {
    expect(
      robotsSitemaps(
        'User-agent: *\r\nsitemap:https://e.com/a.xml\n  Sitemap : https://e.com/b.xml # x\n',
      ),
    ).toEqual([
      { url: 'https://e.com/a.xml', line: 2 },
      { url: 'https://e.com/b.xml', line: 3 },
    ]);
  });

  it('reads the root element name past declarations and comments', () => {
    expect(
      rootElementName('\uFEFF<?xml version="1.0"?>\n<!-- <x> -->\n<!DOCTYPE y>\n<sm:urlset>'),
    ).toBe('urlset');
    expect(rootElementName('<rss version="2.0">')).toBe('rss');
    expect(rootElementName('<!-- unterminated')).toBeUndefined();
  });
});

describe('validateSitemaps', () => {
  it('reads .xml.gz by its bytes, counting the uncompressed size', async () => {
    const xml = urlset('https://example.com/', 'https://example.com/a/');
    const root = await makeTree({
      'sitemap-index.xml': index('https://example.com/sitemap-0.xml.gz'),
      'sitemap-0.xml.gz': gzipSync(xml) as unknown as string,
    });
    const report = await validateSitemaps(root, { now: NOW });
    expect(report.findings).toEqual([]);
    expect(report.files[1]).toMatchObject({
      path: 'sitemap-0.xml.gz',
      kind: 'urlset',
      urlCount: 2,
      xmlBytes: Buffer.byteLength(xml),
    });
    expect(report.files[1]?.bytes).toBeLessThan(Buffer.byteLength(xml));
  });

  it('takes the sitemap URL from robots.txt and checks the location rule with it', async () => {
    const root = await makeTree({
      'robots.txt':
        'User-agent: *\nSitemap: https://example.com/docs/sitemap.xml\nSitemap: https://example.com/docs/gone.xml\n',
      'docs/sitemap.xml': urlset('https://example.com/docs/a/', 'https://example.com/b/'),
    });
    const report = await validateSitemaps(root, { now: NOW });
    expect(report.site).toEqual({
      url: 'https://example.com/',
      source: 'robots',
      from: 'robots.txt',
    });
    expect(report.findings.map((f) => [f.rule, f.file, f.line, f.url])).toEqual([
      ['sitemap-missing', 'robots.txt', 3, 'https://example.com/docs/gone.xml'],
      ['url-location', 'docs/sitemap.xml', 4, 'https://example.com/b/'],
    ]);
  });

  it('maps the index onto the folder with --site, and says so', async () => {
    const root = await makeTree({
      'sitemap-index.xml': index('https://example.com/docs/sitemap-0.xml'),
      'sitemap-0.xml': urlset('https://example.com/docs/'),
    });
    const report = await validateSitemaps(root, { now: NOW, site: 'https://example.com/docs' });
    expect(report.site).toEqual({ url: 'https://example.com/docs/', source: 'option' });
    expect(report.files.map((f) => f.url)).toEqual([
      'https://example.com/docs/sitemap-index.xml',
      'https://example.com/docs/sitemap-0.xml',
    ]);
    expect(report.findings).toEqual([]);
  });

  it('reports the structure of every finding and file', async () => {
    const xml = urlset('/a');
    const bytes = Buffer.byteLength(xml);
    const root = await makeTree({ 'sitemap.xml': xml });
    const report = await validateSitemaps(root, { now: NOW, xsd: false });
    expect(report).toEqual({
      root,
      site: null,
      files: [{ path: 'sitemap.xml', kind: 'urlset', urlCount: 1, bytes, xmlBytes: bytes }],
      findings: [
        {
          rule: 'url-absolute',
          severity: 'error',
          file: 'sitemap.xml',
          line: 3,
          url: '/a',
          message: '<loc>: a relative URL: write it absolute, https://…',
        },
      ],
      dropped: [],
      errors: 1,
      warnings: 0,
      urlCount: 1,
    });
  });

  it('rejects a bad option with a SitemapError naming it', async () => {
    await expect(validateSitemaps('.', { site: 'example.com' })).rejects.toMatchObject({
      code: 'invalid-options',
      context: { option: 'site' },
    });
  });
});
