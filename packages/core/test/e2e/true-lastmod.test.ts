/**
 * A lastmod that is true on real repositories: git repositories made here with controlled
 * commit dates, shaped after what real sites taught us (stale frontmatter fields, reformatting
 * commits, moved files, fresh clones with a few edits, sources in another repository, listing
 * pages dated by their template).
 */
import { readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSitemaps, type SitemapOptions } from '../../src/index.js';
import { makeTree, page, setMtime } from '../helpers/fixture.js';
import { commitAll, git, gitInit } from '../helpers/git.js';
import { onlyShard } from '../helpers/xml.js';

const SITE = 'https://example.com';

type Result = Awaited<ReturnType<typeof generateSitemaps>>;

/** URL path -> [lastmod, provenance]. */
function dates(result: Result): Record<string, [string | null, string]> {
  return Object.fromEntries(
    result.records.map((r) => [r.url.slice(SITE.length), [r.lastmod ?? null, r.lastmodFrom]]),
  );
}

function build(root: string, options: Partial<SitemapOptions> = {}): Promise<Result> {
  return generateSitemaps({
    site: SITE,
    root,
    outDir: 'dist',
    sources: [{ dir: 'content' }],
    robotsTxt: false,
    ...options,
  });
}

const pages = (...names: string[]) =>
  Object.fromEntries(names.map((n) => [`dist/${n}/index.html`, page()]));

describe('git dates, found with no option', () => {
  it('a newer commit beats a stale frontmatter field, and a publish date is no modification date', async () => {
    const root = await makeTree({
      ...pages('rewritten', 'post', 'scheduled'),
      'content/rewritten.md': '---\nlastmod: 2017-02-01\n---\nold text\n',
      'content/post.md': '---\ndate: 2018-03-01\n---\ntext\n',
      'content/scheduled.md': '---\npubDatetime: 2022-07-01T09:00:00Z\n---\ndraft\n',
    });
    gitInit(root);
    commitAll(root, 'start', '2017-02-01T10:00:00Z');
    await writeFile(join(root, 'content/rewritten.md'), '---\nlastmod: 2017-02-01\n---\nnew\n');
    await writeFile(join(root, 'content/post.md'), '---\ndate: 2018-03-01\n---\nfixed typo\n');
    await writeFile(
      join(root, 'content/scheduled.md'),
      '---\npubDatetime: 2022-07-01T09:00:00Z\n---\nready\n',
    );
    commitAll(root, 'rewrite', '2022-05-04T10:00:00Z');
    const result = await build(root);
    expect(dates(result)).toEqual({
      '/post/': ['2022-05-04T10:00:00Z', 'git'],
      '/rewritten/': ['2022-05-04T10:00:00Z', 'git'],
      // Committed before its publication: never earlier than the day it was published.
      '/scheduled/': ['2022-07-01T09:00:00Z', 'frontmatter:pubDatetime'],
    });
    expect(result.warnings).toEqual([]);
    expect(result.pages.dated).toEqual({ git: 2, frontmatter: 1 });
  });

  it('a commit that only renames or moves a file is not a change; a rename with edits is', async () => {
    const root = await makeTree({
      ...pages('moved', 'edited', 'stays'),
      'content/old-name.md': 'moved text\n',
      'content/draft-name.md': 'edited text\n',
      'content/stays.md': 'stays\n',
    });
    gitInit(root);
    commitAll(root, 'start', '2024-01-01T10:00:00Z');
    await rename(join(root, 'content/old-name.md'), join(root, 'content/moved.md'));
    commitAll(root, 'rename only', '2024-05-01T10:00:00Z');
    await rename(join(root, 'content/draft-name.md'), join(root, 'content/edited.md'));
    await writeFile(join(root, 'content/edited.md'), 'edited text, and more of it\n');
    commitAll(root, 'rename and edit', '2024-06-01T10:00:00Z');
    expect(dates(await build(root))).toEqual({
      '/edited/': ['2024-06-01T10:00:00Z', 'git'],
      '/moved/': ['2024-01-01T10:00:00Z', 'git'],
      '/stays/': ['2024-01-01T10:00:00Z', 'git'],
    });
  });

  it("a file renamed to the name of one deleted before keeps its own date, not the other's", async () => {
    const root = await makeTree({
      ...pages('notes'),
      'content/notes-draft.md': 'the notes\n',
      'content/notes.md': 'an older page of that name\n',
    });
    gitInit(root);
    commitAll(root, 'start', '2024-01-01T10:00:00Z');
    await writeFile(join(root, 'content/notes.md'), 'an older page of that name, edited\n');
    commitAll(root, 'edit the old page', '2024-02-01T10:00:00Z');
    await rm(join(root, 'content/notes.md'));
    commitAll(root, 'remove the old page', '2024-03-01T10:00:00Z');
    await rename(join(root, 'content/notes-draft.md'), join(root, 'content/notes.md'));
    commitAll(root, 'publish the draft under that name', '2024-04-01T10:00:00Z');
    // Its text was written on January 1st; the February edit was the deleted page's.
    expect(dates(await build(root))).toEqual({ '/notes/': ['2024-01-01T10:00:00Z', 'git'] });
  });

  it('a file moved in from outside the source folders keeps the date of its last edit', async () => {
    const root = await makeTree({
      ...pages('posts/first', 'posts/second', 'posts/third', 'posts/releases/fourth'),
      'src/data/blog/first.md': 'first\n',
      'src/data/blog/second.md': 'second\n',
      'drafts/third.md': 'third\n',
      'content/blog/fourth.md': 'fourth\n',
    });
    gitInit(root);
    commitAll(root, 'start', '2023-01-01T10:00:00Z');
    await writeFile(join(root, 'src/data/blog/second.md'), 'second, edited\n');
    await writeFile(join(root, 'content/blog/fourth.md'), 'fourth, edited\n');
    commitAll(root, 'edit', '2023-06-01T10:00:00Z');
    await rename(join(root, 'drafts/third.md'), join(root, 'src/data/blog/third.md'));
    commitAll(root, 'publish a draft', '2023-08-01T10:00:00Z');
    // As AstroPaper's history has it: moved out, within the old folder, then out again.
    await rename(join(root, 'content/blog/fourth.md'), join(root, 'src/data/blog/fourth.md'));
    commitAll(root, 'blog to src/data', '2023-09-01T10:00:00Z');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(root, 'src/data/blog/releases'), { recursive: true });
    await rename(
      join(root, 'src/data/blog/fourth.md'),
      join(root, 'src/data/blog/releases/fourth.md'),
    );
    commitAll(root, 'releases folder', '2023-10-01T10:00:00Z');
    // The site is restructured: the blog moves to another folder, nothing in it changes.
    await mkdir(join(root, 'src/content'), { recursive: true });
    await rename(join(root, 'src/data/blog'), join(root, 'src/content/posts'));
    commitAll(root, 'v6 layout', '2024-05-17T10:00:00Z');
    const result = await build(root, { sources: [{ dir: 'src/content/posts', route: '/posts/' }] });
    expect(dates(result)).toEqual({
      '/posts/first/': ['2023-01-01T10:00:00Z', 'git'],
      '/posts/releases/fourth/': ['2023-06-01T10:00:00Z', 'git'],
      '/posts/second/': ['2023-06-01T10:00:00Z', 'git'],
      // Moved twice, from outside both times: its one edit was the first commit.
      '/posts/third/': ['2023-01-01T10:00:00Z', 'git'],
    });
  });

  it('commits in .git-blame-ignore-revs and gitIgnoreRevs do not count; a garbage line is a warning', async () => {
    const root = await makeTree({
      ...pages('a', 'b', 'c'),
      'content/a.md': 'a\n',
      'content/b.md': 'b\n',
      'content/c.md': 'c\n',
    });
    gitInit(root);
    commitAll(root, 'start', '2024-01-01T10:00:00Z');
    await writeFile(join(root, 'content/b.md'), 'b edited\n');
    commitAll(root, 'edit b', '2024-02-01T10:00:00Z');
    for (const name of ['a', 'b', 'c'])
      await writeFile(join(root, `content/${name}.md`), `${name}  \n`);
    const reformat = commitAll(root, 'reformat everything', '2024-06-01T10:00:00Z');
    await writeFile(join(root, 'content/c.md'), 'c  \n\n');
    const whitespace = commitAll(root, 'whitespace in c', '2024-07-01T10:00:00Z');
    await writeFile(
      join(root, '.git-blame-ignore-revs'),
      `# mass reformat\n${reformat}\nnot a hash\n`,
    );
    commitAll(root, 'ignore the reformat', '2024-08-01T10:00:00Z');

    const result = await build(root, { gitIgnoreRevs: [whitespace.slice(0, 10)] });
    expect(dates(result)).toEqual({
      '/a/': ['2024-01-01T10:00:00Z', 'git'],
      '/b/': ['2024-02-01T10:00:00Z', 'git'],
      '/c/': ['2024-01-01T10:00:00Z', 'git'],
    });
    expect(result.warnings).toEqual([
      {
        code: 'git-ignore-revs',
        message: '.git-blame-ignore-revs:3: "not a hash" is not a full commit hash; ignored',
      },
    ]);
    // Without the option, the whitespace commit counts.
    expect(dates(await build(root))['/c/']).toEqual(['2024-07-01T10:00:00Z', 'git']);
  });

  it('says what the sources, then git, then the heads have to say, in that order', async () => {
    const root = await makeTree({
      ...pages('a'),
      'dist/b/index.html': page('<link rel="alternate" hreflang="en_US" href="/b/">'),
      'content/a.md': '---\nlastmod: not a date\n---\na\n',
      'content/b.md': 'b\n',
    });
    gitInit(root);
    await writeFile(join(root, '.git-blame-ignore-revs'), 'not a hash\n');
    commitAll(root, 'start', '2024-01-01T10:00:00Z');
    const result = await build(root, { head: true });
    expect(result.warnings.map((w) => w.code)).toEqual([
      'invalid-date',
      'git-ignore-revs',
      'invalid-head',
    ]);
  });

  it('a fresh clone with a few edits: untouched files keep their commit dates, never the clone time', async () => {
    const origin = await makeTree({
      'content/a.md': 'a\n',
      'content/b.md': 'b\n',
      'content/c.md': 'c\n',
      'content/d.md': 'd\n',
    });
    gitInit(origin);
    commitAll(origin, 'one', '2023-03-01T10:00:00Z');
    await writeFile(join(origin, 'content/b.md'), 'b2\n');
    commitAll(origin, 'two', '2023-04-01T10:00:00Z');
    const work = await makeTree({});
    git(work, ['clone', '-q', `file://${origin}`, 'site']);
    const root = join(work, 'site');
    await writeFile(join(root, 'content/c.md'), 'c edited, not committed\n');
    await setMtime(join(root, 'content/c.md'), '2024-09-09T09:09:09Z');
    await writeFile(join(root, 'content/new.md'), 'a new page\n');
    await setMtime(join(root, 'content/new.md'), '2024-09-10T10:00:00Z');
    const { mkdir } = await import('node:fs/promises');
    for (const name of ['a', 'b', 'c', 'd', 'new']) {
      await mkdir(join(root, 'dist', name), { recursive: true });
      await writeFile(join(root, 'dist', name, 'index.html'), page());
    }
    expect(dates(await build(root))).toEqual({
      '/a/': ['2023-03-01T10:00:00Z', 'git'],
      '/b/': ['2023-04-01T10:00:00Z', 'git'],
      // An uncommitted edit, and a file git does not track yet: their times are edits.
      '/c/': ['2024-09-09T09:09:09Z', 'mtime'],
      '/d/': ['2023-03-01T10:00:00Z', 'git'],
      '/new/': ['2024-09-10T10:00:00Z', 'mtime'],
    });
  });

  it('a file named like its folder is the source of the folder page (Eleventy)', async () => {
    const root = await makeTree({
      ...pages('blog/fourth', 'blog/fifth'),
      'content/blog/fourth/fourth.md': 'fourth\n',
      'content/blog/fifth/index.md': 'fifth\n',
      'content/blog/fifth/fifth.md': 'not the page\n',
    });
    gitInit(root);
    commitAll(root, 'one', '2024-08-26T22:23:06Z');
    await writeFile(join(root, 'content/blog/fifth/fifth.md'), 'edited, but not the page\n');
    commitAll(root, 'two', '2024-09-26T22:23:06Z');
    const result = await build(root);
    expect(dates(result)).toEqual({
      '/blog/fifth/': ['2024-08-26T22:23:06Z', 'git'],
      '/blog/fourth/': ['2024-08-26T22:23:06Z', 'git'],
    });
    expect(result.records.map((r) => r.source)).toEqual([
      'content/blog/fifth/index.md',
      'content/blog/fourth/fourth.md',
    ]);
  });

  it('a change merged from a branch is dated by its own commit, as git log -1 -- <file> says', async () => {
    const root = await makeTree({
      ...pages('a', 'b'),
      'content/a.md': 'a\n',
      'content/b.md': 'b\n',
    });
    gitInit(root);
    commitAll(root, 'start', '2020-01-01T10:00:00Z');
    git(root, ['checkout', '-q', '-b', 'feature']);
    await writeFile(join(root, 'content/a.md'), 'a, written on a branch\n');
    commitAll(root, 'on the branch', '2021-01-01T10:00:00Z');
    git(root, ['checkout', '-q', 'main']);
    await writeFile(join(root, 'content/b.md'), 'b, on main\n');
    commitAll(root, 'on main', '2022-01-01T10:00:00Z');
    git(
      root,
      ['merge', '-q', '--no-ff', '-m', 'merge the branch', 'feature'],
      '2023-06-01T10:00:00Z',
    );
    expect(dates(await build(root))).toEqual({
      // The merge itself changed nothing: the branch's commit did.
      '/a/': ['2021-01-01T10:00:00Z', 'git'],
      '/b/': ['2022-01-01T10:00:00Z', 'git'],
    });
  });

  it('a head date stamped when the page was built is not a lastmod', async () => {
    const stamp = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000).toISOString();
    const root = await makeTree({
      'dist/a/index.html': page(`<meta property="article:modified_time" content="${stamp}">`),
      'dist/b/index.html': page(
        '<meta property="article:modified_time" content="2024-03-04T10:00:00Z">',
      ),
    });
    const result = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      robotsTxt: false,
    });
    expect(dates(result)).toEqual({
      '/a/': [null, 'none'],
      '/b/': ['2024-03-04T10:00:00Z', 'html-meta'],
    });
    expect(result.warnings.find((w) => w.code === 'lastmod-render-time')?.message).toBe(
      `a/index.html: its head's date ${stamp.replace('.000', '')} is the time it was built, not an edit; not used`,
    );
  });

  it('a one-source site in git gets its commit date, not the checkout time', async () => {
    const root = await makeTree({ ...pages('only'), 'content/only.md': '# only\n' });
    gitInit(root);
    commitAll(root, 'one', '2021-11-11T11:11:11Z');
    expect(dates(await build(root))).toEqual({ '/only/': ['2021-11-11T11:11:11Z', 'git'] });
  });

  it('finds the repository from the source folder, wherever the build runs from; two repositories at once', async () => {
    const docs = await makeTree({ 'pages/guide.md': 'guide\n' });
    gitInit(docs);
    commitAll(docs, 'docs', '2022-02-02T10:00:00Z');
    const blog = await makeTree({ 'posts/hello.md': 'hello\n' });
    gitInit(blog);
    commitAll(blog, 'blog', '2023-03-03T10:00:00Z');
    // The site itself is in no repository at all.
    const site = await makeTree(pages('guide', 'blog/hello'));
    const result = await generateSitemaps({
      site: SITE,
      root: site,
      outDir: 'dist',
      sources: [{ dir: join(docs, 'pages') }, { dir: join(blog, 'posts'), route: '/blog/' }],
      git: true,
      robotsTxt: false,
    });
    expect(dates(result)).toEqual({
      '/blog/hello/': ['2023-03-03T10:00:00Z', 'git'],
      '/guide/': ['2022-02-02T10:00:00Z', 'git'],
    });
    expect(result.warnings).toEqual([]);
  });

  it('keeps dates before 1990 (an imported history is the history)', async () => {
    const root = await makeTree({ ...pages('old'), 'content/old.md': 'old\n' });
    gitInit(root);
    commitAll(root, 'imported', '1985-10-26T01:21:00Z');
    expect(dates(await build(root))).toEqual({ '/old/': ['1985-10-26T01:21:00Z', 'git'] });
  });

  it("git: false reads no history; git: 'auto' outside a repository says nothing", async () => {
    const root = await makeTree({
      ...pages('a', 'b'),
      'content/a.md': 'a\n',
      'content/b.md': 'b\n',
    });
    await setMtime(join(root, 'content/a.md'), '2024-01-01T00:00:00Z');
    await setMtime(join(root, 'content/b.md'), '2024-02-01T00:00:00Z');
    const outside = await build(root);
    expect(dates(outside)).toEqual({
      '/a/': ['2024-01-01', 'mtime'],
      '/b/': ['2024-02-01', 'mtime'],
    });
    expect(outside.warnings).toEqual([]);
    gitInit(root);
    commitAll(root, 'one', '2020-01-01T10:00:00Z');
    expect(dates(await build(root))['/a/']).toEqual(['2020-01-01T10:00:00Z', 'git']);
    // Off: the file times of a checkout are taken at their word, as without git.
    expect(dates(await build(root, { git: false }))['/a/']).toEqual(['2024-01-01', 'mtime']);
  });
});

describe('listing pages', () => {
  it('a blog index and the home page take the date of the newest post under them', async () => {
    const root = await makeTree({
      'dist/index.html': page(),
      ...pages('blog', 'blog/old', 'blog/new', 'about'),
      'content/index.md': 'home\n',
      'content/blog/index.md': 'the list\n',
      'content/blog/old.md': 'old\n',
      'content/blog/new.md': 'new\n',
      'content/about.md': 'about\n',
    });
    gitInit(root);
    commitAll(root, 'site', '2024-01-01T10:00:00Z');
    await writeFile(join(root, 'content/blog/new.md'), 'new, published yesterday\n');
    commitAll(root, 'new post', '2024-03-01T10:00:00Z');
    const result = await build(root, { report: 'report.json' });
    expect(dates(result)).toEqual({
      '/': ['2024-03-01T10:00:00Z', 'children'],
      '/about/': ['2024-01-01T10:00:00Z', 'git'],
      '/blog/': ['2024-03-01T10:00:00Z', 'children'],
      '/blog/new/': ['2024-03-01T10:00:00Z', 'git'],
      '/blog/old/': ['2024-01-01T10:00:00Z', 'git'],
    });
    // The report keeps the page's own evidence beside the date it took.
    const report = JSON.parse(await readFile(join(root, 'report.json'), 'utf8'));
    expect(report.pages.find((p: { url: string }) => p.url === `${SITE}/blog/`)).toMatchObject({
      lastmod: '2024-03-01T10:00:00Z',
      lastmodFrom: 'children',
      candidates: [{ from: 'git', value: '2024-01-01T10:00:00Z' }],
    });
    const off = await build(root, { lastmodFromChildren: false });
    expect(dates(off)['/blog/']).toEqual(['2024-01-01T10:00:00Z', 'git']);
  });
});

describe('frontmatter in every form, and names of its fields', () => {
  it('reads TOML and JSON blocks, any naming style, and names of your own', async () => {
    const root = await makeTree({
      ...pages('hugo', 'json', 'jekyll', 'paper', 'own'),
      'content/hugo.md': '+++\ntitle = "x"\nlastMod = 2024-02-02\ndate = 2023-01-01\n+++\n',
      'content/json.md': '{\n  "title": "x",\n  "publishdate": "2024-03-03"\n}\nbody\n',
      'content/jekyll.md': '---\nlast_modified_at: 2024-04-04\n---\n',
      'content/paper.md': '---\npubDatetime: 2024-01-05\nmodDatetime: 2024-05-05T10:00:00Z\n---\n',
      'content/own.md': '---\nrevised: 2024-06-06\n---\n',
    });
    for (const name of ['hugo', 'json', 'jekyll', 'paper', 'own'])
      await setMtime(join(root, `content/${name}.md`), '2020-01-01T00:00:00Z');
    const result = await build(root, { dateFields: { modified: ['revised'] } });
    expect(dates(result)).toEqual({
      '/hugo/': ['2024-02-02', 'frontmatter:lastMod'],
      '/jekyll/': ['2024-04-04', 'frontmatter:last_modified_at'],
      '/json/': ['2024-03-03', 'frontmatter:publishdate'],
      '/own/': ['2024-06-06', 'frontmatter:revised'],
      '/paper/': ['2024-05-05T10:00:00Z', 'frontmatter:modDatetime'],
    });
  });

  it('an explicit lastmodFrom makes frontmatter authoritative', async () => {
    const root = await makeTree({
      ...pages('a'),
      'content/a.md': '---\nlastmod: 2017-02-01\n---\n',
    });
    gitInit(root);
    commitAll(root, 'one', '2022-05-04T10:00:00Z');
    expect(dates(await build(root, { lastmodFrom: ['frontmatter', 'git'] }))).toEqual({
      '/a/': ['2017-02-01', 'frontmatter:lastmod'],
    });
  });

  it('a date after the build started is a warning and is not written', async () => {
    const root = await makeTree({
      ...pages('a'),
      'content/a.md': '---\nlastmod: 2999-01-01\npubDate: 2024-01-01\n---\n',
    });
    await setMtime(join(root, 'content/a.md'), '2020-01-01T00:00:00Z');
    const result = await build(root);
    expect(dates(result)).toEqual({ '/a/': ['2024-01-01', 'frontmatter:pubDate'] });
    expect(result.warnings).toEqual([
      {
        code: 'lastmod-future',
        message:
          'content/a.md: frontmatter:lastmod date 2999-01-01 is after the build started; not used',
        url: `${SITE}/a/`,
      },
    ]);
  });

  it('a TOML block that does not parse, or frontmatter that is a list, is a warning; the page stays', async () => {
    const root = await makeTree({
      ...pages('bad', 'list'),
      'content/bad.md': '+++\ntitle = "x"\ndate = \n+++\n',
      'content/list.md': '---\n- a\n- b\n---\n',
    });
    const result = await build(root, { lastmodFromChildren: false });
    expect(result.pages.included).toBe(2);
    expect(result.warnings.filter((w) => w.code === 'invalid-frontmatter')).toEqual([
      {
        code: 'invalid-frontmatter',
        message: expect.stringMatching(
          /^content\/bad\.md:3: invalid TOML frontmatter: .*; the page stays, without frontmatter values$/,
        ),
        file: 'content/bad.md',
      },
      {
        code: 'invalid-frontmatter',
        message:
          'content/list.md:2: frontmatter is not a mapping of fields; the page stays, without frontmatter values',
        file: 'content/list.md',
      },
    ]);
  });
});

describe('bad options for dates', () => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ dateFields: { changed: ['x'] } }, 'unknown option `dateFields.changed`'],
    [
      { dateFields: { modified: 'revised' } },
      '`dateFields.modified` must be an array of field names',
    ],
    [
      { dateFields: ['revised'] },
      '`dateFields` must be { modified?: string[], published?: string[] }',
    ],
    [
      { dateFields: { modified: ['Revised'], published: ['revised'] } },
      '`dateFields`: "Revised" is named both modified and published; give it one role',
    ],
    [{ gitIgnoreRevs: ['HEAD~1'] }, '`gitIgnoreRevs` entry "HEAD~1" is not a commit hash'],
    [{ git: 'yes' }, '`git` must be true, false or \'auto\'; got "yes"'],
    [{ lastmodFromChildren: 'no' }, '`lastmodFromChildren` must be true or false'],
    [
      { pageSources: ['a.md'] },
      "`pageSources` must map URL paths to source files, e.g. { '/about/': 'src/about.md' }",
    ],
    [{ pageSources: { '/a/': 42 } }, '`pageSources["/a/"]` must be a source file path'],
  ];
  for (const [options, problem] of cases) {
    it(`rejects ${JSON.stringify(options)}`, async () => {
      const root = await makeTree({ ...pages('a'), 'dist/sitemap-index.xml': 'kept' });
      await expect(build(root, options as Partial<SitemapOptions>)).rejects.toMatchObject({
        code: 'invalid-options',
        problems: [expect.stringContaining(problem)],
      });
      // Nothing was written over what was there.
      expect(await readFile(join(root, 'dist/sitemap-index.xml'), 'utf8')).toBe('kept');
    });
  }
});

/**
 * A clone of `origin`, `depth` commits deep, with a built page for each of `names` (whose source
 * is `content/<name>.md`). The clone's file times are all one moment, as a checkout's are: even
 * git's silence does not make them edits.
 */
async function shallowSite(origin: string, depth: number, names: string[]): Promise<string> {
  const work = await makeTree({});
  git(work, ['clone', '-q', '--depth', String(depth), `file://${origin}`, 'site']);
  const root = join(work, 'site');
  const { mkdir } = await import('node:fs/promises');
  const now = new Date();
  for (const name of names) {
    await mkdir(join(root, 'dist', name), { recursive: true });
    await writeFile(join(root, 'dist', name, 'index.html'), page());
    await utimes(join(root, `content/${name}.md`), now, now);
  }
  return root;
}

describe('a shallow clone', () => {
  it('leaves cut histories undated and says how to fix it', async () => {
    const origin = await makeTree({ 'content/a.md': 'a\n', 'content/b.md': 'b\n' });
    gitInit(origin);
    commitAll(origin, 'one', '2023-03-01T10:00:00Z');
    await writeFile(join(origin, 'content/b.md'), 'b2\n');
    commitAll(origin, 'two', '2023-04-01T10:00:00Z');
    const result = await build(await shallowSite(origin, 1, ['a', 'b']));
    expect(dates(result)).toEqual({ '/a/': [null, 'none'], '/b/': [null, 'none'] });
    expect(result.warnings.map((w) => w.message)).toEqual([
      `2 of 2 pages have no lastmod: the git history of their sources is cut by a shallow clone; fetch the full history (fetch-depth: 0 in CI) (${SITE}/a/, ${SITE}/b/)`,
    ]);
  });
});

describe('a shallow clone, with a move in', () => {
  it("leaves a file moved in undated when its old name's history is cut, the others dated", async () => {
    const origin = await makeTree({ 'old/a.md': 'a\n', 'content/c.md': 'c\n' });
    gitInit(origin);
    commitAll(origin, 'zero', '2022-03-01T10:00:00Z');
    await writeFile(join(origin, 'old/a.md'), 'a2\n');
    await writeFile(join(origin, 'content/b.md'), 'b\n');
    commitAll(origin, 'one', '2023-03-01T10:00:00Z');
    await rename(join(origin, 'old/a.md'), join(origin, 'content/a.md'));
    await writeFile(join(origin, 'content/c.md'), 'c2\n');
    commitAll(origin, 'two: a moves in, c is edited', '2023-04-01T10:00:00Z');
    // Two commits deep: "one" is the cut, where every file shows as added.
    const result = await build(await shallowSite(origin, 2, ['a', 'b', 'c']));
    // a's last edit is in "one", under its old name, before the cut: unknown, as b's is.
    expect(dates(result)).toEqual({
      '/a/': [null, 'none'],
      '/b/': [null, 'none'],
      '/c/': ['2023-04-01T10:00:00Z', 'git'],
    });
  });
});

describe('dates the protocol cannot carry', () => {
  it('year 0000 in frontmatter or in the head is a warning on that page, not a failed build', async () => {
    const root = await makeTree({
      'dist/a/index.html': page(),
      'dist/b/index.html': page('<meta property="article:modified_time" content="0000-01-01">'),
      'dist/c/index.html': page(),
      'content/a.md': '---\nlastmod: 0000-01-01\n---\n',
      'content/c.md': '---\nlastmod: 0050-06-15T12:00:00Z\n---\n',
    });
    for (const name of ['a', 'c'])
      await setMtime(join(root, `content/${name}.md`), '2000-01-01T00:00:00Z');
    const result = await build(root, {
      lastmodFromChildren: false,
      lastmodFrom: ['frontmatter', 'head'],
    });
    expect(dates(result)).toEqual({
      '/a/': [null, 'none'],
      '/b/': [null, 'none'],
      '/c/': ['0050-06-15T12:00:00Z', 'frontmatter:lastmod'],
    });
    expect(result.warnings.map((w) => w.message)).toEqual(
      expect.arrayContaining([
        'content/a.md: frontmatter field "lastmod" 0000-01-01: there is no year 0000 in a sitemap date (years start at 0001); not used',
        'b/index.html: modified date in the head: 0000-01-01: there is no year 0000 in a sitemap date (years start at 0001)',
      ]),
    );
    expect(await readFile(await onlyShard(join(root, 'dist')), 'utf8')).toContain(
      '<lastmod>0050-06-15T12:00:00Z</lastmod>',
    );
  });
});

describe('pageSources: sources named page by page', () => {
  it('dates each page from the file named for it; a folder of sources wins; a missing file is a warning', async () => {
    const root = await makeTree({
      ...pages('blog/hello', 'about', 'docs/guide', 'gone'),
      'src/data/posts/2024-hello.md': '---\nslug: somewhere-else\nupdatedDate: 2024-02-02\n---\n',
      'src/pages/about.astro': '---\nconst x = 1;\n---\n<h1>About</h1>\n',
      'src/pages/guide.md': 'from pageSources\n',
      'content/docs/guide.md': '---\nlastmod: 2024-09-09\n---\nfrom the folder\n',
    });
    gitInit(root);
    commitAll(root, 'one', '2024-01-01T10:00:00Z');
    const result = await build(root, {
      pageSources: {
        '/blog/hello/': 'src/data/posts/2024-hello.md',
        about: join(root, 'src/pages/about.astro'),
        '/docs/guide/': 'src/pages/guide.md',
        '/gone/': 'src/pages/gone.astro',
      },
      lastmodFromChildren: false,
    });
    expect(dates(result)).toEqual({
      // The frontmatter of a source named for the page counts, and its slug does not move it.
      '/about/': ['2024-01-01T10:00:00Z', 'git'],
      '/blog/hello/': ['2024-02-02', 'frontmatter:updatedDate'],
      '/docs/guide/': ['2024-09-09', 'frontmatter:lastmod'],
      '/gone/': [null, 'none'],
    });
    expect(result.records.map((r) => r.source ?? null)).toEqual([
      'src/pages/about.astro',
      'src/data/posts/2024-hello.md',
      'content/docs/guide.md',
      null,
    ]);
    expect(result.warnings.find((w) => w.code === 'source-unreadable')?.message).toMatch(
      /^src\/pages\/gone\.astro: ENOENT/,
    );
  });

  it("the last source named for a page wins, however its path is written (a user's override after an adapter's)", async () => {
    const root = await makeTree({
      ...pages('about'),
      'src/found.md': '---\nlastmod: 2024-01-01\n---\n',
      'src/mine.md': '---\nlastmod: 2024-06-06\n---\n',
    });
    await setMtime(join(root, 'src/mine.md'), '2020-01-01T00:00:00Z');
    const result = await build(root, {
      pageSources: { '/about': 'src/found.md', '/about/': 'src/mine.md' },
    });
    expect(result.records[0]).toMatchObject({ source: 'src/mine.md', lastmod: '2024-06-06' });
  });

  it('rejects a pageSources that is not a map of paths to files', async () => {
    const root = await makeTree(pages('a'));
    await expect(build(root, { pageSources: ['a.md'] as never })).rejects.toMatchObject({
      problems: [
        "`pageSources` must map URL paths to source files, e.g. { '/about/': 'src/about.md' }",
      ],
    });
    await expect(build(root, { pageSources: { '/a/': 42 } as never })).rejects.toMatchObject({
      problems: ['`pageSources["/a/"]` must be a source file path'],
    });
  });
});

describe('a page whose one evidence is a time of its source', () => {
  // Such a page is dated without the full rule (`dates/date-pages.ts`); a build with a report
  // weighs every page by the full rule, so the two builds must agree on every date and warning.
  it('is dated as the full rule dates it, in every order of lastmodFrom', async () => {
    const root = await makeTree({
      ...pages('committed', 'edited', 'midnight', 'future', 'fresh', 'dated'),
      'content/committed.md': 'text\n',
      'content/edited.md': 'text\n',
      'content/dated.md': '---\nlastmod: 2019-01-01\n---\ntext\n',
    });
    gitInit(root);
    commitAll(root, 'start', '2021-03-04T05:06:07Z');
    // Uncommitted: an edit, and three new files.
    await writeFile(join(root, 'content/edited.md'), 'changed\n');
    const times = {
      committed: '2023-01-01T00:00:00Z',
      edited: '2022-01-02T03:04:05.678Z',
      midnight: '2020-06-01T00:00:00Z',
      future: '2999-01-01T10:00:00Z',
      fresh: '2024-02-03T04:05:06Z',
    };
    for (const [name, time] of Object.entries(times)) {
      const file = join(root, `content/${name}.md`);
      if (name !== 'committed' && name !== 'edited') await writeFile(file, 'new\n');
      await setMtime(file, time);
    }
    const orders: Partial<SitemapOptions>[] = [
      {},
      { git: false },
      { lastmodFrom: ['mtime'] },
      { lastmodFrom: ['git'] },
      { lastmodFrom: ['mtime', 'git'] },
      { lastmodFrom: ['frontmatter', 'git', 'mtime'] },
    ];
    const seen: Record<string, [string | null, string]>[] = [];
    for (const options of orders) {
      const quick = await build(root, { ...options, lastmodFromChildren: false });
      const full = await build(root, {
        ...options,
        lastmodFromChildren: false,
        report: join(root, 'report.json'),
      });
      expect(dates(quick)).toEqual(dates(full));
      expect(quick.warnings).toEqual(full.warnings);
      seen.push(dates(quick));
    }
    // What the shortcut gave, so the comparison above compares dates, not two empty builds.
    expect(seen[0]).toMatchObject({
      '/committed/': ['2021-03-04T05:06:07Z', 'git'],
      '/edited/': ['2022-01-02T03:04:05Z', 'mtime'],
      '/midnight/': ['2020-06-01', 'mtime'],
      '/fresh/': ['2024-02-03T04:05:06Z', 'mtime'],
      '/future/': [null, 'none'],
    });
    expect(seen[1]).toMatchObject({ '/committed/': ['2023-01-01', 'mtime'] });
    expect(seen[3]).toMatchObject({
      '/edited/': ['2021-03-04T05:06:07Z', 'git'],
      '/fresh/': [null, 'none'],
    });
  });
});
