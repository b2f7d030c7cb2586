/**
 * Every page finds its source with no option, on Astro 7 and Astro 5: static routes from their
 * own file, collection pages from their entry (a glob loader outside src/content, a frontmatter
 * `slug`, a nested `[...slug]` route, a collection under two locales, MDX), i18n fallback pages
 * from the page they fall back to. The fixture is a git repository with set commit dates, and
 * the report says which source dated each page.
 */
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReportPage } from '@sitemapkit/core';
import { describe, expect, test } from 'vitest';
// One git helper for the repository's tests: the core's.
import { commitAll, gitInit } from '../../core/test/helpers/git.js';
import sitemap from '../src/index.js';
import { buildRootWith, copyFixture, fixturePath, PACKAGE_DIR } from './support/astro-build.js';

const E = 'https://example.com';

interface AstroModule {
  build: (config: Record<string, unknown>) => Promise<void>;
}
type Integration = () => unknown;

/**
 * Astro 7 with MDX; Astro 5 without: the MDX integration for Astro 5 resolves its `astro` peer
 * to the Astro 7 this package is built with, so the MDX post is left out of the Astro 5 build.
 * The package each copy's `astro:*` and `astro/loaders` imports resolve to is its version's.
 */
const VERSIONS: Array<
  [string, string, () => Promise<AstroModule>, (() => Promise<Integration>) | null]
> = [
  [
    '7',
    'astro',
    () => import('astro') as Promise<AstroModule>,
    async () => (await import('@astrojs/mdx')).default as Integration,
  ],
  ['5', 'astro5', () => import('astro5') as Promise<AstroModule>, null],
];

describe.each(VERSIONS)('Astro %s', (major, astroPackage, loadAstro, loadMdx) => {
  test('each page is dated by its own source: route file, collection entry, fallback', async () => {
    const root = await copyFixture(fixturePath('content-sources'), `content-sources-${major}`);
    await mkdir(join(root, 'node_modules'), { recursive: true });
    await symlink(
      join(PACKAGE_DIR, 'node_modules', astroPackage),
      join(root, 'node_modules/astro'),
    );
    gitInit(root);
    await writeFile(join(root, '.gitignore'), 'dist/\nnode_modules/\n.astro/\n');
    commitAll(root, 'the site', '2024-01-10T10:00:00Z');
    const post = join(root, 'src/data/blog/2024-some-post.md');
    await writeFile(post, `${await readFile(post, 'utf8')}\nAn edit.\n`);
    commitAll(root, 'edit the slugged post', '2024-02-20T10:00:00Z');
    const intro = join(root, 'src/data/handbook/en/intro.md');
    await writeFile(intro, `${await readFile(intro, 'utf8')}\nMore.\n`);
    commitAll(root, 'more intro', '2024-03-30T10:00:00Z');

    if (!loadMdx) await rm(join(root, 'src/data/blog/with-mdx.mdx'));
    const astro = await loadAstro();
    const mdx = loadMdx ? [(await loadMdx())()] : [];
    const built = await buildRootWith(astro.build, root, {
      site: E,
      logger: undefined,
      logLevel: 'error',
      i18n: {
        defaultLocale: 'en',
        locales: ['en', 'es'],
        fallback: { es: 'en' },
        routing: { prefixDefaultLocale: false, fallbackType: 'rewrite' },
      },
      integrations: [...mdx, sitemap({ report: 'report.json' })],
    });
    const report = JSON.parse(await readFile(join(root, 'report.json'), 'utf8'));
    const pages = Object.fromEntries(
      (report.pages as ReportPage[])
        .filter((p) => p.status === 'included')
        .map((p) => [p.url.slice(E.length), [p.source, p.lastmod, p.lastmodFrom]]),
    );
    const D1 = '2024-01-10T10:00:00Z';
    expect(pages).toMatchObject({
      // Static routes: the route's own file.
      '/about/': ['src/pages/about.astro', D1, 'git'],
      // The Spanish home page: its own file (dated by the newest page under it).
      '/es/': ['src/pages/es/index.astro', expect.any(String), expect.any(String)],
      // A glob loader outside src/content; a pubDate older than the commit is only a floor.
      '/blog/first-post/': ['src/data/blog/first-post.md', D1, 'git'],
      // `slug: en/some-post` replaces the whole id.
      '/blog/en/some-post/': ['src/data/blog/2024-some-post.md', '2024-02-20T10:00:00Z', 'git'],
      ...(loadMdx ? { '/blog/with-mdx/': ['src/data/blog/with-mdx.mdx', D1, 'git'] } : {}),
      // A nested [...slug] route over a collection with two locales.
      '/handbook/en/intro/': ['src/data/handbook/en/intro.md', '2024-03-30T10:00:00Z', 'git'],
      '/handbook/es/intro/': ['src/data/handbook/es/intro.md', D1, 'git'],
      '/handbook/en/guides/setup/': ['src/data/handbook/en/guides/setup.md', D1, 'git'],
      // i18n fallback pages: the source of the page they render.
      '/es/about/': ['src/pages/about.astro', D1, 'git'],
      '/es/blog/first-post/': ['src/data/blog/first-post.md', D1, 'git'],
      '/es/handbook/es/intro/': ['src/data/handbook/es/intro.md', D1, 'git'],
      // A dynamic page no entry renders has no source; it is reported as such.
      '/tags/news/': [null, null, 'none'],
      // The home page is dated by the newest page under it.
      '/': ['src/pages/index.astro', '2024-03-30T10:00:00Z', 'children'],
    });
    // Every listed page but the tag pages has a source.
    const withoutSource = Object.entries(pages)
      .filter(([, [source]]) => source === null)
      .map(([url]) => url);
    expect(withoutSource).toEqual(['/es/tags/news/', '/tags/news/']);
    const warnings = built.logs.filter((e) => e.level === 'warn').map((e) => e.message);
    expect(warnings.join('\n')).not.toMatch(/does not exist/);
    expect(await built.xsdProblems()).toEqual({});
  });
});
