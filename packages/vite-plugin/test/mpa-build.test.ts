/**
 * Real `vite build` of the multi-page fixture (test/fixtures/mpa): every emitted page is listed,
 * whole files are compared, and every sitemap written is valid against the official XSD.
 */
import { existsSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { afterEach, describe, expect, test } from 'vitest';
// One git helper for the repository's tests: the core's.
import { commitAll, gitInit } from '../../core/test/helpers/git.js';
import { contentHash, ownHead, setFiles } from '../../core/test/helpers/xml.js';
import { sitemap } from '../src/index.js';
import { copyFixture, removeCopy, sitemapkitLines, viteBuild } from './helpers/vite-build.js';
import { validateSitemapDir } from './helpers/xsd.js';

const SITE = 'https://example.com';
const LASTMOD = '2024-03-05T10:00:00Z';

/** The urlset of the mpa fixture under `baseUrl`; paths as written, in the core's order. */
function mpaUrlset(baseUrl: string, paths = MPA_PATHS): string {
  const urls = paths.map((path) => {
    // The root lists the post under it: the post's date is the root's too.
    const lastmod =
      path === '' || path.startsWith('blog/first-post') ? `<lastmod>${LASTMOD}</lastmod>` : '';
    return `<url><loc>${baseUrl}${path}</loc>${lastmod}</url>\n`;
  });
  return (
    ownHead() +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.join('') +
    '</urlset>\n'
  );
}

/** Pages of the fixture: 404.html and the noindex secret.html are left out. */
const MPA_PATHS = [
  '',
  '%C3%BCber-uns.html',
  'about.html',
  'blog/first-post.html',
  'caf%C3%A9/',
  'docs/',
  'docs/guide/',
];

/** The name of the one sitemap holding `urlset`: named by the hash of its content. */
function shardOf(urlset: string): string {
  return `sitemap-0-${contentHash(urlset)}.xml`;
}

/** The index of the mpa fixture under `baseUrl`, listing the sitemap `urlset`. */
function mpaIndex(baseUrl: string, urlset = mpaUrlset(baseUrl)): string {
  return (
    ownHead() +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    `<sitemap><loc>${baseUrl}${shardOf(urlset)}</loc><lastmod>${LASTMOD}</lastmod></sitemap>\n` +
    '</sitemapindex>\n'
  );
}

/**
 * Expects `out` to hold exactly one sitemap set: the index and the sitemap `urlset`, whole,
 * under the name of its hash. Returns that name.
 */
async function expectSet(out: string, urlset: string, index?: string): Promise<string> {
  const shard = shardOf(urlset);
  expect(await setFiles(out)).toEqual([shard, 'sitemap-index.xml']);
  expect(await read(join(out, shard))).toBe(urlset);
  if (index !== undefined) expect(await read(join(out, 'sitemap-index.xml'))).toBe(index);
  return shard;
}

const SUMMARY =
  'info: sitemapkit: 9 pages found, 7 listed, 2 excluded (error-page 1, noindex 1); 2 dated (1 children, 1 head), 5 without lastmod; 2 files';

let root = '';
afterEach(async () => {
  await removeCopy(root);
});

async function read(path: string): Promise<string> {
  return readFile(path, 'utf8');
}

describe('multi-page app', () => {
  test('lists every emitted page: nested index.html as its folder, about.html as /about.html', async () => {
    root = await copyFixture('mpa');
    const { lines } = await viteBuild(root, { plugins: [sitemap({ site: SITE })] });
    const out = join(root, 'dist');
    await expectSet(out, mpaUrlset(`${SITE}/`), mpaIndex(`${SITE}/`));
    expect(await validateSitemapDir(out)).toEqual([]);
    expect(sitemapkitLines(lines)).toEqual([
      SUMMARY,
      // Every page's HTML entry is its source, with no option; a fresh copy's file times say
      // nothing, so they are not dates.
      expect.stringMatching(
        /^warn: sitemapkit: 5 of 7 pages have no lastmod: their sources are not in a git work tree and their file times are all one moment/,
      ),
    ]);
  });

  test('dates each page by the git history of its own HTML entry, with no option', async () => {
    root = await copyFixture('mpa');
    await writeFile(join(root, '.gitignore'), 'dist/\n');
    gitInit(root);
    commitAll(root, 'the app', '2024-01-10T10:00:00Z');
    const about = join(root, 'about.html');
    await writeFile(
      about,
      (await readFile(about, 'utf8')).replace('</body>', '<p>more</p></body>'),
    );
    commitAll(root, 'about: more', '2024-03-03T10:00:00Z');
    await viteBuild(root, { plugins: [sitemap({ site: SITE, report: 'report.json' })] });
    const report = JSON.parse(await read(join(root, 'report.json')));
    const listed = report.pages
      .filter((p: { status: string }) => p.status === 'included')
      .map((p: { url: string; source: string; lastmod: string; lastmodFrom: string }) => [
        p.url.slice(SITE.length),
        p.source,
        p.lastmod,
        p.lastmodFrom,
      ]);
    expect(listed).toEqual([
      // The root lists the pages under it: the newest of them dates it.
      ['/', 'index.html', LASTMOD, 'children'],
      ['/%C3%BCber-uns.html', 'über-uns.html', '2024-01-10T10:00:00Z', 'git'],
      ['/about.html', 'about.html', '2024-03-03T10:00:00Z', 'git'],
      // Its head's article:modified_time is newer than its commit.
      ['/blog/first-post.html', 'blog/first-post.html', LASTMOD, 'html-meta'],
      ['/caf%C3%A9/', 'café/index.html', '2024-01-10T10:00:00Z', 'git'],
      ['/docs/', 'docs/index.html', '2024-01-10T10:00:00Z', 'git'],
      ['/docs/guide/', 'docs/guide/index.html', '2024-01-10T10:00:00Z', 'git'],
    ]);
    expect(await validateSitemapDir(join(root, 'dist'))).toEqual([]);
  });

  test("keeps the user's robots.txt from public/ and adds one Sitemap: line", async () => {
    root = await copyFixture('mpa');
    const own = await read(join(root, 'public/robots.txt'));
    await viteBuild(root, { plugins: [sitemap({ site: SITE })] });
    expect(await read(join(root, 'dist/robots.txt'))).toBe(
      `${own}\nSitemap: ${SITE}/sitemap-index.xml\n`,
    );
    // The source in public/ is the user's: never written.
    expect(await read(join(root, 'public/robots.txt'))).toBe(own);
  });

  test('cleanUrls: true lists about.html as /about', async () => {
    root = await copyFixture('mpa');
    await viteBuild(root, { plugins: [sitemap({ site: SITE, cleanUrls: true })] });
    const clean = MPA_PATHS.map((path) => path.replace(/\.html$/, ''));
    const urlset = mpaUrlset(`${SITE}/`, clean);
    await expectSet(join(root, 'dist'), urlset, mpaIndex(`${SITE}/`, urlset));
  });

  test("writes into Vite's build.outDir, wherever it is", async () => {
    root = await copyFixture('mpa');
    await viteBuild(root, { plugins: [sitemap({ site: SITE })], build: { outDir: 'build/site' } });
    const out = join(root, 'build/site');
    await expectSet(out, mpaUrlset(`${SITE}/`), mpaIndex(`${SITE}/`));
    expect(await read(join(out, 'robots.txt'))).toContain(`Sitemap: ${SITE}/sitemap-index.xml`);
    expect(await validateSitemapDir(out)).toEqual([]);
    expect(existsSync(join(root, 'dist'))).toBe(false);
  });

  test("takes the base path from Vite's base", async () => {
    root = await copyFixture('mpa');
    await viteBuild(root, { base: '/app/', plugins: [sitemap({ site: SITE })] });
    const out = join(root, 'dist');
    await expectSet(out, mpaUrlset(`${SITE}/app/`), mpaIndex(`${SITE}/app/`));
    expect(await validateSitemapDir(out)).toEqual([]);
    // Under a base, robots.txt in the output is not the one crawlers read (/robots.txt): left
    // alone unless asked for, and then the core says why it is not enough.
    expect(await read(join(out, 'robots.txt'))).not.toContain('Sitemap:');
    const asked = await viteBuild(root, {
      base: '/app/',
      plugins: [sitemap({ site: SITE, robotsTxt: true })],
    });
    expect(await read(join(out, 'robots.txt'))).toContain(`Sitemap: ${SITE}/app/sitemap-index.xml`);
    expect(sitemapkitLines(asked.lines)).toContainEqual(
      expect.stringMatching(/^warn: sitemapkit: robots\.txt was written to \/app\/robots\.txt/),
    );
  });

  test("takes the path of a full-URL Vite base; the plugin's base option wins over Vite's", async () => {
    root = await copyFixture('mpa');
    await viteBuild(root, {
      base: 'https://cdn.example.net/static/',
      plugins: [sitemap({ site: SITE })],
    });
    await expectSet(join(root, 'dist'), mpaUrlset(`${SITE}/static/`), mpaIndex(`${SITE}/static/`));

    await viteBuild(root, { base: '/app/', plugins: [sitemap({ site: SITE, base: '/shop/' })] });
    await expectSet(join(root, 'dist'), mpaUrlset(`${SITE}/shop/`), mpaIndex(`${SITE}/shop/`));
  });

  test('writes once, completely, before `vite build` resolves', async () => {
    root = await copyFixture('mpa');
    const out = join(root, 'dist');
    const seen: Array<{ index: string; urlset: string; inode: number }> = [];
    // Runs after ours (same enforce and order, listed later): what it sees, ours has finished.
    const probe: Plugin = {
      name: 'probe-after-sitemapkit',
      apply: 'build',
      enforce: 'post',
      closeBundle: {
        order: 'post',
        sequential: true,
        async handler() {
          seen.push({
            index: await read(join(out, 'sitemap-index.xml')),
            urlset: await read(join(out, shardOf(mpaUrlset(`${SITE}/`)))),
            inode: (await stat(join(out, shardOf(mpaUrlset(`${SITE}/`))))).ino,
          });
        },
      },
    };
    const { lines } = await viteBuild(root, { plugins: [sitemap({ site: SITE }), probe] });
    // Right after the build resolved: complete, valid, and the very file the probe saw (a
    // rewrite would have renamed a new file into place).
    expect(seen).toEqual([
      { index: mpaIndex(`${SITE}/`), urlset: mpaUrlset(`${SITE}/`), inode: expect.any(Number) },
    ]);
    expect((await stat(join(out, shardOf(mpaUrlset(`${SITE}/`))))).ino).toBe(seen[0]?.inode);
    expect(await setFiles(out)).toEqual([shardOf(mpaUrlset(`${SITE}/`)), 'sitemap-index.xml']);
    expect(await validateSitemapDir(out)).toEqual([]);
    expect(sitemapkitLines(lines).filter((line) => line.startsWith('info:'))).toEqual([SUMMARY]);
  });

  test('build.write: false: nothing on disk, so one info line and no sitemap', async () => {
    root = await copyFixture('mpa');
    const { lines } = await viteBuild(root, {
      plugins: [sitemap({ site: SITE })],
      build: { write: false },
    });
    expect(existsSync(join(root, 'dist'))).toBe(false);
    expect(sitemapkitLines(lines)).toEqual([
      'info: sitemapkit: build.write is false, so no page is on disk; no sitemap written',
    ]);
  });
});
