/**
 * Jekyll detection, proven on real builds: the small sites in fixtures/generators/jekyll-* are
 * copied, committed at known dates, built with the real `jekyll build`, then detected and handed
 * to generateSitemaps; the sitemap written is read back and every HTML file Jekyll wrote is
 * checked for its source.
 */
import { execFile } from 'node:child_process';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectJekyll } from '../../src/generators/jekyll.js';
import { errorLine } from '../../src/generators/jekyll-read-site.js';
import type { DetectedSite } from '../../src/generators/types.js';
import { makeTree } from '../helpers/fixture.js';
import { copyFixture, sitemapOf, writtenPages } from '../helpers/generators.js';
import { commitAll, gitInit } from '../helpers/git.js';

const run = promisify(execFile);
const NO_JEKYLL =
  '`jekyll` is not on PATH: these tests build real sites with it; install it (`apt-get install jekyll`, or Ruby and `gem install jekyll`)';

/** Runs `jekyll build` in `root`, as a user would. */
async function jekyllBuild(root: string): Promise<void> {
  try {
    await run('jekyll', ['build', '--quiet'], { cwd: root });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(NO_JEKYLL);
    throw error;
  }
}

beforeAll(async () => {
  await run('jekyll', ['--version']).catch((error) => {
    throw new Error(NO_JEKYLL, { cause: error });
  });
});

async function detect(root: string): Promise<DetectedSite> {
  const detected = await detectJekyll(root);
  if (!detected) throw new Error(`${root} was not detected as a Jekyll site`);
  return detected;
}

describe('a Jekyll blog: pretty permalinks, a baseurl, posts, drafts and collections', () => {
  it('maps every page Jekyll writes to its source, and dates each from it', async () => {
    const root = await copyFixture('jekyll-blog');
    gitInit(root);
    commitAll(root, 'the blog', '2023-02-01T10:00:00Z');
    await appendFile(join(root, '_posts/2023-06-02-second-post.md'), 'An edit.\n');
    await appendFile(join(root, '_recipes/waffles.md'), 'With syrup.\n');
    commitAll(root, 'edits', '2023-07-01T10:00:00Z');
    await appendFile(join(root, 'about.md'), 'More about us.\n');
    await appendFile(join(root, '_posts/2024-02-10-revised-post.md'), 'Revised.\n');
    await appendFile(join(root, '_drafts/unfinished.md'), 'Still a draft.\n');
    commitAll(root, 'revisions', '2024-03-01T10:00:00Z');
    await jekyllBuild(root);

    const detected = await detect(root);
    expect(detected).toEqual({
      generator: 'jekyll',
      name: 'Jekyll',
      configFile: '_config.yml',
      outDir: '_site',
      contentDirs: ['.', '_posts', '_recipes'],
      site: 'https://blog.example.com',
      base: '/blog',
      languages: 1,
      warnings: [],
      // Drafts, a post dated in the future, an unpublished page and a collection without
      // output are not written, so not listed; the CSS is no page.
      pageSources: {
        '/': 'index.md',
        '/404': '404.html',
        '/about-us': 'about.md',
        '/contact': 'contact.md',
        '/plain': 'plain.html',
        '/2023/01/15/first-post': '_posts/2023-01-15-first-post.md',
        '/news/2023/06/02/second-post': '_posts/2023-06-02-second-post.md',
        '/2024/02/10/revised-post': '_posts/2024-02-10-revised-post.md',
        '/recipes/pancakes': '_recipes/pancakes.md',
        '/recipes/waffles': '_recipes/waffles.md',
      },
    });
    // Every HTML file the build wrote has its source, and nothing else is named.
    expect(Object.keys(detected.pageSources).sort()).toEqual(
      await writtenPages(join(root, '_site')),
    );

    const { result, listed, pages } = await sitemapOf(detected, root);
    const at = (path: string) => `https://blog.example.com/blog${path}`;
    expect(pages).toEqual({
      // The home page takes the date of the newest page under it.
      [at('/')]: ['2024-11-20', 'children', 'index.md', null],
      // Left out as the error page it is, before its source is read.
      [at('/404.html')]: [null, 'none', null, 'error-page'],
      [at('/about-us/')]: ['2024-03-01T10:00:00Z', 'git', 'about.md', null],
      [at('/contact/')]: ['2023-02-01T10:00:00Z', 'git', 'contact.md', null],
      // A file Jekyll copies as it is is a page with a source too.
      [at('/plain.html')]: ['2023-02-01T10:00:00Z', 'git', 'plain.html', null],
      [at('/2023/01/15/first-post/')]: [
        '2023-02-01T10:00:00Z',
        'git',
        '_posts/2023-01-15-first-post.md',
        null,
      ],
      [at('/news/2023/06/02/second-post/')]: [
        '2023-07-01T10:00:00Z',
        'git',
        '_posts/2023-06-02-second-post.md',
        null,
      ],
      // last_modified_at (jekyll-last-modified-at, jekyll-seo-tag) is newer than the commit.
      [at('/2024/02/10/revised-post/')]: [
        '2024-11-20',
        'frontmatter:last_modified_at',
        '_posts/2024-02-10-revised-post.md',
        null,
      ],
      [at('/recipes/pancakes/')]: ['2023-02-01T10:00:00Z', 'git', '_recipes/pancakes.md', null],
      [at('/recipes/waffles/')]: ['2023-07-01T10:00:00Z', 'git', '_recipes/waffles.md', null],
    });
    // The sitemap written says what the records say, for every page included.
    expect(listed).toEqual(
      Object.fromEntries(
        Object.entries(pages)
          .filter(([, page]) => page[3] === null)
          .map(([url, page]) => [url, page[0]]),
      ),
    );
    expect(result.indexUrl).toBe(at('/sitemap-index.xml'));
  });
});

describe('a Jekyll site with source, destination, collections_dir and its own permalinks', () => {
  it('follows source: and destination: from the config; categories, slug and permalinks as Jekyll has them', async () => {
    const root = await copyFixture('jekyll-custom');
    gitInit(root);
    commitAll(root, 'the site', '2022-12-01T10:00:00Z');
    await appendFile(join(root, 'src/collections/_guides/advanced/tuning.md'), 'More knobs.\n');
    await appendFile(join(root, 'src/docs/faq.md'), 'A new question.\n');
    commitAll(root, 'guides', '2023-04-05T06:07:08Z');
    await jekyllBuild(root);

    const detected = await detect(root);
    expect(detected).toEqual({
      generator: 'jekyll',
      name: 'Jekyll',
      configFile: '_config.yml',
      outDir: 'public',
      contentDirs: ['src', 'src/collections/_posts', 'src/collections/_guides'],
      site: 'https://example.org',
      languages: 1,
      warnings: [],
      pageSources: {
        '/': 'src/index.html',
        // The config's style, /:categories/:title/, applies to pages too.
        '/about': 'src/about.md',
        '/setup': 'src/docs/setup.md',
        // A permalink with neither slash nor extension is written as help/faq.html.
        '/help/faq': 'src/docs/faq.md',
        '/releases/v1/hello': 'src/collections/_posts/2022-03-04-hello.md',
        '/short': 'src/collections/_posts/2022-05-06-long-file-name.md',
        '/archive/own-link': 'src/collections/_posts/2023-01-01-own-link.md',
        '/guide/install': 'src/collections/_guides/install.md',
        '/guide/advanced/tuning': 'src/collections/_guides/advanced/tuning.md',
      },
    });
    expect(Object.keys(detected.pageSources).sort()).toEqual(
      await writtenPages(join(root, 'public')),
    );

    const { listed, pages } = await sitemapOf(detected, root);
    const at = (path: string) => `https://example.org${path}`;
    const first = '2022-12-01T10:00:00Z';
    expect(pages).toEqual({
      [at('/')]: ['2023-04-05T06:07:08Z', 'children', 'src/index.html', null],
      [at('/about/')]: [first, 'git', 'src/about.md', null],
      [at('/setup/')]: [first, 'git', 'src/docs/setup.md', null],
      [at('/help/faq.html')]: ['2023-04-05T06:07:08Z', 'git', 'src/docs/faq.md', null],
      [at('/releases/v1/hello/')]: [
        first,
        'git',
        'src/collections/_posts/2022-03-04-hello.md',
        null,
      ],
      [at('/short/')]: [first, 'git', 'src/collections/_posts/2022-05-06-long-file-name.md', null],
      // Committed before the date it says it was published: never dated earlier than that.
      [at('/archive/own-link.html')]: [
        '2023-01-01T09:30:00Z',
        'frontmatter:date',
        'src/collections/_posts/2023-01-01-own-link.md',
        null,
      ],
      [at('/guide/install.html')]: [first, 'git', 'src/collections/_guides/install.md', null],
      [at('/guide/advanced/tuning.html')]: [
        '2023-04-05T06:07:08Z',
        'git',
        'src/collections/_guides/advanced/tuning.md',
        null,
      ],
    });
    expect(Object.keys(listed).sort()).toEqual(Object.keys(pages).sort());
  });
});

describe('every permalink style Jekyll knows', () => {
  // The style -> where the second post (categories: news) is written, as a route key.
  const styles: Record<string, string> = {
    date: '/news/2023/06/02/second-post',
    pretty: '/news/2023/06/02/second-post',
    ordinal: '/news/2023/153/second-post',
    weekdate: '/news/2023/W22/Fri/second-post',
    none: '/news/second-post',
    '/:categories/:title/': '/news/second-post',
    '/posts/:year/:slug:output_ext': '/posts/2023/second-post',
  };
  it('names the source of every page Jekyll writes, whatever the style', async () => {
    await Promise.all(
      Object.entries(styles).map(async ([style, second]) => {
        const root = await copyFixture('jekyll-blog');
        const config = join(root, '_config.yml');
        const text = await readFile(config, 'utf8');
        await writeFile(config, text.replace('permalink: pretty', `permalink: "${style}"`));
        await jekyllBuild(root);
        const detected = await detect(root);
        expect({ style, keys: Object.keys(detected.pageSources).sort() }).toEqual({
          style,
          keys: await writtenPages(join(root, '_site')),
        });
        expect({ style, source: detected.pageSources[second] }).toEqual({
          style,
          source: '_posts/2023-06-02-second-post.md',
        });
      }),
    );
  });
});

describe('when Jekyll cannot be asked', () => {
  it('a Gemfile is honoured: bundle exec reads the site with the gems it names', async () => {
    const root = await copyFixture('jekyll-custom');
    await writeFile(join(root, 'Gemfile'), 'source "https://rubygems.org"\ngem "jekyll"\n');
    const detected = await detect(root);
    expect(detected.warnings).toEqual([]);
    expect(detected.pageSources['/short']).toBe(
      'src/collections/_posts/2022-05-06-long-file-name.md',
    );
  });

  it('a Gemfile whose gems are not installed: the system Jekyll reads the site, and a warning says why', async () => {
    const root = await copyFixture('jekyll-custom');
    await writeFile(
      join(root, 'Gemfile'),
      'source "https://rubygems.org"\ngem "jekyll-not-installed-anywhere"\n',
    );
    const detected = await detect(root);
    expect(detected.warnings).toEqual([
      "_config.yml: `bundle exec` failed (Could not find gem 'jekyll-not-installed-anywhere' in locally installed gems. (Bundler::GemNotFound)); read the site with the system Jekyll instead",
    ]);
    expect(Object.keys(detected.pageSources)).toHaveLength(9);
  });

  it('a plugin Jekyll cannot load: the config still gives the output folder and URL, with a warning', async () => {
    const root = await copyFixture('jekyll-blog');
    await appendFile(join(root, '_config.yml'), 'plugins:\n  - jekyll-not-installed-anywhere\n');
    const detected = await detect(root);
    expect(detected).toMatchObject({
      outDir: '_site',
      site: 'https://blog.example.com',
      base: '/blog',
      pageSources: {},
    });
    expect(detected.warnings).toEqual([
      '_config.yml: could not ask Jekyll which page each source makes: Jekyll could not read the site (Jekyll::Errors::MissingDependencyException: jekyll-not-installed-anywhere); check that `jekyll build` works in the project (install any plugin it names). Pages are listed without their sources, so they are dated only by their HTML',
    ]);
  });

  it('no Ruby on PATH: a warning says what to install; _config.toml values are read all the same', async () => {
    const root = await makeTree({
      '_config.toml': 'url = "https://toml.example.com"\nbaseurl = "/docs"\ndestination = "out"\n',
      'index.md': '---\ntitle: Home\n---\nHome.\n',
    });
    const path = process.env.PATH;
    process.env.PATH = await makeTree({});
    try {
      const detected = await detect(root);
      expect(detected).toEqual({
        generator: 'jekyll',
        name: 'Jekyll',
        configFile: '_config.toml',
        outDir: 'out',
        contentDirs: ['.'],
        site: 'https://toml.example.com',
        base: '/docs',
        pageSources: {},
        languages: 1,
        warnings: [
          '_config.toml: could not ask Jekyll which page each source makes: Jekyll could not be run (`ruby` is not on PATH); install Ruby and Jekyll (e.g. `apt-get install jekyll`, or Ruby and `gem install jekyll`). Pages are listed without their sources, so they are dated only by their HTML',
        ],
      });
    } finally {
      process.env.PATH = path;
    }
  });

  it('reads the error out of what Ruby printed, without its place and backtrace', () => {
    expect(
      errorLine(
        "lib/bundler/resolver.rb:235:in `verify': Could not find gem 'x'. (Bundler::GemNotFound)\n\tfrom lib/bundler/resolver.rb:228:in `map!'\n",
      ),
    ).toBe("Could not find gem 'x'. (Bundler::GemNotFound)");
    expect(errorLine("-e:1:in 'Kernel#require': cannot load such file -- jekyll (LoadError)")).toBe(
      'cannot load such file -- jekyll (LoadError)',
    );
    expect(errorLine('\n')).toBeUndefined();
  });
});

describe('what is not a Jekyll site', () => {
  it('a folder without a Jekyll config, and a Hexo site with its _config.yml', async () => {
    expect(await detectJekyll(await makeTree({ 'index.md': '# hi\n' }))).toBeUndefined();
    const hexo = await makeTree({
      '_config.yml': 'title: Hexo\nsource_dir: source\npublic_dir: public\n',
      'package.json': JSON.stringify({ dependencies: { hexo: '^7.0.0' } }),
    });
    expect(await detectJekyll(hexo)).toBeUndefined();
  });
});
