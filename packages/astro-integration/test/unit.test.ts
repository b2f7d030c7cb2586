/**
 * Pure parts, table-driven: the page of a route, on-demand page URLs under each slash
 * policy, locale error pages, what is read from Astro's config, the options' check and their
 * mapping to core options.
 */

import type { UrlPolicy } from '@sitemapkit/core';
import type { AstroConfig, IntegrationResolvedRoute } from 'astro';
import { describe, expect, test } from 'vitest';
import { localeErrorPages, onDemandPageUrls, pageAt } from '../src/astro-pages.js';
import { readAstroSite } from '../src/astro-site.js';
import { checkOptions, toCoreOptions } from '../src/options.js';

function route(
  pathname: string | undefined,
  entrypoint: string,
  extra: Partial<IntegrationResolvedRoute> = {},
): IntegrationResolvedRoute {
  return {
    pathname,
    entrypoint,
    type: 'page',
    isPrerendered: false,
    origin: 'project',
    params: [],
    ...extra,
  } as IntegrationResolvedRoute;
}

describe('onDemandPageUrls', () => {
  const routes = [
    route('/', 'src/pages/index.astro'),
    route('/account', 'src/pages/account.astro'),
    route('/shop', 'src/pages/shop/index.astro'),
    route('/caf\u00e9', 'src/pages/café.astro'),
    route('/prerendered', 'src/pages/prerendered.astro', { isPrerendered: true }),
    route(undefined, 'src/pages/blog/[slug].astro', { params: ['slug'] }),
    route('/api/ping.json', 'src/pages/api/ping.json.ts', { type: 'endpoint' }),
    route('/old', 'src/pages/old.astro', { type: 'redirect' }),
    route('/404', 'src/pages/404.astro'),
    route('/es/500', 'src/pages/es/500.astro'),
    route('/_internal', 'astro-default-404.astro', { origin: 'internal' }),
  ];
  const rows: Record<string, [UrlPolicy, string[]]> = {
    'ignore + directory': [
      { baseUrl: 'https://e.com/', trailingSlash: 'ignore', format: 'directory' },
      [
        'https://e.com/',
        'https://e.com/account/',
        'https://e.com/caf%C3%A9/',
        'https://e.com/shop/',
      ],
    ],
    // The root under a base keeps its slash, as the core writes it (the location rule).
    'never + directory under /docs/': [
      { baseUrl: 'https://e.com/docs/', trailingSlash: 'never', format: 'directory' },
      [
        'https://e.com/docs/',
        'https://e.com/docs/account',
        'https://e.com/docs/caf%C3%A9',
        'https://e.com/docs/shop',
      ],
    ],
    'always + file': [
      { baseUrl: 'https://e.com/', trailingSlash: 'always', format: 'file' },
      [
        'https://e.com/',
        'https://e.com/account/',
        'https://e.com/caf%C3%A9/',
        'https://e.com/shop/',
      ],
    ],
    'ignore + file': [
      { baseUrl: 'https://e.com/', trailingSlash: 'ignore', format: 'file' },
      ['https://e.com', 'https://e.com/account', 'https://e.com/caf%C3%A9', 'https://e.com/shop'],
    ],
    'ignore + preserve: index pages keep the slash': [
      { baseUrl: 'https://e.com/', trailingSlash: 'ignore', format: 'preserve' },
      ['https://e.com/', 'https://e.com/account', 'https://e.com/caf%C3%A9', 'https://e.com/shop/'],
    ],
  };
  for (const [name, [policy, urls]] of Object.entries(rows)) {
    test(name, () => expect(onDemandPageUrls(routes, policy)).toEqual(urls));
  }
});

test('pageAt: the page of a route, as the build would emit it', () => {
  expect(pageAt('/', 'src/pages/index.astro')).toEqual({ path: '', isIndex: true });
  expect(pageAt('/blog/', 'src/pages/blog/index.md')).toEqual({ path: 'blog', isIndex: true });
  expect(pageAt('/blog/post', 'src/pages/blog/[slug].astro')).toEqual({
    path: 'blog/post',
    isIndex: false,
  });
  expect(pageAt('//about//', 'src/pages/about.astro')).toEqual({ path: 'about', isIndex: false });
});

test('localeErrorPages', () => {
  expect(localeErrorPages(['es', 'pt-br', 'es'])).toEqual([
    '/es/404',
    '/es/500',
    '/pt-br/404',
    '/pt-br/500',
  ]);
});

describe('readAstroSite', () => {
  const config = (over: Record<string, unknown>) =>
    ({
      root: new URL('file:///site/'),
      srcDir: new URL('file:///site/src/'),
      publicDir: new URL('file:///site/public/'),
      cacheDir: new URL('file:///site/node_modules/.astro/'),
      base: '/',
      trailingSlash: 'ignore',
      build: { format: 'directory' },
      ...over,
    }) as unknown as AstroConfig;

  test('base is resolved against site, as @astrojs/sitemap does', () => {
    expect(readAstroSite(config({ site: 'https://e.com', base: '/docs' }))).toMatchObject({
      origin: 'https://e.com',
      base: '/docs/',
    });
    expect(readAstroSite(config({ site: 'https://e.com/sub', base: '/' }))).toMatchObject({
      origin: 'https://e.com',
      base: '/',
    });
    expect(readAstroSite(config({}))).toMatchObject({ origin: undefined, base: '/' });
  });

  test("Astro's locales: a path maps to its first code; the default locale may be named by code", () => {
    const site = readAstroSite(
      config({
        i18n: {
          defaultLocale: 'en-US',
          locales: [{ path: 'english', codes: ['en-US', 'en'] }, 'es'],
        },
      }),
    );
    expect(site.localePaths).toEqual(['english', 'es']);
    expect(site.i18n).toEqual({
      defaultLocale: 'english',
      locales: { english: 'en-US', es: 'es' },
    });
  });

  test('locale codes become hreflang values; none at all when one is not a language tag', () => {
    const underscore = readAstroSite(
      config({ i18n: { defaultLocale: 'en_US', locales: ['en_US', 'es'] } }),
    );
    expect(underscore.i18n).toEqual({
      defaultLocale: 'en_US',
      locales: { en_US: 'en-US', es: 'es' },
    });
    const odd = readAstroSite(
      config({ i18n: { defaultLocale: 'en', locales: ['en', 'klingon!'] } }),
    );
    expect(odd.i18n).toBeUndefined();
    expect(odd.localePaths).toEqual(['en', 'klingon!']);
  });
});

describe('toCoreOptions', () => {
  test('entryLimit becomes maxUrlsPerSitemap; namespaces and content stay here', () => {
    expect(
      toCoreOptions({
        entryLimit: 10,
        namespaces: { news: false },
        content: { blog: '/blog/' },
        changefreq: 'daily',
      }),
    ).toEqual({ maxUrlsPerSitemap: 10, changefreq: 'daily' });
  });

  test('indexNow is handed to the core as it is', () => {
    const indexNow = { key: 'abcdef0123', stateFile: '.cache/indexnow.tsv.gz' };
    expect(toCoreOptions({ indexNow })).toEqual({ indexNow });
  });
});

describe('checkOptions', () => {
  /** The problems `checkOptions` lists, or none. */
  function problems(options: unknown): string[] {
    try {
      checkOptions(options);
      return [];
    } catch (error) {
      return (error as { problems: string[] }).problems;
    }
  }

  test("an option mistyped is named with this integration's name it most likely meant", () => {
    expect(problems({ entrylimit: 10, filenamebase: 'map' })).toEqual([
      'unknown option `entrylimit`; did you mean `entryLimit`?',
      'unknown option `filenamebase`; did you mean `filenameBase`?',
    ]);
  });

  test("a core option this integration does not offer is unknown here: Astro's config gives it", () => {
    expect(problems({ site: 'https://e.com', entryLimit: 10 })).toEqual(['unknown option `site`']);
  });

  test("an IndexNow key file is checked against the site at build time, when Astro's is known", () => {
    const indexNow = { key: 'abcdef0123', keyLocation: 'https://my-site.dev/key.txt' };
    expect(problems({ indexNow })).toEqual([]);
  });
});
