/**
 * VitePress detection on real `vitepress build`s of two small bilingual sites (one in `docs/`
 * under `/docs/` with clean URLs, a rewrite, a dynamic route, a `public/` page and VitePress's
 * own sitemap on; one at the root with `srcDir: 'src'`, `.html` URLs and a `lastUpdated`
 * frontmatter date): every page VitePress wrote has its source, each URL its date from that
 * source's git history or frontmatter, and each translated page its alternates. Then what
 * detection says when VitePress cannot load the config.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { optionsFromDetected } from '../../src/generators/options.js';
import type { DetectedSite } from '../../src/generators/types.js';
import { detectVitePress, vitePressSite } from '../../src/generators/vitepress.js';
import { generateSitemaps } from '../../src/index.js';
import { fileRouteKey } from '../../src/url/map-file.js';
import { makeTree } from '../helpers/fixture.js';
import { commitAll, gitInit } from '../helpers/git.js';
import { type ParsedEntry, parseSitemap, readAll } from '../helpers/xml.js';

const run = promisify(execFile);
const CORE = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = join(CORE, 'test/fixtures/generators');
const VITEPRESS = join(CORE, 'node_modules/vitepress/bin/vitepress.js');
const D1 = '2024-01-10T10:00:00Z';
const D2 = '2024-04-04T10:00:00Z';

/** A fixture copied to a temp git repository (committed at D1) that resolves our VitePress. */
async function project(fixture: string): Promise<string> {
  const dir = await makeTree({ '.gitignore': 'node_modules\ndist/\ncache/\n' });
  await cp(join(FIXTURES, fixture), dir, { recursive: true });
  await symlink(join(CORE, 'node_modules'), join(dir, 'node_modules'), 'dir');
  gitInit(dir);
  commitAll(dir, 'the site', D1);
  return dir;
}

/** Edits a source and commits it at `date`. */
async function edit(dir: string, file: string, date: string): Promise<void> {
  await writeFile(join(dir, file), `${await readFile(join(dir, file), 'utf8')}\nMore.\n`);
  commitAll(dir, `edit ${file}`, date);
}

/** `vitepress build <site>` with the real VitePress; fails, saying how to get it, when absent. */
async function vitepressBuild(dir: string, site: string): Promise<void> {
  if (!existsSync(VITEPRESS)) {
    throw new Error(
      'vitepress is not installed: it is a devDependency of packages/core; run `pnpm install` at the repository root',
    );
  }
  await run(process.execPath, [VITEPRESS, 'build', site], { cwd: dir });
}

/** The route keys of the HTML files VitePress wrote, but its 404 page (which has no source). */
async function writtenPages(outDir: string): Promise<string[]> {
  const files = await readdir(outDir, { recursive: true });
  return files
    .filter((f) => f.endsWith('.html') && f !== '404.html')
    .map((f) => fileRouteKey(f) as string)
    .sort();
}

/** Detection, then the core on what it found; the sitemap parsed back and XSD-checked. */
async function sitemapOf(dir: string, site?: string) {
  const detected = (await detectVitePress(dir)) as DetectedSite;
  expect(detected).toBeDefined();
  const result = await generateSitemaps(
    optionsFromDetected(detected, dir, { robotsTxt: false, ...(site ? { site } : {}) }),
  );
  const parsed = await readAll(result.files.map((f) => f.path));
  const entries = [...parsed.values()].filter((p) => p.root === 'urlset').flatMap((p) => p.entries);
  return { detected, result, entries };
}

/** URL -> its alternates as `lang url` lines, sorted; pages without alternates left out. */
function alternates(entries: ParsedEntry[]): Record<string, string[]> {
  return Object.fromEntries(
    entries
      .filter((e) => e.links.length > 0)
      .map((e) => [e.loc, e.links.map((l) => `${l.hreflang} ${l.href}`).sort()]),
  );
}

describe('VitePress detection', () => {
  test('docs/ under /docs/, clean URLs, rewrite, dynamic route, public page: every page with its source, date and alternates', async () => {
    const dir = await project('vitepress-docs');
    await edit(dir, 'docs/guide/intro.md', D2);
    await vitepressBuild(dir, 'docs');

    const { detected, result, entries } = await sitemapOf(dir);
    expect({ ...detected, pageSources: undefined }).toEqual({
      generator: 'vitepress',
      name: 'VitePress',
      configFile: 'docs/.vitepress/config.mts',
      outDir: 'docs/.vitepress/dist',
      contentDirs: ['docs'],
      site: 'https://example.com/docs/',
      base: '/docs/',
      cleanUrls: true,
      pageSources: undefined,
      i18n: { defaultLocale: 'root', locales: { root: 'en-US', fr: 'fr-FR' } },
      languages: 2,
      warnings: [
        "VitePress's own sitemap is on too (`sitemap.hostname` in docs/.vitepress/config.mts), and writes sitemap.xml beside ours: remove VitePress's `sitemap` option and give `--site <url>` to sitemapkit build instead",
      ],
    });
    expect(detected.pageSources).toEqual({
      '/': 'docs/index.md',
      '/fr': 'docs/fr/index.md',
      '/fr/guide/intro': 'docs/fr/guide/intro.md',
      '/guide/intro': 'docs/guide/intro.md',
      '/guide/setup': 'docs/guide/setup.md',
      // Served where the rewrite puts it; the dynamic route's pages come from their template.
      '/moved/page': 'docs/legacy/old-page.md',
      '/packages/alpha': 'docs/packages/[pkg].md',
      '/packages/beta': 'docs/packages/[pkg].md',
      // Copied from public/ as it is.
      '/standalone': 'docs/public/standalone.html',
    });
    // Nothing VitePress wrote from a source is without one.
    const out = join(dir, 'docs/.vitepress/dist');
    expect(await writtenPages(out)).toEqual(Object.keys(detected.pageSources).sort());

    const S = 'https://example.com/docs';
    const listed = result.records
      .filter((r) => !r.excluded)
      .map((r) => [r.url, r.source, r.lastmod, r.lastmodFrom]);
    expect(listed).toEqual([
      // The home page lists the guide: the newest page under it dates it.
      [`${S}/`, 'docs/index.md', D2, 'children'],
      [`${S}/fr/`, 'docs/fr/index.md', D1, 'git'],
      [`${S}/fr/guide/intro`, 'docs/fr/guide/intro.md', D1, 'git'],
      [`${S}/guide/intro`, 'docs/guide/intro.md', D2, 'git'],
      [`${S}/guide/setup`, 'docs/guide/setup.md', D1, 'git'],
      [`${S}/moved/page`, 'docs/legacy/old-page.md', D1, 'git'],
      [`${S}/packages/alpha`, 'docs/packages/[pkg].md', D1, 'git'],
      [`${S}/packages/beta`, 'docs/packages/[pkg].md', D1, 'git'],
      [`${S}/standalone`, 'docs/public/standalone.html', D1, 'git'],
    ]);
    expect(entries.map((e) => e.loc)).toEqual(listed.map(([url]) => url));
    expect(alternates(entries)).toEqual({
      [`${S}/`]: [`en-US ${S}/`, `fr-FR ${S}/fr/`],
      [`${S}/fr/`]: [`en-US ${S}/`, `fr-FR ${S}/fr/`],
      [`${S}/guide/intro`]: [`en-US ${S}/guide/intro`, `fr-FR ${S}/fr/guide/intro`],
      [`${S}/fr/guide/intro`]: [`en-US ${S}/guide/intro`, `fr-FR ${S}/fr/guide/intro`],
    });

    // VitePress's own sitemap lists the same pages (not the public/ copy) with the same alternates.
    const own = parseSitemap(await readFile(join(out, 'sitemap.xml'), 'utf8')).entries;
    expect(own.map((e) => e.loc).sort()).toEqual(
      entries.map((e) => e.loc).filter((url) => url !== `${S}/standalone`),
    );
    expect(alternates(own)).toEqual(alternates(entries));
  });

  test('srcDir, .html URLs, a rewrite, a lastUpdated date, a root locale taking `lang`', async () => {
    const dir = await project('vitepress-src');
    await edit(dir, 'src/fr/about.md', D2);
    await vitepressBuild(dir, '.');

    const S = 'https://example.org';
    const { detected, result, entries } = await sitemapOf(dir, S);
    expect(detected).toMatchObject({
      configFile: '.vitepress/config.mts',
      outDir: '.vitepress/dist',
      contentDirs: ['src'],
      cleanUrls: false,
      i18n: { defaultLocale: 'root', locales: { root: 'en-US', fr: 'fr' } },
      languages: 2,
      warnings: [],
    });
    expect(detected.site).toBeUndefined();
    expect(detected.base).toBeUndefined();
    expect(detected.pageSources).toEqual({
      '/': 'src/index.md',
      '/about': 'src/about.md',
      '/fr': 'src/fr/index.md',
      '/fr/about': 'src/fr/about.md',
      '/fr/guide': 'src/fr/guide/index.md',
      '/guide': 'src/guide/index.md',
      '/guide/start': 'src/guide/2023-getting-started.md',
    });
    expect(await writtenPages(join(dir, '.vitepress/dist'))).toEqual(
      Object.keys(detected.pageSources).sort(),
    );

    const listed = result.records
      .filter((r) => !r.excluded)
      .map((r) => [r.url, r.source, r.lastmod, r.lastmodFrom]);
    expect(listed).toEqual([
      // The newest page under the home page is about.html, by its frontmatter.
      [`${S}/`, 'src/index.md', '2024-06-01', 'children'],
      [`${S}/about.html`, 'src/about.md', '2024-06-01', 'frontmatter:lastUpdated'],
      [`${S}/fr/`, 'src/fr/index.md', D2, 'children'],
      [`${S}/fr/about.html`, 'src/fr/about.md', D2, 'git'],
      [`${S}/fr/guide/`, 'src/fr/guide/index.md', D1, 'git'],
      [`${S}/guide/`, 'src/guide/index.md', D1, 'git'],
      [`${S}/guide/start.html`, 'src/guide/2023-getting-started.md', D1, 'git'],
    ]);
    expect(entries.map((e) => e.loc)).toEqual(listed.map(([url]) => url));
    expect(alternates(entries)).toEqual({
      [`${S}/`]: [`en-US ${S}/`, `fr ${S}/fr/`],
      [`${S}/fr/`]: [`en-US ${S}/`, `fr ${S}/fr/`],
      [`${S}/about.html`]: [`en-US ${S}/about.html`, `fr ${S}/fr/about.html`],
      [`${S}/fr/about.html`]: [`en-US ${S}/about.html`, `fr ${S}/fr/about.html`],
      [`${S}/guide/`]: [`en-US ${S}/guide/`, `fr ${S}/fr/guide/`],
      [`${S}/fr/guide/`]: [`en-US ${S}/guide/`, `fr ${S}/fr/guide/`],
    });
  });

  test('VitePress not installed, or a config it cannot load: the default output folder and a warning naming the file', async () => {
    const bare = await makeTree({
      'website/.vitepress/config.mjs': 'export default { outDir: "../public" };\n',
      'website/index.md': '# Home\n',
    });
    expect(await detectVitePress(bare)).toEqual({
      generator: 'vitepress',
      name: 'VitePress',
      configFile: 'website/.vitepress/config.mjs',
      outDir: 'website/.vitepress/dist',
      contentDirs: ['website'],
      pageSources: {},
      languages: 1,
      warnings: [
        "VitePress is not installed in the project (`vitepress` does not resolve from website): install the project's dependencies (npm install); until then the output folder is taken to be website/.vitepress/dist, no page is matched to its source, and `base`, `cleanUrls` and the locales are not read: give them as options if the site sets them",
      ],
    });

    const broken = await makeTree({ 'docs/.vitepress/config.mts': 'export default {\n' });
    await symlink(join(CORE, 'node_modules'), join(broken, 'node_modules'), 'dir');
    const detected = await detectVitePress(broken);
    expect(detected?.outDir).toBe('docs/.vitepress/dist');
    expect(detected?.warnings).toEqual([
      expect.stringMatching(
        /^VitePress could not resolve docs\/\.vitepress\/config\.mts \(.+\): fix the config, or install what it imports \(npm install\), so that `vitepress build` runs; until then the output folder is taken to be docs\/\.vitepress\/dist/,
      ),
    ]);
  });

  test('not a VitePress project: Markdown and a docs folder, but no .vitepress config', async () => {
    const root = await makeTree({
      'index.md': '# Home\n',
      'docs/guide.md': '# Guide\n',
      'docs/.vitepress/theme/index.ts': 'export default {};\n',
    });
    expect(await detectVitePress(root)).toBeUndefined();
  });

  test('the mapping reads 2.x configs too: dynamic routes as a list, public/ turned off, one language', () => {
    const detected = vitePressSite(
      {
        root: '/p/site',
        srcDir: '/p/site/pages',
        outDir: '/p/build',
        configPath: '/p/site/.vitepress/config.ts',
        publicDir: '',
        pages: ['index.md', 'en/guide.md', 'pkgs/a.md'],
        rewrites: { map: { 'en/guide.md': 'guide.md' } },
        dynamicRoutes: [{ route: 'pkgs/[name].md', path: 'pkgs/a.md' }],
        site: { base: '/', lang: 'en-US', locales: { root: { lang: 'en-US' } } },
      },
      { root: '/p' },
    );
    expect(detected).toEqual({
      generator: 'vitepress',
      name: 'VitePress',
      configFile: 'site/.vitepress/config.ts',
      outDir: 'build',
      contentDirs: ['site/pages'],
      cleanUrls: false,
      pageSources: {
        '/': 'site/pages/index.md',
        '/guide': 'site/pages/en/guide.md',
        '/pkgs/a': 'site/pages/pkgs/[name].md',
      },
      languages: 1,
      warnings: [],
    });
  });

  test("a locale's lang is written as hreflang has it (fr_FR is fr-FR); one no hreflang can carry is left out, said", () => {
    const detected = vitePressSite(
      {
        root: '/p',
        srcDir: '/p',
        outDir: '/p/.vitepress/dist',
        pages: ['index.md', 'fr/index.md', 'xx/index.md'],
        rewrites: { map: {} },
        site: {
          base: '/',
          locales: {
            root: { lang: 'en_US' },
            fr: { lang: 'fr_FR' },
            xx: { lang: 'français!' },
          },
        },
      },
      { root: '/p' },
    );
    expect(detected.i18n).toEqual({
      defaultLocale: 'root',
      locales: { root: 'en-US', fr: 'fr-FR' },
    });
    expect(detected.warnings).toEqual([
      `VitePress's locale "xx" has lang "français!", not a language tag such as 'fr' or 'fr-FR'; its pages get no hreflang alternates`,
    ]);
  });
});
