/**
 * A static site built with the real `astro build`: which pages are listed, which are left out
 * and why, lastmod from Markdown frontmatter, files and the summary logged.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import sitemap from '../src/index.js';
import { type Built, buildFixture, expectShards } from './support/astro-build.js';

let built: Built;

beforeAll(async () => {
  built = await buildFixture('basic', {
    site: 'https://example.com',
    redirects: { '/old': '/about' },
    integrations: [sitemap()],
  });
});

describe('static output', () => {
  test('writes sitemap-index.xml and sitemap-0-<hash>.xml, valid against the XSDs', async () => {
    const [shard] = await expectShards(built);
    expect(await built.xsdProblems()).toEqual({});
    expect(await built.entries('sitemap-index.xml')).toEqual([
      { loc: `https://example.com/${shard}`, lastmod: '2024-05-20', links: [] },
    ]);
  });

  test('lists exactly the pages, with lastmod from Markdown frontmatter only', async () => {
    const [shard = ''] = await expectShards(built);
    expect(await built.entries(shard)).toEqual([
      // The home page and the blog index list the post: its date is theirs (children).
      { loc: 'https://example.com/', lastmod: '2024-05-20', links: [] },
      { loc: 'https://example.com/about/', links: [] },
      { loc: 'https://example.com/blog/', lastmod: '2024-05-20', links: [] },
      { loc: 'https://example.com/blog/first-post/', lastmod: '2024-05-20', links: [] },
    ]);
  });

  test('leaves out the 404 page, noindex pages, redirects, endpoints and HTML copied from public/', async () => {
    const [shard = ''] = await expectShards(built);
    const xml = await built.read(shard);
    for (const path of ['404', 'private', 'old', 'feed.json', 'google1234'])
      expect(xml).not.toContain(path);
    // They were built: left out by the sitemap, not missing.
    for (const file of [
      '404.html',
      'private/index.html',
      'old/index.html',
      'feed.json',
      'google1234.html',
    ]) {
      expect(existsSync(join(built.outDir, file))).toBe(true);
    }
  });

  test('logs one summary line with the exclusions by reason, and the lastmod warning', () => {
    const info = built.logs.filter((e) => e.level === 'info');
    expect(info.map((e) => e.message)).toEqual([
      '8 pages found, 4 listed, 4 excluded (error-page 1, filter 1, noindex 1, redirect 1); 3 dated (2 children, 1 frontmatter), 1 without lastmod; 2 files',
    ]);
    const warnings = built.logs.filter((e) => e.level === 'warn').map((e) => e.message);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^1 of 4 pages have no lastmod: their sources are not in a git work tree and their file times are all one moment/,
    );
  });

  test('adds the Sitemap line to robots.txt when the site is served from /', async () => {
    expect(await built.read('robots.txt')).toContain(
      'Sitemap: https://example.com/sitemap-index.xml',
    );
  });
});
