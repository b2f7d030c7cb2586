/**
 * Builds examples/sveltekit-static with the real SvelteKit 3 and adapter-static, as a user would
 * (`vite build` with its own vite.config.js), from a copy made a git repository with set commit
 * dates: every prerendered page is listed at the URL SvelteKit serves it, dated by its route's
 * source; the SPA fallback is not listed. Also the messages of a misconfigured site.
 */
import { execFile, execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify, stripVTControlCharacters } from 'node:util';
import type { ReportPage } from '@sitemapkit/core';
import { build } from 'vite';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
// One git helper for the repository's tests: the core's.
import { commitAll, gitInit } from '../../core/test/helpers/git.js';
import { setFiles, shardFiles, shardName } from '../../core/test/helpers/xml.js';
import { sitemap } from '../src/sveltekit.js';
import { removeCopy } from './helpers/vite-build.js';
import { readLocs, validateSitemapDir } from './helpers/xsd.js';

const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));
const EXAMPLE = join(PACKAGE_DIR, '../../examples/sveltekit-static');
/** What a build leaves in the example, and its installed packages: not copied. */
const NOT_COPIED = /[\\/](node_modules|\.svelte-kit|\.sitemapkit|dist|build)$/;
const SITE = 'https://example.com';
/** Each SvelteKit build takes a few seconds; a shared two-core machine can be slow. */
const BUILD_TIMEOUT = 90_000;

let root = '';
afterEach(async () => {
  await removeCopy(root);
});

beforeAll(() => {
  // The example imports @sitemapkit/vite/sveltekit as published: from dist/.
  const tsc = join(PACKAGE_DIR, '../../node_modules/.bin/tsc');
  try {
    execFileSync(tsc, ['-p', 'tsconfig.build.json'], { cwd: PACKAGE_DIR, encoding: 'utf8' });
  } catch (error) {
    const { stdout = '' } = error as { stdout?: string };
    throw new Error(`building @sitemapkit/vite failed:\n${stdout}`, { cause: error });
  }
});

/** Copies the example to a new temporary folder, with the example's node_modules linked in. */
async function copyExample(): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'sitemapkit-sveltekit-'));
  await cp(EXAMPLE, copy, { recursive: true, filter: (src) => !NOT_COPIED.test(src) });
  await symlink(join(EXAMPLE, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

/**
 * `vite build` in `cwd`, run by the Node running the tests (SvelteKit 3 needs 22.17 or later);
 * returns what it printed, both streams, colourless. Rejects with that output when it fails.
 */
async function viteBuildIn(cwd: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  // Vitest's own variables would make a test build of the site.
  for (const key of Object.keys(env)) {
    if (key === 'NODE_ENV' || key === 'FORCE_COLOR' || key.startsWith('VITEST')) delete env[key];
  }
  const vite = join(cwd, 'node_modules/vite/bin/vite.js');
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [vite, 'build'], {
      cwd,
      env,
    });
    return stripVTControlCharacters(`${stdout}\n${stderr}`);
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`vite build failed in ${cwd}:\n${stdout}\n${stderr}`, { cause: error });
  }
}

function sitemapkitLines(output: string): string[] {
  return output.split('\n').filter((line) => line.startsWith('sitemapkit:'));
}

/** Appends a line to a file of the copy, so its next commit changes it. */
async function edit(path: string, line: string): Promise<void> {
  const file = join(root, path);
  await writeFile(file, `${await readFile(file, 'utf8')}${line}\n`);
}

describe('examples/sveltekit-static', () => {
  test(
    'lists every prerendered page as SvelteKit serves it, dated by its route source',
    async () => {
      root = await copyExample();
      gitInit(root);
      commitAll(root, 'the site', '2024-01-10T10:00:00Z');
      await edit('src/routes/(marketing)/pricing/+page.svelte', '<p>Still free.</p>');
      commitAll(root, 'pricing', '2024-02-12T09:00:00Z');
      await edit('src/routes/blog/[slug]/+page.svelte', '<footer>Thanks for reading.</footer>');
      commitAll(root, 'post layout', '2024-03-14T08:00:00Z');
      // Neither the posts' template nor their loader is where their content lives.
      await edit('src/routes/blog/[slug]/+page.js', '// more posts soon');
      commitAll(root, 'post data', '2024-03-20T08:00:00Z');
      await edit('src/routes/about/+page.svelte', '<p>And what we do.</p>');
      commitAll(root, 'about', '2024-04-16T07:00:00Z');
      await edit('src/routes/+page.svelte', '<p>Welcome.</p>');
      commitAll(root, 'home', '2024-05-18T06:00:00Z');

      const output = await viteBuildIn(root);

      // The adapter wrote the pages; the sitemap followed, into the folder it wrote them to.
      expect(output).toContain('Wrote site to "dist"');
      expect(sitemapkitLines(output)).toEqual([
        'sitemapkit: 6 pages found, 5 listed, 1 excluded (exclude 1); 3 dated (3 git), 2 without lastmod; 2 files',
        `sitemapkit: 2 of 5 pages have no source file, so nothing dates them: map their source folders with \`sources\`, or emit <meta property="article:modified_time"> (or JSON-LD dateModified) in their heads (${SITE}/blog/hello-world, ${SITE}/blog/second-post)`,
      ]);
      const out = join(root, 'dist');
      const shards = await shardFiles(out);
      expect(shards).toEqual([expect.stringMatching(shardName('sitemap', 0))]);
      expect(await setFiles(out)).toEqual([...shards, 'sitemap-index.xml']);
      expect(await readLocs(join(out, 'sitemap-index.xml'))).toEqual([`${SITE}/${shards[0]}`]);
      // about/index.html is /about/ (its trailingSlash is 'always'), pricing.html is /pricing:
      // each page at the URL SvelteKit serves it; the route group (marketing) is not in it.
      expect(await readLocs(join(out, shards[0] as string))).toEqual([
        `${SITE}/`,
        `${SITE}/about/`,
        `${SITE}/blog/hello-world`,
        `${SITE}/blog/second-post`,
        `${SITE}/pricing`,
      ]);
      expect(await validateSitemapDir(out)).toEqual([]);
      expect(await readFile(join(out, 'robots.txt'), 'utf8')).toContain(
        `Sitemap: ${SITE}/sitemap-index.xml`,
      );

      const report = JSON.parse(await readFile(join(root, '.sitemapkit/report.json'), 'utf8'));
      const pages = (report.pages as ReportPage[]).map((p) => [
        p.url.slice(SITE.length),
        p.file,
        p.source,
        p.status === 'included' ? p.lastmod : `${p.status}: ${p.reason}`,
        p.lastmodFrom,
      ]);
      expect(pages).toEqual([
        ['/', 'index.html', 'src/routes/+page.svelte', '2024-05-18T06:00:00Z', 'git'],
        // adapter-static's SPA fallback (`fallback: '200.html'`): a shell, not a page.
        ['/200', '200.html', null, 'excluded: exclude', 'none'],
        [
          '/about/',
          'about/index.html',
          'src/routes/about/+page.svelte',
          '2024-04-16T07:00:00Z',
          'git',
        ],
        // The entries of /blog/[slug]: their template is no evidence of their content.
        ['/blog/hello-world', 'blog/hello-world.html', null, null, 'none'],
        ['/blog/second-post', 'blog/second-post.html', null, null, 'none'],
        [
          '/pricing',
          'pricing.html',
          'src/routes/(marketing)/pricing/+page.svelte',
          '2024-02-12T09:00:00Z',
          'git',
        ],
      ]);
    },
    BUILD_TIMEOUT,
  );

  test(
    'prerender off: the build says what to add, and writes no sitemap',
    async () => {
      root = await copyExample();
      await writeFile(join(root, 'src/routes/+layout.js'), 'export const prerender = false;\n');
      const output = await viteBuildIn(root);
      expect(sitemapkitLines(output)).toEqual([
        'sitemapkit: SvelteKit prerendered no page, so no sitemap was written: add `export const prerender = true` to src/routes/+layout.js (or .ts), or to the +page.js of each page to list',
      ]);
      // The SPA fallback is all adapter-static wrote.
      await expect(readFile(join(root, 'dist/200.html'), 'utf8')).resolves.toContain('<html');
      await expect(readFile(join(root, 'dist/sitemap-index.xml'))).rejects.toThrow(/ENOENT/);
    },
    BUILD_TIMEOUT,
  );

  test(
    'no adapter: the build says how to add one',
    async () => {
      root = await copyExample();
      const config = join(root, 'vite.config.js');
      const withAdapter = await readFile(config, 'utf8');
      await writeFile(config, withAdapter.replace(/adapter: adapter\(.*\),/, ''));
      const output = await viteBuildIn(root);
      expect(sitemapkitLines(output)).toEqual([
        "sitemapkit: SvelteKit has no adapter, so no page is written and no sitemap either: set `adapter` in SvelteKit's config, e.g. `adapter: adapter()` with `import adapter from '@sveltejs/adapter-static'`",
      ]);
    },
    BUILD_TIMEOUT,
  );
});

describe('a route with escaped characters', () => {
  test(
    'is a static route: dated by its own +page.svelte (an escape is not a parameter)',
    async () => {
      root = await copyExample();
      const route = join(root, 'src/routes/smileys/[x+3a]-[x+29]');
      await mkdir(route, { recursive: true });
      await writeFile(join(route, '+page.svelte'), '<h1>:-)</h1>\n');
      // Linked from the home page, so SvelteKit's crawler prerenders it.
      await edit('src/routes/+page.svelte', '<a href="/smileys/:-)">:-)</a>');
      gitInit(root);
      commitAll(root, 'the site', '2024-01-10T10:00:00Z');
      await viteBuildIn(root);
      const report = JSON.parse(await readFile(join(root, '.sitemapkit/report.json'), 'utf8'));
      const smiley = (report.pages as ReportPage[]).find((p) =>
        p.url.startsWith(`${SITE}/smileys/`),
      );
      expect(smiley).toMatchObject({
        source: 'src/routes/smileys/[x+3a]-[x+29]/+page.svelte',
        lastmod: '2024-01-10T10:00:00Z',
        lastmodFrom: 'git',
      });
    },
    BUILD_TIMEOUT,
  );
});

describe('misconfiguration caught before building', () => {
  test("without SvelteKit's plugin, the build fails saying what to add", async () => {
    root = await mkdtemp(join(tmpdir(), 'sitemapkit-sveltekit-'));
    await expect(
      build({ root, configFile: false, logLevel: 'silent', plugins: [sitemap({ site: SITE })] }),
    ).rejects.toThrow(
      "sitemapkit: @sitemapkit/vite/sveltekit needs SvelteKit's Vite plugin: add `sveltekit()` from '@sveltejs/kit/vite' to `plugins` in vite.config",
    );
  });

  test('options SvelteKit decides are refused with the bad ones, each saying where to set it', () => {
    expect(() =>
      // @ts-expect-error: not options of this plugin
      sitemap({ site: 'example.com', base: '/docs/', trailingSlash: 'always' }),
    ).toThrow(
      expect.objectContaining({
        message: [
          'sitemapkit: invalid options:',
          "  - `base` comes from SvelteKit's `paths.base`; set it there",
          "  - `trailingSlash` follows the files SvelteKit writes; set SvelteKit's `trailingSlash` page option",
          '  - `site` must be an absolute http(s) URL; got "example.com"',
        ].join('\n'),
      }),
    );
  });
});
