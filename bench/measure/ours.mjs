/**
 * ours: `generateSitemaps()` from @sitemapkit/core on the synthetic site, in one of three
 * configurations: (a) lastmod from source mtimes, head reading off; (b) the same with head
 * reading on; (c) lastmod from frontmatter, then mtime; (d) lastmod from git history, then
 * mtime, on the history `site/git-history.mjs` made; (e) is (b) with `images: true`. Sitemaps are written into dist/, as in
 * a real build (the runner deletes them before every run so each run writes from scratch).
 */
import path from 'node:path';
import { SITE } from '../site/origin.mjs';
import { measure, readOptions, skip } from './report.mjs';

const CONFIGS = {
  a: { head: false, lastmodFrom: ['mtime'] },
  b: { head: true, lastmodFrom: ['mtime'] },
  c: { head: false, lastmodFrom: ['frontmatter', 'mtime'] },
  d: { head: false, lastmodFrom: ['git', 'mtime'], git: true },
  // (b) with `images`: every page's body read for images; compare with (b).
  e: { head: true, lastmodFrom: ['mtime'], images: true },
};

const { root, config } = readOptions();

let core;
try {
  core = await import('@sitemapkit/core');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  skip(`@sitemapkit/core is not built (${error.message.split('\n')[0]})`);
  process.exit(0);
}

const options = {
  site: SITE,
  outDir: path.join(root, 'dist'),
  root,
  sources: [{ dir: 'src/content' }],
  robotsTxt: false,
  ...CONFIGS[config],
};

function describe(result) {
  const warningCodes = {};
  for (const warning of result.warnings)
    warningCodes[warning.code] = (warningCodes[warning.code] ?? 0) + 1;
  const lastmodFrom = {};
  for (const record of result.records)
    lastmodFrom[record.lastmodFrom] = (lastmodFrom[record.lastmodFrom] ?? 0) + 1;
  const sitemaps = result.files.filter((file) => file.kind === 'sitemap');
  return {
    pages: result.pages,
    files: result.files.length,
    urls: sitemaps.reduce((total, file) => total + file.urlCount, 0),
    warnings: result.warnings.length,
    warningCodes,
    lastmodFrom,
  };
}

await measure(() => core.generateSitemaps(options), describe);
