/** Stable shards: a change in one section of a site rewrites only that section's files. */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSitemaps } from '../../src/index.js';
import { sectionOf, splitSections } from '../../src/sections.js';
import { makeTree, page, writeTree } from '../helpers/fixture.js';
import { readAll } from '../helpers/xml.js';

const SITE = 'https://example.com';

describe('sectionOf', () => {
  const rows: Record<string, string> = {
    'https://e.com/': 'root',
    'https://e.com/about/': 'about',
    'https://e.com/about': 'root',
    'https://e.com/blog/a/': 'blog',
    'https://e.com/Docs/x': 'docs',
    'https://e.com/my%20stuff/x': 'my-stuff-',
    'https://e.com/%E6%97%A5%E6%9C%AC/x': 's-',
  };
  for (const [url, prefix] of Object.entries(rows)) {
    it(`${url} -> ${prefix}…`, () => {
      const name = sectionOf(url, 'https://e.com/');
      if (prefix.endsWith('-'))
        expect(name.startsWith(prefix) && /^[a-z0-9-]+$/.test(name)).toBe(true);
      else expect(name).toBe(prefix);
    });
  }
  it('pools small sections into root', () => {
    const urls = [
      'https://e.com/',
      ...Array.from({ length: 1000 }, (_, i) => `https://e.com/big/${i}`),
      'https://e.com/small/1',
    ];
    const sections = splitSections(urls, (u) => u, 'https://e.com/');
    expect(sections.map(([name, list]) => [name, list.length])).toEqual([
      ['root', 2],
      ['big', 1000],
    ]);
  });
});

describe('stable shards and incremental rewrites', () => {
  it('adding one page under /blog/ leaves every file without /blog/ URLs byte-identical and untouched', async () => {
    const tree: Record<string, string> = {
      'dist/index.html': page(),
      'dist/about/index.html': page(),
      'dist/blog/index.html': page(),
    };
    for (let i = 0; i < 1200; i++) tree[`dist/blog/post-${i}/index.html`] = page();
    for (let i = 0; i < 1500; i++) tree[`dist/docs/page-${i}/index.html`] = page();
    for (let i = 0; i < 30; i++) tree[`dist/team/member-${i}/index.html`] = page();
    const root = await makeTree(tree);
    const options = { site: SITE, outDir: join(root, 'dist'), maxUrlsPerSitemap: 500, head: false };
    const first = await generateSitemaps(options);
    expect(first.files.map((f) => f.url.slice(SITE.length + 1))).toEqual([
      'sitemap-index.xml',
      'sitemap-root-0.xml',
      'sitemap-blog-0.xml',
      'sitemap-blog-1.xml',
      'sitemap-blog-2.xml',
      'sitemap-docs-0.xml',
      'sitemap-docs-1.xml',
      'sitemap-docs-2.xml',
    ]);
    await readAll(first.files.map((f) => f.path));
    const before = new Map(
      await Promise.all(
        first.files.map(
          async (f) => [f.path, [await readFile(f.path), (await stat(f.path)).mtimeMs]] as const,
        ),
      ),
    );

    await new Promise((r) => setTimeout(r, 20));
    await writeTree(root, { 'dist/blog/post-0-new/index.html': page() });
    const second = await generateSitemaps(options);
    const parsed = await readAll(second.files.map((f) => f.path));
    for (const file of second.files) {
      const hasBlog = (parsed.get(file.path)?.entries ?? []).some((e) =>
        e.loc.startsWith(`${SITE}/blog/`),
      );
      if (file.kind === 'index' || hasBlog) continue;
      const [bytes, mtime] = before.get(file.path) ?? [];
      expect(file.changed, file.url).toBe(false);
      expect(await readFile(file.path), file.url).toEqual(bytes);
      expect((await stat(file.path)).mtimeMs, file.url).toBe(mtime);
    }
    expect(second.files.filter((f) => f.changed).map((f) => f.url.slice(SITE.length + 1))).toEqual([
      'sitemap-blog-0.xml',
      'sitemap-blog-1.xml',
      'sitemap-blog-2.xml',
    ]);
  });
});
