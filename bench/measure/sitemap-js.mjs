/**
 * Baseline: what @astrojs/sitemap runs underneath, fed from disk. A fast-glob walk of
 * dist/**\/*.html with stats, each file mapped to its URL with its mtime as lastmod, streamed
 * through sitemap.js's SitemapAndIndexStream into sitemap-N.xml files plus sitemap-index.xml,
 * wired the way @astrojs/sitemap's write-sitemap.ts wires it. Output goes to `outDir`.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fg from 'fast-glob';
import { SitemapAndIndexStream, SitemapStream } from 'sitemap';
import { SITE } from '../site/origin.mjs';
import { measure, readOptions } from './report.mjs';

const { root, outDir, concurrency } = readOptions();

/** `index.html` -> `/`, `a/b/index.html` -> `/a/b/`, `404.html` -> `/404`. */
function urlPath(file) {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'index.html'.length)}`;
  return `/${file.slice(0, -'.html'.length)}`;
}

async function writeSitemaps(items) {
  await mkdir(outDir, { recursive: true });
  let sitemaps = 0;
  const stream = new SitemapAndIndexStream({
    limit: 50_000,
    getSitemapStream: (i) => {
      sitemaps++;
      const sitemap = new SitemapStream({ hostname: SITE });
      const name = `sitemap-${i}.xml`;
      const written = sitemap.pipe(createWriteStream(path.join(outDir, name)));
      return [new URL(name, `${SITE}/`).toString(), sitemap, written];
    },
  });
  await pipeline(
    Readable.from(items),
    stream,
    createWriteStream(path.join(outDir, 'sitemap-index.xml')),
  );
  return sitemaps;
}

await measure(async () => {
  const entries = await fg('**/*.html', { cwd: path.join(root, 'dist'), stats: true, concurrency });
  const items = entries.map((entry) => ({
    url: urlPath(entry.path),
    lastmod: entry.stats.mtime.toISOString(),
  }));
  const sitemaps = await writeSitemaps(items);
  return { pages: items.length, sitemaps };
});
