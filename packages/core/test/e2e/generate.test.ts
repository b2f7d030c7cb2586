import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSitemaps, htmlFileKeys } from '../../src/index.js';
import { makeTree, page, setMtime } from '../helpers/fixture.js';
import {
  onlyShard,
  parseSitemap,
  readAll,
  readXml,
  setFiles,
  shardFiles,
  shardName,
} from '../helpers/xml.js';

const SITE = 'https://example.com';

async function blogSite() {
  const root = await makeTree({
    'dist/index.html': page(),
    'dist/404.html': page(),
    'dist/about/index.html': page(),
    'dist/products/404/index.html': page(),
    'dist/blog/first-post/index.html': page(),
    'dist/blog/second-post/index.html': page(),
    'dist/blog/draft/index.html': page(),
    'dist/über-uns/index.html': page(),
    'dist/rss.xml': '<rss/>',
    'src/pages/index.astro': '---\nconst x = 1;\n---\n<h1/>',
    'src/pages/about.md': '---\ntitle: About\nlastmod: 2024-03-01\n---\n# About\n',
    'src/pages/über-uns.md': '---\ntitle: Über uns\n---\n',
    'src/content/blog/first-post.md':
      '---\ntitle: First\npubDate: 2024-01-01\nupdatedDate: 2024-02-10\n---\nbody\n',
    'src/content/blog/2024-second.md':
      '---\ntitle: Second\nslug: second-post\npubDate: 2024-01-15\nsitemap:\n  changefreq: monthly\n  priority: 0.7\n---\n',
    'src/content/blog/draft.md': '---\ntitle: Draft\nsitemap: false\n---\n',
  });
  await setMtime(join(root, 'src/pages/index.astro'), '2024-04-01T12:00:00Z');
  // Not in git: every file time is an edit (they are not all one moment).
  await setMtime(join(root, 'src/pages/about.md'), '2024-02-02T12:00:00Z');
  await setMtime(join(root, 'src/pages/über-uns.md'), '2024-04-03T12:30:00Z');
  await setMtime(join(root, 'src/content/blog/first-post.md'), '2024-04-04T12:00:00Z');
  await setMtime(join(root, 'src/content/blog/2024-second.md'), '2023-12-01T12:00:00Z');
  await setMtime(join(root, 'src/content/blog/draft.md'), '2023-12-01T12:00:00Z');
  return root;
}

const blogOptions = (root: string) => ({
  site: SITE,
  root,
  outDir: 'dist',
  sources: [{ dir: 'src/pages' }, { dir: 'src/content/blog', route: '/blog/' }],
});

describe('generateSitemaps on a blog', () => {
  it('lists the right URLs with true lastmods, and every file validates against the XSD', async () => {
    const root = await blogSite();
    const result = await generateSitemaps(blogOptions(root));
    const parsed = await readAll(result.files.map((f) => f.path));
    const index = parsed.get(join(root, 'dist/sitemap-index.xml'));
    expect(index?.root).toBe('sitemapindex');
    const [shard] = await shardFiles(join(root, 'dist'));
    expect(shard).toMatch(shardName('sitemap', 0));
    expect(await setFiles(join(root, 'dist'))).toEqual([shard, 'sitemap-index.xml']);
    expect(index?.entries).toEqual([
      { loc: `${SITE}/${shard}`, lastmod: '2024-04-04T12:00:00Z', links: [] },
    ]);
    const urlset = parsed.get(join(root, `dist/${shard}`));
    expect(urlset?.entries).toEqual([
      // The home page lists everything under it: the newest of them dates it.
      { loc: `${SITE}/`, lastmod: '2024-04-04T12:00:00Z', links: [] },
      { loc: `${SITE}/%C3%BCber-uns/`, lastmod: '2024-04-03T12:30:00Z', links: [] },
      // A modified field newer than the file time wins; a file edited after it wins over it.
      { loc: `${SITE}/about/`, lastmod: '2024-03-01', links: [] },
      { loc: `${SITE}/blog/first-post/`, lastmod: '2024-04-04T12:00:00Z', links: [] },
      {
        loc: `${SITE}/blog/second-post/`,
        lastmod: '2024-01-15',
        changefreq: 'monthly',
        priority: '0.7',
        links: [],
      },
      { loc: `${SITE}/products/404/`, links: [] },
    ]);
    expect(urlset?.namespaces).toEqual({ xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' });
    expect(result.pages).toEqual({
      found: 8,
      included: 6,
      excluded: { 'error-page': 1, frontmatter: 1 },
      withoutLastmod: 1,
      dated: { children: 1, mtime: 2, frontmatter: 2 },
    });
    const from = Object.fromEntries(result.records.map((r) => [r.url, r.lastmodFrom]));
    expect(from).toMatchObject({
      [`${SITE}/`]: 'children',
      [`${SITE}/about/`]: 'frontmatter:lastmod',
      [`${SITE}/blog/first-post/`]: 'mtime',
      // Published after its file time: the publication date is the floor.
      [`${SITE}/blog/second-post/`]: 'frontmatter:pubDate',
      [`${SITE}/products/404/`]: 'none',
    });
    expect(result.warnings.map((w) => w.code)).toEqual(['lastmod-unknown']);
    expect(await readFile(join(root, 'dist/robots.txt'), 'utf8')).toBe(
      `User-agent: *\nAllow: /\n\nSitemap: ${SITE}/sitemap-index.xml\n`,
    );
  });

  it('dates each sitemap in the index by its newest entry, whether written as text or as bytes', async () => {
    // An entry with alternates is written as text, the others as bytes from the columns
    // (`xml/url-bytes.ts`): the newest of the file is the newest of both kinds.
    for (const [lastmod, newest] of [
      ['2024-05-05', '2024-05-05'],
      ['2024-01-01T00:00:00Z', '2024-04-04T12:00:00Z'],
    ]) {
      const root = await blogSite();
      const result = await generateSitemaps({
        ...blogOptions(root),
        serialize: (item) =>
          item.url === `${SITE}/about/`
            ? { ...item, lastmod, links: [{ lang: 'en', url: item.url }] }
            : item,
      });
      const index = (await readAll(result.files.map((f) => f.path))).get(
        join(root, 'dist/sitemap-index.xml'),
      );
      expect(index?.entries.map((e) => e.lastmod)).toEqual([newest]);
    }
  });

  it('makes its records when they are first read: plain records, the same each read, in the JSON', async () => {
    const root = await blogSite();
    const result = await generateSitemaps(blogOptions(root));
    const described = Object.getOwnPropertyDescriptor(result, 'records');
    expect(typeof described?.get).toBe('function');
    expect(described?.enumerable).toBe(true);
    const records = result.records;
    expect(result.records).toBe(records);
    expect(records.map((r) => r.url)).toEqual([
      `${SITE}/`,
      `${SITE}/%C3%BCber-uns/`,
      `${SITE}/404.html`,
      `${SITE}/about/`,
      `${SITE}/blog/draft/`,
      `${SITE}/blog/first-post/`,
      `${SITE}/blog/second-post/`,
      `${SITE}/products/404/`,
    ]);
    for (const record of records) expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    // A field a page does not have is not there, not there as undefined.
    const about = records.find((r) => r.url === `${SITE}/about/`);
    expect(about).toEqual({
      file: 'about/index.html',
      url: `${SITE}/about/`,
      source: 'src/pages/about.md',
      lastmod: '2024-03-01',
      lastmodFrom: 'frontmatter:lastmod',
      sitemap: expect.stringMatching(shardName('sitemap', 0)),
    });
    expect(Object.keys(about ?? {}).sort()).toEqual(
      ['file', 'lastmod', 'lastmodFrom', 'sitemap', 'source', 'url'].sort(),
    );
    expect(JSON.parse(JSON.stringify(result)).records).toEqual(records);
    // Set, it is what was set.
    result.records = [];
    expect(result.records).toEqual([]);
  });

  it('is deterministic and rewrites nothing when nothing changed', async () => {
    const root = await blogSite();
    const first = await generateSitemaps(blogOptions(root));
    const bytes = await Promise.all(first.files.map((f) => readFile(f.path)));
    const mtimes = await Promise.all(first.files.map(async (f) => (await stat(f.path)).mtimeMs));
    await new Promise((r) => setTimeout(r, 20));
    const second = await generateSitemaps(blogOptions(root));
    expect(second.files.map((f) => f.changed)).toEqual(second.files.map(() => false));
    expect(await Promise.all(second.files.map((f) => readFile(f.path)))).toEqual(bytes);
    expect(await Promise.all(second.files.map(async (f) => (await stat(f.path)).mtimeMs))).toEqual(
      mtimes,
    );
  });

  it("removes stale shards of an earlier build, never the user's files", async () => {
    const root = await makeTree(
      Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`dist/p${i}/index.html`, page()])),
    );
    await generateSitemaps({ site: SITE, outDir: join(root, 'dist'), maxUrlsPerSitemap: 1 });
    const earlier = await shardFiles(join(root, 'dist'));
    expect(earlier).toEqual(
      [0, 1, 2, 3, 4].map((n) => expect.stringMatching(shardName('sitemap-root', n))),
    );
    expect(
      (await readdir(join(root, 'dist'))).filter((f) => f.startsWith('sitemap-')).sort(),
    ).toEqual(['sitemap-index.xml', ...earlier].sort());
    // Files of the user's named as ours were once, or as ours are now: no mark, never removed.
    const own = ['sitemap-7.xml', 'sitemap-7-0badcafe.xml', 'sitemap-root-9-12345678.xml.gz'];
    for (const name of own)
      await writeFile(join(root, 'dist', name), 'my own notes, not a sitemap');
    // The site now fits in one file: the five shards of the earlier build are stale.
    const result = await generateSitemaps({ site: SITE, outDir: join(root, 'dist') });
    expect(result.removed).toEqual([...earlier].sort());
    const [shard] = await shardFiles(join(root, 'dist'));
    expect(shard).toMatch(shardName('sitemap', 0));
    expect(
      (await readdir(join(root, 'dist'))).filter((f) => f.startsWith('sitemap-')).sort(),
    ).toEqual([shard, 'sitemap-index.xml', ...own].sort());
    for (const name of own) {
      expect(await readFile(join(root, 'dist', name), 'utf8')).toBe('my own notes, not a sitemap');
    }
  });

  it("keeps the user's robots.txt lines and adds the Sitemap line once", async () => {
    const root = await makeTree({
      'dist/index.html': page(),
      'dist/robots.txt': 'User-agent: *\nDisallow: /admin/\n',
    });
    await generateSitemaps({ site: SITE, outDir: join(root, 'dist') });
    await generateSitemaps({ site: SITE, outDir: join(root, 'dist') });
    expect(await readFile(join(root, 'dist/robots.txt'), 'utf8')).toBe(
      `User-agent: *\nDisallow: /admin/\n\nSitemap: ${SITE}/sitemap-index.xml\n`,
    );
  });

  it('writes gzip shards the index points at', async () => {
    const root = await makeTree({ 'dist/index.html': page(), 'dist/a/index.html': page() });
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      gzip: true,
      robotsTxt: false,
    });
    const [shard] = await shardFiles(join(root, 'dist'));
    expect(shard).toMatch(shardName('sitemap', 0, true));
    expect(result.files.map((f) => f.path.replace(root, ''))).toEqual([
      '/dist/sitemap-index.xml',
      `/dist/${shard}`,
    ]);
    expect(await setFiles(join(root, 'dist'))).toEqual([shard, 'sitemap-index.xml']);
    const parsed = await readAll(result.files.map((f) => f.path));
    expect(parsed.get(join(root, 'dist/sitemap-index.xml'))?.entries.map((e) => e.loc)).toEqual([
      `${SITE}/${shard}`,
    ]);
    expect(parsed.get(join(root, `dist/${shard}`))?.entries.map((e) => e.loc)).toEqual([
      `${SITE}/`,
      `${SITE}/a/`,
    ]);
    await expect(stat(join(root, 'dist/robots.txt'))).rejects.toThrow();
  });

  it('splits the index past maxSitemapsPerIndex and lists every index in robots.txt', async () => {
    const root = await makeTree(
      Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`dist/p${i}/index.html`, page()])),
    );
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      maxUrlsPerSitemap: 1,
      maxSitemapsPerIndex: 2,
    });
    const indexes = result.files.filter((f) => f.kind === 'index').map((f) => f.url);
    expect(indexes).toEqual([
      `${SITE}/sitemap-index.xml`,
      `${SITE}/sitemap-index-1.xml`,
      `${SITE}/sitemap-index-2.xml`,
    ]);
    await readAll(result.files.map((f) => f.path));
    const robots = await readFile(join(root, 'dist/robots.txt'), 'utf8');
    for (const url of indexes) expect(robots).toContain(`Sitemap: ${url}\n`);
  });

  it('shards by bytes as well as by count', async () => {
    const root = await makeTree(
      Object.fromEntries(
        Array.from({ length: 30 }, (_, i) => [`dist/${'x'.repeat(60)}-${i}/index.html`, page()]),
      ),
    );
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      maxBytesPerSitemap: 1024,
    });
    const sitemaps = result.files.filter((f) => f.kind === 'sitemap');
    expect(sitemaps.length).toBeGreaterThan(3);
    for (const f of sitemaps) expect(f.xmlBytes).toBeLessThanOrEqual(1024);
    expect(sitemaps.reduce((n, f) => n + f.urlCount, 0)).toBe(30);
    await readAll(result.files.map((f) => f.path));
  });

  it('writes 49,999 / 50,000 / 50,001 URLs into 1 / 1 / 2 files', async () => {
    for (const [count, files] of [
      [49_999, [49_999]],
      [50_000, [50_000]],
      // Past one file, URLs are written section by section: `/` first, then `/item/…`.
      [50_001, [1, 50_000]],
    ] as const) {
      const root = await makeTree({ 'dist/index.html': page() });
      const customPages = Array.from({ length: count - 1 }, (_, i) => `${SITE}/item/${i}`);
      const result = await generateSitemaps({
        site: SITE,
        outDir: join(root, 'dist'),
        customPages,
        robotsTxt: false,
        head: false,
      });
      expect(result.files.filter((f) => f.kind === 'sitemap').map((f) => f.urlCount)).toEqual(
        files,
      );
      const last = result.files.at(-1);
      expect(parseSitemap(await readXml(last?.path as string)).entries).toHaveLength(
        files.at(-1) as number,
      );
    }
  }, 60_000);

  it('names chunk files and sends unclaimed URLs to -pages-', async () => {
    const root = await makeTree({
      'dist/index.html': page(),
      'dist/blog/a/index.html': page(),
      'dist/blog/b/index.html': page(),
      'dist/about/index.html': page(),
    });
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      chunks: {
        blog: (item) => (item.url.includes('/blog/') ? { ...item, priority: 0.9 } : undefined),
      },
    });
    const shards = await shardFiles(join(root, 'dist'));
    expect(shards).toEqual([
      expect.stringMatching(shardName('sitemap-blog', 0)),
      expect.stringMatching(shardName('sitemap-pages', 0)),
    ]);
    expect(result.files.map((f) => f.url)).toEqual([
      `${SITE}/sitemap-index.xml`,
      ...shards.map((name) => `${SITE}/${name}`),
    ]);
    expect(await setFiles(join(root, 'dist'))).toEqual([...shards, 'sitemap-index.xml'].sort());
    const parsed = await readAll(result.files.map((f) => f.path));
    expect(
      parsed.get(join(root, 'dist', shards[0] as string))?.entries.map((e) => [e.loc, e.priority]),
    ).toEqual([
      [`${SITE}/blog/a/`, '0.9'],
      [`${SITE}/blog/b/`, '0.9'],
    ]);
  });

  it('applies serialize (async, falsy drops), filter, include and exclude', async () => {
    const root = await makeTree({
      'dist/index.html': page(),
      'dist/docs/a/index.html': page(),
      'dist/docs/private/index.html': page(),
      'dist/blog/x/index.html': page(),
      'dist/docs/b/index.html': page(),
      'src/index.md': '---\nsitemap:\n  changefreq: monthly\n  priority: 0.4\n---\n',
    });
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      root,
      sources: [{ dir: 'src' }],
      include: ['/docs/**', '/'],
      exclude: ['/docs/private'],
      filter: (url) => !url.endsWith('/b/'),
      changefreq: 'daily',
      serialize: async (item) =>
        item.url.endsWith('/a/')
          ? { ...item, lastmod: new Date('2024-06-01T00:00:00Z'), changefreq: 'weekly' }
          : { url: item.url },
    });
    expect(result.pages.excluded).toEqual({ include: 1, exclude: 1, filter: 1 });
    const urlset = (await readAll(result.files.map((f) => f.path))).get(
      await onlyShard(join(root, 'dist')),
    );
    expect(urlset?.entries).toEqual([
      { loc: `${SITE}/`, links: [] },
      { loc: `${SITE}/docs/a/`, lastmod: '2024-06-01', changefreq: 'weekly', links: [] },
    ]);
    expect(result.records.find((r) => r.url.endsWith('/docs/a/'))?.lastmodFrom).toBe('serialize');
    // A record says what was written for its page: serialize dropped the home page's
    // frontmatter changefreq and priority, and its file time.
    expect(
      result.records
        .filter((r) => !r.excluded)
        .map(({ url, lastmod, changefreq, priority }) => ({ url, lastmod, changefreq, priority })),
    ).toEqual([
      { url: `${SITE}/`, lastmod: undefined, changefreq: undefined, priority: undefined },
      { url: `${SITE}/docs/a/`, lastmod: '2024-06-01', changefreq: 'weekly', priority: undefined },
    ]);
  });

  it('serves the site under a base path, with customPages and an XSL stylesheet', async () => {
    const root = await makeTree({ 'dist/index.html': page(), 'dist/guide/index.html': page() });
    const result = await generateSitemaps({
      site: SITE,
      base: '/docs',
      outDir: join(root, 'dist'),
      trailingSlash: 'never',
      customPages: [`${SITE}/docs/api/Straße`],
      xslURL: '/docs/sitemap.xsl',
      robotsTxt: false,
    });
    const shard = await onlyShard(join(root, 'dist'));
    expect(result.files.map((f) => f.url)).toEqual([
      `${SITE}/docs/sitemap-index.xml`,
      `${SITE}/docs/${basename(shard)}`,
    ]);
    const xml = await readXml(shard);
    expect(xml).toContain('<?xml-stylesheet type="text/xsl" href="/docs/sitemap.xsl"?>');
    expect(parseSitemap(xml).entries.map((e) => e.loc)).toEqual([
      `${SITE}/docs/`,
      `${SITE}/docs/api/Stra%C3%9Fe`,
      `${SITE}/docs/guide`,
    ]);
    expect(result.indexUrl).toBe(`${SITE}/docs/sitemap-index.xml`);
    await readAll(result.files.map((f) => f.path));
  });

  it('builds hreflang alternates from i18n prefixes', async () => {
    const root = await makeTree({
      'dist/index.html': page(),
      'dist/es/index.html': page(),
      'dist/about/index.html': page(),
      'dist/es/about/index.html': page(),
      'dist/only-en/index.html': page(),
    });
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      i18n: { defaultLocale: 'en', locales: { en: 'en-US', es: 'es-ES' } },
    });
    const urlset = (await readAll(result.files.map((f) => f.path))).get(
      await onlyShard(join(root, 'dist')),
    );
    expect(urlset?.namespaces['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    const about = urlset?.entries.find((e) => e.loc === `${SITE}/es/about/`);
    expect(about?.links).toEqual([
      { hreflang: 'en-US', href: `${SITE}/about/` },
      { hreflang: 'es-ES', href: `${SITE}/es/about/` },
    ]);
    expect(urlset?.entries.find((e) => e.loc === `${SITE}/only-en/`)?.links).toEqual([]);
  });
});

describe("the URL form: the literal file's unless the page's canonical link says otherwise", () => {
  const canonical = (href: string) => page(`<link rel="canonical" href="${href}">`);
  const tree = {
    'dist/index.html': page(),
    'dist/plain.html': page(),
    'dist/clean.html': canonical(`${SITE}/clean`),
    'dist/relative.html': canonical('/relative'),
    'dist/kept.html': canonical(`${SITE}/kept.html`),
    'dist/dir/index.html': canonical(`${SITE}/dir`),
    'dist/elsewhere.html': canonical(`${SITE}/other`),
  };
  const listed = (result: Awaited<ReturnType<typeof generateSitemaps>>) =>
    result.records.filter((r) => !r.excluded).map((r) => r.url.slice(SITE.length));

  it('lists about.html as /about.html by default, as every static host serves it; the canonical form wins', async () => {
    const root = await makeTree(tree);
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      robotsTxt: false,
    });
    expect(listed(result)).toEqual([
      '/',
      '/clean',
      '/dir',
      '/kept.html',
      '/plain.html',
      '/relative',
    ]);
    expect(result.records.find((r) => r.file === 'elsewhere.html')?.excluded).toBe('canonical');
  });

  it('with cleanUrls, lists about.html as /about unless its canonical keeps .html', async () => {
    const root = await makeTree(tree);
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      robotsTxt: false,
      cleanUrls: true,
    });
    expect(listed(result)).toEqual(['/', '/clean', '/dir', '/kept.html', '/plain', '/relative']);
  });

  it('two files whose canonicals name one URL are listed once, in URL order', async () => {
    const root = await makeTree({
      'dist/index.html': page(),
      'dist/about.html': canonical(`${SITE}/about/`),
      'dist/about/index.html': canonical(`${SITE}/about/`),
      'dist/abc.html': page(),
      'dist/b.html': canonical(`${SITE}/b`),
      // Listed in file order, x.zip.html comes between the two pages of /x.
      'dist/x.html': canonical(`${SITE}/x`),
      'dist/x.zip.html': page(),
      'dist/x/index.html': canonical(`${SITE}/x`),
    });
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      robotsTxt: false,
    });
    expect(listed(result)).toEqual(['/', '/abc.html', '/about/', '/b', '/x', '/x.zip.html']);
    expect(result.pages.excluded).toEqual({ duplicate: 2 });
    const [shard] = await shardFiles(join(root, 'dist'));
    const locs = parseSitemap(await readXml(join(root, 'dist', shard as string))).entries.map((e) =>
      e.loc.slice(SITE.length),
    );
    expect(locs).toEqual(['/', '/abc.html', '/about/', '/b', '/x', '/x.zip.html']);
  });

  it('a set trailing-slash policy is not overridden by a canonical that breaks it', async () => {
    const root = await makeTree(tree);
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      robotsTxt: false,
      trailingSlash: 'always',
    });
    expect(listed(result)).toContain('/dir/');
    expect(listed(result)).not.toContain('/dir');
  });
});

describe('plain .html pages (cleanUrls off) and encoded bases', () => {
  it('matches about.html to about.md, encodes a non-ASCII base, and advises sources when there are none', async () => {
    const root = await makeTree({
      'dist/index.html': page(),
      'dist/about.html': page(),
      'src/about.md': '---\nlastmod: 2024-09-09\n---\n',
    });
    await setMtime(join(root, 'src/about.md'), '2024-01-01T00:00:00Z');
    const result = await generateSitemaps({
      site: SITE,
      base: '/café/',
      root,
      outDir: 'dist',
      cleanUrls: false,
      sources: [{ dir: 'src' }],
      robotsTxt: false,
    });
    expect(result.records.map((r) => [r.url, r.lastmod ?? null, r.lastmodFrom])).toEqual([
      [`${SITE}/caf%C3%A9/`, '2024-09-09', 'children'],
      [`${SITE}/caf%C3%A9/about.html`, '2024-09-09', 'frontmatter:lastmod'],
    ]);
    await readAll(result.files.map((f) => f.path));
    const bare = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      robotsTxt: false,
    });
    expect(bare.warnings.filter((w) => w.code === 'lastmod-unknown').map((w) => w.message)).toEqual(
      [
        `2 of 2 pages have no source file, so nothing dates them: map their source folders with \`sources\`, or emit <meta property="article:modified_time"> (or JSON-LD dateModified) in their heads (${SITE}/, ${SITE}/about.html)`,
      ],
    );
  });
});

describe('edge cases of what is listed', () => {
  it("writes no sitemap when every page is left out, and removes the earlier build's files", async () => {
    const root = await makeTree({ 'dist/index.html': page(), 'dist/a/index.html': page() });
    await generateSitemaps({ site: SITE, outDir: join(root, 'dist'), robotsTxt: false });
    const [shard] = await shardFiles(join(root, 'dist'));
    expect(shard).toMatch(shardName('sitemap', 0));
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      robotsTxt: false,
      filter: () => false,
    });
    expect(result.indexUrl).toBeNull();
    expect(result.files).toEqual([]);
    expect(result.removed).toEqual([shard, 'sitemap-index.xml']);
    expect(result.warnings.map((w) => w.code)).toContain('nothing-listed');
    expect(await readdir(join(root, 'dist'))).toEqual(['a', 'index.html']);
  });

  it('custom pages go through include, exclude and filter too', async () => {
    const root = await makeTree({ 'dist/index.html': page() });
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      customPages: [`${SITE}/app/`, `${SITE}/app/secret`, `${SITE}/shop/x`, `${SITE}/app/hidden`],
      include: ['/', '/app/**'],
      exclude: ['/app/secret'],
      filter: (url) => !url.endsWith('/hidden'),
    });
    expect(result.records.filter((r) => !r.excluded).map((r) => r.url)).toEqual([
      `${SITE}/`,
      `${SITE}/app/`,
    ]);
    expect(result.pages.excluded).toEqual({ include: 1, exclude: 1, filter: 1 });
  });

  it('a folder named index does not take the name of an index file', async () => {
    const { sectionOf } = await import('../../src/output/sections.js');
    expect(sectionOf(`${SITE}/index/a`, `${SITE}/`)).toBe('index-pages');
  });
});

describe('htmlFileKeys: HTML files that are not pages', () => {
  it('keys every HTML file under a folder, as pages are keyed; none for a missing folder', async () => {
    const root = await makeTree({
      'public/google1234.html': '<p>verification</p>',
      'public/legacy/index.htm': '<p>old</p>',
      'public/robots.txt': 'User-agent: *',
    });
    expect(htmlFileKeys(join(root, 'public'))).toEqual(new Set(['/google1234', '/legacy']));
    expect(htmlFileKeys(join(root, 'missing'))).toEqual(new Set());
  });
});
