/** Stable shards: a change in one section of a site rewrites only that section's files. */
import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { faultHook } from '../../src/files/write.js';
import { generateSitemaps } from '../../src/index.js';
import { sectionOf, splitSections } from '../../src/output/sections.js';
import { LOCK_NAME } from '../../src/output/site-lock.js';
import { makeTree, page, writeTree } from '../helpers/fixture.js';
import { readAll, setFiles, shardFiles, shardName } from '../helpers/xml.js';

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
    const sections = splitSections(urls, 'https://e.com/');
    expect(sections.map(([name, list]) => [name, list.length])).toEqual([
      ['root', 2],
      ['big', 1000],
    ]);
  });

  it('puts each URL in the section sectionOf names, in any order, a section at a time or not', () => {
    const base = 'https://e.com/docs/';
    const tricky = [
      'https://e.com/docs/',
      'https://e.com/docs/blog',
      'https://e.com/docs/blog/',
      'https://e.com/docs/blogs/x',
      'https://e.com/docs//x',
      'https://e.com/docs/Blog/x',
      'https://e.com/docs/caf%C3%A9/x',
      'https://e.com/docs/cafe%CC%81/x',
      'https://e.com/other/x',
      'https://e.com/docsx/y',
    ];
    const urls: string[] = [];
    for (let i = 0; i < 1500; i++)
      urls.push(`https://e.com/docs/blog/${i}`, tricky[i % 10] as string);
    for (let i = 0; i < 1200; i++) urls.push(`https://e.com/docs/caf%C3%A9/${i}/`);
    const sections = splitSections(urls, base);
    const named = new Map<number, string>();
    for (const [name, places] of sections) for (const place of places) named.set(place, name);
    expect(named.size).toBe(urls.length);
    const bySection = new Map<string, number>();
    for (const url of urls) {
      const name = sectionOf(url, base);
      bySection.set(name, (bySection.get(name) ?? 0) + 1);
    }
    urls.forEach((url, place) => {
      const name = sectionOf(url, base);
      expect(named.get(place), url).toBe((bySection.get(name) ?? 0) >= 1000 ? name : 'root');
    });
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
    const firstNames = first.files.map((f) => f.url.slice(SITE.length + 1));
    expect(firstNames).toEqual([
      'sitemap-index.xml',
      expect.stringMatching(shardName('sitemap-root', 0)),
      expect.stringMatching(shardName('sitemap-blog', 0)),
      expect.stringMatching(shardName('sitemap-blog', 1)),
      expect.stringMatching(shardName('sitemap-blog', 2)),
      expect.stringMatching(shardName('sitemap-docs', 0)),
      expect.stringMatching(shardName('sitemap-docs', 1)),
      expect.stringMatching(shardName('sitemap-docs', 2)),
    ]);
    // The index lists exactly the shards written, and they are the set's only files on disk.
    expect(await shardFiles(options.outDir)).toEqual(firstNames.slice(1));
    expect(await setFiles(options.outDir)).toEqual([...firstNames].sort());
    await readAll(first.files.map((f) => f.path));
    const before = new Map(
      await Promise.all(
        first.files.map(
          async (f) => [f.path, [await readFile(f.path), (await stat(f.path)).mtimeMs]] as const,
        ),
      ),
    );
    const oldBlog = firstNames.filter((name) => name.startsWith('sitemap-blog-'));

    await new Promise((r) => setTimeout(r, 20));
    await writeTree(root, { 'dist/blog/post-0-new/index.html': page() });
    // Every change to a file, in order, to see the old shards go only once the new index is in.
    const changes: Array<[string, string]> = [];
    faultHook.beforeChange = (step, path) => changes.push([step, basename(path)]);
    let second: Awaited<ReturnType<typeof generateSitemaps>>;
    try {
      second = await generateSitemaps(options);
    } finally {
      faultHook.beforeChange = undefined;
    }
    const secondNames = second.files.map((f) => f.url.slice(SITE.length + 1));
    expect(await shardFiles(options.outDir)).toEqual(secondNames.slice(1));
    const parsed = await readAll(second.files.map((f) => f.path));
    const kept: string[] = [];
    for (const file of second.files) {
      const hasBlog = (parsed.get(file.path)?.entries ?? []).some((e) =>
        e.loc.startsWith(`${SITE}/blog/`),
      );
      if (file.kind === 'index' || hasBlog) continue;
      // Same URLs: same name, same bytes, not rewritten.
      expect(before.has(file.path), file.url).toBe(true);
      const [bytes, mtime] = before.get(file.path) ?? [];
      expect(file.changed, file.url).toBe(false);
      expect(await readFile(file.path), file.url).toEqual(bytes);
      expect((await stat(file.path)).mtimeMs, file.url).toBe(mtime);
      kept.push(basename(file.path));
    }
    expect(kept).toEqual(firstNames.filter((name) => /^sitemap-(root|docs)-/.test(name)));
    // The blog's shards have new content, so new names; the index lists them.
    const newBlog = secondNames.filter((name) => name.startsWith('sitemap-blog-'));
    expect(newBlog).toEqual(
      [0, 1, 2].map((n) => expect.stringMatching(shardName('sitemap-blog', n))),
    );
    for (const name of newBlog) expect(oldBlog).not.toContain(name);
    expect(second.files.filter((f) => f.changed).map((f) => f.url.slice(SITE.length + 1))).toEqual([
      'sitemap-index.xml',
      ...newBlog,
    ]);
    // The old blog shards are gone, removed only after the new index was renamed into place.
    expect(second.removed).toEqual([...oldBlog].sort());
    expect(await setFiles(options.outDir)).toEqual([...secondNames].sort());
    const indexIn = changes.findIndex(
      ([step, name]) => step === 'rename' && name === 'sitemap-index.xml',
    );
    // The build's lock aside, what is removed is the old set's stale files.
    const removes = changes.flatMap(([step, name], i) =>
      step === 'remove' && name !== LOCK_NAME ? [[name, i] as const] : [],
    );
    expect(indexIn).toBeGreaterThanOrEqual(0);
    expect(removes.map(([name]) => name).sort()).toEqual([...oldBlog].sort());
    for (const [name, i] of removes) expect(i, name).toBeGreaterThan(indexIn);
    // Nothing written under a name the old index listed.
    for (const [step, name] of changes) {
      if (step === 'rename' && name !== 'sitemap-index.xml') expect(firstNames).not.toContain(name);
    }
  });
});
