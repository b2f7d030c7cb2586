/**
 * @astrojs/sitemap's options, honoured in a real build: filter, customPages, customSitemaps,
 * changefreq, priority, lastmod, serialize, xslURL, filenameBase, entryLimit, namespaces, chunks.
 * Errors thrown by `filter` or `serialize` come out of `astro build` unchanged; invalid options
 * fail at once, listing every problem.
 */
import { isSitemapError, type SitemapError } from '@sitemapkit/core';
import { beforeAll, describe, expect, test } from 'vitest';
import { shardName } from '../../core/test/helpers/xml.js';
import sitemap, { type SitemapOptions } from '../src/index.js';
import { type Built, buildFixture, expectShards, locs } from './support/astro-build.js';

const E = 'https://example.com';

describe('compatible options in one build', () => {
  let built: Built;
  const filtered: string[] = [];

  beforeAll(async () => {
    built = await buildFixture(
      'basic',
      {
        site: E,
        integrations: [
          sitemap({
            filter: (page) => {
              filtered.push(page);
              return !page.endsWith('/about/') && !page.endsWith('/hidden/');
            },
            customPages: [`${E}/app/`, `${E}/hidden/`],
            customSitemaps: [`${E}/shop/sitemap.xml`],
            changefreq: 'weekly',
            priority: 0.5,
            lastmod: new Date('2025-01-02T03:04:05Z'),
            serialize: (item) => {
              if (item.url === `${E}/blog/`) return undefined;
              if (item.url === `${E}/blog/first-post/`) return { ...item, priority: 0.9 };
              return item;
            },
            xslURL: '/sitemap.xsl',
            filenameBase: 'map',
            entryLimit: 2,
            namespaces: { news: false, image: false, video: false, xhtml: true },
          }),
        ],
      },
      'basic-options',
    );
  });

  test('filter receives absolute URLs, custom pages included', () => {
    expect(filtered).toEqual(
      expect.arrayContaining([`${E}/`, `${E}/about/`, `${E}/app/`, `${E}/hidden/`]),
    );
    expect(filtered.every((url) => url.startsWith(`${E}/`))).toBe(true);
  });

  // More than one file: the core writes the site section by section (small sections share `root`).
  test('filenameBase names the files; entryLimit splits them; customSitemaps join the index', async () => {
    const shards = await expectShards(
      built,
      [shardName('map-root', 0), shardName('map-root', 1)],
      'map-index.xml',
    );
    expect(await locs(built, 'map-index.xml')).toEqual([
      ...shards.map((name) => `${E}/${name}`),
      `${E}/shop/sitemap.xml`,
    ]);
    // Another tool's sitemap carries the `lastmod` option, as with @astrojs/sitemap.
    expect((await built.entries('map-index.xml')).at(-1)).toEqual({
      loc: `${E}/shop/sitemap.xml`,
      lastmod: '2025-01-02T03:04:05Z',
      links: [],
    });
    expect(await built.xsdProblems()).toEqual({});
  });

  test('entries carry changefreq, priority, the lastmod fallback and what serialize returned', async () => {
    const shards = await built.shards('map-index.xml');
    expect(shards).toHaveLength(2);
    const entries = [];
    for (const name of shards) entries.push(...(await built.entries(name)));
    expect(entries).toEqual([
      // The home page has a dated post under it: that date is evidence, the option is not.
      {
        loc: `${E}/`,
        lastmod: '2024-05-20',
        changefreq: 'weekly',
        priority: '0.5',
        links: [],
      },
      {
        loc: `${E}/app/`,
        lastmod: '2025-01-02T03:04:05Z',
        changefreq: 'weekly',
        priority: '0.5',
        links: [],
      },
      // A date of its own (frontmatter) wins over the `lastmod` option.
      {
        loc: `${E}/blog/first-post/`,
        lastmod: '2024-05-20',
        changefreq: 'weekly',
        priority: '0.9',
        links: [],
      },
    ]);
  });

  test('every file references the XSL stylesheet, resolved against the site as @astrojs/sitemap does', async () => {
    for (const name of await built.xmlFiles()) {
      expect(await built.read(name)).toContain(
        `<?xml-stylesheet type="text/xsl" href="${E}/sitemap.xsl"?>`,
      );
    }
  });
});

describe('chunks', () => {
  test('named groups go to sitemap-<name>-N-<hash>.xml, the rest to sitemap-pages-N-<hash>.xml', async () => {
    const built = await buildFixture(
      'basic',
      {
        site: E,
        integrations: [
          sitemap({ chunks: { blog: (item) => (item.url.includes('/blog/') ? item : undefined) } }),
        ],
      },
      'basic-chunks',
    );
    const [blog = '', pages = ''] = await expectShards(built, [
      shardName('sitemap-blog', 0),
      shardName('sitemap-pages', 0),
    ]);
    expect(await locs(built, blog)).toEqual([`${E}/blog/`, `${E}/blog/first-post/`]);
    expect(await locs(built, pages)).toEqual([`${E}/`, `${E}/about/`]);
    expect(await locs(built, 'sitemap-index.xml')).toEqual([`${E}/${blog}`, `${E}/${pages}`]);
    expect(await built.xsdProblems()).toEqual({});
  });
});

describe('errors from callbacks come out of astro build unchanged', () => {
  const cases: Record<string, (error: Error) => SitemapOptions> = {
    filter: (error) => ({
      filter: () => {
        throw error;
      },
    }),
    serialize: (error) => ({
      serialize: () => {
        throw error;
      },
    }),
  };
  for (const [name, options] of Object.entries(cases)) {
    test(`${name} throwing`, async () => {
      const error = new Error(`${name} failed on purpose`);
      const build = buildFixture(
        'basic',
        { site: E, integrations: [sitemap(options(error))] },
        `basic-throws-${name}`,
      );
      await expect(build).rejects.toBe(error);
    });
  }
});

describe('invalid options', () => {
  test('fail in sitemap(), before any build, listing every problem', () => {
    let caught: unknown;
    try {
      sitemap({
        entryLimit: 0,
        changefreq: 'sometimes',
        priority: 2,
        namespaces: { news: 'no' },
        colour: 'red',
        prefix: 'map',
      } as unknown as SitemapOptions);
    } catch (error) {
      caught = error;
    }
    expect(isSitemapError(caught)).toBe(true);
    const error = caught as SitemapError;
    expect(error.code).toBe('invalid-options');
    expect(error.problems).toEqual([
      'unknown option `colour`',
      'unknown option `prefix`: it is `filenameBase` now',
      '`namespaces` must be { news?, xhtml?, image?, video? } with true or false values',
      expect.stringMatching(/^`changefreq` must be one of/),
      expect.stringMatching(/^`priority` must be a number from 0.0 to 1.0/),
      expect.stringMatching(/^`entryLimit` must be a whole number from 1 to 50000/),
    ]);
    for (const problem of error.problems) expect(error.message).toContain(problem);
  });

  test('an empty call and every @astrojs/sitemap option name are accepted', () => {
    expect(() => sitemap()).not.toThrow();
    expect(() =>
      sitemap({
        filter: () => true,
        customPages: [],
        customSitemaps: [],
        i18n: { defaultLocale: 'en', locales: { en: 'en-US' } },
        entryLimit: 10,
        changefreq: 'daily',
        lastmod: new Date(),
        priority: 1,
        serialize: (item) => item,
        xslURL: '/s.xsl',
        chunks: {},
        namespaces: { news: true, xhtml: true, image: true, video: true },
        filenameBase: 'sitemap',
      }),
    ).not.toThrow();
  });
});
