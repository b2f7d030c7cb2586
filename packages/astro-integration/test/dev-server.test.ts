/**
 * The real `astro dev`, over HTTP: it serves the sitemap set of its static routes and of the
 * paths its prerendered dynamic routes' `getStaticPaths` list (`paginate` too), rendered in memory
 * by the core, names the dynamic routes it left out and why, and writes nothing into the project.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dev } from 'astro';
import { afterEach, expect, test } from 'vitest';
import { fetchServedSet, parseSitemap } from '../../core/test/helpers/xml.js';
import sitemap from '../src/index.js';
import { copyFixture, fixturePath } from './support/astro-build.js';

type DevServer = Awaited<ReturnType<typeof dev>>;

const SITE = 'https://example.com';
const DEV_COMMENT =
  /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<!-- sitemapkit dev preview: rendered in memory from the dev server's routes; `astro build` writes the real one\n/;

let server: DevServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** Every file under `dir`, but Astro's own `.astro` folder (its types, written by any command). */
async function files(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true }))
    .filter((file) => !/^(\.astro|node_modules)([\\/]|$)/.test(file))
    .sort();
}

async function startDev(root: string, config: Record<string, unknown>): Promise<string> {
  server = await dev({
    root,
    logLevel: 'error',
    server: { port: 0, host: 'localhost' },
    devToolbar: { enabled: false },
    ...config,
  });
  return `http://localhost:${server.address.port}`;
}

test('astro dev serves its static routes and the getStaticPaths paths, names those left out, writes nothing', async () => {
  const root = await copyFixture(fixturePath('dev'), 'dev');
  const before = await files(root);
  const origin = await startDev(root, { site: SITE, integrations: [sitemap()] });
  const { urls, xml } = await fetchServedSet(origin, '/sitemap-index.xml');
  // The 404 page is left out as by the build; /list/[...page] paginates 25 items by 10.
  expect([...urls].sort()).toEqual(
    [
      `${SITE}/`,
      `${SITE}/about/`,
      `${SITE}/blog/`,
      `${SITE}/blog/first-post/`,
      `${SITE}/blog/second-post/`,
      `${SITE}/list/`,
      `${SITE}/list/2/`,
      `${SITE}/list/3/`,
    ].sort(),
  );
  for (const file of xml) {
    expect(file).toMatch(DEV_COMMENT);
    expect(file).toContain(
      'dynamic routes left out: /broken/[id] (getStaticPaths failed: no ids in dev); /shop/[id] (server-rendered: its pages are known only on request)',
    );
    expect(file).not.toContain('/blog/[slug]');
    expect(file).not.toContain('/list/[...page]');
  }
  await server?.stop();
  server = undefined;
  expect(await files(root)).toEqual(before);
});

test('getStaticPaths runs on each request: an edit shows in the next one', async () => {
  const root = await copyFixture(fixturePath('dev'), 'dev-edit');
  const origin = await startDev(root, { site: SITE, integrations: [sitemap()] });
  expect((await fetchServedSet(origin, '/sitemap-index.xml')).urls).toContain(
    `${SITE}/blog/second-post/`,
  );
  await writeFile(
    join(root, 'src/pages/blog/[slug].astro'),
    `---
export function getStaticPaths() {
  return [{ params: { slug: 'third-post' } }];
}
---
<html><head><title>post</title></head><body></body></html>
`,
  );
  await expect
    .poll(async () => (await fetchServedSet(origin, '/sitemap-index.xml')).urls, {
      timeout: 10_000,
    })
    .toContain(`${SITE}/blog/third-post/`);
  const { urls } = await fetchServedSet(origin, '/sitemap-index.xml');
  expect(urls).not.toContain(`${SITE}/blog/first-post/`);
});

test('under base /docs/, the set is served at /docs/sitemap-index.xml', async () => {
  const root = await copyFixture(fixturePath('dev'), 'dev-base');
  const origin = await startDev(root, {
    site: SITE,
    base: '/docs/',
    trailingSlash: 'never',
    integrations: [sitemap()],
  });
  const { urls, xml } = await fetchServedSet(origin, '/docs/sitemap-index.xml');
  expect([...urls].sort()).toEqual(
    [
      `${SITE}/docs/`,
      `${SITE}/docs/about`,
      `${SITE}/docs/blog`,
      `${SITE}/docs/blog/first-post`,
      `${SITE}/docs/blog/second-post`,
      `${SITE}/docs/list`,
      `${SITE}/docs/list/2`,
      `${SITE}/docs/list/3`,
    ].sort(),
  );
  expect(parseSitemap(xml[0] as string).entries[0]?.loc).toMatch(
    /^https:\/\/example\.com\/docs\/sitemap-0-[0-9a-f]{8}\.xml$/,
  );
});
