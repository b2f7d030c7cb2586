/**
 * Floor for ours(a): find every page and learn every source's mtime. Walks dist/ for *.html
 * (directory entries carry the file type, so no stat) and src/content/ for *.md with one stat
 * each. `impl`: 'fs' (callback readdir, both walks at once, bounded concurrency), 'fast-glob'
 * (both at once, `stats: true`) or 'sync' (readdirSync/statSync, one call at a time).
 */
import path from 'node:path';
import fg from 'fast-glob';
import { walkTree, walkTreeSync } from '../io/walk-tree.mjs';
import { measure, readOptions } from './report.mjs';

const { root, impl, concurrency } = readOptions();
const dist = path.join(root, 'dist');
const content = path.join(root, 'src/content');

async function walkWithFs() {
  let pages = 0;
  let sources = 0;
  let newestMtimeMs = 0;
  await Promise.all([
    walkTree(dist, { concurrency, match: (name) => name.endsWith('.html'), onFile: () => pages++ }),
    walkTree(content, {
      concurrency,
      match: (name) => name.endsWith('.md'),
      stat: true,
      onFile: (_file, stats) => {
        sources++;
        newestMtimeMs = Math.max(newestMtimeMs, stats.mtimeMs);
      },
    }),
  ]);
  return { pages, sources, newestMtimeMs };
}

async function walkWithFastGlob() {
  const [pages, sources] = await Promise.all([
    fg('**/*.html', { cwd: dist, concurrency }),
    fg('**/*.md', { cwd: content, concurrency, stats: true }),
  ]);
  let newestMtimeMs = 0;
  for (const entry of sources) newestMtimeMs = Math.max(newestMtimeMs, entry.stats.mtimeMs);
  return { pages: pages.length, sources: sources.length, newestMtimeMs };
}

async function walkWithSync() {
  let pages = 0;
  let sources = 0;
  let newestMtimeMs = 0;
  walkTreeSync(dist, { match: (name) => name.endsWith('.html'), onFile: () => pages++ });
  walkTreeSync(content, {
    match: (name) => name.endsWith('.md'),
    stat: true,
    onFile: (_file, stats) => {
      sources++;
      newestMtimeMs = Math.max(newestMtimeMs, stats.mtimeMs);
    },
  });
  return { pages, sources, newestMtimeMs };
}

const IMPLS = { fs: walkWithFs, 'fast-glob': walkWithFastGlob, sync: walkWithSync };
await measure(IMPLS[impl]);
