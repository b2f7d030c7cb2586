/** `stylesheet: true`: the XSL is written, marked, referenced, removed when off, never a user's. */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { parseBuildArgs } from '../../src/cli/build-args.js';
import { generateSitemaps } from '../../src/index.js';
import { renderStylesheet } from '../../src/output/stylesheet.js';
import { makeTree, page } from '../helpers/fixture.js';
import { onlyShard, ownHead, readAll, readXml } from '../helpers/xml.js';

const SITE = 'https://example.com';
const PI = '<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>\n';

async function site() {
  const root = await makeTree({ 'dist/index.html': page(), 'dist/about/index.html': page() });
  return { root, outDir: join(root, 'dist') };
}

describe('stylesheet', () => {
  it('writes <filenameBase>.xsl with the mark and references it from every file', async () => {
    const { root, outDir } = await site();
    const result = await generateSitemaps({ site: SITE, root, outDir: 'dist', stylesheet: true });
    const xsl = await readFile(join(outDir, 'sitemap.xsl'), 'utf8');
    expect(xsl.startsWith(ownHead('sitemap'))).toBe(true);
    expect(xsl).toContain('<xsl:stylesheet version="1.0"');
    // Nothing fetched from elsewhere: no http(s) URL but namespace names.
    const urls = xsl.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
    expect(
      urls.filter(
        (u) => !/\/(XSL\/Transform|sitemap\/0\.9|1999\/xhtml|sitemap-image\/1\.1)$/.test(u),
      ),
    ).toEqual([]);
    expect(xsl).not.toMatch(/<(link|script)[^>]+(href|src)=/);
    // Well-formed, namespace-correct XML.
    expect(() => new SaxesParser({ xmlns: true }).write(xsl).close()).not.toThrow();
    for (const file of result.files) {
      const xml = await readXml(file.path);
      expect(xml.startsWith(ownHead('sitemap') + PI), file.path).toBe(true);
    }
    await readAll(result.files.map((f) => f.path)); // still valid sitemaps
    expect(result.files.some((f) => f.path.endsWith('.xsl'))).toBe(false);
  });

  it('references it under the base path, and follows filenameBase', async () => {
    const root = await makeTree({ 'dist/index.html': page(), 'dist/a/index.html': page() });
    await generateSitemaps({
      site: SITE,
      base: '/docs/',
      root,
      outDir: 'dist',
      stylesheet: true,
      filenameBase: 'map',
    });
    const xsl = await readFile(join(root, 'dist/map.xsl'), 'utf8');
    expect(xsl.startsWith(ownHead('map'))).toBe(true);
    expect(await readXml(join(root, 'dist/map-index.xml'))).toContain(
      '<?xml-stylesheet type="text/xsl" href="/docs/map.xsl"?>',
    );
  });

  it('is removed once the option is off, and the files no longer reference it', async () => {
    const { root, outDir } = await site();
    await generateSitemaps({ site: SITE, root, outDir: 'dist', stylesheet: true });
    expect(await readdir(outDir)).toContain('sitemap.xsl');
    const result = await generateSitemaps({ site: SITE, root, outDir: 'dist' });
    expect(await readdir(outDir)).not.toContain('sitemap.xsl');
    expect(result.removed).toContain('sitemap.xsl');
    expect(await readXml(await onlyShard(outDir))).not.toContain('xml-stylesheet');
  });

  it("never overwrites or removes a user's own sitemap.xsl", async () => {
    const { root, outDir } = await site();
    const mine = '<?xml version="1.0"?>\n<!-- my own -->\n<xsl:stylesheet/>\n';
    await writeFile(join(outDir, 'sitemap.xsl'), mine);
    await expect(
      generateSitemaps({ site: SITE, root, outDir: 'dist', stylesheet: true }),
    ).rejects.toMatchObject({ code: 'foreign-file' });
    expect(await readFile(join(outDir, 'sitemap.xsl'), 'utf8')).toBe(mine);
    expect(await readdir(outDir)).not.toContain('sitemap-index.xml');
    // Without the option, a build leaves it alone too; xslURL points at it.
    await generateSitemaps({ site: SITE, root, outDir: 'dist', xslURL: '/sitemap.xsl' });
    expect(await readFile(join(outDir, 'sitemap.xsl'), 'utf8')).toBe(mine);
  });

  it('cannot be combined with xslURL', async () => {
    const { root } = await site();
    await expect(
      generateSitemaps({ site: SITE, root, outDir: 'dist', stylesheet: true, xslURL: '/mine.xsl' }),
    ).rejects.toMatchObject({ code: 'invalid-options' });
  });

  it('is set by --stylesheet', () => {
    expect(parseBuildArgs(['dist', '--site', SITE, '--stylesheet']).options.stylesheet).toBe(true);
  });

  it('renders the mark of its set', () => {
    expect(renderStylesheet('x').startsWith(ownHead('x'))).toBe(true);
  });
});
