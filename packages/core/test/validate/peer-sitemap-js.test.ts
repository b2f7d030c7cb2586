/**
 * The peer check: sitemaps written by another tool, the `sitemap` npm package (sitemap.js), with
 * non-ASCII URLs and hreflang alternates, split over several files under an index.
 */

import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SitemapAndIndexStream, SitemapStream } from 'sitemap';
import { describe, expect, it } from 'vitest';
import { validateSitemaps } from '../../src/validate/index.js';
import { makeTree } from '../helpers/fixture.js';

const NOW = new Date('2025-01-01T00:00:00Z');
const HOST = 'https://example.com/';
const CAFE = [
  { lang: 'en', url: '/en/café' },
  { lang: 'de', url: '/de/café' },
  { lang: 'x-default', url: '/en/café' },
];

async function writeWithSitemapJs(dir: string, items: object[]): Promise<void> {
  const stream = new SitemapAndIndexStream({
    limit: 2,
    getSitemapStream: (i: number) => {
      const sitemap = new SitemapStream({ hostname: HOST });
      const name = `sitemap-${i}.xml`;
      const written = sitemap.pipe(createWriteStream(join(dir, name)));
      return [new URL(name, HOST).toString(), sitemap, written];
    },
  });
  await pipeline(Readable.from(items), stream, createWriteStream(join(dir, 'sitemap-index.xml')));
}

describe('sitemaps written by sitemap.js', () => {
  it('validate clean but for what the XSD cannot check', async () => {
    const dir = await makeTree({});
    await writeWithSitemapJs(dir, [
      { url: '/en/café', lastmod: '2024-03-01', changefreq: 'weekly', priority: 0.8, links: CAFE },
      { url: '/de/café', lastmod: '2024-03-02T10:00:00+02:00', links: CAFE },
      { url: '/search?q=a&sort="new"', img: [{ url: '/images/a.png' }] },
      { url: '/über-uns/' },
      { url: 'https://example.com/ja/日本語' },
    ]);
    const report = await validateSitemaps(dir, { now: NOW });

    // sitemap.js percent-encodes what it is given (through WHATWG URL) and entity-escapes it.
    const first = await readFile(join(dir, 'sitemap-0.xml'), 'utf8');
    expect(first).toContain('<loc>https://example.com/en/caf%C3%A9</loc>');
    expect(first).toContain('hreflang="de" href="https://example.com/de/caf%C3%A9"');
    expect(report.site).toEqual({ url: HOST, source: 'index', from: 'sitemap-index.xml' });
    expect(report.files.map((f) => [f.path, f.kind, f.urlCount])).toEqual([
      ['sitemap-index.xml', 'index', 3],
      ['sitemap-0.xml', 'urlset', 2],
      ['sitemap-1.xml', 'urlset', 2],
      ['sitemap-2.xml', 'urlset', 1],
    ]);
    expect(report.urlCount).toBe(5);
    // The one finding is no protocol violation: <image:image> is Google's extension, whose schema
    // we may not ship, so its content was not XSD-checked (the rest of the file was). The
    // hreflang alternates point back across files, the lastmods are W3C Datetimes the XSD
    // accepts, every URL is percent-encoded, under the index's site, and listed once.
    expect(report.findings.map((f) => [f.rule, f.severity, f.file])).toEqual([
      ['xsd-extension-not-checked', 'warning', 'sitemap-1.xml'],
    ]);
    expect(report.errors).toBe(0);
  });

  it('a hreflang alternate that does not point back is found across files', async () => {
    const dir = await makeTree({});
    await writeWithSitemapJs(dir, [
      {
        url: '/en/',
        links: [
          { lang: 'en', url: '/en/' },
          { lang: 'fr', url: '/fr/' },
        ],
      },
      { url: '/de/' },
      { url: '/fr/', links: [{ lang: 'fr', url: '/fr/' }] },
    ]);
    const report = await validateSitemaps(dir, { now: NOW });
    expect(report.findings.map((f) => [f.rule, f.file, f.url])).toEqual([
      ['hreflang-return', 'sitemap-0.xml', 'https://example.com/en/'],
    ]);
  });
});
