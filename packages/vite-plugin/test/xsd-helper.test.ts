/** The XSD helper itself: it must reject what the protocol rejects, or every check above is moot. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { validateSitemapDir, xsdErrors } from './helpers/xsd.js';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitemapkit-xsd-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const cases: Record<string, { xml: string; valid: boolean }> = {
  'a urlset': {
    xml: `${HEAD}<urlset xmlns="${NS}"><url><loc>https://e.com/</loc></url></urlset>`,
    valid: true,
  },
  'hreflang links': {
    xml: `${HEAD}<urlset xmlns="${NS}" xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>https://e.com/</loc><xhtml:link rel="alternate" hreflang="de" href="https://e.com/de/"/></url></urlset>`,
    valid: true,
  },
  'an index': {
    xml: `${HEAD}<sitemapindex xmlns="${NS}"><sitemap><loc>https://e.com/s.xml</loc></sitemap></sitemapindex>`,
    valid: true,
  },
  'a bad priority': {
    xml: `${HEAD}<urlset xmlns="${NS}"><url><loc>https://e.com/</loc><priority>2</priority></url></urlset>`,
    valid: false,
  },
  'a url without loc': {
    xml: `${HEAD}<urlset xmlns="${NS}"><url><lastmod>2024-01-01</lastmod></url></urlset>`,
    valid: false,
  },
  'an index without loc': {
    xml: `${HEAD}<sitemapindex xmlns="${NS}"><sitemap></sitemap></sitemapindex>`,
    valid: false,
  },
};
for (const [name, { xml, valid }] of Object.entries(cases)) {
  test(`${name} is ${valid ? 'valid' : 'invalid'}`, async () => {
    const path = join(dir, `${name.replaceAll(' ', '-')}.xml`);
    await writeFile(path, xml);
    const errors = await xsdErrors(path);
    if (valid) expect(errors).toEqual([]);
    else expect(errors).not.toEqual([]);
  });
}

test('a folder with no sitemap is an error, not "all valid"', async () => {
  const empty = await mkdtemp(join(dir, 'empty-'));
  await expect(validateSitemapDir(empty)).rejects.toThrow(/no sitemap files/);
});
