/**
 * The size limits end to end, on generated files (too big to hand-write): the URL count, the
 * uncompressed byte size (of a .gz), the sitemaps per index, each at both presets.
 */

import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { validateSitemaps } from '../../src/validate/index.js';
import { makeTree } from '../helpers/fixture.js';

const NOW = new Date('2025-01-01T00:00:00Z');
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function urlset(count: number, prefix = 'https://example.com/p/', padding = ''): string {
  const urls = Array.from({ length: count }, (_, i) => `<url><loc>${prefix}${i}</loc></url>\n`);
  return `${XML}<urlset ${NS}>\n${padding}${urls.join('')}</urlset>\n`;
}

function rulesOf(report: Awaited<ReturnType<typeof validateSitemaps>>): string[] {
  return report.findings.map((f) => `${f.rule}:${f.severity}`);
}

describe('limits', () => {
  it('50,000 URLs pass, 50,001 are an error (with the XSD pass on the big file)', async () => {
    const root = await makeTree({ 'ok.xml': urlset(50_000), 'over.xml': urlset(50_001) });
    const ok = await validateSitemaps(`${root}/ok.xml`, { now: NOW, xsd: false });
    expect([ok.urlCount, rulesOf(ok)]).toEqual([50_000, []]);
    const over = await validateSitemaps(`${root}/over.xml`, { now: NOW });
    expect([over.urlCount, rulesOf(over)]).toEqual([50_001, ['limit-urls:error']]);
  });

  it('counts the uncompressed bytes of a .gz: over 10 MiB is an error, or a warning with --limits current', async () => {
    const padding = `<!-- ${'x'.repeat(10_485_760)} -->\n`;
    const xml = urlset(2, 'https://example.com/p/', padding);
    const root = await makeTree({ 'sitemap.xml.gz': gzipSync(xml) as unknown as string });
    const seeds = await validateSitemaps(root, { now: NOW, xsd: false });
    expect(seeds.files[0]?.xmlBytes).toBe(Buffer.byteLength(xml));
    expect(seeds.files[0]?.bytes).toBeLessThan(100_000);
    expect(rulesOf(seeds)).toEqual(['limit-bytes:error']);
    const current = await validateSitemaps(root, { now: NOW, xsd: false, limits: 'current' });
    expect(rulesOf(current)).toEqual(['limit-bytes:warning']);
  });

  it('1,001 sitemaps in one index are an error, or a warning with --limits current', async () => {
    const tree: Record<string, string> = {};
    const entries: string[] = [];
    for (let i = 0; i < 1_001; i++) {
      tree[`s-${i}.xml`] = urlset(1, `https://example.com/${i}/`);
      entries.push(`<sitemap><loc>https://example.com/s-${i}.xml</loc></sitemap>\n`);
    }
    tree['sitemap-index.xml'] = `${XML}<sitemapindex ${NS}>\n${entries.join('')}</sitemapindex>\n`;
    const root = await makeTree(tree);
    const seeds = await validateSitemaps(root, { now: NOW, xsd: false });
    expect([seeds.files.length, rulesOf(seeds)]).toEqual([1_002, ['limit-sitemaps:error']]);
    const current = await validateSitemaps(root, { now: NOW, xsd: false, limits: 'current' });
    expect(rulesOf(current)).toEqual(['limit-sitemaps:warning']);
  });
});
