/**
 * @sitemapkit/vite/vitepress on a real `vitepress build` of examples/vitepress-docs: base,
 * cleanUrls, a rewrite, a dynamic route and two locales all come from VitePress's own config, and
 * each page is dated by the git history of its own Markdown file, with no option.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ReportPage } from '@sitemapkit/core';
import { afterAll, describe, expect, test } from 'vitest';
// One git helper for the repository's tests: the core's.
import { commitAll, gitInit } from '../../core/test/helpers/git.js';
import { setFiles, shardFiles, shardName } from '../../core/test/helpers/xml.js';
import { sitemap } from '../src/vitepress.js';
import { validateSitemapDir } from './helpers/xsd.js';

const run = promisify(execFile);
const EXAMPLE = fileURLToPath(new URL('../../../examples/vitepress-docs/', import.meta.url));
const SITE = 'https://example.com/docs';
const BUILT = /[\\/](node_modules|dist|cache)$/;

let root = '';
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('VitePress', () => {
  test('every page, with its source, date and alternates, from VitePress config alone', async () => {
    root = await mkdtemp(join(tmpdir(), 'sitemapkit-vitepress-'));
    await cp(EXAMPLE, root, { recursive: true, filter: (src) => !BUILT.test(src) });
    await symlink(join(EXAMPLE, 'node_modules'), join(root, 'node_modules'), 'dir');
    await writeFile(
      join(root, '.gitignore'),
      'node_modules\ndocs/.vitepress/dist\ndocs/.vitepress/cache\n',
    );
    gitInit(root);
    commitAll(root, 'the docs', '2024-01-10T10:00:00Z');
    const intro = join(root, 'docs/guide/intro.md');
    await writeFile(intro, `${await readFile(intro, 'utf8')}\nMore of it.\n`);
    commitAll(root, 'more intro', '2024-04-04T10:00:00Z');
    // The report, asked for through the same one line.
    const config = join(root, 'docs/.vitepress/config.mjs');
    await writeFile(
      config,
      (await readFile(config, 'utf8')).replace(
        "sitemap({ site: 'https://example.com' })",
        "sitemap({ site: 'https://example.com', report: 'report.json' })",
      ),
    );
    const vitepress = join(EXAMPLE, 'node_modules/vitepress/bin/vitepress.js');
    const { stdout } = await run(process.execPath, [vitepress, 'build', 'docs'], { cwd: root });
    expect(stdout).toContain(
      'sitemapkit: 8 pages found, 7 listed, 1 excluded (error-page 1); 7 dated (6 git, 1 children), 0 without lastmod; 2 files',
    );

    const out = join(root, 'docs/.vitepress/dist');
    const report = JSON.parse(await readFile(join(root, 'docs/report.json'), 'utf8'));
    const pages = (report.pages as ReportPage[])
      .filter((p) => p.status === 'included')
      .map((p) => [p.url.slice(SITE.length), p.source, p.lastmod, p.lastmodFrom]);
    const D1 = '2024-01-10T10:00:00Z';
    const D2 = '2024-04-04T10:00:00Z';
    expect(pages).toEqual([
      // The home page lists the guide: the newest page under it dates it.
      ['/', 'index.md', D2, 'children'],
      ['/fr/', 'fr/index.md', D1, 'git'],
      ['/fr/guide/intro', 'fr/guide/intro.md', D1, 'git'],
      ['/guide/intro', 'guide/intro.md', D2, 'git'],
      // Served where the rewrite puts it, dated by the file it was written in.
      ['/moved/page', 'legacy/old-page.md', D1, 'git'],
      // A dynamic route's pages: dated by their template.
      ['/packages/alpha', 'packages/[pkg].md', D1, 'git'],
      ['/packages/beta', 'packages/[pkg].md', D1, 'git'],
    ]);
    const shards = await shardFiles(out);
    expect(shards).toEqual([expect.stringMatching(shardName('sitemap', 0))]);
    expect(await setFiles(out)).toEqual([...shards, 'sitemap-index.xml']);
    const urlset = await readFile(join(out, shards[0] as string), 'utf8');
    expect(urlset).toContain(
      `<url><loc>${SITE}/guide/intro</loc><lastmod>${D2}</lastmod><xhtml:link rel="alternate" hreflang="fr-FR" href="${SITE}/fr/guide/intro"/><xhtml:link rel="alternate" hreflang="en-US" href="${SITE}/guide/intro"/></url>`,
    );
    expect(urlset).not.toContain('404');
    expect(await validateSitemapDir(out)).toEqual([]);
  });

  test('options VitePress owns, and a bad site, fail when the config is loaded', () => {
    expect(() => sitemap({ site: 'https://example.com', outDir: 'x' } as never)).toThrow(
      "`outDir` comes from VitePress's config; set it there",
    );
    expect(() => sitemap({ site: 'example.com' })).toThrow(
      /`site` must be an absolute http\(s\) URL/,
    );
  });

  test('without `site`, nothing is checked against a site the config may give later', () => {
    // VitePress's `sitemap.hostname` is read when the build ends: a key file on it is fine now.
    const indexNow = { key: 'abcdef0123', keyLocation: 'https://docs.my-site.dev/key.txt' };
    expect(() => sitemap({ indexNow })).not.toThrow();
  });

  test("VitePress's own sitemap on: the build says to turn it off, and that its transformItems is not ours", async () => {
    const out = await mkdtemp(join(tmpdir(), 'sitemapkit-vitepress-out-'));
    await writeFile(join(out, 'index.html'), '<!doctype html><title>x</title>');
    const warned: string[] = [];
    await sitemap({ robotsTxt: false })({
      root: out,
      srcDir: out,
      outDir: out,
      pages: ['index.md'],
      rewrites: { map: {} },
      site: { base: '/' },
      sitemap: { hostname: 'https://example.com', transformItems: (items: unknown) => items },
      logger: { info: () => {}, warn: (message) => warned.push(message) },
    });
    await rm(out, { recursive: true, force: true });
    expect(warned).toContain(
      "sitemapkit: VitePress's own sitemap is on too (`sitemap.hostname` in .vitepress/config), and writes sitemap.xml beside ours: remove VitePress's `sitemap` option and give `site` to sitemap() instead; its `transformItems` is not applied to ours: leave pages out with `filter` or `exclude`, or change entries with `serialize`",
    );
  });

  test('with no site and no sitemap.hostname, the hook says what to set', async () => {
    const hook = sitemap();
    await expect(
      hook({
        root: tmpdir(),
        srcDir: tmpdir(),
        outDir: tmpdir(),
        pages: [],
        rewrites: { map: {} },
        site: { base: '/' },
        logger: { info: () => {}, warn: () => {} },
      }),
    ).rejects.toThrow(/`site` is required/);
  });
});
