/**
 * `node --expose-gc bench/heap-by-stage.mjs [--pages N] [--config a|b|c]`: the memory profile
 * behind the "Where it stands" section. Runs the core's pipeline step by step, on one thread, on
 * the cached site bench/.sites/<N>/ (make it with `pnpm bench --pages N --generate-only`), and
 * prints the live memory each step adds, after a full GC, per page: the JS heap and the native
 * memory of buffers and typed arrays (where the columns of the core keep their rows). Its last
 * step writes the set into the site's dist/, as a build does (`pnpm bench` removes it before
 * each run). Not a test; it reaches into the
 * core's compiled modules (packages/core/dist), so it follows them when they change.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '100000' },
    config: { type: 'string', default: 'a' },
  },
});
const pages = Number(values.pages.replace(/_/g, '').replace(/k$/i, '000').replace(/m$/i, '000000'));
if (typeof gc !== 'function') throw new Error('run with node --expose-gc');
const dist = new URL('../packages/core/dist/', import.meta.url);
const load = (file) => import(new URL(file, dist).href);
const { resolveOptions } = await load('options/resolve-options.js');
const { findPages } = await load('discover/find-pages.js');
const { scanSourceRange, indexSources } = await load('discover/find-sources.js');
const { listSources } = await load('discover/source-list.js');
const { SourceTable } = await load('discover/source-table.js');
const { pathRules } = await load('select/exclusions.js');
const { selectBySource, selectByHead } = await load('select/select-pages.js');
const { datePages, weighHeadDates } = await load('dates/date-pages.js');
const { buildEntries } = await load('entries/build-entries.js');
const { listOnce } = await load('entries/list-once.js');
const { checkEntries } = await load('output/self-check.js');
const { writeSet } = await load('output/write-set.js');

const root = path.join(import.meta.dirname, '.sites', String(pages));
const options = resolveOptions({
  site: 'https://example.com',
  outDir: 'dist',
  root,
  sources: [{ dir: 'src/content' }],
  robotsTxt: false,
  head: values.config === 'b',
  lastmodFrom: values.config === 'c' ? ['frontmatter', 'mtime'] : ['mtime'],
  threads: false,
});

/**
 * Bytes of the source list's chunks not written: it takes chunks of 32 MiB, which
 * `arrayBuffers` counts whole though only the pages written are memory.
 */
let unwritten = 0;
const live = () => {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers - unwritten;
};
const start = live();
let last = start;
function step(name) {
  const now = live();
  const perPage = Math.round((now - last) / pages);
  console.log(
    `${name.padEnd(40)} ${`+${((now - last) / 1e6).toFixed(1)} MB`.padStart(11)} ${`${perPage} B/page`.padStart(12)} ${`live ${((now - start) / 1e6).toFixed(1)} MB`.padStart(15)}`,
  );
  last = now;
}

const warnings = [];
const table = await findPages(options, warnings, pathRules(options));
step('pages found (a table: file, URL)');
const fields = options.frontmatter ? options.dateFields : null;
// What scanSources does, with the list kept here to count its chunks as written.
const list = listSources(options.sources, options.root);
const sources = new SourceTable(list);
sources.fill(scanSourceRange(list, options.sources, fields, 0, list.paths.size));
indexSources(sources);
const { chunks, ends } = list.paths.toData();
unwritten = chunks.reduce((sum, chunk, i) => sum + chunk.byteLength - ends[i], 0);
step('source index');
const found = table.order();
const kept = selectBySource(found, sources, options, warnings);
const heads = await selectByHead(kept, options, warnings, null);
step('pages selected (source, heads)');
const headEvidence = weighHeadDates(heads.dates, options, warnings);
datePages(kept, found, sources, null, headEvidence, options, warnings);
step('pages dated (lastmod)');
const groups = await buildEntries(found, heads.headLinks, options, warnings, heads.headLinks.langs);
step('entries (the pages are the entries)');
listOnce(groups, false);
checkEntries(groups, options, warnings);
const { files } = await writeSet(groups, options, warnings);
step(`written (${files.length} files; each page names its sitemap)`);
console.log(
  `${found.length} pages, ${sources.size} sources, ${groups.length} group(s); RSS now ${Math.round(process.memoryUsage().rss / 1e6)} MB`,
);
