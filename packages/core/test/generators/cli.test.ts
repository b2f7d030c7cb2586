/**
 * `sitemapkit build` with no arguments in a generator's project: the real generator builds a
 * small site, the CLI detects it, says so in one line, and writes the sitemaps; flags override
 * what the config says, `--no-detect` turns detection off, and what detection cannot find is a
 * usage error that says where it was looked for.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureCli } from '../helpers/cli.js';
import { makeTree } from '../helpers/fixture.js';
import { copyFixture, writtenPages } from '../helpers/generators.js';
import { commitAll, gitInit } from '../helpers/git.js';
import { readAll, shardFiles } from '../helpers/xml.js';

beforeAll(() => {
  for (const [tool, arg, install] of [
    ['hugo', 'version', 'apt-get install hugo'],
    ['jekyll', '--version', 'apt-get install jekyll'],
  ]) {
    const run = spawnSync(tool as string, [arg as string], { encoding: 'utf8' });
    if (run.error || run.status !== 0)
      throw new Error(`these tests build real sites, and no \`${tool}\` is on PATH: ${install}`);
  }
});

/** Fixture `name` in a temp git repository, committed once. */
async function committedFixture(name: string): Promise<string> {
  const root = await copyFixture(name);
  gitInit(root);
  commitAll(root, 'start', '2024-01-15T10:00:00Z');
  return root;
}

/** URL -> [lastmod, hreflang links] of every entry the set at `outDir` lists. */
async function listed(outDir: string): Promise<Record<string, [string | null, string[]]>> {
  const shards = await readAll((await shardFiles(outDir)).map((name) => join(outDir, name)));
  return Object.fromEntries(
    [...shards.values()]
      .flatMap((s) => s.entries)
      .map((e) => [e.loc, [e.lastmod ?? null, e.links.map((l) => `${l.hreflang} ${l.href}`)]]),
  );
}

describe('a Hugo project, built with hugo, then `sitemapkit build` and nothing else', () => {
  let root: string;
  beforeAll(async () => {
    root = await committedFixture('hugo-multilingual');
    execFileSync('hugo', ['--quiet'], { cwd: root });
  });

  it('says what it found in one line and lists every page with its date and translations', async () => {
    const { code, stdout, stderr } = await captureCli(['build', '--root', root]);
    // The fixture's baseURL is Hugo's placeholder: said, naming the flag that fixes it.
    expect(stderr).toBe(
      "warning: hugo.toml gives the site URL https://example.org/, which is no deployed site's (a placeholder, or this machine): every URL is listed on it; give the deployed URL with --site (or set it in hugo.toml)\n",
    );
    expect(code).toBe(0);
    const [found, summary] = stdout.split('\n');
    expect(found).toBe('Hugo site, content/, content.fr/ -> public/, 3 languages');
    expect(summary).toMatch(/^sitemapkit: \d+ pages found, \d+ listed/);
    const urls = await listed(join(root, 'public'));
    expect(Object.keys(urls).sort()).toEqual(
      [
        '/',
        '/company/about-us/',
        '/de/',
        '/de/posts/',
        '/de/posts/hallo-welt/',
        '/docs/',
        '/docs/user-guide/',
        '/fr/',
        '/fr/docs/mode-d-emploi/',
        '/fr/documentation/',
        '/fr/posts/',
        '/fr/posts/bonjour-le-monde/',
        '/posts/',
        '/posts/bundle/',
        '/posts/fresh/',
        '/posts/hello-world/',
        '/posts/stale/',
      ].map((path) => `https://example.org${path}`),
    );
    const at = (path: string) => urls[`https://example.org${path}`];
    // Every source committed at one moment: git dates it, a newer frontmatter lastmod wins, and
    // a section takes the date of the newest page under it.
    expect(at('/docs/user-guide/')?.[0]).toBe('2024-01-15T10:00:00Z');
    expect(at('/posts/fresh/')?.[0]).toBe('2024-06-01T08:00:00Z');
    expect(at('/posts/')?.[0]).toBe('2024-06-01T08:00:00Z');
    // A translation with another slug, linked by Hugo's translation rules; the page itself included.
    expect(at('/docs/user-guide/')?.[1]).toEqual([
      'en-US https://example.org/docs/user-guide/',
      'fr https://example.org/fr/docs/mode-d-emploi/',
    ]);
    expect(at('/de/posts/hallo-welt/')?.[1]).toEqual([
      'en-US https://example.org/posts/hello-world/',
      'fr https://example.org/fr/posts/bonjour-le-monde/',
      'de https://example.org/de/posts/hallo-welt/',
    ]);
    // The robots.txt Hugo did not write is created with our line.
    expect(await readFile(join(root, 'public/robots.txt'), 'utf8')).toContain(
      'Sitemap: https://example.org/sitemap-index.xml',
    );
  });

  it('a flag overrides what the config says: --site puts every URL and alternate on that host', async () => {
    const { code, stdout } = await captureCli([
      'build',
      '--root',
      root,
      '--site',
      'https://staging.example.net',
      '--no-robots-txt',
      '--quiet',
    ]);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    const urls = await listed(join(root, 'public'));
    expect(Object.keys(urls).every((url) => url.startsWith('https://staging.example.net/'))).toBe(
      true,
    );
    expect(urls['https://staging.example.net/fr/docs/mode-d-emploi/']?.[1]).toEqual([
      'en-US https://staging.example.net/docs/user-guide/',
      'fr https://staging.example.net/fr/docs/mode-d-emploi/',
    ]);
  });

  it('--json says what was detected; --no-detect needs the folder and --site again', async () => {
    const json = await captureCli(['build', '--root', root, '--json', '--no-robots-txt']);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.detected).toMatchObject({
      generator: 'hugo',
      configFile: 'hugo.toml',
      outDir: 'public',
      site: 'https://example.org/',
      languages: 3,
    });
    expect(parsed.detected.pages).toBeGreaterThan(15);
    const off = await captureCli(['build', '--root', root, '--no-detect']);
    expect(off.code).toBe(2);
    expect(off.stderr).toMatch(/build needs the output folder/);
  });
});

const BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));
const NODE_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));

/** `sitemapkit build` as a user types it in the project folder: the built bin, no flags at all. */
function sitemapkitBuild(cwd: string): { stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [BIN, 'build'], { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`sitemapkit build failed (${run.status}):\n${run.stderr}`);
  return { stdout: run.stdout, stderr: run.stderr };
}

describe('each generator: its build, then `sitemapkit build` with no flags in the project', () => {
  it('Hugo: every page with its source, dated by git or frontmatter, sections by their pages', async () => {
    const root = await committedFixture('hugo-multilingual');
    execFileSync('hugo', ['--quiet'], { cwd: root });
    const { stdout, stderr } = sitemapkitBuild(root);
    expect(stderr).toMatch(
      /^warning: hugo\.toml gives the site URL https:\/\/example\.org\/, which is no deployed site's/,
    );
    expect(stdout.split('\n').slice(0, 2)).toEqual([
      'Hugo site, content/, content.fr/ -> public/, 3 languages',
      'sitemapkit: 21 pages found, 17 listed, 4 excluded (error-page 3, redirect 1); 17 dated (13 git, 3 children, 1 frontmatter), 0 without lastmod; 2 files',
    ]);
  });

  it('Jekyll: posts under their permalinks, the draft and the 404 left out', async () => {
    const root = await committedFixture('jekyll-blog');
    execFileSync('jekyll', ['build', '--quiet'], { cwd: root });
    const { stdout } = sitemapkitBuild(root);
    expect(stdout.split('\n')[0]).toBe('Jekyll site, ./, _posts/, _recipes/ -> _site/');
    const urls = await listed(join(root, '_site'));
    const pages = await writtenPages(join(root, '_site'));
    // Every page Jekyll wrote is listed but its 404, each dated.
    expect(Object.keys(urls).length).toBe(pages.filter((key) => key !== '/404').length);
    expect(Object.values(urls).every(([lastmod]) => lastmod !== null)).toBe(true);
    expect(Object.keys(urls).every((url) => url.startsWith('https://blog.example.com/blog/'))).toBe(
      true,
    );
  });

  it("Eleventy: its own config loaded from the project's node_modules, every page from its template", async () => {
    const root = await copyFixture('eleventy-blog', { '.gitignore': 'node_modules\ndist\n' });
    await symlink(NODE_MODULES, join(root, 'node_modules'), 'dir');
    gitInit(root);
    commitAll(root, 'start', '2024-01-15T10:00:00Z');
    execFileSync(process.execPath, [join(NODE_MODULES, '@11ty/eleventy/cmd.cjs'), '--quiet'], {
      cwd: root,
    });
    const { stdout } = sitemapkitBuild(root);
    expect(stdout.split('\n')[0]).toBe('Eleventy site, src/ -> dist/');
    expect(stdout.split('\n')[1]).toMatch(/, 0 without lastmod; 2 files$/);
    const urls = await listed(join(root, 'dist'));
    // The draft (permalink: false), the feed and the 404 are not listed; pagination is.
    expect(Object.keys(urls).sort()).toEqual(
      [
        '/',
        '/about/',
        '/archive/',
        '/archive/1/',
        '/blog/first/',
        '/blog/third/',
        '/legacy/old-page.html',
        '/n/idea/',
        '/tags/news/',
        '/tags/notes/',
        '/writing/second-post-title/',
      ].map((path) => `https://blog.example.org${path}`),
    );
  });

  it('VitePress: found in docs/, its locales as alternates that list each page itself', async () => {
    const root = await copyFixture('vitepress-docs', {
      '.gitignore': 'node_modules\ndist/\ncache/\n',
    });
    await symlink(NODE_MODULES, join(root, 'node_modules'), 'dir');
    gitInit(root);
    commitAll(root, 'start', '2024-01-15T10:00:00Z');
    execFileSync(
      process.execPath,
      [join(NODE_MODULES, 'vitepress/bin/vitepress.js'), 'build', 'docs'],
      {
        cwd: root,
      },
    );
    const { stdout, stderr } = sitemapkitBuild(root);
    expect(stdout.split('\n')[0]).toBe(
      'VitePress site, docs/ -> docs/.vitepress/dist/, 2 languages',
    );
    // Its own sitemap is on: said once, with what to do.
    expect(stderr).toMatch(/^warning: VitePress's own sitemap is on too/m);
    const urls = await listed(join(root, 'docs/.vitepress/dist'));
    const translated = Object.entries(urls).filter(([, [, links]]) => links.length > 0);
    expect(translated.map(([url]) => url).sort()).toEqual(
      ['/', '/fr/', '/fr/guide/intro', '/guide/intro'].map(
        (path) => `https://example.com/docs${path}`,
      ),
    );
    for (const [url, [, links]] of translated)
      expect(links.some((l) => l.endsWith(` ${url}`))).toBe(true);

    // A Jekyll _config.yml at the top (GitHub Pages) beside the VitePress site in docs/: asked
    // for the folder VitePress writes (relative, from --root), VitePress is the site.
    await writeFile(join(root, '_config.yml'), 'title: pages\n');
    const again = await captureCli(['build', 'docs/.vitepress/dist', '--root', root]);
    expect(again.code).toBe(0);
    expect(again.stdout.split('\n')[0]).toBe(
      'VitePress site, docs/ -> docs/.vitepress/dist/, 2 languages',
    );
  });
});

describe('a Jekyll project whose config does not say its URL', () => {
  it('is a usage error naming the config; with --site it builds', async () => {
    const root = await committedFixture('jekyll-blog');
    const config = join(root, '_config.yml');
    await writeFile(config, (await readFile(config, 'utf8')).replace(/^url: .*\n/m, ''));
    execFileSync('jekyll', ['build', '--quiet'], { cwd: root });
    const missing = await captureCli(['build', '--root', root]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      '--site is required: the absolute URL of the deployed site, e.g. --site https://example.com (Jekyll site found, but _config.yml does not say its URL)',
    );
    const given = await captureCli(['build', '--root', root, '--site', 'https://b.example.com']);
    expect(given.code).toBe(0);
    expect(given.stdout.split('\n')[0]).toBe('Jekyll site, ./, _posts/, _recipes/ -> _site/');
    const urls = Object.keys(await listed(join(root, '_site')));
    expect(urls).toContain('https://b.example.com/blog/');
    expect(urls.every((url) => url.startsWith('https://b.example.com/blog/'))).toBe(true);
  });
});

describe('a folder no generator claims', () => {
  it('behaves as before: the output folder and --site are needed', async () => {
    const root = await makeTree({ 'dist/index.html': '<!doctype html><title>t</title>' });
    const bare = await captureCli(['build', '--root', root]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(
      /build needs the output folder: sitemapkit build <outDir> --site <url> \(or run it in a Hugo, Eleventy, Jekyll or VitePress project/,
    );
    const given = await captureCli([
      'build',
      join(root, 'dist'),
      '--site',
      'https://e.com',
      '--root',
      root,
    ]);
    expect(given.code).toBe(0);
    expect(given.stdout.startsWith('sitemapkit: 1 pages found')).toBe(true);
  });
});

describe('a detected site that is not the folder asked for', () => {
  it('an <outDir> the generator does not write: its config is not used, and a line says so', async () => {
    // A Vite app in a repository whose docs/ is a VitePress site.
    const root = await copyFixture('vitepress-docs', {
      'dist/index.html': '<!doctype html><title>app</title>',
      'dist/about.html': '<!doctype html><title>about</title>',
    });
    const { code, stdout } = await captureCli([
      'build',
      join(root, 'dist'),
      '--site',
      'https://app.example.net',
      '--root',
      root,
      '--no-robots-txt',
    ]);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(
      `VitePress site found (docs/.vitepress/config.mts), not used: it writes docs/.vitepress/dist/, not ${join(root, 'dist')}/`,
    );
    expect(Object.keys(await listed(join(root, 'dist'))).sort()).toEqual([
      'https://app.example.net/',
      'https://app.example.net/about.html',
    ]);
  });

  it('--site with a path serves the detected site under that path, whatever the config said', async () => {
    const root = await committedFixture('hugo-subpath');
    execFileSync('hugo', ['--quiet'], { cwd: root });
    const { code } = await captureCli([
      'build',
      '--root',
      root,
      '--site',
      'https://user.github.io/repo/',
      '--quiet',
    ]);
    expect(code).toBe(0);
    const urls = Object.keys(await listed(join(root, 'public')));
    expect(urls.length).toBeGreaterThan(3);
    expect(urls.every((url) => url.startsWith('https://user.github.io/repo/'))).toBe(true);
    expect(urls).toContain('https://user.github.io/repo/posts/');
  });
});
