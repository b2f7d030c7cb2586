/** Pages judged by their emitted HTML, and a lastmod that never lies (git, shallow clones, mtimes). */
import { readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSitemaps } from '../../src/index.js';
import { makeTree, page } from '../helpers/fixture.js';
import { git } from '../helpers/git.js';
import { onlyShard, readAll, shardFiles, shardName } from '../helpers/xml.js';

const SITE = 'https://example.com';

describe('head-aware pages', () => {
  it('excludes noindex, none, googlebot, canonical elsewhere and refresh stubs; keeps canonical self; writes hreflang', async () => {
    const root = await makeTree({
      'dist/index.html': page('<link rel="canonical" href="https://example.com/">'),
      'dist/noindex/index.html': page('<meta name="robots" content="noindex,follow">'),
      'dist/none/index.html': page('<meta name="robots" content="none">'),
      'dist/googlebot/index.html': page('<meta name="googlebot" content="noindex">'),
      'dist/dup/index.html': page('<link rel="canonical" href="/original/">'),
      'dist/original/index.html': page('<link rel="canonical" href="/original/">'),
      'dist/old/index.html':
        '<!doctype html><title>Redirecting to: /original/</title><meta http-equiv="refresh" content="0;url=/original/"><meta name="robots" content="noindex"><link rel="canonical" href="https://example.com/original/"><body></body>',
      'dist/en/hello/index.html': page(
        '<link rel="alternate" hreflang="en" href="/en/hello/"><link rel="alternate" hreflang="de" href="/de/hallo/"><link rel="alternate" hreflang="x-default" href="/en/hello/">',
      ),
      'dist/de/hallo/index.html': page(
        '<link rel="alternate" hreflang="de" href="/de/hallo/"><link rel="alternate" hreflang="en" href="/en/hello/"><link rel="alternate" hreflang="x-default" href="/en/hello/">',
      ),
      'dist/en/one-way/index.html': page(
        '<link rel="alternate" hreflang="en" href="/en/one-way/"><link rel="alternate" hreflang="fr" href="/original/">',
      ),
      'dist/article/index.html': page(
        '<meta property="article:modified_time" content="2024-03-04T10:00:00+02:00">',
      ),
    });
    const report = join(root, 'report.json');
    const result = await generateSitemaps({ site: SITE, outDir: join(root, 'dist'), report });
    expect(result.pages.excluded).toEqual({ noindex: 3, canonical: 1, redirect: 1 });
    const shards = await shardFiles(join(root, 'dist'));
    expect(shards).toEqual([expect.stringMatching(shardName('sitemap', 0))]);
    const shard = shards[0] as string;
    const urlset = (await readAll(result.files.map((f) => f.path))).get(join(root, 'dist', shard));
    expect(urlset?.namespaces['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    expect(urlset?.entries).toEqual([
      // The home page has the article under it: its date is the article's (children).
      { loc: `${SITE}/`, lastmod: '2024-03-04T08:00:00Z', links: [] },
      { loc: `${SITE}/article/`, lastmod: '2024-03-04T08:00:00Z', links: [] },
      {
        loc: `${SITE}/de/hallo/`,
        links: [
          { hreflang: 'de', href: `${SITE}/de/hallo/` },
          { hreflang: 'en', href: `${SITE}/en/hello/` },
          { hreflang: 'x-default', href: `${SITE}/en/hello/` },
        ],
      },
      {
        loc: `${SITE}/en/hello/`,
        links: [
          { hreflang: 'en', href: `${SITE}/en/hello/` },
          { hreflang: 'de', href: `${SITE}/de/hallo/` },
          { hreflang: 'x-default', href: `${SITE}/en/hello/` },
        ],
      },
      {
        loc: `${SITE}/en/one-way/`,
        links: [
          { hreflang: 'en', href: `${SITE}/en/one-way/` },
          { hreflang: 'fr', href: `${SITE}/original/` },
        ],
      },
      { loc: `${SITE}/original/`, links: [] },
    ]);
    expect(
      result.warnings.filter((w) => w.code === 'hreflang-not-reciprocal').map((w) => w.message),
    ).toEqual([
      `${SITE}/en/one-way/ lists ${SITE}/original/ as an alternate, but ${SITE}/original/ does not list it back`,
    ]);
    const json = JSON.parse(await readFile(report, 'utf8'));
    expect(json.pages.find((p: { url: string }) => p.url === `${SITE}/dup/`)).toEqual({
      url: `${SITE}/dup/`,
      file: 'dup/index.html',
      source: null,
      status: 'excluded',
      reason: 'canonical',
      detail: `${SITE}/original/`,
      lastmod: null,
      lastmodFrom: 'none',
      candidates: [],
      sitemap: null,
    });
    expect(json.pages.find((p: { url: string }) => p.url === `${SITE}/article/`)).toMatchObject({
      status: 'included',
      lastmod: '2024-03-04T08:00:00Z',
      lastmodFrom: 'html-meta',
      candidates: [{ from: 'html-meta', value: '2024-03-04T08:00:00Z' }],
      sitemap: shard,
    });
    expect(json.summary).toEqual(result.pages);
  });

  it('head: false lists every page as-is', async () => {
    const root = await makeTree({
      'dist/index.html': page(),
      'dist/hidden/index.html': page('<meta name="robots" content="noindex">'),
    });
    const result = await generateSitemaps({ site: SITE, outDir: join(root, 'dist'), head: false });
    expect(result.pages.included).toBe(2);
  });
});

describe('lastmod from git', () => {
  it("takes each source's last commit date; a shallow clone makes cut histories unknown; dirty files use mtime", async () => {
    const repo = await makeTree({
      'dist/a/index.html': page(),
      'dist/b/index.html': page(),
      'dist/c/index.html': page(),
      'dist/d/index.html': page(),
      'src/a.md': 'a1',
      'src/b.md': 'b1',
      'src/c.md': 'c1',
    });
    git(repo, ['init', '-q', '-b', 'main']);
    git(repo, ['add', 'src']);
    git(repo, ['commit', '-q', '-m', 'one'], '2024-01-01T10:00:00Z');
    await writeFile(join(repo, 'src/b.md'), 'b2');
    git(repo, ['commit', '-q', '-am', 'two'], '2024-02-01T10:00:00Z');
    await writeFile(join(repo, 'src/c.md'), 'c2');
    git(repo, ['commit', '-q', '-am', 'three'], '2024-03-01T10:00:00Z');
    const options = {
      site: SITE,
      outDir: 'dist',
      sources: [{ dir: 'src' }],
      git: true,
      robotsTxt: false,
    };

    const full = await generateSitemaps({ ...options, root: repo });
    const dates = (r: typeof full) =>
      Object.fromEntries(
        r.records.map((x) => [x.url.slice(SITE.length), [x.lastmod ?? null, x.lastmodFrom]]),
      );
    expect(dates(full)).toEqual({
      '/a/': ['2024-01-01T10:00:00Z', 'git'],
      '/b/': ['2024-02-01T10:00:00Z', 'git'],
      '/c/': ['2024-03-01T10:00:00Z', 'git'],
      '/d/': [null, 'none'],
    });

    const clone = await makeTree({});
    git(clone, ['clone', '-q', '--depth', '2', `file://${repo}`, 'site']);
    const shallowRoot = join(clone, 'site');
    await writeTree(shallowRoot);
    const shallow = await generateSitemaps({ ...options, root: shallowRoot });
    // Depth 2 holds commits two and three: c's date is real; a and b are only in the cut-off commit.
    expect(dates(shallow)).toEqual({
      '/a/': [null, 'none'],
      '/b/': [null, 'none'],
      '/c/': ['2024-03-01T10:00:00Z', 'git'],
      '/d/': [null, 'none'],
    });
    expect(shallow.warnings.find((w) => w.code === 'lastmod-unknown')?.message).toMatch(
      /2 of 4 pages have no lastmod: the git history of their sources is cut by a shallow clone; fetch the full history/,
    );

    await writeFile(join(repo, 'src/a.md'), 'a3 uncommitted');
    await utimes(
      join(repo, 'src/a.md'),
      new Date('2024-06-01T08:00:00Z'),
      new Date('2024-06-01T08:00:00Z'),
    );
    const dirty = await generateSitemaps({ ...options, root: repo });
    expect(dates(dirty)['/a/']).toEqual(['2024-06-01T08:00:00Z', 'mtime']);
  });

  it('outside a git repository: a warning, and dates from the next link', async () => {
    const root = await makeTree({
      'dist/a/index.html': page(),
      'src/a.md': '---\ndate: 2024-01-01\n---\n',
    });
    const result = await generateSitemaps({
      site: SITE,
      root,
      outDir: 'dist',
      sources: [{ dir: 'src' }],
      git: true,
      lastmodFrom: ['git', 'frontmatter'],
    });
    expect(result.warnings.find((w) => w.code === 'git-unavailable')?.message).toMatch(
      /no source folder is inside a git repository/,
    );
    expect(result.records[0]).toMatchObject({
      lastmod: '2024-01-01',
      lastmodFrom: 'frontmatter:date',
    });
  });
});

async function writeTree(root: string): Promise<void> {
  // Copy the built pages next to the sources, as a CI checkout followed by a build would.
  const { mkdir } = await import('node:fs/promises');
  for (const name of ['a', 'b', 'c', 'd']) {
    await mkdir(join(root, 'dist', name), { recursive: true });
    await writeFile(join(root, 'dist', name, 'index.html'), page());
  }
}

describe('lastmod from file times', () => {
  it('writes no lastmod and warns when every source shares one modification time (fresh clone)', async () => {
    const tree: Record<string, string> = {};
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      tree[`dist/${name}/index.html`] = page();
      tree[`src/${name}.md`] = `# ${name}\n`;
    }
    const root = await makeTree(tree);
    const same = new Date('2024-07-07T07:07:07Z');
    for (const name of ['a', 'b', 'c', 'd', 'e'])
      await utimes(join(root, `src/${name}.md`), same, same);
    const result = await generateSitemaps({
      site: SITE,
      root,
      outDir: 'dist',
      sources: [{ dir: 'src' }],
    });
    expect(result.records.map((r) => r.lastmodFrom)).toEqual([
      'none',
      'none',
      'none',
      'none',
      'none',
    ]);
    expect(result.pages.withoutLastmod).toBe(5);
    const xml = await readFile(await onlyShard(join(root, 'dist')), 'utf8');
    expect(xml).not.toContain('<lastmod>');
    expect(result.warnings.find((w) => w.code === 'lastmod-unknown')?.message).toMatch(
      /5 of 5 pages have no lastmod: their sources are not in a git work tree and their file times are all one moment/,
    );
  });

  it("never writes the HTML file's own modification time", async () => {
    const root = await makeTree({ 'dist/index.html': page(), 'dist/a/index.html': page() });
    const result = await generateSitemaps({ site: SITE, outDir: join(root, 'dist') });
    expect(result.records.every((r) => r.lastmod === undefined && r.lastmodFrom === 'none')).toBe(
      true,
    );
  });
});

describe('head rules one by one', () => {
  it('turns off canonical and noindex while redirects stay out; rejects unknown rules', async () => {
    const root = await makeTree({
      'dist/a/index.html': page('<link rel="canonical" href="/b/">'),
      'dist/b/index.html': page('<meta name="robots" content="noindex">'),
      'dist/c/index.html': page('<meta http-equiv="refresh" content="0;url=/b/">'),
      'dist/d/index.html': page('<link rel="alternate" hreflang="en" href="/d/">'),
    });
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      head: { canonical: false, noindex: false, hreflang: false },
    });
    expect(result.records.map((r) => [r.url.slice(SITE.length), r.excluded ?? 'in'])).toEqual([
      ['/a/', 'in'],
      ['/b/', 'in'],
      ['/c/', 'redirect'],
      ['/d/', 'in'],
    ]);
    expect(result.records.find((r) => r.url.endsWith('/d/'))?.links).toBeUndefined();
    await expect(
      generateSitemaps({
        site: SITE,
        outDir: join(root, 'dist'),
        head: { nofollow: true } as never,
      }),
    ).rejects.toThrow(/unknown option `head.nofollow`/);
  });
});
