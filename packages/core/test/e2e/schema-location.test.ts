/** `schemaLocation: true`: the protocol page's xsi header on every root, and validate reading it. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBuildArgs } from '../../src/cli/build-args.js';
import { generateSitemaps, validateSitemaps } from '../../src/index.js';
import { makeTree, page } from '../helpers/fixture.js';
import { onlyShard, readAll, readXml } from '../helpers/xml.js';

const SITE = 'https://example.com';
const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';
const URLSET_LOCATION =
  'xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd"';
const INDEX_LOCATION =
  'xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/siteindex.xsd"';

async function site() {
  const root = await makeTree({
    'dist/index.html': page(
      '<link rel="alternate" hreflang="en" href="https://example.com/"><link rel="alternate" hreflang="de" href="https://example.com/de/">',
    ),
    'dist/de/index.html': page(
      '<link rel="alternate" hreflang="en" href="https://example.com/"><link rel="alternate" hreflang="de" href="https://example.com/de/">',
    ),
    'dist/about/index.html': page(),
  });
  return { root, outDir: join(root, 'dist') };
}

describe('schemaLocation', () => {
  it('writes the header on every root; each file still validates against the XSD', async () => {
    const { root, outDir } = await site();
    const result = await generateSitemaps({
      site: SITE,
      root,
      outDir: 'dist',
      schemaLocation: true,
      selfCheck: 'xsd',
    });
    const index = await readXml(join(outDir, 'sitemap-index.xml'));
    expect(index).toContain(
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ${XSI} ${INDEX_LOCATION}>`,
    );
    const shard = await readXml(await onlyShard(outDir));
    expect(shard).toMatch(
      new RegExp(`<urlset [^>]*${XSI} ${URLSET_LOCATION.replace(/[.?]/g, '\\$&')}>`),
    );
    expect(shard).toContain('xmlns:xhtml=');
    await readAll(result.files.map((f) => f.path)); // throws on any XSD error

    const report = await validateSitemaps(outDir, { site: `${SITE}/` });
    expect(report.findings).toEqual([]);
    expect(report.errors).toBe(0);
  });

  it('is off by default', async () => {
    const { root, outDir } = await site();
    await generateSitemaps({ site: SITE, root, outDir: 'dist' });
    expect(await readXml(join(outDir, 'sitemap-index.xml'))).not.toContain('xsi:');
    expect(await readXml(await onlyShard(outDir))).not.toContain('xsi:');
  });

  // The shard byte budget counts the longer root tag: every file stays within the limit.
  it('never writes a sitemap over the byte limit with the header on', async () => {
    const pages: Record<string, string> = {};
    for (let i = 0; i < 40; i++) pages[`dist/p${i}/index.html`] = page();
    const root = await makeTree(pages);
    const result = await generateSitemaps({
      site: SITE,
      root,
      outDir: 'dist',
      head: false,
      maxBytesPerSitemap: 1024,
      schemaLocation: true,
    });
    const sitemaps = result.files.filter((f) => f.kind === 'sitemap');
    expect(sitemaps.length).toBeGreaterThan(1);
    for (const file of sitemaps) {
      expect(file.xmlBytes).toBeLessThanOrEqual(1024);
      expect(await readFile(file.path, 'utf8')).toContain(URLSET_LOCATION);
    }
  });

  it('validate flags a schemaLocation naming another schema, and a missing or odd one', async () => {
    const root = await makeTree({});
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
    const body = '\n<url><loc>https://example.com/</loc></url>\n</urlset>\n';
    const urlset = (location: string) =>
      `${head}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ${XSI} xsi:schemaLocation="${location}">${body}`;
    const cases: Record<string, string> = {
      'right.xml': urlset(
        'http://www.sitemaps.org/schemas/sitemap/0.9 https://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd',
      ),
      'foreign.xml': urlset(
        'http://www.sitemaps.org/schemas/sitemap/0.9 https://example.com/my.xsd',
      ),
      'index-schema.xml': urlset(
        'http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/siteindex.xsd',
      ),
      'other-ns.xml': urlset('http://example.com/ns http://example.com/ns.xsd'),
      'odd.xml': urlset('http://www.sitemaps.org/schemas/sitemap/0.9'),
    };
    const found: Record<string, string[]> = {};
    for (const [name, xml] of Object.entries(cases)) {
      await writeFile(join(root, name), xml);
      const report = await validateSitemaps(join(root, name), { site: `${SITE}/` });
      expect(report.errors, name).toBe(0); // the attribute never fails the XSD pass
      found[name] = report.findings.map((f) => `${f.rule}:${f.severity}`);
    }
    expect(found).toEqual({
      'right.xml': [],
      'foreign.xml': ['schema-location:warning'],
      'index-schema.xml': ['schema-location:warning'],
      'other-ns.xml': ['schema-location:warning'],
      'odd.xml': ['schema-location:warning'],
    });
    const report = await validateSitemaps(join(root, 'foreign.xml'), { site: `${SITE}/` });
    expect(report.findings[0]?.message).toContain('https://example.com/my.xsd');
    expect(report.findings[0]?.line).toBe(2);
  });

  it('is set by --schema-location', () => {
    const { options } = parseBuildArgs(['dist', '--site', SITE, '--schema-location']);
    expect(options.schemaLocation).toBe(true);
  });
});
