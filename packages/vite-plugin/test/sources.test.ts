/**
 * Markdown-based setups: `sources` (relative to Vite's root, not the process's folder) maps each
 * page to its Markdown file, whose frontmatter gives the lastmod and changefreq.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { contentHash, ownHead, setFiles, shardFiles } from '../../core/test/helpers/xml.js';
import { sitemap } from '../src/index.js';
import { copyFixture, removeCopy, sitemapkitLines, viteBuild } from './helpers/vite-build.js';
import { validateSitemapDir } from './helpers/xsd.js';

/**
 * The page sources, written into the copy by the tests: Biome formats `.md` files in the repo and
 * (2.6.8) mangles YAML frontmatter, so they do not live in the fixture folder.
 */
const POSTS: Record<string, string> = {
  'hello.md': '---\ntitle: Hello\nlastmod: 2024-05-01\n---\n\n# Hello\n',
  'world.md':
    '---\ntitle: World\nupdatedDate: 2024-06-10T08:30:00Z\nsitemap:\n  changefreq: monthly\n---\n\n# World\n',
};

async function copyWithPosts(): Promise<string> {
  const copy = await copyFixture('markdown');
  await mkdir(join(copy, 'content/posts'), { recursive: true });
  for (const [name, text] of Object.entries(POSTS))
    await writeFile(join(copy, 'content/posts', name), text);
  return copy;
}

let root = '';
afterEach(async () => {
  await removeCopy(root);
});

test("frontmatter dates from sources relative to Vite's root", async () => {
  root = await copyWithPosts();
  const { lines } = await viteBuild(root, {
    plugins: [
      sitemap({
        site: 'https://example.com',
        sources: [{ dir: 'content/posts', route: '/posts/' }],
      }),
    ],
  });
  const out = join(root, 'dist');
  const urlset =
    ownHead() +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    // The home page lists the posts: the newest of them dates it.
    '<url><loc>https://example.com/</loc><lastmod>2024-06-10T08:30:00Z</lastmod></url>\n' +
    '<url><loc>https://example.com/posts/hello/</loc><lastmod>2024-05-01</lastmod></url>\n' +
    '<url><loc>https://example.com/posts/world/</loc><lastmod>2024-06-10T08:30:00Z</lastmod><changefreq>monthly</changefreq></url>\n' +
    '</urlset>\n';
  // Named by the hash of that content, and the only sitemap beside the index.
  const shard = `sitemap-0-${contentHash(urlset)}.xml`;
  expect(await setFiles(out)).toEqual([shard, 'sitemap-index.xml']);
  expect(await shardFiles(out)).toEqual([shard]);
  expect(await readFile(join(out, shard), 'utf8')).toBe(urlset);
  expect(await validateSitemapDir(out)).toEqual([]);
  expect(sitemapkitLines(lines)[0]).toBe(
    'info: sitemapkit: 3 pages found, 3 listed, 0 excluded; 3 dated (2 frontmatter, 1 children), 0 without lastmod; 2 files',
  );
});

test('a source folder that does not exist is a warning naming it', async () => {
  root = await copyWithPosts();
  const { lines } = await viteBuild(root, {
    plugins: [sitemap({ site: 'https://example.com', sources: [{ dir: 'content/missing' }] })],
  });
  expect(sitemapkitLines(lines)).toContain(
    'warn: sitemapkit: source folder content/missing does not exist',
  );
});
