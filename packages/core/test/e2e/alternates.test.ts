/**
 * hreflang alternates: every set holds the page itself, translations named page by page
 * (`pageAlternates`, what a generator's config knows), and the error pages of each locale left
 * out. Shaped after real sites: Hugo themes whose heads list only the other languages, translated
 * slugs (`/posts/hello/` and `/fr/articles/bonjour/`), VitePress's `/ru/404.html`.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSitemaps, type SitemapOptions } from '../../src/index.js';
import { validateSitemaps } from '../../src/validate/index.js';
import { makeTree, page } from '../helpers/fixture.js';
import { readAll } from '../helpers/xml.js';

const SITE = 'https://example.com';

const alternate = (lang: string, href: string) =>
  `<link rel="alternate" hreflang="${lang}" href="${href}">`;

async function build(tree: Record<string, string>, options: Partial<SitemapOptions> = {}) {
  const root = await makeTree(tree);
  const outDir = join(root, 'dist');
  const result = await generateSitemaps({ site: SITE, outDir, git: false, ...options });
  const parsed = await readAll(result.files.map((f) => f.path));
  const links = new Map<string, string[]>();
  for (const sitemap of parsed.values())
    for (const entry of sitemap.entries)
      if (entry.links.length > 0)
        links.set(
          entry.loc.slice(SITE.length),
          entry.links.map((l) => `${l.hreflang} ${l.href.replace(SITE, '')}`),
        );
  const report = await validateSitemaps(outDir, { site: SITE });
  return { result, links, findings: report.findings.map((f) => f.rule) };
}

describe('every alternate set holds the page itself', () => {
  it('a head listing only the other languages gets its page, in the language their links give it', async () => {
    const { links, findings } = await build({
      'dist/posts/a/index.html': page(
        alternate('fr', '/fr/posts/a/') + alternate('de', '/de/posts/a/'),
      ),
      'dist/fr/posts/a/index.html': page(
        alternate('en', '/posts/a/') + alternate('de', '/de/posts/a/'),
      ),
      'dist/de/posts/a/index.html': page(
        alternate('en', '/posts/a/') + alternate('fr', '/fr/posts/a/'),
      ),
    });
    expect(links.get('/posts/a/')).toEqual(['en /posts/a/', 'fr /fr/posts/a/', 'de /de/posts/a/']);
    expect(links.get('/fr/posts/a/')).toEqual([
      'fr /fr/posts/a/',
      'en /posts/a/',
      'de /de/posts/a/',
    ]);
    expect(findings).not.toContain('hreflang-self');
    expect(findings).not.toContain('hreflang-return');
  });

  it('without a link back, the locale prefix of i18n names the language', async () => {
    const { links } = await build(
      {
        'dist/guide/index.html': page(alternate('es', '/es/guide/')),
        'dist/es/guide/index.html': page(),
        'dist/other/index.html': page(alternate('es', '/es/other/')),
      },
      { i18n: { defaultLocale: 'en', locales: { en: 'en-US', es: 'es' } } },
    );
    expect(links.get('/guide/')).toEqual(['en-US /guide/', 'es /es/guide/']);
    // /es/guide/ has no head links; i18n groups it with /guide/.
    expect(links.get('/es/guide/')).toEqual(['es /es/guide/', 'en-US /guide/']);
    expect(links.get('/other/')).toEqual(['en-US /other/', 'es /es/other/']);
  });

  it('an x-default pointing at the page is not its own link: its language is added', async () => {
    const { links, findings } = await build({
      'dist/index.html': page(alternate('x-default', '/') + alternate('fr', '/fr/')),
      'dist/fr/index.html': page(alternate('en', '/') + alternate('fr', '/fr/')),
    });
    expect(links.get('/')).toEqual(['en /', 'x-default /', 'fr /fr/']);
    expect(findings).not.toContain('hreflang-self');
  });

  it('with no link back and no locale prefix, <html lang> names it', async () => {
    const { links } = await build({
      'dist/guide/index.html': page(alternate('es', 'https://es.example.net/guia/')).replace(
        '<html lang="en">',
        '<html lang="en_GB">',
      ),
    });
    expect(links.get('/guide/')).toEqual(['en-GB /guide/', 'es https://es.example.net/guia/']);
  });

  it('x-default in any case is not its own link; <html lang> comes before the default locale of i18n', async () => {
    const { links } = await build(
      {
        'dist/index.html': page(alternate('X-Default', '/') + alternate('fr', '/fr/')),
        'dist/fr/index.html': page(),
        'dist/de/x/index.html': page(alternate('en', 'https://en.example.net/x/')).replace(
          '<html lang="en">',
          '<html lang="de">',
        ),
      },
      { i18n: { defaultLocale: 'en', locales: { en: 'en', fr: 'fr' } } },
    );
    expect(links.get('/')).toEqual(['en /', 'X-Default /', 'fr /fr/']);
    // de is no locale of i18n: the page's own <html lang> says what it is.
    expect(links.get('/de/x/')).toEqual(['de /de/x/', 'en https://en.example.net/x/']);
  });

  it("a head that gives the page's own language to another URL is left as it is", async () => {
    const { links } = await build({
      'dist/a/index.html': page(alternate('en', '/b/') + alternate('fr', '/fr/a/')),
      'dist/fr/a/index.html': page(alternate('en', '/a/')),
      'dist/b/index.html': page(),
    });
    expect(links.get('/a/')).toEqual(['en /b/', 'fr /fr/a/']);
  });
});

describe('pageAlternates: translations named page by page', () => {
  const tree = {
    'dist/index.html': page(),
    'dist/posts/hello/index.html': page(),
    'dist/fr/articles/bonjour/index.html': page(),
    'dist/de/beitraege/hallo/index.html': page('<meta name="robots" content="noindex">'),
    'dist/fr/only/index.html': page(),
  };
  const hello = [
    { lang: 'en', url: `${SITE}/posts/hello/` },
    { lang: 'fr', url: `${SITE}/fr/articles/bonjour/` },
    { lang: 'de', url: `${SITE}/de/beitraege/hallo/` },
    { lang: 'ja', url: 'https://ja.example.net/posts/hello/' },
  ];

  it('translated slugs are linked; a translation not listed is dropped; another host is kept', async () => {
    const { links, result, findings } = await build(tree, {
      pageAlternates: { '/posts/hello/': hello, '/fr/articles/bonjour': hello },
      i18n: { defaultLocale: 'en', locales: { en: 'en', fr: 'fr' } },
    });
    const expected = [
      'en /posts/hello/',
      'fr /fr/articles/bonjour/',
      'ja https://ja.example.net/posts/hello/',
    ];
    expect(links.get('/posts/hello/')).toEqual(expected);
    expect(links.get('/fr/articles/bonjour/')).toEqual(expected);
    expect(result.records.find((r) => r.url.endsWith('/hallo/'))?.excluded).toBe('noindex');
    expect(links.has('/fr/only/')).toBe(false);
    expect(findings).not.toContain('hreflang-self');
  });

  it("a URL from the site's root is put on the site's origin", async () => {
    const { links } = await build(tree, {
      pageAlternates: {
        '/posts/hello/': [
          { lang: 'en', url: '/posts/hello/' },
          { lang: 'fr', url: '/fr/articles/bonjour/' },
        ],
      },
    });
    expect(links.get('/posts/hello/')).toEqual(['en /posts/hello/', 'fr /fr/articles/bonjour/']);
  });

  it('bad alternates are an option error naming the page', async () => {
    const root = await makeTree(tree);
    const error = await generateSitemaps({
      site: SITE,
      outDir: join(root, 'dist'),
      pageAlternates: {
        '/posts/hello/': [
          { lang: 'en_US', url: `${SITE}/posts/hello/` },
          { lang: 'fr', url: 'fr/bonjour/' },
          { lang: 'de', url: '//other.example/x/' },
        ],
      },
    }).catch((e: unknown) => e);
    expect(String(error)).toContain(
      '`pageAlternates["/posts/hello/"]`: "en_US" is not a language tag',
    );
    expect(String(error)).toContain(
      '`pageAlternates["/posts/hello/"]`: the url of "fr" must be an absolute http(s) URL or a path from the site\'s root',
    );
    expect(String(error)).toContain('the url of "de" must be');
  });
});

describe("each locale's error pages are left out like the root's", () => {
  it('/fr/404.html, /zh-CN/404.html and a locale of i18n are left out; /products/404/ stays', async () => {
    const { result } = await build(
      {
        'dist/index.html': page(),
        'dist/404.html': page(),
        'dist/fr/404.html': page(),
        'dist/zh-CN/404.html': page(),
        'dist/deutsch/404/index.html': page(),
        'dist/products/404/index.html': page(),
      },
      { i18n: { defaultLocale: 'en', locales: { en: 'en', deutsch: 'de' } } },
    );
    const listed = result.records.filter((r) => !r.excluded).map((r) => r.url.slice(SITE.length));
    expect(listed).toEqual(['/', '/products/404/']);
    expect(result.pages.excluded).toEqual({ 'error-page': 4 });
  });
});

describe('warnings of one kind past the cap', () => {
  it('25 alternates not linked back: 20 named, then one warning counting the 5 more (25 in all)', async () => {
    const tree: Record<string, string> = {};
    for (let n = 0; n < 25; n++) {
      tree[`dist/p${n}/index.html`] = page(alternate('fr', `/fr/p${n}/`));
      tree[`dist/fr/p${n}/index.html`] = page();
    }
    const { result } = await build(tree);
    const of = result.warnings.filter((w) => w.code === 'hreflang-not-reciprocal');
    expect(of).toHaveLength(21);
    expect(of.at(-1)?.message).toBe(
      '5 more hreflang-not-reciprocal warnings like these (25 in all; the report lists every page)',
    );
  });
});
