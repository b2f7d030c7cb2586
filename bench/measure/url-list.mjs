/**
 * Floor for memory: what keeping the URL list itself costs. Walks dist/ for *.html and keeps
 * one flat URL string per page, nothing else; its peak RSS is what any generator that sorts the
 * whole URL list in this runtime needs at least (the memory target is "flat in N beyond the URL
 * list itself").
 */
import path from 'node:path';
import { walkTreeSync } from '../io/walk-tree.mjs';
import { SITE } from '../site/origin.mjs';
import { measure, readOptions } from './report.mjs';

const { root } = readOptions();
const dist = path.join(root, 'dist');

function keepUrls() {
  const urls = [];
  walkTreeSync(dist, {
    match: (name) => name.endsWith('.html'),
    onFile: (file) => {
      const rel = file.slice(dist.length + 1).replace(/(^|\/)index\.html$/, '$1');
      // `replace` of a NUL that is not there returns the string flat (one string, not a tree).
      urls.push(`${SITE}/${encodeURI(rel.replace(/\.html$/, ''))}`.replace('\0', ''));
    },
  });
  urls.sort();
  return { pages: urls.length, bytes: urls.reduce((total, url) => total + url.length, 0) };
}

await measure(keepUrls);
