/**
 * How the integration behaves around the build: without `site` it warns and writes nothing;
 * registered twice (Astro merges integration arrays of extended configs) the last one writes.
 */
import { describe, expect, test } from 'vitest';
import sitemap from '../src/index.js';
import { buildFixture, expectShards } from './support/astro-build.js';

const E = 'https://example.com';

describe('without site', () => {
  test('warns, naming the site option, and writes no sitemap; the build passes', async () => {
    const built = await buildFixture('basic', { integrations: [sitemap()] }, 'basic-no-site');
    expect(await built.xmlFiles()).toEqual([]);
    expect(built.logs.map((e) => [e.level, e.message])).toEqual([
      ['warn', expect.stringContaining('the `site` option is not set in astro.config')],
    ]);
  });
});

describe('registered twice', () => {
  test('the last registration writes complete, correct files; the first stays quiet', async () => {
    const built = await buildFixture(
      'basic',
      {
        site: E,
        integrations: [
          sitemap({ changefreq: 'daily', entryLimit: 1 }),
          sitemap({ changefreq: 'weekly' }),
        ],
      },
      'basic-twice',
    );
    const [shard = ''] = await expectShards(built);
    const entries = await built.entries(shard);
    expect(entries.map((e) => e.loc)).toEqual([
      `${E}/`,
      `${E}/about/`,
      `${E}/blog/`,
      `${E}/blog/first-post/`,
    ]);
    expect(entries.every((e) => e.changefreq === 'weekly')).toBe(true);
    expect(built.logs.filter((e) => e.level === 'info')).toHaveLength(1);
    expect(await built.xsdProblems()).toEqual({});
  });

  test('the same instance listed twice writes once', async () => {
    const integration = sitemap();
    const built = await buildFixture(
      'basic',
      { site: E, integrations: [integration, integration] },
      'basic-same-twice',
    );
    await expectShards(built);
    expect(built.logs.filter((e) => e.level === 'info')).toHaveLength(1);
  });
});
