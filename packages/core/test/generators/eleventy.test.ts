/**
 * Eleventy detection, proven on real builds: the small sites in fixtures/generators/eleventy-*
 * are copied, committed at known dates, built with the real Eleventy CLI (the project's
 * `node_modules/@11ty/eleventy/cmd.cjs`), then detected and handed to generateSitemaps; the
 * sitemap written is read back, and the sources found are checked against the files Eleventy
 * said it wrote from each template.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, readFile, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectEleventy } from '../../src/generators/eleventy.js';
import { buildScriptFlags, eleventyFlags } from '../../src/generators/eleventy-build-script.js';
import { pickSite } from '../../src/generators/eleventy-site.js';
import { optionsFromDetected } from '../../src/generators/options.js';
import type { DetectedSite } from '../../src/generators/types.js';
import { fileRouteKey, generateSitemaps } from '../../src/index.js';
import { makeTree } from '../helpers/fixture.js';
import { copyFixture, sitemapOf, writtenPages } from '../helpers/generators.js';
import { commitAll, gitInit } from '../helpers/git.js';

const run = promisify(execFile);
/** The core's own node_modules, where @11ty/eleventy is a devDependency. */
const NODE_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const CLI = join(NODE_MODULES, '@11ty/eleventy/cmd.cjs');
const NO_ELEVENTY =
  '@11ty/eleventy is not installed in packages/core/node_modules: these tests build real sites with it; run `pnpm install` in the repository (it is a devDependency of @sitemapkit/core)';
/** What each fixture's build writes and leaves, kept out of its commits. */
const GITIGNORE = 'node_modules\n_site\ndist\npublic\nrendered.log\n';
/** `[11ty] Writing ./dist/x/index.html from ./src/x.md (liquid)` */
const WRITING = /^\[11ty\] Writing \.\/(\S+) from \.\/(\S+?)(?: \(\w+\))?$/;

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(NO_ELEVENTY);
});

/** A copy of fixture `name` in a temp folder, resolving @11ty/eleventy as an installed project. */
async function copyProject(name: string, install = true): Promise<string> {
  const root = await copyFixture(name, { '.gitignore': GITIGNORE });
  if (install) await symlink(NODE_MODULES, join(root, 'node_modules'), 'dir');
  return root;
}

/**
 * Builds `root` with the Eleventy CLI, as `npx @11ty/eleventy` would, and returns what it says it
 * wrote: output file (relative to the project) -> template.
 */
async function eleventyBuild(root: string, args: string[] = []): Promise<Map<string, string>> {
  const cli = join(root, 'node_modules/@11ty/eleventy/cmd.cjs');
  const { stdout } = await run(process.execPath, [cli, ...args], { cwd: root });
  const written = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const match = WRITING.exec(line.trim());
    if (match) written.set(match[1] as string, match[2] as string);
  }
  if (written.size === 0) throw new Error(`the build printed no "Writing" line:\n${stdout}`);
  return written;
}

/** The sources the build log names for HTML pages, keyed as `pageSources` is. */
function loggedSources(written: Map<string, string>, outDir: string): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const [output, input] of written) {
    const key = fileRouteKey(output.slice(outDir.length + 1));
    if (key !== null) sources[key] = input;
  }
  return sources;
}

async function detect(root: string): Promise<DetectedSite> {
  const detected = await detectEleventy(root);
  if (!detected) throw new Error(`${root} was not detected as an Eleventy site`);
  return detected;
}

/** The listed part of `pages`, as the sitemap should say it: URL -> lastmod. */
function included(pages: Record<string, unknown[]>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(pages)
      .filter(([, page]) => page[3] === null)
      .map(([url, page]) => [url, page[0]]),
  );
}

describe('an Eleventy blog: permalinks, pagination, data files, drafts, a feed, a copied page', () => {
  it('maps every page Eleventy writes to its template without rendering one, and dates each from it', async () => {
    const root = await copyProject('eleventy-blog');
    gitInit(root);
    commitAll(root, 'the blog', '2023-02-01T10:00:00Z');
    await appendFile(join(root, 'src/blog/first.md'), 'An edit.\n');
    commitAll(root, 'edit the first post', '2024-03-05T10:00:00Z');
    await appendFile(join(root, 'src/tags.njk'), '<p>All tags.</p>\n');
    commitAll(root, 'tag pages', '2024-06-01T10:00:00Z');
    const written = await eleventyBuild(root);
    const renderedByBuild = await readFile(join(root, 'rendered.log'), 'utf8');

    const detected = await detect(root);
    // Each page the config's shortcode renders leaves a line: detection added none.
    expect(await readFile(join(root, 'rendered.log'), 'utf8')).toBe(renderedByBuild);
    expect(detected).toEqual({
      generator: 'eleventy',
      name: 'Eleventy',
      configFile: 'eleventy.config.mjs',
      outDir: 'dist',
      contentDirs: ['src'],
      site: 'https://blog.example.org/',
      cleanUrls: false,
      languages: 1,
      warnings: [],
      // The draft (`permalink: false`) and the feed are not HTML pages written, so not here.
      pageSources: {
        '/': 'src/index.njk',
        '/about': 'src/about.html',
        // Pagination: one template, many pages.
        '/archive': 'src/archive.njk',
        '/archive/1': 'src/archive.njk',
        '/tags/news': 'src/tags.njk',
        '/tags/notes': 'src/tags.njk',
        '/blog/first': 'src/blog/first.md',
        // A permalink template in the front matter.
        '/writing/second-post-title': 'src/blog/second.md',
        // blog/third/third.md is written as blog/third/index.html.
        '/blog/third': 'src/blog/third/third.md',
        // A permalink from a directory data file.
        '/n/idea': 'src/notes/idea.liquid',
        // Passthrough copy of a hand-written page.
        '/legacy/old-page': 'static/legacy/old-page.html',
      },
    });
    // The same sources as the build says it wrote from, plus the copied page it only counts.
    expect(detected.pageSources).toEqual({
      ...loggedSources(written, 'dist'),
      '/legacy/old-page': 'static/legacy/old-page.html',
    });
    expect(written.get('dist/feed.xml')).toBe('src/feed.njk');
    // Every HTML file the build wrote has its source, and nothing else is named.
    expect(Object.keys(detected.pageSources).sort()).toEqual(
      await writtenPages(join(root, 'dist')),
    );

    const { listed, links, pages } = await sitemapOf(detected, root);
    const at = (path: string) => `https://blog.example.org${path}`;
    expect(pages).toEqual({
      // The home page takes the date of the newest page under it.
      [at('/')]: ['2025-01-01', 'children', 'src/index.njk', null],
      [at('/about/')]: ['2023-02-01T10:00:00Z', 'git', 'src/about.html', null],
      [at('/archive/')]: ['2023-02-01T10:00:00Z', 'git', 'src/archive.njk', null],
      [at('/archive/1/')]: ['2023-02-01T10:00:00Z', 'git', 'src/archive.njk', null],
      [at('/tags/news/')]: ['2024-06-01T10:00:00Z', 'git', 'src/tags.njk', null],
      [at('/tags/notes/')]: ['2024-06-01T10:00:00Z', 'git', 'src/tags.njk', null],
      // Its `date` (2023-01-10) is when it was published; the commit is newer.
      [at('/blog/first/')]: ['2024-03-05T10:00:00Z', 'git', 'src/blog/first.md', null],
      // Published (`date`) after its last commit: never earlier than that.
      [at('/writing/second-post-title/')]: [
        '2025-01-01',
        'frontmatter:date',
        'src/blog/second.md',
        null,
      ],
      [at('/blog/third/')]: ['2023-02-01T10:00:00Z', 'git', 'src/blog/third/third.md', null],
      [at('/n/idea/')]: ['2023-02-01T10:00:00Z', 'git', 'src/notes/idea.liquid', null],
      // Eleventy's URL of a file-style page keeps its extension.
      [at('/legacy/old-page.html')]: [
        '2023-02-01T10:00:00Z',
        'git',
        'static/legacy/old-page.html',
        null,
      ],
    });
    expect(listed).toEqual(included(pages));
    expect(links).toEqual({});
  });
});

describe('an Eleventy site served under a path prefix, built with --output', () => {
  it('takes pathPrefix as the base, --output from the build script, the URL from _data/site.json', async () => {
    const root = await copyProject('eleventy-prefix');
    gitInit(root);
    commitAll(root, 'the docs', '2024-01-01T10:00:00Z');
    await appendFile(join(root, 'guide/guide.md'), 'More of the guide.\n');
    commitAll(root, 'guide', '2024-05-01T10:00:00Z');
    // As its build script does: `eleventy --output=public`.
    const written = await eleventyBuild(root, ['--output=public']);

    const detected = await detect(root);
    expect(detected).toEqual({
      generator: 'eleventy',
      name: 'Eleventy',
      configFile: '.eleventy.js',
      outDir: 'public',
      contentDirs: ['.'],
      site: 'https://example.net',
      base: '/docs/',
      cleanUrls: false,
      languages: 1,
      warnings: [],
      // README.md is ignored by the config: no page.
      pageSources: {
        '/': 'index.md',
        '/404': '404.md',
        '/guide': 'guide/guide.md',
        '/guide/install': 'guide/install.md',
        '/legacy': 'legacy.md',
      },
    });
    expect(detected.pageSources).toEqual(loggedSources(written, 'public'));
    expect(Object.keys(detected.pageSources).sort()).toEqual(
      await writtenPages(join(root, 'public')),
    );

    const { result, listed, pages } = await sitemapOf(detected, root);
    const at = (path: string) => `https://example.net/docs${path}`;
    expect(pages).toEqual({
      [at('/')]: ['2024-05-01T10:00:00Z', 'children', 'index.md', null],
      [at('/404.html')]: [null, 'none', null, 'error-page'],
      [at('/guide/')]: ['2024-05-01T10:00:00Z', 'git', 'guide/guide.md', null],
      [at('/guide/install/')]: ['2024-02-02', 'frontmatter:lastmod', 'guide/install.md', null],
      // `permalink: /legacy.html` is served at /docs/legacy.html, as Eleventy's page.url says.
      [at('/legacy.html')]: ['2024-01-01T10:00:00Z', 'git', 'legacy.md', null],
    });
    expect(listed).toEqual(included(pages));
    expect(result.indexUrl).toBe(at('/sitemap-index.xml'));
  });
});

describe('an Eleventy site with the I18n plugin', () => {
  it("lists each page's translations as the plugin pairs them, even under another address", async () => {
    const root = await copyProject('eleventy-i18n');
    gitInit(root);
    commitAll(root, 'two languages', '2024-01-01T10:00:00Z');
    const written = await eleventyBuild(root);

    const detected = await detect(root);
    expect(detected.pageSources).toEqual(loggedSources(written, '_site'));
    expect(detected.languages).toBe(2);
    expect(detected.warnings).toEqual([]);
    const { listed, links } = await sitemapOf(detected, root);
    const at = (path: string) => `https://i18n.example.com${path}`;
    expect(Object.keys(listed).sort()).toEqual(
      ['/', '/en/', '/en/about/', '/en/only/', '/es/', '/es/acerca-de/'].map(at),
    );
    const pair = (en: string, es: string) => [
      { hreflang: 'en', href: at(en) },
      { hreflang: 'es', href: at(es) },
    ];
    // es/about.md has a permalink of its own: locale prefixes alone would not pair it.
    // The language picker at / and the untranslated page have no alternates.
    expect(
      Object.fromEntries(
        Object.entries(links).map(([url, set]) => [
          url,
          [...set].sort((a, b) => a.hreflang.localeCompare(b.hreflang)),
        ]),
      ),
    ).toEqual({
      [at('/en/')]: pair('/en/', '/es/'),
      [at('/es/')]: pair('/en/', '/es/'),
      [at('/en/about/')]: pair('/en/about/', '/es/acerca-de/'),
      [at('/es/acerca-de/')]: pair('/en/about/', '/es/acerca-de/'),
    });

    // Without a site URL in the data, the alternates still come: --site places them.
    await rm(join(root, 'content/_data/site.json'));
    const bare = await detect(root);
    expect(bare.site).toBeUndefined();
    expect(bare.warnings).toEqual([]);
    const other = (path: string) => `https://es.example.org${path}`;
    const result = await generateSitemaps(
      optionsFromDetected(bare, root, { robotsTxt: false, site: 'https://es.example.org' }),
    );
    expect(result.records.find((r) => r.url === other('/es/acerca-de/'))?.links).toEqual([
      { lang: 'es', url: other('/es/acerca-de/') },
      { lang: 'en', url: other('/en/about/') },
    ]);
  });
});

describe('when Eleventy cannot say', () => {
  it('an uninstalled project: a warning naming the config and `npm install`, Eleventy’s default output', async () => {
    const root = await copyProject('eleventy-blog', false);
    const detected = await detect(root);
    expect(detected).toMatchObject({
      generator: 'eleventy',
      configFile: 'eleventy.config.mjs',
      outDir: '_site',
      pageSources: {},
    });
    expect(detected.warnings).toEqual([
      expect.stringMatching(
        /^eleventy\.config\.mjs: Eleventy could not be loaded \(@11ty\/eleventy is not installed.*Run `npm install` in the project folder/,
      ),
    ]);
  });

  it('a config that throws: a warning with its error, and how to see it', async () => {
    const root = await makeTree({
      'eleventy.config.js': "throw new Error('a typo in the config');\n",
      'index.md': '# Home\n',
    });
    await symlink(NODE_MODULES, join(root, 'node_modules'), 'dir');
    const detected = await detect(root);
    expect(detected.pageSources).toEqual({});
    expect(detected.warnings).toEqual([
      expect.stringMatching(
        /^eleventy\.config\.js: Eleventy 3\.\d+\.\d+ could not load the config \(.*a typo in the config.*\)\. Fix it until `npx @11ty\/eleventy` builds/,
      ),
    ]);
  });

  it('a project with no config file is found by its package.json, with Eleventy’s defaults', async () => {
    const root = await makeTree({
      'package.json': JSON.stringify({
        scripts: { build: 'npx @11ty/eleventy' },
        devDependencies: { '@11ty/eleventy': '^3.1.0' },
      }),
      'index.md': '# Home\n',
      'notes/today.md': '# Today\n',
    });
    await symlink(NODE_MODULES, join(root, 'node_modules'), 'dir');
    expect(await detect(root)).toEqual({
      generator: 'eleventy',
      name: 'Eleventy',
      configFile: 'package.json',
      outDir: '_site',
      contentDirs: ['.'],
      cleanUrls: false,
      languages: 1,
      warnings: [],
      pageSources: { '/': 'index.md', '/notes/today': 'notes/today.md' },
    });
  });

  it('a folder of another kind is not an Eleventy project', async () => {
    const root = await makeTree({
      'package.json': JSON.stringify({ scripts: { build: 'vite build' } }),
      'index.html': '<!doctype html><title>t</title>',
    });
    expect(await detectEleventy(root)).toBeUndefined();
  });

  it('a package that only depends on Eleventy (a library testing with it) is not a site', async () => {
    const root = await makeTree({
      'package.json': JSON.stringify({
        scripts: { test: 'vitest run' },
        devDependencies: { '@11ty/eleventy': '^3.1.0' },
      }),
      'README.md': '# A library\n',
    });
    expect(await detectEleventy(root)).toBeUndefined();
  });
});

describe('the build script’s flags', () => {
  const rows: Array<[string, ReturnType<typeof eleventyFlags>]> = [
    ['eleventy', {}],
    ['npx @11ty/eleventy --quiet', {}],
    [
      'npm run css && eleventy --output=dist --pathprefix /blog/',
      { output: 'dist', pathPrefix: '/blog/' },
    ],
    [
      "cross-env NODE_ENV=production eleventy --config='site/config.js'",
      { config: 'site/config.js' },
    ],
    ['node node_modules/@11ty/eleventy/cmd.cjs --input=src; echo done', { input: 'src' }],
    ['eleventy --input=src && tailwindcss --output=dist/app.css', { input: 'src' }],
    ['eleventy --serve --output=dev', undefined],
    ['vite build', undefined],
  ];
  for (const [script, flags] of rows) {
    it(script, () => expect(eleventyFlags(script)).toEqual(flags));
  }
  it('`build` first, then another build script that runs Eleventy', () => {
    expect(
      buildScriptFlags({ start: 'eleventy --serve', 'build:site': 'eleventy --output=out' }),
    ).toEqual({
      output: 'out',
    });
    expect(
      buildScriptFlags({ 'build-ghpages': 'eleventy --pathprefix=/x/', build: 'eleventy' }),
    ).toEqual({});
  });
});

describe('the site URL from the global data', () => {
  it('takes the first public http(s) URL; a local address is passed over with a warning', () => {
    expect(pickSite([{ field: 'metadata.url', value: 'https://example.com/' }])).toEqual({
      site: 'https://example.com/',
      warnings: [],
    });
    expect(
      pickSite([
        { field: 'metadata.url', value: 'http://localhost:8080' },
        { field: 'site.baseUrl', value: 'https://www.example.org' },
      ]),
    ).toEqual({ site: 'https://www.example.org', warnings: [] });
    expect(pickSite([{ field: 'site.url', value: 'http://localhost:8080/' }])).toEqual({
      warnings: [
        'The global data names no public site URL: site.url ("http://localhost:8080/") is a local address. Pass --site with the deployed site\'s URL.',
      ],
    });
    expect(pickSite([])).toEqual({ warnings: [] });
  });
});
