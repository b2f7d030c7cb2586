/**
 * Hugo detection, proven on real builds: each fixture is copied to a temp folder, committed to
 * git at known dates, built with the real `hugo`, then detected and given to `generateSitemaps`;
 * the written sitemap is read back and held to what Hugo wrote and what the sources and their
 * commits say. The pure parts (Go's printed config, `hugo list all` CSV, URL paths) are tested
 * table by table below.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectHugo } from '../../src/generators/hugo.js';
import { parseConfigLines, parseGoValue } from '../../src/generators/hugo-go-values.js';
import { listedPages, permalinkPath } from '../../src/generators/hugo-list.js';
import { contentMounts } from '../../src/generators/hugo-mounts.js';
import { indexUrlPath, urlPathOf } from '../../src/generators/hugo-sections.js';
import { hugoSettings, lowerKeys } from '../../src/generators/hugo-settings.js';
import { pageAlternatesOf } from '../../src/generators/hugo-translations.js';
import { optionsFromDetected } from '../../src/generators/options.js';
import type { DetectedSite } from '../../src/generators/types.js';
import { generateSitemaps } from '../../src/index.js';
import { makeTree } from '../helpers/fixture.js';
import { commitAll, gitInit } from '../helpers/git.js';
import { type ParsedEntry, readAll, shardFiles } from '../helpers/xml.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/generators/', import.meta.url));

type Result = Awaited<ReturnType<typeof generateSitemaps>>;

beforeAll(() => {
  const version = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) {
    throw new Error(
      'these tests build real Hugo sites, and no `hugo` is on PATH: install Hugo 0.111 or later (https://gohugo.io/installation/, or `apt install hugo`, or `brew install hugo`)',
    );
  }
});

/** The fixture copied to a temp folder, committed at `date`. */
async function copyFixture(name: string, date: string): Promise<string> {
  const root = await makeTree({});
  await cp(join(FIXTURES, name), root, { recursive: true });
  gitInit(root);
  commitAll(root, 'start', date);
  return root;
}

/** Adds a line to each file and commits the change at `date`. */
async function editAndCommit(root: string, files: string[], date: string): Promise<void> {
  for (const file of files) {
    await writeFile(join(root, file), `${await readFile(join(root, file), 'utf8')}Edited.\n`);
  }
  commitAll(root, `edit ${files.length} files`, date);
}

function buildHugo(root: string, env: Record<string, string> = {}): void {
  execFileSync('hugo', ['--quiet'], { cwd: root, env: { ...process.env, ...env } });
}

/** Every HTML file under `dir`, relative, with `/`. */
async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => relative(dir, join(e.parentPath, e.name)).replaceAll('\\', '/'))
    .sort();
}

/** Detects the site, writes its sitemaps, and reads them back (XSD-validated). */
async function sitemapOf(
  root: string,
): Promise<{ detected: DetectedSite; result: Result; entries: Map<string, ParsedEntry> }> {
  const detected = (await detectHugo(root)) as DetectedSite;
  expect(detected).toBeDefined();
  const result = await generateSitemaps(optionsFromDetected(detected, root, { robotsTxt: false }));
  const out = join(root, detected.outDir);
  const shards = await shardFiles(out);
  const parsed = await readAll(shards.map((name) => join(out, name)));
  const entries = new Map<string, ParsedEntry>();
  for (const sitemap of parsed.values()) for (const e of sitemap.entries) entries.set(e.loc, e);
  return { detected, result, entries };
}

/** Listed URL -> [source, lastmod, provenance], from the build's records. */
function listedPagesOf(result: Result): Record<string, [string | null, string | null, string]> {
  return Object.fromEntries(
    result.records
      .filter((r) => !r.excluded)
      .map((r) => [r.url, [r.source ?? null, r.lastmod ?? null, r.lastmodFrom]]),
  );
}

/** hreflang -> URL of an entry's alternates. */
const alternatesOf = (entry: ParsedEntry | undefined) =>
  Object.fromEntries((entry?.links ?? []).map((l) => [l.hreflang, l.href]));

const E = 'https://example.org';

describe('a multilingual Hugo site (en default, fr by content folder, de by file name)', () => {
  let root: string;
  let run: Awaited<ReturnType<typeof sitemapOf>>;

  beforeAll(async () => {
    root = await copyFixture('hugo-multilingual', '2024-01-15T10:00:00Z');
    await editAndCommit(
      root,
      ['content/posts/hello.md', 'content/docs/guide.md'],
      '2024-03-01T10:00:00Z',
    );
    await editAndCommit(
      root,
      [
        'content/_index.md',
        'content/_index.de.md',
        'content.fr/_index.md',
        'content/posts/_index.md',
        'content.fr/posts/_index.md',
        'content/docs/_index.md',
        'content.fr/docs/_index.md',
      ],
      '2024-05-01T10:00:00Z',
    );
    buildHugo(root);
    run = await sitemapOf(root);
  });

  it('reads the site from Hugo: URL, output folder, content folders, languages', () => {
    const { pageSources: _sources, pageAlternates: _alternates, ...site } = run.detected;
    expect(site).toEqual({
      generator: 'hugo',
      name: 'Hugo',
      configFile: 'hugo.toml',
      outDir: 'public',
      contentDirs: ['content', 'content.fr'],
      site: 'https://example.org/',
      cleanUrls: false,
      i18n: { defaultLocale: 'en', locales: { en: 'en-US', fr: 'fr', de: 'de' } },
      languages: 3,
      warnings: [],
    });
  });

  it('maps every page Hugo writes from a file to that file: home and sections included, drafts and future pages out', () => {
    expect(run.detected.pageSources).toEqual({
      '/': 'content/_index.md',
      '/de': 'content/_index.de.md',
      '/fr': 'content.fr/_index.md',
      '/posts': 'content/posts/_index.md',
      '/fr/posts': 'content.fr/posts/_index.md',
      '/docs': 'content/docs/_index.md',
      // A section's `url` front matter.
      '/fr/documentation': 'content.fr/docs/_index.md',
      // `slug` replaces the last segment, in each language.
      '/posts/hello-world': 'content/posts/hello.md',
      '/fr/posts/bonjour-le-monde': 'content.fr/posts/hello.md',
      '/de/posts/hallo-welt': 'content/posts/hello.de.md',
      '/posts/bundle': 'content/posts/bundle/index.md',
      '/posts/fresh': 'content/posts/fresh.md',
      '/posts/stale': 'content/posts/stale.md',
      // `url` replaces the whole path.
      '/company/about-us': 'content/about.md',
      '/docs/user-guide': 'content/docs/guide.md',
      '/fr/docs/mode-d-emploi': 'content.fr/docs/mode-emploi.md',
    });
  });

  it('lists every page Hugo wrote, with its source, and true lastmods against the commits', () => {
    expect(listedPagesOf(run.result)).toEqual({
      // Dated by its newest page (fresh), newer than its own commit.
      [`${E}/`]: ['content/_index.md', '2024-06-01T08:00:00Z', 'children'],
      [`${E}/posts/`]: ['content/posts/_index.md', '2024-06-01T08:00:00Z', 'children'],
      [`${E}/docs/`]: ['content/docs/_index.md', '2024-05-01T10:00:00Z', 'git'],
      [`${E}/de/`]: ['content/_index.de.md', '2024-05-01T10:00:00Z', 'git'],
      [`${E}/fr/`]: ['content.fr/_index.md', '2024-05-01T10:00:00Z', 'git'],
      [`${E}/fr/posts/`]: ['content.fr/posts/_index.md', '2024-05-01T10:00:00Z', 'git'],
      [`${E}/fr/documentation/`]: ['content.fr/docs/_index.md', '2024-05-01T10:00:00Z', 'git'],
      [`${E}/posts/hello-world/`]: ['content/posts/hello.md', '2024-03-01T10:00:00Z', 'git'],
      [`${E}/fr/posts/bonjour-le-monde/`]: [
        'content.fr/posts/hello.md',
        '2024-01-15T10:00:00Z',
        'git',
      ],
      [`${E}/de/posts/hallo-welt/`]: ['content/posts/hello.de.md', '2024-01-15T10:00:00Z', 'git'],
      [`${E}/posts/bundle/`]: ['content/posts/bundle/index.md', '2024-01-15T10:00:00Z', 'git'],
      // `lastmod` newer than the last commit wins; an older one loses to the commit.
      [`${E}/posts/fresh/`]: [
        'content/posts/fresh.md',
        '2024-06-01T08:00:00Z',
        'frontmatter:lastmod',
      ],
      [`${E}/posts/stale/`]: ['content/posts/stale.md', '2024-01-15T10:00:00Z', 'git'],
      [`${E}/company/about-us/`]: ['content/about.md', '2024-01-15T10:00:00Z', 'git'],
      [`${E}/docs/user-guide/`]: ['content/docs/guide.md', '2024-03-01T10:00:00Z', 'git'],
      [`${E}/fr/docs/mode-d-emploi/`]: [
        'content.fr/docs/mode-emploi.md',
        '2024-01-15T10:00:00Z',
        'git',
      ],
      // The German posts section has no `_index.de.md`: Hugo makes it from its one page.
      [`${E}/de/posts/`]: [null, '2024-01-15T10:00:00Z', 'children'],
    });
    // The sitemap says what the records say.
    expect([...run.entries.keys()].sort()).toEqual(Object.keys(listedPagesOf(run.result)).sort());
    for (const [url, [, lastmod]] of Object.entries(listedPagesOf(run.result))) {
      expect(run.entries.get(url)?.lastmod, url).toBe(lastmod);
    }
  });

  it('accounts for every HTML file Hugo wrote: the 404 pages of every language and the /en/ redirect are left out', async () => {
    const written = await htmlFiles(join(root, 'public'));
    const byFile = new Map(run.result.records.map((r) => [r.file, r]));
    expect(written.filter((f) => !byFile.has(f))).toEqual([]);
    const out = run.result.records
      .filter((r) => r.excluded)
      .map((r) => [r.file, r.excluded])
      .sort();
    expect(out).toEqual([
      ['404.html', 'error-page'],
      ['de/404.html', 'error-page'],
      ['en/index.html', 'redirect'],
      ['fr/404.html', 'error-page'],
    ]);
  });

  it('links translations, translated slugs and translationKey pairs included; each set holds its page', () => {
    const home = { 'en-US': `${E}/`, fr: `${E}/fr/`, de: `${E}/de/` };
    const hello = {
      'en-US': `${E}/posts/hello-world/`,
      fr: `${E}/fr/posts/bonjour-le-monde/`,
      de: `${E}/de/posts/hallo-welt/`,
    };
    const posts = { 'en-US': `${E}/posts/`, fr: `${E}/fr/posts/`, de: `${E}/de/posts/` };
    const docs = { 'en-US': `${E}/docs/`, fr: `${E}/fr/documentation/` };
    const guide = { 'en-US': `${E}/docs/user-guide/`, fr: `${E}/fr/docs/mode-d-emploi/` };
    const expected: Record<string, Record<string, string>> = {
      ...Object.fromEntries(Object.values(home).map((url) => [url, home])),
      ...Object.fromEntries(Object.values(hello).map((url) => [url, hello])),
      ...Object.fromEntries(Object.values(posts).map((url) => [url, posts])),
      ...Object.fromEntries(Object.values(docs).map((url) => [url, docs])),
      ...Object.fromEntries(Object.values(guide).map((url) => [url, guide])),
    };
    for (const url of run.entries.keys()) {
      expect(alternatesOf(run.entries.get(url)), url).toEqual(expected[url] ?? {});
      if (expected[url]) expect(Object.values(expected[url]), url).toContain(url);
    }
  });
});

describe('a Hugo site served under a path (config.toml, the older name)', () => {
  const B = 'https://example.com/blog';

  it('lists its pages under the base path, each with its source', async () => {
    const root = await copyFixture('hugo-subpath', '2024-02-01T10:00:00Z');
    await editAndCommit(root, ['content/posts/first.md'], '2024-04-01T10:00:00Z');
    buildHugo(root);
    const { detected, result, entries } = await sitemapOf(root);
    expect(detected).toMatchObject({
      configFile: 'config.toml',
      site: 'https://example.com/blog/',
      base: '/blog/',
      outDir: 'public',
      contentDirs: ['content'],
      languages: 1,
      warnings: [],
    });
    expect(detected.i18n).toBeUndefined();
    expect(detected.pageAlternates).toBeUndefined();
    expect(listedPagesOf(result)).toEqual({
      [`${B}/`]: ['content/_index.md', '2024-04-01T10:00:00Z', 'children'],
      [`${B}/posts/`]: ['content/posts/_index.md', '2024-04-01T10:00:00Z', 'children'],
      [`${B}/posts/first/`]: ['content/posts/first.md', '2024-04-01T10:00:00Z', 'git'],
      [`${B}/posts/second/`]: ['content/posts/second/index.md', '2024-02-01T10:00:00Z', 'git'],
      [`${B}/about/`]: ['content/about.md', '2024-02-01T10:00:00Z', 'git'],
    });
    expect([...entries.keys()].sort()).toEqual(Object.keys(listedPagesOf(result)).sort());
  });

  it('under uglyURLs, lists the `.html` URLs Hugo writes, sections included', async () => {
    const root = await copyFixture('hugo-subpath', '2024-02-01T10:00:00Z');
    const ugly = { HUGO_UGLYURLS: 'true' };
    buildHugo(root, ugly);
    const saved = process.env.HUGO_UGLYURLS;
    process.env.HUGO_UGLYURLS = 'true';
    try {
      const { result } = await sitemapOf(root);
      expect(listedPagesOf(result)).toEqual({
        [`${B}/`]: ['content/_index.md', '2024-02-01T10:00:00Z', 'git'],
        [`${B}/posts.html`]: ['content/posts/_index.md', '2024-02-01T10:00:00Z', 'git'],
        [`${B}/posts/first.html`]: ['content/posts/first.md', '2024-02-01T10:00:00Z', 'git'],
        [`${B}/posts/second.html`]: [
          'content/posts/second/index.md',
          '2024-02-01T10:00:00Z',
          'git',
        ],
        [`${B}/about.html`]: ['content/about.md', '2024-02-01T10:00:00Z', 'git'],
      });
    } finally {
      if (saved === undefined) delete process.env.HUGO_UGLYURLS;
      else process.env.HUGO_UGLYURLS = saved;
    }
  });
});

describe('detection without Hugo, and of projects that are not Hugo sites', () => {
  it('still says where the site is written and served, and warns how to install Hugo', async () => {
    const root = await makeTree({
      'hugo.yaml': 'baseURL: https://example.net/docs/\npublishDir: dist\n',
      'content/_index.md': '---\ntitle: Home\n---\n',
    });
    const saved = process.env.PATH;
    process.env.PATH = '';
    try {
      const detected = (await detectHugo(root)) as DetectedSite;
      expect(detected).toMatchObject({
        configFile: 'hugo.yaml',
        outDir: 'dist',
        site: 'https://example.net/docs/',
        base: '/docs/',
        pageSources: {},
      });
      expect(detected.warnings).toHaveLength(1);
      expect(detected.warnings[0]).toMatch(/no hugo binary was found.*install Hugo/);
    } finally {
      process.env.PATH = saved;
    }
  });

  it.each([
    [
      'a Zola site (config.toml with base_url)',
      { 'config.toml': 'base_url = "https://e.org"\n', 'content/_index.md': '' },
    ],
    ['a config.yaml of another tool', { 'config.yaml': 'name: tool\n' }],
    [
      "an app's config.json that names a baseUrl, with no Hugo folder",
      {
        'config.json': '{ "baseUrl": "https://api.example.com/v1", "theme": "dark" }',
        'src/a.js': '',
      },
    ],
    [
      "a content app's config.json (baseUrl) beside content/",
      { 'config.json': '{ "baseUrl": "https://e.org" }', 'content/index.md': '' },
    ],
    [
      'a config.json with a theme beside themes/',
      { 'config.json': '{ "theme": "dark" }', 'themes/dark.css': '' },
    ],
    ['an empty folder', {}],
  ])('%s is not a Hugo site', async (_name, tree) => {
    expect(await detectHugo(await makeTree(tree))).toBeUndefined();
  });

  it("a hugo.toml that is not TOML: warnings naming the file and Hugo's own error; no page sources", async () => {
    const root = await makeTree({
      'hugo.toml': 'baseURL = "https://e.org/\ntitle = [\n',
      'content/_index.md': '',
    });
    const detected = await detectHugo(root);
    expect(detected?.pageSources).toEqual({});
    expect(detected?.warnings).toEqual([
      expect.stringMatching(/^hugo\.toml could not be read: /),
      expect.stringMatching(
        /^`hugo config` failed for hugo\.toml: .+; fix the config so that `hugo` builds/,
      ),
    ]);
    // Nothing of Hugo's is left in the folder.
    expect((await readdir(root)).sort()).toEqual(['content', 'hugo.toml']);
  });

  it("refuses Hugo's multihost mode (a baseURL per language), which no one sitemap set can list", async () => {
    const root = await makeTree({
      'hugo.toml':
        '[languages.en]\nbaseURL = "https://example.com/"\nweight = 1\n[languages.fr]\nbaseURL = "https://example.fr/"\nweight = 2\n',
    });
    await expect(detectHugo(root)).rejects.toMatchObject({
      code: 'invalid-options',
      message: expect.stringMatching(/hugo\.toml: language "en" has its own baseURL/),
    });
  });

  it('a config.toml with Hugo settings, or a config/_default folder, is', async () => {
    const old = await makeTree({
      'config.toml': 'baseurl = "https://e.org/"\nlanguageCode = "en"\n',
      'content/_index.md': '',
    });
    // Settings any tool may have, beside two of Hugo's folders.
    const withThemes = await makeTree({
      'config.yaml': 'baseURL: https://e.org/\ntheme: x\n',
      'content/_index.md': '',
      'themes/x/theme.toml': '',
    });
    // hugo-book's example site: content folders per language, the theme elsewhere.
    const perLanguage = await makeTree({
      'config.toml':
        'baseURL = "https://e.org/"\ntheme = "book"\n[languages.en]\ncontentDir = "content.en"\n',
      'content.en/_index.md': '',
    });
    const folder = await makeTree({ 'config/_default/hugo.toml': 'title = "x"\n' });
    const saved = process.env.PATH;
    process.env.PATH = '';
    try {
      expect((await detectHugo(old))?.configFile).toBe('config.toml');
      expect((await detectHugo(perLanguage))?.configFile).toBe('config.toml');
      expect((await detectHugo(withThemes))?.configFile).toBe('config.yaml');
      expect((await detectHugo(folder))?.configFile).toBe('config/_default');
    } finally {
      process.env.PATH = saved;
    }
  });
});

describe("Hugo 0.111's printed config (Go values)", () => {
  it.each([
    ['map[]', {}],
    ['map[de:map[weight:3] en:map[weight:1]]', { de: { weight: 3 }, en: { weight: 1 } }],
    [
      'map[fr:map[contentdir:content.fr languagecode:fr_FR title:Mon site: le titre weight:2]]',
      {
        fr: {
          contentdir: 'content.fr',
          languagecode: 'fr_FR',
          title: 'Mon site: le titre',
          weight: 2,
        },
      },
    ],
    ['map[posts:/:year/:slug/]', { posts: '/:year/:slug/' }],
    ['[de fr]', ['de', 'fr']],
    ['"https://e.org/"', 'https://e.org/'],
    ['true', true],
  ])('%s', (text, value) => {
    expect(parseGoValue(text)).toEqual(value);
  });

  it('reads `key = value` and `key: value` lines; a string with line breaks stays one value', () => {
    const text =
      'baseurl = "https://e.org/"\ndescription = "one\ntitle: two"\nlanguages = map[en:map[weight:1]]\n';
    expect(parseConfigLines(text)).toEqual({
      baseurl: 'https://e.org/',
      description: 'one\ntitle: two',
      languages: { en: { weight: 1 } },
    });
    expect(parseConfigLines('publishdir: "out"\nuglyurls: true\n')).toEqual({
      publishdir: 'out',
      uglyurls: true,
    });
  });
});

describe('hugo list all, permalinks and section URLs', () => {
  const flags = { buildDrafts: false, buildFuture: false, buildExpired: false };
  const now = Date.parse('2025-01-01T00:00:00Z');
  const header = 'path,slug,title,date,expiryDate,publishDate,draft,permalink';
  const zero = '0001-01-01T00:00:00Z';

  it('reads columns by name, quoted fields included, and leaves out what the build leaves out', () => {
    const csv = [
      header,
      `content/a.md,,"A, quoted ""title""",${zero},${zero},${zero},false,https://e.org/a/`,
      `content/draft.md,,D,${zero},${zero},${zero},true,https://e.org/draft/`,
      `content/future.md,,F,${zero},${zero},2099-01-01T00:00:00Z,false,https://e.org/future/`,
      `content/expired.md,,X,${zero},2020-01-01T00:00:00Z,${zero},false,https://e.org/expired/`,
    ].join('\n');
    expect(listedPages(csv, flags, now)).toEqual([
      { path: 'content/a.md', permalink: 'https://e.org/a/' },
    ]);
    expect(listedPages(csv, { ...flags, buildDrafts: true }, now).map((p) => p.path)).toEqual([
      'content/a.md',
      'content/draft.md',
    ]);
    const newer = `${header},kind,section\ncontent/_index.md,,H,${zero},${zero},${zero},false,https://e.org/,home,\n`;
    expect(listedPages(newer, flags, now)).toEqual([
      { path: 'content/_index.md', permalink: 'https://e.org/', kind: 'home' },
    ]);
  });

  it.each([
    ['https://e.org/docs/fr/%C3%A9t%C3%A9/', 'https://e.org/docs/', '/fr/été/'],
    ['https://e.org/docs/', 'https://e.org/docs', '/'],
    ['https://e.org/docs/a.html', 'https://e.org/docs/', '/a.html'],
    ['/fr/a/', '', '/fr/a/'],
    ['https://other.org/a/', 'https://e.org/', undefined],
    ['https://e.org/elsewhere/', 'https://e.org/docs/', undefined],
  ])('permalink %s under %s', (permalink, base, path) => {
    expect(permalinkPath(permalink, base)).toBe(path);
  });

  const settings = hugoSettings({ languages: { en: {}, fr: {} } });
  it.each([
    ['_index.md', 'en', undefined, '/'],
    ['_index.fr.md', 'fr', undefined, '/fr/'],
    ['posts/_index.md', 'fr', undefined, '/fr/posts/'],
    ['Docs/My Guide!/_index.md', 'en', undefined, '/docs/my-guide/'],
    ['posts/_index.md', 'fr', '/fr/articles/', '/fr/articles/'],
    ['posts/_index.md', 'fr', 'articles', '/fr/articles/'],
  ])('the _index file %s (%s, url %s)', (path, lang, url, expected) => {
    expect(indexUrlPath(path, lang, url, settings)).toBe(expected);
  });

  it('makes paths as Hugo does', () => {
    const keep = { disablePathToLower: false, removePathAccents: false };
    expect(urlPathOf('A  b -- c/Été', keep)).toBe('a-b--c/été');
    expect(urlPathOf('Été', { ...keep, removePathAccents: true })).toBe('ete');
    expect(urlPathOf('Café', { ...keep, disablePathToLower: true })).toBe('Café');
  });
});

describe('settings, mounts and translations as other Hugo versions print them', () => {
  it('reads `hugo config --format json` (Hugo 0.112 on): locale, disabled languages, uglyURLs by section', () => {
    const json = {
      baseURL: 'https://e.org/',
      defaultContentLanguage: 'de',
      defaultContentLanguageInSubdir: true,
      disableLanguages: ['it'],
      uglyURLs: { posts: true, docs: false },
      languages: {
        en: { weight: 2, locale: 'en-GB' },
        de: { weight: 1, languageCode: 'de_AT', contentDir: 'content/de' },
        it: { weight: 3 },
        nl: { weight: 4, disabled: true },
      },
    };
    const settings = hugoSettings(lowerKeys(json) as Record<string, unknown>);
    expect(settings).toMatchObject({
      baseURL: 'https://e.org/',
      publishDir: 'public',
      defaultLanguage: 'de',
      defaultInSubdir: true,
      languages: [
        { key: 'de', code: 'de_AT', contentDir: 'content/de' },
        { key: 'en', code: 'en-GB' },
      ],
      uglyURLs: new Set(['posts']),
    });
    expect(settings.disabledLanguages.sort()).toEqual(['it', 'nl']);
  });

  it('reads the content mounts of `hugo config mounts`: 0.111 `lang`, 0.150 `sites.matrix`', () => {
    const output = `{
   "path": "project",
   "dir": "/site",
   "mounts": [
      { "source": "content", "target": "content", "lang": "en" },
      { "source": "i18n", "target": "i18n" }
   ]
}
{
   "path": "theme",
   "dir": "/site/themes/t/",
   "mounts": [
      { "source": "docs/fr", "target": "content/docs", "sites": { "matrix": { "languages": ["fr"] } } },
      { "source": "shared", "target": "content", "sites": { "matrix": { "languages": ["**"] } } }
   ]
}`;
    expect(contentMounts(output)).toEqual([
      { dir: resolve('/site/content'), target: '', lang: 'en' },
      { dir: resolve('/site/themes/t/docs/fr'), target: 'docs', lang: 'fr' },
      { dir: resolve('/site/themes/t/shared'), target: '' },
    ]);
  });

  it('a page with no translation gets a set of itself only where locale prefixes would pair it wrongly', () => {
    const settings = hugoSettings({ languages: { en: {}, fr: {} } });
    const alternates = pageAlternatesOf(
      [
        { lang: 'en', translationKey: 'page/a', urlPath: '/a/' },
        { lang: 'fr', translationKey: 'page/b', urlPath: '/fr/a/' },
        { lang: 'en', translationKey: 'page/c', urlPath: '/c/' },
      ],
      settings,
    );
    expect(alternates).toEqual({
      '/a/': [{ lang: 'en', url: '/a/' }],
      '/fr/a/': [{ lang: 'fr', url: '/fr/a/' }],
    });
  });
});

describe('detection changes nothing in the project', () => {
  it("the folders Hugo's read-only commands create are removed again; a built site's stay", async () => {
    const root = await copyFixture('hugo-subpath', '2024-01-15T10:00:00Z');
    const before = (await readdir(root)).sort();
    expect(await detectHugo(root)).toBeDefined();
    expect((await readdir(root)).sort()).toEqual(before);
    buildHugo(root);
    const built = (await readdir(root)).sort();
    expect(built).toEqual(expect.arrayContaining(['public', 'resources']));
    expect(await detectHugo(root)).toBeDefined();
    expect((await readdir(root)).sort()).toEqual(built);
  });
});
