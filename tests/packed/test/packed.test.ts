/**
 * The packages as a user gets them: packed as `changeset publish` packs them, installed with npm
 * into a project outside the workspace beside `vite` and `astro` from the registry, then used the
 * way the READMEs say: a Vite build, an Astro build, the `sitemapkit` CLI.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createScratchProject, type ScratchProject } from './support/scratch-project.js';
import { readSitemapSet } from './support/sitemap-set.js';

const SITE = 'https://example.com';
const PACKAGES = ['@sitemapkit/core', '@sitemapkit/vite', '@sitemapkit/astro'];

const page = (title: string, head = '') =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><h1>${title}</h1></body></html>\n`;

const SITES: Record<string, string> = {
  'vite-site/index.html': page('Home'),
  'vite-site/about.html': page(
    'About',
    '<meta property="article:modified_time" content="2026-01-02T00:00:00Z">',
  ),
  'vite-site/vite.config.js': [
    "import sitemap from '@sitemapkit/vite';",
    "import { defineConfig } from 'vite';",
    '',
    'export default defineConfig({',
    "  build: { rolldownOptions: { input: ['index.html', 'about.html'] } },",
    `  plugins: [sitemap({ site: '${SITE}' })],`,
    '});',
    '',
  ].join('\n'),
  'astro-site/astro.config.mjs': [
    "import sitemap from '@sitemapkit/astro';",
    "import { defineConfig } from 'astro/config';",
    '',
    `export default defineConfig({ site: '${SITE}', integrations: [sitemap()] });`,
    '',
  ].join('\n'),
  'astro-site/src/pages/index.astro': `---\n---\n${page('Home')}`,
  'astro-site/src/pages/about.md': '---\ntitle: About\nupdatedDate: 2026-01-03\n---\n\n# About\n',
  'static-site/dist/index.html': page('Home'),
  'static-site/dist/docs/index.html': page('Docs'),
};

let project: ScratchProject;
const timings: string[] = [];

beforeAll(async () => {
  const started = performance.now();
  project = await createScratchProject();
  await project.write(SITES);
  timings.push(`pack + npm install: ${Math.round(performance.now() - started)} ms`);
});

afterAll(async () => {
  console.log(`packed layer (${project?.dir}): ${timings.join(', ')}`);
  await project?.remove();
});

describe('the packed tarballs', () => {
  test('carry versions where the workspace has `workspace:` ranges, and their LICENSE', async () => {
    for (const name of PACKAGES) {
      const folder = join(project.dir, 'node_modules', name);
      const manifest = await readFile(join(folder, 'package.json'), 'utf8');
      expect(manifest, name).not.toContain('workspace:');
      expect(await readFile(join(folder, 'LICENSE'), 'utf8'), name).toMatch(/^MIT License/);
    }
    const vite = JSON.parse(
      await readFile(join(project.dir, 'node_modules/@sitemapkit/vite/package.json'), 'utf8'),
    ) as { dependencies: Record<string, string>; version: string };
    expect(vite.dependencies['@sitemapkit/core']).toBe(`^${vite.version}`);
  });

  test('load through require() as well (Node.js loads ES modules there from 20.19)', async () => {
    const script = [
      "const { generateSitemaps } = require('@sitemapkit/core');",
      "const vite = require('@sitemapkit/vite').default;",
      "const astro = require('@sitemapkit/astro').default;",
      'console.log([generateSitemaps, vite, astro].map((f) => typeof f).join(" "));',
    ].join('\n');
    const { stdout } = await project.run(process.execPath, ['--input-type=commonjs', '-e', script]);
    expect(stdout.trim()).toBe('function function function');
  });
});

describe('a user project', () => {
  test('vite build with `plugins: [sitemap({ site })]` lists both pages', async () => {
    const { ms } = await project.run('npx', ['--no', '--', 'vite', 'build'], 'vite-site');
    timings.push(`vite build: ${ms} ms`);
    const dist = join(project.dir, 'vite-site/dist');
    const set = await readSitemapSet(dist, SITE);
    expect(set.sitemaps).toHaveLength(1);
    // about's date is its head's; the home page, above it, takes the newest date under it.
    expect(set.urls).toEqual([
      { loc: `${SITE}/`, lastmod: '2026-01-02T00:00:00Z' },
      { loc: `${SITE}/about.html`, lastmod: '2026-01-02T00:00:00Z' },
    ]);
    expect(await readFile(join(dist, 'robots.txt'), 'utf8')).toContain(
      `Sitemap: ${SITE}/sitemap-index.xml`,
    );
  });

  test('astro build with `integrations: [sitemap()]` lists both pages', async () => {
    const { ms } = await project.run('npx', ['--no', '--', 'astro', 'build'], 'astro-site');
    timings.push(`astro build: ${ms} ms`);
    const set = await readSitemapSet(join(project.dir, 'astro-site/dist'), SITE);
    expect(set.sitemaps).toHaveLength(1);
    // about's date is its frontmatter's; the home page, above it, takes the newest date under it.
    expect(set.urls).toEqual([
      { loc: `${SITE}/`, lastmod: '2026-01-03' },
      { loc: `${SITE}/about/`, lastmod: '2026-01-03' },
    ]);
  });

  test('npx sitemapkit build dist --site lists the folder', async () => {
    const { ms } = await project.run(
      'npx',
      ['--no', '--', 'sitemapkit', 'build', 'dist', '--site', SITE],
      'static-site',
    );
    timings.push(`sitemapkit build: ${ms} ms`);
    const set = await readSitemapSet(join(project.dir, 'static-site/dist'), SITE);
    expect(set.urls).toEqual([{ loc: `${SITE}/` }, { loc: `${SITE}/docs/` }]);
  });
});
