/**
 * The options table and its one check: the early check an adapter runs when its config is
 * loaded gives the messages resolveOptions gives, needs no site or output folder, names unknown
 * options with the one most likely meant, and says an adapter's own message for what it owns.
 * `DEFAULTS` holds every option that has one value when not given, as the JSDoc says it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkOptions,
  DEFAULTS,
  isSitemapError,
  optionProblems,
  resolveOptions,
  type SitemapError,
  type SitemapOptions,
} from '../../src/index.js';
import { OPTIONS } from '../../src/options/table.js';

const SITE = 'https://example.com';

/** What `run` throws, or fails. */
function thrown(run: () => unknown): SitemapError {
  try {
    run();
  } catch (error) {
    if (isSitemapError(error)) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('the early check', () => {
  it('needs no site and no output folder: what is given is checked', () => {
    expect(optionProblems({})).toEqual([]);
    expect(optionProblems({ priority: 0.5, trailingSlash: 'always', gzip: true })).toEqual([]);
    expect(() => checkOptions({ changefreq: 'daily' })).not.toThrow();
  });

  it('requires what it is told to, with the messages resolveOptions gives', () => {
    expect(optionProblems({}, { required: ['site'] })).toEqual([
      '`site` is required: the absolute URL of the deployed site, e.g. https://example.com',
    ]);
    expect(optionProblems({}, { required: ['site', 'outDir'] })).toEqual(
      thrown(() => resolveOptions({} as SitemapOptions)).problems,
    );
  });

  it('names an unknown option, and the known one it most likely meant', () => {
    expect(
      optionProblems({
        sit: SITE,
        trailingslash: 'always',
        trailing_slash: 'always',
        xslUrl: '/s.xsl',
        sitemapSize: 10,
      }),
    ).toEqual([
      'unknown option `sit`; did you mean `site`?',
      'unknown option `trailingslash`; did you mean `trailingSlash`?',
      'unknown option `trailing_slash`; did you mean `trailingSlash`?',
      'unknown option `xslUrl`; did you mean `xslURL`?',
      'unknown option `sitemapSize`',
    ]);
  });

  it('an option set to undefined is not given', () => {
    expect(optionProblems({ sitemapSize: undefined, site: undefined })).toEqual([]);
  });

  it('names the option of a bad value, every problem listed in the order of the table', () => {
    expect(
      optionProblems({ priority: 2, changefreq: 'sometimes', cleanUrls: 'yes', site: 'e.com' }),
    ).toEqual([
      '`site` must be an absolute http(s) URL; got "e.com"',
      '`cleanUrls` must be true or false',
      expect.stringMatching(/^`changefreq` must be one of always, hourly, /),
      '`priority` must be a number from 0.0 to 1.0; got 2',
    ]);
  });

  it('says an option by the name the caller gives it', () => {
    expect(
      optionProblems({ maxUrlsPerSitemap: 0 }, { names: { maxUrlsPerSitemap: 'entryLimit' } }),
    ).toEqual(['`entryLimit` must be a whole number from 1 to 50000; got 0']);
  });

  it("says the caller's own message for an option it owns, first, and checks it no further", () => {
    const owned = {
      outDir: "comes from Vite's `build.outDir`; set it there",
      i18n: "comes from VitePress's config; set it there",
    };
    expect(
      optionProblems(
        { priority: 2, i18n: 'nonsense', outDir: 5, site: SITE },
        { owned, required: ['site', 'outDir'] },
      ),
    ).toEqual([
      "`outDir` comes from Vite's `build.outDir`; set it there",
      "`i18n` comes from VitePress's config; set it there",
      '`priority` must be a number from 0.0 to 1.0; got 2',
    ]);
    // An option the caller owns that the core does not know is not unknown either.
    expect(optionProblems({ mode: 'x' }, { owned: { mode: 'is ours' } })).toEqual([
      '`mode` is ours',
    ]);
  });

  it('throws one invalid-options error listing every problem', () => {
    const error = thrown(() => checkOptions({ priority: 2, sitemapSize: 1 }));
    expect(error.code).toBe('invalid-options');
    expect(error.message).toBe(
      [
        'sitemapkit: invalid options:',
        '  - unknown option `sitemapSize`',
        '  - `priority` must be a number from 0.0 to 1.0; got 2',
      ].join('\n'),
    );
    expect(thrown(() => checkOptions('x')).message).toBe('sitemapkit: options must be an object');
    expect(optionProblems(null)).toEqual(['options must be an object']);
  });

  it('checks alternates from the site root without knowing the site', () => {
    const pageAlternates = { '/a/': [{ lang: 'fr', url: '/fr/a/' }] };
    expect(optionProblems({ pageAlternates })).toEqual([]);
    const resolved = resolveOptions({ site: SITE, outDir: 'dist', pageAlternates });
    expect(resolved.pageAlternates.get('/a')).toEqual([
      { lang: 'fr', url: 'https://example.com/fr/a/' },
    ]);
  });

  it('checks a key file against the site once the site is given', () => {
    const indexNow = { key: 'abcdefgh', keyLocation: 'https://other.example/k.txt' };
    expect(optionProblems({ indexNow })).toEqual([]);
    expect(optionProblems({ site: SITE, indexNow })).toEqual([
      expect.stringMatching(/^`indexNow.keyLocation` must be on the site's host/),
    ]);
  });
});

describe('resolveOptions is the early check, then defaults and derivations', () => {
  const bad: Array<Partial<Record<keyof SitemapOptions, unknown>>> = [
    { priority: 2, changefreq: 'x', cleanUrls: 'yes' },
    { head: { nofollow: true }, images: 'yes', git: 'sometimes' },
    { dateFields: { changed: ['x'] }, gitIgnoreRevs: ['xyz'] },
    { stylesheet: true, xslURL: '', filenameBase: '../evil' },
    { sources: [{ dir: '' }], pageSources: { '/a/': 5 }, i18n: { defaultLocale: 'fr' } },
    { chunks: { pages: () => true }, lastmodFrom: ['head', 'head'], lastmod: '2024-02-30' },
    { maxBytesPerSitemap: 1, customSitemaps: ['relative.xml'], robotsTxt: 'always' },
    { indexNow: { key: 'short' }, selfCheck: 'full', base: '/../' },
  ];
  for (const options of bad) {
    it(Object.keys(options).join(', '), () => {
      const problems = optionProblems(options);
      expect(problems.length).toBeGreaterThanOrEqual(Object.keys(options).length);
      const error = thrown(() =>
        resolveOptions({ site: SITE, outDir: 'dist', ...options } as SitemapOptions),
      );
      expect(error.problems).toEqual(problems);
    });
  }
});

describe('DEFAULTS', () => {
  it("keeps today's defaults", () => {
    expect(DEFAULTS).toMatchObject({
      base: '/',
      trailingSlash: 'ignore',
      format: 'preserve',
      cleanUrls: false,
      excludeErrorPages: true,
      head: true,
      git: 'auto',
      lastmodFromChildren: true,
      filenameBase: 'sitemap',
      gzip: false,
      robotsTxt: true,
      maxUrlsPerSitemap: 50_000,
      maxBytesPerSitemap: 10_485_760,
      maxSitemapsPerIndex: 1_000,
      strict: false,
      threads: true,
      selfCheck: true,
      include: [],
      exclude: [],
    });
  });

  it('is read-only, and the resolved options get arrays of their own', () => {
    expect(Object.isFrozen(DEFAULTS)).toBe(true);
    expect(Object.isFrozen(DEFAULTS.include)).toBe(true);
    const resolved = resolveOptions({ site: SITE, outDir: 'dist' });
    resolved.include.push('/x/**');
    expect(DEFAULTS.include).toEqual([]);
  });

  it('is what an option taken as given resolves to when not given', () => {
    const resolved = resolveOptions({ site: SITE, outDir: 'dist' }) as unknown as Record<
      string,
      unknown
    >;
    for (const [name, row] of Object.entries(OPTIONS)) {
      if ('derived' in row) continue;
      const value = resolved[name];
      if ('default' in row) expect(value, name).toEqual(DEFAULTS[name as keyof typeof DEFAULTS]);
      else expect(value, `${name} has no default, so it resolves to none`).toBeUndefined();
    }
    // Derived, from their defaults: at the root, heads are read by every rule, images not.
    expect(resolved).toMatchObject({
      base: '/',
      robotsTxt: true,
      head: { noindex: true, canonical: true, redirect: true, hreflang: true },
      images: null,
      sources: [],
      pageSources: [],
      dateFields: {},
    });
  });

  /**
   * Each option's `@default` in the JSDoc of `SitemapOptions` (what users read in their editor):
   * option name -> the text after the tag.
   */
  function documentedDefaults(): Map<string, string> {
    const types = readFileSync(new URL('../../src/types.ts', import.meta.url), 'utf8');
    const body = /export interface SitemapOptions \{\n([\s\S]*?)\n\}/.exec(types)?.[1] ?? '';
    const found = new Map<string, string>();
    for (const [, doc = '', name = ''] of body.matchAll(
      /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*(\w+)\??:/g,
    )) {
      const tag = /@default (.*)/.exec(doc)?.[1];
      if (tag !== undefined) found.set(name, tag.replace(/\s*\*?\/?$/, '').trim());
    }
    return found;
  }

  /** A default that is one value: a literal, alone or followed by a parenthesis. */
  const ONE_VALUE = /^('[^']*'|true|false|\[\]|\{\}|\d+)(?: \(.*\))?$/;
  /** Documented defaults that are not one value, and why. */
  const NOT_ONE_VALUE: Record<string, string> = {
    root: 'the working folder',
    frontmatter: 'as lastmodFrom says',
    lastmodFrom: 'none: the newest evidence wins',
    robotsTxt: 'true at the root (its DEFAULTS value), false under a base path',
  };

  it('holds every default the JSDoc names, with its value', () => {
    const documented = documentedDefaults();
    expect(documented.size).toBeGreaterThan(20);
    for (const [name, text] of documented) {
      const literal = ONE_VALUE.exec(text)?.[1];
      if (literal === undefined) {
        expect(NOT_ONE_VALUE, `${name}: @default ${text}`).toHaveProperty(name);
        continue;
      }
      const value: unknown = JSON.parse(literal.replaceAll("'", '"'));
      expect(DEFAULTS, `${name}: @default ${text}`).toHaveProperty([name], value);
    }
  });

  it('holds only defaults the JSDoc names', () => {
    const documented = documentedDefaults();
    for (const name of Object.keys(DEFAULTS)) expect(documented.has(name), name).toBe(true);
  });

  it('every option is in DEFAULTS, or has no one value when not given', () => {
    const without = [
      ...Object.keys(NOT_ONE_VALUE).filter((name) => !(name in DEFAULTS)),
      // Required, or nothing when not given.
      'site',
      'outDir',
      'filter',
      'serialize',
      'onProgress',
      'lastmod',
      'changefreq',
      'priority',
      'chunks',
      'xslURL',
      'report',
      'i18n',
      'indexNow',
    ];
    expect([...Object.keys(DEFAULTS), ...without].sort()).toEqual(Object.keys(OPTIONS).sort());
  });
});
