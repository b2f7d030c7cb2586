/**
 * `sitemapkit build` with no arguments in a generator's project: the real generator builds a
 * small site, the CLI detects it, says so in one line, and writes the sitemaps; flags override
 * what the config says, `--no-detect` turns detection off, and what detection cannot find is a
 * usage error that says where it was looked for.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureCli } from '../helpers/cli.js';
import { makeTree } from '../helpers/fixture.js';
import { copyFixture } from '../helpers/generators.js';
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
    expect(stderr).toBe('');
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
