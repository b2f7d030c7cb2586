/**
 * trailingSlash x build.format x base, a few combinations: the URLs listed are the ones Astro
 * serves, the root included, and the index points at sitemaps under `base`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AstroInlineConfig } from 'astro';
import { describe, expect, test } from 'vitest';
import sitemap from '../src/index.js';
import { buildFixture, expectShards, locs } from './support/astro-build.js';

interface Row {
  trailingSlash: NonNullable<AstroInlineConfig['trailingSlash']>;
  format: 'directory' | 'file' | 'preserve';
  base: string;
  urls: string[];
}

const E = 'https://example.com';
const ROWS: Record<string, Row> = {
  'ignore + directory at /': {
    trailingSlash: 'ignore',
    format: 'directory',
    base: '/',
    urls: [`${E}/`, `${E}/about/`, `${E}/blog/`, `${E}/blog/first-post/`],
  },
  'never + directory under /docs': {
    trailingSlash: 'never',
    format: 'directory',
    base: '/docs',
    // The root under a base keeps its slash: `/docs` is not under `/docs/` (the location rule).
    urls: [`${E}/docs/`, `${E}/docs/about`, `${E}/docs/blog`, `${E}/docs/blog/first-post`],
  },
  'always + file at /': {
    trailingSlash: 'always',
    format: 'file',
    base: '/',
    urls: [`${E}/`, `${E}/about/`, `${E}/blog/`, `${E}/blog/first-post/`],
  },
  'ignore + file under /docs/': {
    trailingSlash: 'ignore',
    format: 'file',
    base: '/docs/',
    urls: [`${E}/docs/`, `${E}/docs/about`, `${E}/docs/blog`, `${E}/docs/blog/first-post`],
  },
  'ignore + preserve at /': {
    trailingSlash: 'ignore',
    format: 'preserve',
    base: '/',
    urls: [`${E}/`, `${E}/about`, `${E}/blog/`, `${E}/blog/first-post`],
  },
};

describe('URLs follow trailingSlash, build.format and base', () => {
  for (const [name, row] of Object.entries(ROWS)) {
    test(name, async () => {
      const built = await buildFixture(
        'basic',
        {
          site: E,
          base: row.base,
          trailingSlash: row.trailingSlash,
          build: { format: row.format },
          integrations: [sitemap()],
        },
        `basic-${row.trailingSlash}-${row.format}`,
      );
      const [shard = ''] = await expectShards(built);
      expect(await locs(built, shard)).toEqual(row.urls);
      const sitemapsUrl = `${E}${`/${row.base}/`.replace(/\/+/g, '/')}${shard}`;
      expect(await locs(built, 'sitemap-index.xml')).toEqual([sitemapsUrl]);
      expect(await built.xsdProblems()).toEqual({});
      // robots.txt is only written where crawlers read it: at the root of the host.
      expect(existsSync(join(built.outDir, 'robots.txt'))).toBe(row.base === '/');
    });
  }
});
