/**
 * The human view in a real browser: a built site's output folder served from 127.0.0.1, each
 * file opened in headless Chromium, and the DOM after the XSLT transform read back. A screenshot
 * of the sitemap is kept in packages/core/test-artifacts/ (gitignored).
 *
 * Skipped, saying why, when Chromium is not installed, unless CI is set: in CI it must run.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSitemaps } from '../../src/index.js';
import { makeTree, page } from '../helpers/fixture.js';
import { ownHead, shardFiles } from '../helpers/xml.js';

const run = promisify(execFile);
const SITE = 'https://example.com';
const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);

/** The first of `chromium`, `chromium-browser` on PATH, or undefined. */
function findChromium(): string | undefined {
  for (const name of ['chromium', 'chromium-browser']) {
    for (const dir of (process.env.PATH ?? '').split(delimiter)) {
      if (!dir) continue;
      try {
        accessSync(join(dir, name), constants.X_OK);
        return join(dir, name);
      } catch {}
    }
  }
  return undefined;
}

const chromium = findChromium();
if (!chromium && !process.env.CI) {
  console.warn(
    'stylesheet-browser.test.ts skipped: Chromium is not installed (apt-get install chromium); in CI it runs and fails without it',
  );
}

const TYPES: Record<string, string> = {
  '.xml': 'application/xml; charset=utf-8',
  '.xsl': 'text/xsl; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/** Serves `dir` at the root of http://127.0.0.1:<port>/, files only. */
function serve(dir: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    const path = normalize(
      join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)),
    );
    try {
      if (!path.startsWith(dir + sep) || !(await stat(path)).isFile())
        throw new Error('not a file');
      const body = await readFile(path);
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

describe.skipIf(!chromium && !process.env.CI)('the stylesheet in headless Chromium', () => {
  let outDir = '';
  let server: Server;
  let origin = '';
  let profile = '';

  /** The DOM of `path` once loaded (and transformed), as Chromium dumps it. */
  async function dom(path: string, extra: string[] = []): Promise<string> {
    const { stdout } = await run(
      chromium as string,
      [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        `--user-data-dir=${profile}`,
        ...extra,
        '--dump-dom',
        `${origin}${path}`,
      ],
      { timeout: 15_000, maxBuffer: 16 * 1024 * 1024 },
    );
    return stdout;
  }

  beforeAll(async () => {
    if (!chromium)
      throw new Error('CI is set and Chromium is not installed: apt-get install chromium');
    const alternates =
      '<link rel="alternate" hreflang="en" href="https://example.com/en/">' +
      '<link rel="alternate" hreflang="de" href="https://example.com/de/">';
    const root = await makeTree({
      'dist/index.html': page(),
      'dist/en/index.html': page(alternates, '<img src="/img/hero.png" alt="">'),
      'dist/de/index.html': page(alternates, '<img src="/img/hero.png" alt="">'),
      'dist/about/index.html': page(),
      'dist/img/hero.png': 'png',
    });
    outDir = join(root, 'dist');
    await generateSitemaps({
      site: SITE,
      root,
      outDir: 'dist',
      stylesheet: true,
      changefreq: 'weekly',
      lastmod: '2024-05-01',
    });
    // A urlset with Google's image extension, beside the set: the stylesheet renders those.
    await writeFile(
      join(outDir, 'images.xml'),
      `${ownHead()}<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>\n` +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n' +
        '<url><loc>https://example.com/gallery/</loc><image:image><image:loc>https://example.com/img/one.jpg</image:loc></image:image><image:image><image:loc>https://example.com/img/two.jpg</image:loc></image:image></url>\n' +
        '</urlset>\n',
    );
    server = await serve(outDir);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    profile = await mkdtemp(join(tmpdir(), 'sitemapkit-chromium-'));
  }, 30_000);

  afterAll(async () => {
    await new Promise((done) => server?.close(done));
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  it('shows the index as a table of its sitemaps', async () => {
    const html = await dom('/sitemap-index.xml');
    const [shard] = await shardFiles(outDir);
    expect(html).toContain('<h1>Sitemap index</h1>');
    const rows = html.match(/<tr class="entry">[\s\S]*?<\/tr>/g) ?? [];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`${SITE}/${shard}`);
    expect(rows[0]).toContain('2024-05-01');
    // Its URL count, from the comment the index carries for this view.
    expect(html).toContain('<th>URLs</th>');
    expect(rows[0]).toMatch(/<td class="n">4<\/td>/);
  }, 20_000);

  it('shows a sitemap as a searchable table of URLs, alternates and all', async () => {
    const [shard] = await shardFiles(outDir);
    const html = await dom(`/${shard}`);
    expect(html).toContain('<h1>Sitemap</h1>');
    expect(html).toContain('id="filter"');
    const rows = html.match(/<tr class="entry">[\s\S]*?<\/tr>/g) ?? [];
    const urls = rows.map((row) => /<a href="([^"]+)"/.exec(row)?.[1]);
    expect(urls).toEqual([`${SITE}/`, `${SITE}/about/`, `${SITE}/de/`, `${SITE}/en/`]);
    expect(html).toContain('<th>Change frequency</th>');
    expect(rows[0]).toContain('weekly');
    const en = rows[3] as string;
    expect(en).toMatch(/<span class="lang">de<\/span>\s*<a href="https:\/\/example.com\/de\/">/);
    expect(en).toMatch(/<span class="lang">en<\/span>\s*<a href="https:\/\/example.com\/en\/">/);

    await mkdir(ARTIFACTS, { recursive: true });
    const shot = join(ARTIFACTS.pathname, 'stylesheet-sitemap.png');
    await rm(shot, { force: true });
    await run(
      chromium as string,
      [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        `--user-data-dir=${profile}`,
        '--window-size=1280,800',
        `--screenshot=${shot}`,
        `${origin}/${shard}`,
      ],
      { timeout: 15_000 },
    );
    expect((await stat(shot)).size).toBeGreaterThan(1000);
  }, 30_000);

  it('shows the images of a sitemap with the image extension', async () => {
    const html = await dom('/images.xml');
    expect(html).toContain('<th>Images</th>');
    const images = html.match(/<li class="image"><a href="([^"]+)"/g) ?? [];
    expect(images).toHaveLength(2);
    expect(html).toContain('https://example.com/img/two.jpg');
  }, 20_000);
});
