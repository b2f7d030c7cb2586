/**
 * Builds examples/astro-blog, as a user would with `astro build` and its own astro.config.mjs,
 * from a fresh copy (so every file has the same modification time, as after a git clone), and
 * checks its sitemap lists exactly the pages a reader would expect, with each post's date.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type Built,
  buildRoot,
  copyFixture,
  expectShards,
  PACKAGE_DIR,
} from './support/astro-build.js';

const EXAMPLE = join(PACKAGE_DIR, '../../examples/astro-blog');
const S = 'https://blog.example.com';

let built: Built;

beforeAll(async () => {
  // The example imports @sitemapkit/astro as published: from dist/.
  execFileSync(join(PACKAGE_DIR, '../../node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], {
    cwd: PACKAGE_DIR,
  });
  const root = await copyFixture(EXAMPLE, 'astro-blog');
  await symlink(join(EXAMPLE, 'node_modules'), join(root, 'node_modules'), 'dir');
  built = await buildRoot(root);
});

describe('examples/astro-blog', () => {
  test('lists exactly the pages a reader would expect, with each post’s date', async () => {
    const home = [
      { hreflang: 'en', href: `${S}/` },
      { hreflang: 'es', href: `${S}/es/` },
    ];
    const about = [
      { hreflang: 'en', href: `${S}/about/` },
      { hreflang: 'es', href: `${S}/es/about/` },
    ];
    const [shard = ''] = await expectShards(built);
    expect(await built.entries(shard)).toEqual([
      // Pages without a date of their own get no lastmod: after a clone, file times say nothing;
      // the home page and the blog index take the newest post's date (children).
      { loc: `${S}/`, lastmod: '2024-04-05T09:30:00Z', links: home },
      { loc: `${S}/about/`, links: about },
      { loc: `${S}/blog/`, lastmod: '2024-04-05T09:30:00Z', links: [] },
      // pubDate when never updated; updatedDate when set; the post's own sitemap overrides.
      { loc: `${S}/blog/first-post/`, lastmod: '2024-01-10', links: [] },
      {
        loc: `${S}/blog/second-post/`,
        lastmod: '2024-03-15',
        changefreq: 'monthly',
        priority: '0.8',
        links: [],
      },
      { loc: `${S}/blog/third-post/`, lastmod: '2024-04-05T09:30:00Z', priority: '0.6', links: [] },
      { loc: `${S}/es/`, links: home },
      { loc: `${S}/es/about/`, links: about },
    ]);
    expect(await built.entries('sitemap-index.xml')).toEqual([
      { loc: `${S}/${shard}`, lastmod: '2024-04-05T09:30:00Z', links: [] },
    ]);
  });

  test('leaves out the draft, the noindex page, the redirect, the RSS feed and the 404 page', async () => {
    for (const file of [
      'blog/draft-post/index.html',
      'thanks/index.html',
      'old-about/index.html',
      'rss.xml',
      '404.html',
    ]) {
      expect(existsSync(join(built.outDir, file)), file).toBe(true);
    }
    expect(built.logs.find((e) => e.level === 'info')?.message).toBe(
      '12 pages found, 8 listed, 4 excluded (error-page 1, frontmatter 1, noindex 1, redirect 1); 5 dated (3 frontmatter, 2 children), 3 without lastmod; 2 files',
    );
  });

  test('writes valid files and a robots.txt that points at the index', async () => {
    await expectShards(built);
    expect(await built.xsdProblems()).toEqual({});
    expect(await built.read('robots.txt')).toContain(`Sitemap: ${S}/sitemap-index.xml`);
  });
});
