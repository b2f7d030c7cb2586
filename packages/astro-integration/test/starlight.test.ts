/**
 * Starlight adds @astrojs/sitemap itself when no integration of that name is listed. With
 * @sitemapkit/astro listed before or after starlight(), a real build writes one sitemap set, ours,
 * and says once that ours replaces @astrojs/sitemap.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import starlight from '@astrojs/starlight';
import { describe, expect, test } from 'vitest';
import { shardName } from '../../core/test/helpers/xml.js';
import sitemap from '../src/index.js';
import { buildRoot, copyFixture, fixturePath } from './support/astro-build.js';

const E = 'https://example.com';

describe.each([
  ['before', (ours: unknown, theirs: unknown) => [ours, theirs]],
  ['after', (ours: unknown, theirs: unknown) => [theirs, ours]],
])('sitemap() listed %s starlight()', (order, list) => {
  test('one sitemap set, ours', async () => {
    const root = await copyFixture(fixturePath('starlight'), `starlight-${order}`);
    const built = await buildRoot(root, {
      site: E,
      integrations: list(sitemap({ report: 'report.json' }), starlight({ title: 'Docs' })) as never,
    });
    const events = globalThis.__sitemapkitLogEvents ?? [];
    // @astrojs/sitemap said nothing, wrote nothing.
    expect(events.filter((e) => e.label === '@astrojs/sitemap')).toEqual([]);
    expect(built.logs.map((e) => e.message)).toContain(
      '@sitemapkit/astro replaces @astrojs/sitemap (listed in astro.config or added by another integration): one sitemap set, written by @sitemapkit/astro',
    );
    expect(built.logs.filter((e) => e.message.includes('pages found'))).toHaveLength(1);
    // Every XML file, not only sitemaps: @astrojs/sitemap's sitemap-0.xml would show here.
    const xml = (await readdir(built.outDir)).filter((f) => f.endsWith('.xml')).sort();
    const shards = await built.shards();
    expect(shards).toEqual([expect.stringMatching(shardName('sitemap', 0))]);
    expect(xml).toEqual([...shards, 'sitemap-index.xml']);
    const shard = shards[0] as string;
    const urlset = await built.read(shard);
    // Ours: no namespace declared that no entry uses (@astrojs/sitemap declares four).
    expect(urlset).not.toContain('xmlns:news');
    expect(await built.entries(shard)).toEqual([
      { loc: `${E}/`, links: [] },
      { loc: `${E}/guides/example/`, links: [] },
    ]);
    // Each docs page found its entry in Starlight's collection.
    const report = JSON.parse(await readFile(join(root, 'report.json'), 'utf8'));
    expect(
      report.pages
        .filter((p: { status: string }) => p.status === 'included')
        .map((p: { source: string }) => p.source),
    ).toEqual(['src/content/docs/index.md', 'src/content/docs/guides/example.md']);
    expect(await built.xsdProblems()).toEqual({});
  });
});
