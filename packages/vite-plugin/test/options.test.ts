/**
 * Options are checked in the factory, before Vite runs a hook: a bad option fails at config time
 * with every problem listed. Vite's `base` maps to the sitemap's base path, in the one mapping
 * the build and the dev server share.
 */
import { SitemapError } from '@sitemapkit/core';
import { describe, expect, test } from 'vitest';
import { basePath } from '../src/base-path.js';
import sitemapDefault, { type SitemapPluginOptions, sitemap } from '../src/index.js';
import { viteCoreOptions } from '../src/plugin-options.js';

/** Throws what the factory throws, or fails. */
function factoryError(options: unknown): SitemapError {
  try {
    sitemap(options as SitemapPluginOptions);
  } catch (error) {
    if (error instanceof SitemapError) return error;
    throw error;
  }
  throw new Error('the factory accepted the options');
}

describe('the factory rejects bad options', () => {
  const cases: Record<string, { options: unknown; problems: RegExp[] }> = {
    'no options': { options: undefined, problems: [/^`site` is required/] },
    'no site': { options: { cleanUrls: true }, problems: [/^`site` is required/] },
    'empty site': { options: { site: '' }, problems: [/^`site` is required/] },
    'site without scheme': {
      options: { site: 'example.com' },
      problems: [/^`site` must be an absolute http\(s\) URL/],
    },
    'site not http(s)': {
      options: { site: 'ftp://example.com' },
      problems: [/^`site` must use http or https/],
    },
    'outDir given': {
      options: { site: 'https://example.com', outDir: 'public' },
      problems: [/^`outDir` comes from Vite's `build\.outDir`/],
    },
    'root given': {
      options: { site: 'https://example.com', root: 'src' },
      problems: [/^`root` comes from Vite's `root`/],
    },
    'several at once': {
      options: {
        site: 'example.com',
        priority: 2,
        changefreq: 'sometimes',
        cleanUrls: 'yes',
        sitemapSize: 10,
      },
      problems: [
        /^unknown option `sitemapSize`/,
        /^`site`/,
        /^`cleanUrls`/,
        /^`changefreq`/,
        /^`priority`/,
      ],
    },
  };
  for (const [name, { options, problems }] of Object.entries(cases)) {
    test(name, () => {
      const error = factoryError(options);
      expect(error.code).toBe('invalid-options');
      expect(error.problems).toEqual(problems.map((p) => expect.stringMatching(p)));
      for (const problem of error.problems) expect(error.message).toContain(problem);
    });
  }
});

test('the plugin is named, runs after the others, and in the dev server too (it serves the set)', () => {
  const plugin = sitemap({ site: 'https://example.com' });
  expect(plugin).toMatchObject({ name: 'sitemapkit', enforce: 'post' });
  expect(plugin.apply).toBeUndefined();
  expect(plugin.configureServer).toBeTypeOf('function');
  expect(sitemapDefault).toBe(sitemap);
});

test('accepts every core option it passes on', () => {
  expect(() =>
    sitemap({
      site: 'https://example.com/docs/',
      base: '/docs/',
      cleanUrls: true,
      trailingSlash: 'always',
      sources: [{ dir: 'content', route: '/blog/' }],
      exclude: ['/drafts/**'],
      changefreq: 'weekly',
      priority: 0.5,
      gzip: true,
    }),
  ).not.toThrow();
});

describe('base path from Vite', () => {
  const cases: Record<string, string | undefined> = {
    '/': '/',
    '/app/': '/app/',
    '/app': '/app',
    './': undefined,
    '': undefined,
    'https://cdn.example.net/static/': '/static/',
    '//cdn.example.net/static/': '/static/',
    '/über/': '/%C3%BCber/',
  };
  for (const [base, expected] of Object.entries(cases)) {
    test(`${JSON.stringify(base)} -> ${JSON.stringify(expected)}`, () => {
      expect(basePath(base)).toBe(expected);
    });
  }
});

describe("the core's options, for the build and the dev server alike", () => {
  const config = { base: '/app/', root: '/project' };

  test("Vite's root and base; `.html` URLs as Vite serves them", () => {
    expect(viteCoreOptions({ site: 'https://example.com', gzip: true }, config)).toEqual({
      site: 'https://example.com',
      gzip: true,
      cleanUrls: false,
      base: '/app/',
      root: '/project',
    });
  });

  test("the plugin's base and cleanUrls win; a relative base leaves the path to site", () => {
    const options = { site: 'https://example.com/docs/', cleanUrls: true };
    expect(viteCoreOptions({ ...options, base: '/b/' }, config)).toMatchObject({
      cleanUrls: true,
      base: '/b/',
    });
    expect(viteCoreOptions(options, { ...config, base: './' }).base).toBeUndefined();
  });

  test('IndexNow compares with the deployed sitemaps unless told otherwise: Vite empties outDir', () => {
    const indexNow = { key: 'abcdef0123' };
    expect(viteCoreOptions({ site: 'https://e.com', indexNow }, config).indexNow).toEqual({
      compare: 'deployed',
      key: 'abcdef0123',
    });
  });
});
