/** Bad input: each case gets a clear error or warning naming the file/option, and nothing half-written. */
import { mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSitemaps, SitemapError, type SitemapOptions } from '../../src/index.js';
import { makeTree, page, setMtime } from '../helpers/fixture.js';
import { onlyShard, parseSitemap, readAll, readXml, setFiles } from '../helpers/xml.js';

const SITE = 'https://example.com';

async function expectError(
  options: SitemapOptions,
  code: string,
  pattern: RegExp,
): Promise<SitemapError> {
  const error = await generateSitemaps(options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SitemapError);
  expect((error as SitemapError).code).toBe(code);
  expect((error as SitemapError).message).toMatch(pattern);
  return error as SitemapError;
}

describe('invalid options fail fast, listing every problem', () => {
  const rows: Array<[string, Partial<SitemapOptions>, RegExp]> = [
    ['missing site', { site: undefined as unknown as string }, /`site` is required/],
    ['non-http site', { site: 'ftp://example.com' }, /`site` must use http or https/],
    [
      'javascript: custom sitemap',
      { customSitemaps: ['javascript://e.com/%0aalert(1)'] },
      /`customSitemaps` entry "javascript:\/\/e\.com\/%0aalert\(1\)" is not an absolute http\(s\) URL/,
    ],
    [
      'relative custom sitemap',
      { customSitemaps: ['relative/sm.xml'] },
      /`customSitemaps` entry "relative\/sm\.xml" is not an absolute http\(s\) URL/,
    ],
    ['relative site', { site: 'example.com' }, /`site` must be an absolute http\(s\) URL/],
    ['priority 1.5', { priority: 1.5 }, /`priority` must be a number from 0.0 to 1.0; got 1.5/],
    [
      'unknown changefreq',
      { changefreq: 'sometimes' as never },
      /`changefreq` must be one of always, hourly/,
    ],
    ['impossible lastmod', { lastmod: '2024-02-30' }, /`lastmod`: 2024-02-30 is not a real date/],
    [
      'urls per file past the protocol',
      { maxUrlsPerSitemap: 50_001 },
      /`maxUrlsPerSitemap` must be a whole number from 1 to 50000/,
    ],
    [
      'bytes per file past the protocol',
      { maxBytesPerSitemap: 60_000_000 },
      /`maxBytesPerSitemap` must be a whole number from 1024 to 52428800/,
    ],
    [
      'sitemaps per index past the protocol',
      { maxSitemapsPerIndex: 50_001 },
      /`maxSitemapsPerIndex`/,
    ],
    [
      'bad trailingSlash',
      { trailingSlash: 'sometimes' as never },
      /`trailingSlash` must be one of 'always', 'never', 'ignore'/,
    ],
    [
      'path in filenameBase',
      { filenameBase: '../evil' },
      /`filenameBase` must be a plain file name/,
    ],
    ['unknown option', { sitemapSize: 10 } as never, /unknown option `sitemapSize`/],
    [
      'frontmatter not a boolean',
      { frontmatter: 'yes' as never },
      /`frontmatter` must be true or false/,
    ],
    [
      'a head rule not a boolean',
      { head: { noindex: 'no' } as never },
      /`head.noindex` must be true or false/,
    ],
    [
      'head neither boolean nor rules',
      { head: 'all' as never },
      /`head` must be true, false or \{ noindex, canonical, redirect, hreflang \}/,
    ],
    ['missing outDir', { outDir: undefined as unknown as string }, /`outDir` is required/],
  ];
  for (const [name, patch, pattern] of rows) {
    it(name, async () => {
      await expectError(
        { site: SITE, outDir: '/nonexistent', ...patch } as SitemapOptions,
        'invalid-options',
        pattern,
      );
    });
  }

  it('lists several problems at once', async () => {
    const error = await expectError(
      { site: 'nope', outDir: 'x', priority: 2, changefreq: 'x' as never },
      'invalid-options',
      /site/,
    );
    expect(error.problems).toHaveLength(3);
  });
});

describe('bad output folders', () => {
  it('missing outDir names it', async () => {
    await expectError(
      { site: SITE, outDir: '/nonexistent/dist' },
      'outdir-missing',
      /outDir \/nonexistent\/dist does not exist/,
    );
  });
  it('empty outDir names it and writes nothing', async () => {
    const root = await makeTree({ 'dist/style.css': 'body{}' });
    await expectError(
      { site: SITE, outDir: join(root, 'dist') },
      'outdir-empty',
      /no HTML pages found in .*dist/,
    );
    expect(await readdir(join(root, 'dist'))).toEqual(['style.css']);
  });
});

describe('bad pages and sources', () => {
  it('invalid YAML frontmatter: a warning naming file and line, the page stays with its mtime', async () => {
    const root = await makeTree({
      'dist/post/index.html': page(),
      'dist/other/index.html': page(),
      'src/post.md': '---\ntitle: ok\ntags: [unclosed\n---\nbody\n',
      'src/other.md': '---\ntitle: fine\n---\n',
    });
    const { utimes } = await import('node:fs/promises');
    await utimes(
      join(root, 'src/post.md'),
      new Date('2024-05-05T10:00:00Z'),
      new Date('2024-05-05T10:00:00Z'),
    );
    await utimes(
      join(root, 'src/other.md'),
      new Date('2024-01-01T10:00:00Z'),
      new Date('2024-01-01T10:00:00Z'),
    );
    const result = await generateSitemaps({
      site: SITE,
      root,
      outDir: 'dist',
      sources: [{ dir: 'src' }],
    });
    const warning = result.warnings.find((w) => w.code === 'invalid-frontmatter');
    expect(warning?.message).toMatch(/^src\/post\.md:\d+: invalid YAML frontmatter/);
    const post = result.records.find((r) => r.url === `${SITE}/post/`);
    expect(post).toMatchObject({ lastmod: '2024-05-05T10:00:00Z', lastmodFrom: 'mtime' });
  });

  it('impossible frontmatter dates and bad values warn by file and field; strict mode fails', async () => {
    const tree = {
      'dist/a/index.html': page(),
      'src/a.md':
        '---\nupdatedDate: 2024-02-30\npubDate: 2024-01-10\nsitemap:\n  priority: 1.5\n  changefreq: sometimes\n---\n',
    };
    const root = await makeTree(tree);
    await setMtime(join(root, 'src/a.md'), '2023-01-01T00:00:00Z');
    const result = await generateSitemaps({
      site: SITE,
      root,
      outDir: 'dist',
      sources: [{ dir: 'src' }],
    });
    expect(result.warnings.map((w) => w.message)).toEqual(
      expect.arrayContaining([
        'src/a.md: frontmatter field "updatedDate" 2024-02-30 is not a real date; not used',
        'src/a.md: frontmatter field "sitemap.priority" must be a number from 0.0 to 1.0; got 1.5; not used',
        expect.stringMatching(/src\/a\.md: frontmatter field "sitemap.changefreq" must be one of/),
      ]),
    );
    const xml = await readXml(await onlyShard(join(root, 'dist')));
    expect(parseSitemap(xml).entries).toEqual([
      { loc: `${SITE}/a/`, lastmod: '2024-01-10', links: [] },
    ]);
    const strictRoot = await makeTree(tree);
    await expectError(
      { site: SITE, root: strictRoot, outDir: 'dist', sources: [{ dir: 'src' }], strict: true },
      'invalid-entry',
      /src\/a\.md: frontmatter/,
    );
    expect(await readdir(join(strictRoot, 'dist'))).toEqual(['a']);
  });

  it('a value holding </loc> or control characters is escaped, and the file stays valid', async () => {
    const root = await makeTree({ 'dist/index.html': page() });
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      serialize: (item) => ({
        ...item,
        links: [{ lang: 'en', url: `${SITE}/a</loc>b\u0007?x=1&y='2'` }],
      }),
    });
    const xml = await readXml(await onlyShard(join(root, 'dist')));
    expect(xml).toContain(`href="${SITE}/a%3C/loc%3Eb%07?x=1&amp;y=&apos;2&apos;"`);
    await readAll(result.files.map((f) => f.path));
  });

  it('file names with spaces, #, ?, %, &, non-ASCII are encoded once', async () => {
    const root = await makeTree({
      'dist/a b/index.html': page(),
      'dist/c#d/index.html': page(),
      'dist/e?f/index.html': page(),
      'dist/100%/index.html': page(),
      'dist/g&h/index.html': page(),
      'dist/日本/index.html': page(),
    });
    const result = await generateSitemaps({ site: SITE, outDir: join(root, 'dist') });
    const parsed = await readAll(result.files.map((f) => f.path));
    const shard = await onlyShard(join(root, 'dist'));
    expect(parsed.get(shard)?.entries.map((e) => e.loc)).toEqual([
      `${SITE}/%E6%97%A5%E6%9C%AC/`,
      `${SITE}/100%25/`,
      `${SITE}/a%20b/`,
      `${SITE}/c%23d/`,
      `${SITE}/e%3Ff/`,
      `${SITE}/g&h/`,
    ]);
    expect(await readXml(shard)).toContain('<loc>https://example.com/g&amp;h/</loc>');
  });

  it('a path of 3,000 characters is left out with a warning naming the page', async () => {
    const long = Array.from({ length: 30 }, () => 'x'.repeat(99)).join('/');
    const root = await makeTree({ 'dist/index.html': page(), [`dist/${long}/index.html`]: page() });
    const result = await generateSitemaps({ site: SITE, outDir: join(root, 'dist') });
    expect(result.pages.excluded).toEqual({ 'url-too-long': 1 });
    expect(result.warnings.find((w) => w.code === 'url-too-long')?.message).toMatch(
      /xxx\/index\.html: its URL is 3\d{3} characters/,
    );
  });

  it('strict mode: a URL too long and a bad head each fail the build, naming the page, and the set already written stays', async () => {
    const long = Array.from({ length: 30 }, () => 'x'.repeat(99)).join('/');
    const root = await makeTree({ 'dist/index.html': page(), 'dist/a/index.html': page() });
    await generateSitemaps({ site: SITE, outDir: join(root, 'dist') });
    const before = await setFiles(join(root, 'dist'));
    const shard = await readXml(await onlyShard(join(root, 'dist')));
    await writeFile(
      join(root, 'dist/a/index.html'),
      page('<link rel="canonical" href="http://[x">'),
    );
    await expectError(
      { site: SITE, outDir: join(root, 'dist'), strict: true },
      'invalid-entry',
      /^sitemapkit: a\/index\.html: canonical href "http:\/\/\[x" is not a valid URL; the build fails, as `strict` is on$/,
    );
    await writeFile(join(root, 'dist/a/index.html'), page());
    await mkdir(join(root, 'dist', long), { recursive: true });
    await writeFile(join(root, 'dist', long, 'index.html'), page());
    await expectError(
      { site: SITE, outDir: join(root, 'dist'), strict: true },
      'invalid-entry',
      /xxx\/index\.html: its URL is 3\d{3} characters; the protocol allows fewer than 2048; the build fails, as `strict` is on$/,
    );
    expect(await setFiles(join(root, 'dist'))).toEqual(before);
    expect(await readXml(await onlyShard(join(root, 'dist')))).toBe(shard);
  });

  it('strict mode: a bad head on a page its head leaves out is a warning, not a failed build', async () => {
    const root = await makeTree({
      'dist/index.html': page(),
      'dist/old/index.html': page(
        '<meta name="robots" content="noindex"><link rel="alternate" hreflang="en_US" href="/old/">',
      ),
    });
    const result = await generateSitemaps({ site: SITE, outDir: join(root, 'dist'), strict: true });
    expect(result.pages.excluded).toEqual({ noindex: 1 });
    expect(result.warnings.filter((w) => w.code === 'invalid-head').map((w) => w.file)).toEqual([
      'old/index.html',
    ]);
  });

  it('a symlink loop in outDir is walked once', async () => {
    const root = await makeTree({ 'dist/index.html': page(), 'dist/a/index.html': page() });
    await symlink(join(root, 'dist'), join(root, 'dist/a/loop'));
    await symlink(join(root, 'dist/a'), join(root, 'dist/a/self'));
    const result = await generateSitemaps({ site: SITE, outDir: join(root, 'dist') });
    expect(result.records.map((r) => r.url)).toEqual([`${SITE}/`, `${SITE}/a/`]);
  });

  it('an unreadable page is a warning naming it; strict mode fails and writes nothing', async () => {
    const root = await makeTree({ 'dist/index.html': page() });
    await symlink(join(root, 'missing-target.html'), join(root, 'dist/broken.html'));
    await mkdir(join(root, 'dist/dir.html'));
    const result = await generateSitemaps({ site: SITE, outDir: join(root, 'dist') });
    expect(result.warnings.find((w) => w.code === 'page-unreadable')?.message).toMatch(
      /broken\.html/,
    );
    expect(result.pages.included).toBe(1);
  });

  it('a URL outside the site or base is a location error, and nothing already written is lost', async () => {
    const root = await makeTree({ 'dist/index.html': page() });
    await generateSitemaps({ site: SITE, outDir: join(root, 'dist') });
    const shard = await onlyShard(join(root, 'dist'));
    const files = await setFiles(join(root, 'dist'));
    const before = await readFile(shard, 'utf8');
    const index = await readFile(join(root, 'dist/sitemap-index.xml'), 'utf8');
    await expectError(
      { site: SITE, outDir: join(root, 'dist'), customPages: ['https://other.com/x'] },
      'location',
      /https:\/\/other\.com\/x is not under https:\/\/example\.com\//,
    );
    await expectError(
      { site: SITE, base: '/docs/', outDir: join(root, 'dist'), customPages: [`${SITE}/blog/`] },
      'location',
      /not under https:\/\/example\.com\/docs\//,
    );
    await expectError(
      {
        site: SITE,
        outDir: join(root, 'dist'),
        serialize: (item) => ({ ...item, url: 'http://example.com/' }),
      },
      'location',
      /http:\/\/example\.com\/ is not under https:\/\/example\.com\//,
    );
    await expectError(
      { site: SITE, outDir: join(root, 'dist'), serialize: (item) => ({ ...item, priority: 7 }) },
      'invalid-entry',
      /priority must be a number/,
    );
    expect(await setFiles(join(root, 'dist'))).toEqual(files);
    expect(await readFile(shard, 'utf8')).toBe(before);
    expect(await readFile(join(root, 'dist/sitemap-index.xml'), 'utf8')).toBe(index);
    expect((await readdir(join(root, 'dist'))).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('a threads option that is not a boolean names it, and nothing already written is touched', async () => {
    const root = await makeTree({ 'dist/index.html': page(), 'dist/about/index.html': page() });
    const first = await generateSitemaps({ site: SITE, outDir: join(root, 'dist') });
    const before = await Promise.all(
      first.files.map(async (f) => [await readFile(f.path), (await stat(f.path)).mtimeMs]),
    );
    const garbage: Array<[string, unknown]> = [
      ['threads', 'yes'],
      ['threads', 1],
      ['threads', null],
      ['force', 'yes'],
      ['stylesheet', 1],
      ['schemaLocation', 'on'],
    ];
    for (const [option, value] of garbage) {
      await expectError(
        { site: SITE, outDir: join(root, 'dist'), [option]: value as never },
        'invalid-options',
        new RegExp(`\`${option}\` must be true or false`),
      );
    }
    expect(
      await Promise.all(
        first.files.map(async (f) => [await readFile(f.path), (await stat(f.path)).mtimeMs]),
      ),
    ).toEqual(before);
    expect((await readdir(join(root, 'dist'))).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('robotsTxt and pageAlternates given garbage name the option, and nothing already written is touched', async () => {
    const root = await makeTree({ 'dist/index.html': page(), 'dist/fr/index.html': page() });
    const first = await generateSitemaps({ site: SITE, outDir: join(root, 'dist') });
    const written = () =>
      Promise.all(
        [...first.files.map((f) => f.path), join(root, 'dist/robots.txt')].map(async (path) => [
          await readFile(path),
          (await stat(path)).mtimeMs,
        ]),
      );
    const before = await written();
    const garbage: Array<[string, unknown, RegExp]> = [
      ['robotsTxt', 'yes', /`robotsTxt` must be true, false or 'replace'; got "yes"/],
      ['robotsTxt', 1, /`robotsTxt` must be true, false or 'replace'; got 1/],
      ['pageAlternates', 'fr', /`pageAlternates` must map URL paths to alternates/],
      [
        'pageAlternates',
        { '/': 'fr' },
        /`pageAlternates\["\/"\]` must be an array of \{ lang, url \}/,
      ],
      [
        'pageAlternates',
        { '/': [null] },
        /`pageAlternates\["\/"\]`: undefined is not a language tag/,
      ],
      [
        'pageAlternates',
        { '/': [{ lang: 'fr', url: 'javascript:alert(1)' }] },
        /`pageAlternates\["\/"\]`: the url of "fr" must be an absolute http\(s\) URL/,
      ],
    ];
    for (const [option, value, message] of garbage) {
      await expectError(
        { site: SITE, outDir: join(root, 'dist'), [option]: value as never },
        'invalid-options',
        message,
      );
    }
    expect(await written()).toEqual(before);
    expect((await readdir(join(root, 'dist'))).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('an error thrown by filter or serialize propagates unchanged', async () => {
    const root = await makeTree({ 'dist/index.html': page() });
    const boom = new Error('boom from user code');
    await expect(
      generateSitemaps({
        site: SITE,
        outDir: join(root, 'dist'),
        filter: () => {
          throw boom;
        },
      }),
    ).rejects.toBe(boom);
    await expect(
      generateSitemaps({
        site: SITE,
        outDir: join(root, 'dist'),
        serialize: async () => {
          throw boom;
        },
      }),
    ).rejects.toBe(boom);
    expect(await readdir(join(root, 'dist'))).toEqual(['index.html']);
  });

  it('a missing source folder is a warning naming it', async () => {
    const root = await makeTree({ 'dist/index.html': page() });
    const result = await generateSitemaps({
      site: SITE,
      root,
      outDir: 'dist',
      sources: [{ dir: 'src/nope' }],
    });
    expect(result.warnings.find((w) => w.code === 'source-unreadable')?.message).toMatch(
      /source folder src\/nope does not exist/,
    );
  });

  it('stray bytes in an existing robots.txt are kept', async () => {
    const root = await makeTree({
      'dist/index.html': page(),
      'dist/robots.txt': 'User-agent: *\nDisallow: /x\n# comment ü\n',
    });
    await generateSitemaps({ site: SITE, outDir: join(root, 'dist') });
    await writeFile(join(root, 'keep'), '');
    expect(await readFile(join(root, 'dist/robots.txt'), 'utf8')).toBe(
      `User-agent: *\nDisallow: /x\n# comment ü\n\nSitemap: ${SITE}/sitemap-index.xml\n`,
    );
  });
});
