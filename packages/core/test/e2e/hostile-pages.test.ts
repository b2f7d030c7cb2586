/**
 * Hostile built sites: odd file names, bad bases, heads with thousands of bad links or past the
 * read cap, very long paths. Every URL written names its file on a static server, or the page is
 * left out with a warning naming it; warnings stay few and short.
 */
import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type GenerateResult,
  generateSitemaps,
  SitemapError,
  type SitemapOptions,
} from '../../src/index.js';
import { makeTree, page } from '../helpers/fixture.js';
import { readAll } from '../helpers/xml.js';

const SITE = 'https://example.com';

/** The locs of every shard, found through the index (shard names are not assumed). */
async function listedLocs(result: GenerateResult, outDir: string): Promise<string[]> {
  const baseUrl = `${SITE}/`;
  const inOutDir = (url: string) => join(outDir, decodeURIComponent(url.slice(baseUrl.length)));
  expect(result.indexUrl).toBe(`${SITE}/sitemap-index.xml`);
  const index = [...(await readAll([inOutDir(result.indexUrl as string)])).values()][0];
  const shards = await readAll((index?.entries ?? []).map((e) => inOutDir(e.loc)));
  return [...shards.values()].flatMap((s) => s.entries.map((e) => e.loc));
}

/**
 * The file a static server with clean URLs answers `loc` with, or null: the path decoded once,
 * then `x/index.html`, `x.html` or `x` itself (no path normalisation: the URL must be exact).
 */
function servedFile(outDir: string, loc: string): string | null {
  const path = decodeURIComponent(new URL(loc).pathname);
  const candidates = path.endsWith('/')
    ? [`${path}index.html`]
    : [`${path}.html`, `${path}/index.html`, path];
  return candidates.find((c) => existsSync(`${outDir}${c}`)) ?? null;
}

async function failure(options: SitemapOptions): Promise<SitemapError> {
  const error = await generateSitemaps(options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SitemapError);
  return error as SitemapError;
}

/** A page file whose name is not valid UTF-8 (byte 0xFF), which no string path can name. */
async function writeNonUtf8Page(dir: string): Promise<void> {
  const name = Buffer.concat([
    Buffer.from(`${dir}/bad`),
    Buffer.from([0xff]),
    Buffer.from('.html'),
  ]);
  await writeFile(name, page());
}

describe.skipIf(sep !== '/')(
  'odd file names: the URL names the file, or the page is left out',
  () => {
    const tree = {
      'dist/index.html': page(),
      'dist/a/index.html': page(),
      'dist/..html': page(),
      'dist/.html': page(),
      'dist/...html': page(),
      'dist/a/..html': page(),
      'dist/....html': page(),
      'dist/back\\slash.html': page(),
      'dist/100%.html': page(),
      'dist/%2e%2e.html': page(),
      'dist/q?x.html': page(),
      'dist/h#x.html': page(),
      'dist/sp ace.html': page(),
      'dist/ctl\u0001.html': page(),
      'dist/nl\nx.html': page(),
    };
    const listed = [
      `${SITE}/`,
      `${SITE}/%252e%252e`,
      `${SITE}/...`,
      `${SITE}/100%25`,
      `${SITE}/a/`,
      `${SITE}/back%5Cslash`,
      `${SITE}/ctl%01`,
      `${SITE}/h%23x`,
      `${SITE}/nl%0Ax`,
      `${SITE}/q%3Fx`,
      `${SITE}/sp%20ace`,
    ];
    const leftOut: Array<[string, RegExp]> = [
      ['..html', /^\.\.html: its URL would end in the segment "\.", .*; left out$/],
      ['.html', /^\.html: its name is only an extension, .*; left out$/],
      ['...html', /^\.\.\.html: its URL would end in the segment "\.\.", .*; left out$/],
      ['a/..html', /^a\/\.\.html: its URL would end in the segment "\.", .*; left out$/],
      ['bad\uFFFD.html', /^bad\uFFFD\.html: its name is not valid UTF-8, so no URL can name it/],
    ];

    for (const head of [true, false]) {
      it(`head ${head ? 'read' : 'not read'}: every loc round-trips to its file`, async () => {
        const root = await makeTree(tree);
        const outDir = join(root, 'dist');
        await writeNonUtf8Page(outDir);
        const result = await generateSitemaps({
          site: SITE,
          outDir,
          head,
          git: false,
          cleanUrls: true,
        });
        const locs = await listedLocs(result, outDir);
        expect([...locs].sort()).toEqual([...listed].sort());
        for (const loc of locs) {
          // Parsing keeps the URL as written, and its decoded path is the file's route.
          expect(new URL(loc).href).toBe(loc);
          const record = result.records.find((r) => r.url === loc);
          const file = servedFile(outDir, loc);
          expect(file, loc).not.toBeNull();
          expect(`/${record?.file}`.replace(/\/index\.html$/, '/')).toBe(
            (file as string).replace(/\/index\.html$/, '/'),
          );
        }
        const warnings = result.warnings.filter((w) => w.code === 'page-unaddressable');
        expect(warnings.map((w) => w.file).sort()).toEqual(leftOut.map(([file]) => file).sort());
        for (const [file, message] of leftOut) {
          expect(warnings.find((w) => w.file === file)?.message).toMatch(message);
        }
        expect(result.pages.excluded).toEqual({ unaddressable: leftOut.length });
      });
    }

    it('strict mode fails on such a page, naming it', async () => {
      const root = await makeTree({ 'dist/index.html': page(), 'dist/blog/..html': page() });
      const error = await failure({
        site: SITE,
        outDir: join(root, 'dist'),
        strict: true,
        cleanUrls: true,
      });
      expect(error.code).toBe('invalid-entry');
      expect(error.message).toMatch(/blog\/\.\.html: its URL would end in the segment "\."/);
      expect(error.context.file).toBe('blog/..html');
    });

    it('without clean URLs, dot names keep their extension, and `\\` is %5C', async () => {
      const root = await makeTree({
        'dist/index.html': page(),
        'dist/..html': page(),
        'dist/.html': page(),
        'dist/a\\b.html': page(),
      });
      const outDir = join(root, 'dist');
      const result = await generateSitemaps({ site: SITE, outDir, cleanUrls: false });
      const locs = await listedLocs(result, outDir);
      expect(locs.sort()).toEqual(
        [`${SITE}/`, `${SITE}/..html`, `${SITE}/.html`, `${SITE}/a%5Cb.html`].sort(),
      );
      for (const loc of locs) expect(servedFile(outDir, loc)).not.toBeNull();
      expect(result.warnings.filter((w) => w.code === 'page-unaddressable')).toEqual([]);
    });
  },
);

describe('bad bases are refused by option validation, naming base, and nothing is written', () => {
  const bases = ['/../../', '/docs/./', '/a\\b/', '/docs?x', '/docs#x', '/%2e%2e/', '/a%2Fb/'];
  for (const base of bases) {
    it(JSON.stringify(base), async () => {
      const root = await makeTree({ 'dist/index.html': page() });
      const error = await failure({ site: SITE, outDir: join(root, 'dist'), base });
      expect(error.code).toBe('invalid-options');
      expect(error.problems).toEqual([
        expect.stringMatching(/^`base` must be a plain URL path such as \/docs\/; /),
      ]);
      expect(await readdir(join(root, 'dist'))).toEqual(['index.html']);
    });
  }

  it('a URL that climbs out of the base with `..` is not under it', async () => {
    const root = await makeTree({ 'dist/index.html': page() });
    const error = await failure({
      site: SITE,
      base: '/docs/',
      outDir: join(root, 'dist'),
      customPages: [`${SITE}/docs/../secret`],
    });
    expect(error.code).toBe('location');
    expect(error.message).toContain(`${SITE}/secret is not under ${SITE}/docs/`);
  });

  it('a serialized URL with dot segments is written resolved', async () => {
    const root = await makeTree({ 'dist/index.html': page() });
    const outDir = join(root, 'dist');
    const result = await generateSitemaps({
      site: SITE,
      outDir,
      serialize: (item) => ({ ...item, url: `${SITE}/a/./b/../c` }),
    });
    expect(await listedLocs(result, outDir)).toEqual([`${SITE}/a/c`]);
  });
});

describe('head floods: one short warning per page', () => {
  it('7,019 invalid hreflang links give one warning, and the valid ones are written', async () => {
    // The first bad link has a long href; the head stays within the read cap.
    let flood = `<link rel="alternate" hreflang="de" href="/de/p/"><link rel="alternate" hreflang="x_0" href="/${'y'.repeat(300)}/">`;
    for (let i = 1; i < 7019; i++) flood += `<link rel="alternate" hreflang="x_${i}" href="/">`;
    const root = await makeTree({
      'dist/p/index.html': page(flood),
      'dist/de/p/index.html': page('<link rel="alternate" hreflang="en" href="/p/">'),
    });
    const outDir = join(root, 'dist');
    const result = await generateSitemaps({ site: SITE, outDir });
    const invalid = result.warnings.filter((w) => w.code === 'invalid-head');
    expect(invalid).toHaveLength(1);
    expect(invalid[0]?.file).toBe('p/index.html');
    expect(invalid[0]?.message).toMatch(
      /^p\/index\.html: 7019 hreflang alternates are not valid; left out, the first: "x_0" -> "\/y+…y+\/"$/,
    );
    expect(invalid[0]?.message.length).toBeLessThan(300);
    expect(result.warnings.length).toBeLessThan(5);
    const locs = await listedLocs(result, outDir);
    expect(locs.sort()).toEqual([`${SITE}/de/p/`, `${SITE}/p/`]);
    const p = result.records.find((r) => r.url === `${SITE}/p/`);
    // The page itself joins its set, in the language the German page's link gives it.
    expect(p?.links).toEqual([
      { lang: 'en', url: `${SITE}/p/` },
      { lang: 'de', url: `${SITE}/de/p/` },
    ]);
  });

  it('a bad canonical of 100,000 characters is echoed shortened', async () => {
    const href = `http://[${'z'.repeat(100_000)}`;
    const root = await makeTree({
      'dist/index.html': page(`<link rel="canonical" href="${href}">`),
    });
    const result = await generateSitemaps({ site: SITE, outDir: join(root, 'dist') });
    const warning = result.warnings.find((w) => w.code === 'invalid-head');
    expect(warning?.message).toMatch(
      /^index\.html: canonical href "http:\/\/\[z+…z+" is not a valid URL$/,
    );
    expect(warning?.message.length).toBeLessThan(300);
  });
});

describe('heads past the 512 KiB read cap', () => {
  const KIB = 1024;
  const style = (bytes: number) => `<style>${'x'.repeat(bytes)}</style>`;

  it('a head cut before its rules is a warning naming the file', async () => {
    const root = await makeTree({
      'dist/big/index.html': page(`${style(600 * KIB)}<meta name="robots" content="noindex">`),
      'dist/early/index.html': page(`<meta name="robots" content="noindex">${style(600 * KIB)}`),
      'dist/fits/index.html': page(style(500 * KIB)),
      // No </head>, but the file ends before the cap: all of it was read.
      'dist/open/index.html': `<!doctype html><html><head><title>t</title>${style(100 * KIB)}`,
      'dist/index.html': page(),
    });
    const outDir = join(root, 'dist');
    const result = await generateSitemaps({ site: SITE, outDir });
    const cut = result.warnings.filter((w) => w.code === 'head-too-long');
    expect(cut).toEqual([
      {
        code: 'head-too-long',
        file: 'big/index.html',
        message:
          'big/index.html: its head is longer than 512 KiB; read only its first 512 KiB, so a rule after that (noindex, canonical, hreflang, dates) was not seen',
      },
    ]);
    // The noindex past the cut was not seen: the page stays, and the warning says why.
    expect((await listedLocs(result, outDir)).sort()).toEqual(
      [`${SITE}/`, `${SITE}/big/`, `${SITE}/fits/`, `${SITE}/open/`].sort(),
    );
    expect(result.pages.excluded).toEqual({ noindex: 1 });
  });
});

describe('very long paths are echoed shortened', () => {
  it('a URL past the protocol limit: the warning shows both ends of the path', async () => {
    const long = Array.from({ length: 30 }, (_, i) => `${i}`.padEnd(99, 'x')).join('/');
    const root = await makeTree({ 'dist/index.html': page(), [`dist/${long}/index.html`]: page() });
    const result = await generateSitemaps({ site: SITE, outDir: join(root, 'dist') });
    const warning = result.warnings.find((w) => w.code === 'url-too-long');
    expect(warning?.file).toBe(`${long}/index.html`);
    expect(warning?.message).toMatch(/^0x{98}\/…x+\/index\.html: its URL is 3\d{3} characters/);
    expect(warning?.message.length).toBeLessThan(300);
  });
});
