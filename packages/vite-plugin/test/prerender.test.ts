/**
 * The recipe the README gives for sites whose HTML is written after Vite's bundle closes
 * (vite-ssg, VitePress, other prerenderers): generate the sitemaps once that HTML is on disk,
 * from @sitemapkit/core or with the `sitemapkit build` command.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generateSitemaps } from '@sitemapkit/core';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { onlyShard, setFiles, shardName } from '../../core/test/helpers/xml.js';
import { copyFixture, removeCopy, viteBuild } from './helpers/vite-build.js';
import { readLocs, validateSitemapDir } from './helpers/xsd.js';

const CLI = fileURLToPath(new URL('../../core/dist/bin.js', import.meta.url));
const PRERENDERED = {
  'about/index.html': '<!doctype html><title>About</title><h1>About</h1>',
  'posts/first/index.html':
    '<!doctype html><head><meta property="article:modified_time" content="2024-04-02"></head><h1>First</h1>',
  'posts/second/index.html': '<!doctype html><title>Second</title><h1>Second</h1>',
};

let root = '';
beforeEach(async () => {
  root = await copyFixture('prerender');
  // What a prerenderer does: `vite build` first, then it writes each page's HTML into outDir.
  await viteBuild(root);
  for (const [file, html] of Object.entries(PRERENDERED)) {
    await mkdir(dirname(join(root, 'dist', file)), { recursive: true });
    await writeFile(join(root, 'dist', file), html);
  }
});
afterEach(async () => {
  await removeCopy(root);
});

/** Expects `dir` to hold the index and the one sitemap it lists; returns that sitemap's path. */
async function expectOneShard(dir: string): Promise<string> {
  const shard = await onlyShard(dir);
  expect(basename(shard)).toMatch(shardName('sitemap', 0));
  expect(await setFiles(dir)).toEqual([basename(shard), 'sitemap-index.xml']);
  return shard;
}

const EXPECTED_LOCS = [
  'https://example.com/',
  'https://example.com/about/',
  'https://example.com/posts/first/',
  'https://example.com/posts/second/',
];

test('generateSitemaps after the prerenderer lists every page it wrote', async () => {
  const result = await generateSitemaps({
    site: 'https://example.com',
    outDir: join(root, 'dist'),
    root,
  });
  expect(result.pages).toMatchObject({ found: 4, included: 4 });
  const shard = await expectOneShard(join(root, 'dist'));
  expect(await readLocs(shard)).toEqual(EXPECTED_LOCS);
  expect(await readFile(shard, 'utf8')).toContain(
    '<url><loc>https://example.com/posts/first/</loc><lastmod>2024-04-02</lastmod></url>',
  );
  expect(await validateSitemapDir(join(root, 'dist'))).toEqual([]);
});

test('`sitemapkit build <outDir> --site` as a postbuild step does the same', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [CLI, 'build', 'dist', '--site', 'https://example.com', '--no-clean-urls'],
    { cwd: root },
  );
  expect(stdout).toMatch(/^sitemapkit: 4 pages found, 4 listed/);
  expect(await readLocs(await expectOneShard(join(root, 'dist')))).toEqual(EXPECTED_LOCS);
  expect(await readFile(join(root, 'dist/robots.txt'), 'utf8')).toContain(
    'Sitemap: https://example.com/sitemap-index.xml',
  );
  expect(await validateSitemapDir(join(root, 'dist'))).toEqual([]);
});
