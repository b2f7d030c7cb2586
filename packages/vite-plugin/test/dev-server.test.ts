/**
 * The real `vite` dev server, over HTTP: it serves the sitemap set of its HTML entries, rendered
 * in memory by the core, under the base path, and writes nothing into the project.
 */
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer, type InlineConfig, type ViteDevServer } from 'vite';
import { afterEach, expect, test } from 'vitest';
import { fetchServedSet, parseSitemap } from '../../core/test/helpers/xml.js';
import { sitemap } from '../src/index.js';
import { captureLogger, copyFixture, removeCopy, sitemapkitLines } from './helpers/vite-build.js';

const SITE = 'https://example.com';
const DEV_COMMENT = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<!-- sitemapkit dev preview: /;

let root: string | undefined;
let server: ViteDevServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
  if (root) await removeCopy(root);
  root = undefined;
});

async function files(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).sort();
}

/** Starts the dev server on a free port; returns its origin. */
async function startDev(config: InlineConfig): Promise<string> {
  server = await createServer({
    configFile: false,
    logLevel: 'silent',
    server: { port: 0, host: 'localhost' },
    optimizeDeps: { noDiscovery: true, include: [] },
    ...config,
  });
  await server.listen();
  const address = server.httpServer?.address() as AddressInfo;
  return `http://localhost:${address.port}`;
}

test('with no input set, serves the sitemap of index.html (what vite build builds), writing nothing', async () => {
  root = await copyFixture('mpa');
  const before = await files(root);
  const { logger, lines } = captureLogger();
  const origin = await startDev({ root, customLogger: logger, plugins: [sitemap({ site: SITE })] });
  const { urls, xml } = await fetchServedSet(origin, '/sitemap-index.xml');
  // Without build.rollupOptions.input, Vite builds the root's index.html alone: so does the
  // preview, whatever other HTML files the folder holds.
  expect(urls).toEqual([`${SITE}/`]);
  for (const file of xml) {
    expect(file).toMatch(DEV_COMMENT);
    expect(file).toContain('<!-- sitemapkit: sitemap -->');
  }
  // Other requests are the dev server's: the page itself, and a name not in the set.
  expect(await (await fetch(`${origin}/about.html`)).text()).toContain('<html');
  const stray = await fetch(`${origin}/sitemap-0-00000000.xml`);
  expect(stray.headers.get('content-type')).not.toMatch(/xml/);
  await server?.close();
  server = undefined;
  expect(await files(root)).toEqual(before);
  expect(sitemapkitLines(lines)).toEqual([]);
});

test('with rollupOptions.input, lists those entries; under base /docs/ it serves /docs/sitemap-index.xml', async () => {
  root = await copyFixture('mpa');
  const before = await files(root);
  const origin = await startDev({
    root,
    base: '/docs/',
    build: { rollupOptions: { input: { main: `${root}/index.html`, about: 'about.html' } } },
    plugins: [sitemap({ site: SITE, cleanUrls: true })],
  });
  const outside = await fetch(`${origin}/sitemap-index.xml`);
  expect(outside.headers.get('content-type')).not.toMatch(/xml/);
  const { urls, xml } = await fetchServedSet(origin, '/docs/sitemap-index.xml');
  expect(urls).toEqual([`${SITE}/docs/`, `${SITE}/docs/about`]);
  expect(parseSitemap(xml[0] as string).entries[0]?.loc).toMatch(
    /^https:\/\/example\.com\/docs\/sitemap-0-[0-9a-f]{8}\.xml$/,
  );
  await server?.close();
  server = undefined;
  expect(await files(root)).toEqual(before);
});
