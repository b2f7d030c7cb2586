/**
 * The plugin runs for the client build only, once: never for an SSR build (alone, in the same
 * outDir, or in a Vite 8 app build), never from the dev server.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createBuilder, createServer } from 'vite';
import { afterEach, expect, test } from 'vitest';
import { onlyShard, ownHead, setFiles } from '../../core/test/helpers/xml.js';
import { sitemap } from '../src/index.js';
import {
  captureLogger,
  copyFixture,
  removeCopy,
  sitemapkitLines,
  viteBuild,
} from './helpers/vite-build.js';
import { sitemapFiles, validateSitemapDir } from './helpers/xsd.js';

const SITE = 'https://example.com';
const SSR_ENTRY = 'src/entry-server.js';

let root = '';
afterEach(async () => {
  await removeCopy(root);
});

function summaries(lines: Parameters<typeof sitemapkitLines>[0]): string[] {
  return sitemapkitLines(lines).filter((line) => line.startsWith('info: sitemapkit: '));
}

test('an SSR build beside the client build writes no sitemap of its own', async () => {
  root = await copyFixture('ssr');
  const client = await viteBuild(root, {
    plugins: [sitemap({ site: SITE })],
    build: { outDir: 'dist/client' },
  });
  expect(summaries(client.lines)).toHaveLength(1);
  expect(await validateSitemapDir(join(root, 'dist/client'))).toEqual([]);

  const server = await viteBuild(root, {
    plugins: [sitemap({ site: SITE })],
    build: { outDir: 'dist/server', ssr: SSR_ENTRY },
  });
  expect(sitemapkitLines(server.lines)).toEqual([]);
  expect(await sitemapFiles(join(root, 'dist/server'))).toEqual([]);
  expect(existsSync(join(root, 'dist/server/robots.txt'))).toBe(false);
});

test('an SSR build into the client outDir does not overwrite its sitemaps', async () => {
  root = await copyFixture('ssr');
  await viteBuild(root, { plugins: [sitemap({ site: SITE })] });
  // A marker the plugin would replace if it ran again (it rewrites any file of its set, carrying
  // its mark, whose bytes differ): the sitemap the client build wrote, under its own name.
  const marker = await onlyShard(join(root, 'dist'));
  const files = await setFiles(join(root, 'dist'));
  await writeFile(marker, `${ownHead()}marker: only the client build writes sitemaps\n`);
  const robots = await readFile(join(root, 'dist/robots.txt'), 'utf8');

  const server = await viteBuild(root, {
    plugins: [sitemap({ site: SITE })],
    build: { ssr: SSR_ENTRY, emptyOutDir: false },
  });
  expect(sitemapkitLines(server.lines)).toEqual([]);
  expect(await readFile(marker, 'utf8')).toBe(
    `${ownHead()}marker: only the client build writes sitemaps\n`,
  );
  expect(await setFiles(join(root, 'dist'))).toEqual(files);
  expect(await readFile(join(root, 'dist/robots.txt'), 'utf8')).toBe(robots);
});

test('a Vite app build (client and ssr environments) writes the sitemaps once, for the client', async () => {
  root = await copyFixture('ssr');
  const { logger, lines } = captureLogger();
  const builder = await createBuilder({
    configFile: false,
    root,
    logLevel: 'warn',
    customLogger: logger,
    plugins: [sitemap({ site: SITE })],
    environments: {
      client: { build: { outDir: 'dist/client' } },
      ssr: { build: { outDir: 'dist/server', rolldownOptions: { input: join(root, SSR_ENTRY) } } },
    },
  });
  await builder.buildApp();
  expect(summaries(lines)).toEqual([
    expect.stringMatching(/^info: sitemapkit: 1 pages found, 1 listed/),
  ]);
  expect(await validateSitemapDir(join(root, 'dist/client'))).toEqual([]);
  expect(await sitemapFiles(join(root, 'dist/server'))).toEqual([]);
});

test('the dev server never writes a sitemap, not even when it closes', async () => {
  root = await copyFixture('ssr');
  const { logger, lines } = captureLogger();
  const server = await createServer({
    configFile: false,
    root,
    customLogger: logger,
    plugins: [sitemap({ site: SITE })],
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  // It is there to serve the set in memory (dev-server.test.ts), and writes nothing.
  expect(server.config.plugins.map((plugin) => plugin.name)).toContain('sitemapkit');
  await server.close();
  expect(sitemapkitLines(lines)).toEqual([]);
  expect(existsSync(join(root, 'dist'))).toBe(false);
});
