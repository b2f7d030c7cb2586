/**
 * The random-kill loop, run on demand (never as a test): builds a site's sitemaps again and
 * again with `sitemapkit build`, kills each build with SIGKILL at a random moment, and checks
 * that the folder holds a whole set (the old one or the new one, never a mix: read as a crawler
 * reads it, index first) and that the next build leaves nothing behind.
 *
 *   node bench/kill-loop.mjs [--pages 30000] [--kills 50] [--max-urls 2000] [--seed 1]
 *
 * Two sets alternate: the same pages dated `--lastmod 2024-01-01` and `2024-02-01`, so every
 * sitemap changes between them and a mix shows as two dates in one set.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '30000' },
    kills: { type: 'string', default: '50' },
    'max-urls': { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
  },
});
const PAGES = Number(values.pages);
const KILLS = Number(values.kills);
const BIN = fileURLToPath(new URL('../packages/core/dist/bin.js', import.meta.url));
const SITE = 'https://example.com';
const DATES = ['2024-01-01', '2024-02-01'];

let seed = Number(values.seed);
/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const args = (dist, date) => [
  BIN,
  'build',
  dist,
  '--site',
  SITE,
  '--no-git',
  '--quiet',
  '--lastmod',
  date,
  '--max-urls',
  values['max-urls'],
];

/** The set as a crawler reads it: null when there is no index; throws on a missing file. */
async function readSet(dist) {
  const names = (await readdir(dist)).sort();
  if (!names.includes('sitemap-index.xml')) return null;
  const index = await readFile(join(dist, 'sitemap-index.xml'), 'utf8');
  const listed = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) =>
    m[1].slice(m[1].lastIndexOf('/') + 1),
  );
  const dates = new Set();
  let urls = 0;
  for (const name of listed) {
    const xml = await readFile(join(dist, name), 'utf8');
    urls += xml.match(/<url>/g)?.length ?? 0;
    for (const m of xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)) dates.add(m[1]);
  }
  const ours = names.filter((n) => n.startsWith('sitemap-'));
  const leftovers = names.filter((n) => n.endsWith('.tmp') || n.endsWith('.lock'));
  return { listed, urls, dates: [...dates], ours, leftovers };
}

function fail(message) {
  console.error(`FAIL: ${message}`);
  process.exit(1);
}

const root = await mkdtemp(join(tmpdir(), 'sitemapkit-kill-'));
const dist = join(root, 'dist');
try {
  await mkdir(dist);
  for (let i = 0; i < PAGES; i++) {
    if (i % 1000 === 0) await mkdir(join(dist, `s${i / 1000}`));
    await writeFile(
      join(dist, `s${Math.floor(i / 1000)}`, `p${i}.html`),
      `<!doctype html><html><head><title>${i}</title></head><body>${i}</body></html>`,
    );
  }
  let started = Date.now();
  if (spawnSync(process.execPath, args(dist, DATES[0])).status !== 0) fail('first build failed');
  const duration = Date.now() - started;
  console.log(`${PAGES} pages; a build takes ${duration} ms; ${KILLS} kills`);
  const tally = { old: 0, new: 0, finished: 0 };
  let current = 0;
  for (let k = 0; k < KILLS; k++) {
    const next = 1 - current;
    const delay = Math.floor(random() * duration * 1.2);
    started = Date.now();
    const child = spawn(process.execPath, args(dist, DATES[next]), { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), delay);
    const [code] = await new Promise((resolve) => child.on('exit', (...r) => resolve(r)));
    clearTimeout(timer);
    const set = await readSet(dist).catch((error) => fail(`kill ${k}: ${error.message}`));
    if (!set) fail(`kill ${k} after ${delay} ms: no index`);
    if (set.urls !== PAGES) fail(`kill ${k}: the set lists ${set.urls} URLs, not ${PAGES}`);
    if (set.dates.length !== 1) fail(`kill ${k}: a mixed set, dated ${set.dates.join(' and ')}`);
    if (code === 0) tally.finished++;
    else if (set.dates[0] === DATES[current]) tally.old++;
    else tally.new++;
    // The next build completes the set and clears whatever the killed one left.
    if (spawnSync(process.execPath, args(dist, DATES[next])).status !== 0) fail('rebuild failed');
    const clean = await readSet(dist);
    if (clean.leftovers.length > 0) fail(`kill ${k}: left ${clean.leftovers.join(', ')}`);
    const extra = clean.ours.filter((n) => n !== 'sitemap-index.xml' && !clean.listed.includes(n));
    if (extra.length > 0) fail(`kill ${k}: stale files kept: ${extra.join(', ')}`);
    current = next;
  }
  console.log(
    `ok: ${KILLS} builds killed at random; the set was whole every time (old set ${tally.old}, new set ${tally.new}, build finished first ${tally.finished}); every next build left nothing behind`,
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
