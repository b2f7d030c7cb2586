/** Parses and checks the bench's command-line flags. */
import { parseArgs } from 'node:util';

export const USAGE = `Usage: node bench/run.mjs [options]

  --pages N         pages in the synthetic site (default 10000; 100k and 1m work too)
  --runs N          runs per measurement, the median is reported (default 3)
  --only LIST       comma-separated ids or groups: ours (ours-a to ours-e),
                    sitemap-js, walk (walk-fs, walk-fast-glob, walk-sync),
                    heads (heads-async, heads-sync), sources (sources-async,
                    sources-sync), urls (urls-kept), floors (walk, heads,
                    sources, urls), idle
  --small-pages     2-4 KB pages instead of 8-30 KB (only for N >= 500,000)
  --concurrency N   fs calls in flight in the floors (default 64)
  --no-warm         skip the pass that warms the page cache: for peak RSS at
                    1m, which does not depend on it (wall times then include
                    disk reads, and the report says so)
  --regenerate      rebuild the site even if the cached one is current
  --generate-only   make the site and stop
  --help            this text`;

const SMALL_PAGES_FROM = 500_000;

/** `100000`, `100_000`, `100,000`, `100k`, `1m` -> number. */
export function parseCount(text, flag) {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.replaceAll(/[_,]/g, ''));
  const scale = { '': 1, k: 1_000, m: 1_000_000 };
  const value = match ? Math.round(Number(match[1]) * scale[match[2].toLowerCase()]) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`${flag}: expected a positive count, got "${text}"`);
  return value;
}

export function readArgs(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      pages: { type: 'string', default: '10000' },
      runs: { type: 'string', default: '3' },
      only: { type: 'string' },
      'small-pages': { type: 'boolean', default: false },
      concurrency: { type: 'string', default: '64' },
      regenerate: { type: 'boolean', default: false },
      'generate-only': { type: 'boolean', default: false },
      'no-warm': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const args = {
    pages: parseCount(values.pages, '--pages'),
    runs: parseCount(values.runs, '--runs'),
    only: values.only,
    smallPages: values['small-pages'],
    concurrency: parseCount(values.concurrency, '--concurrency'),
    regenerate: values.regenerate,
    generateOnly: values['generate-only'],
    warm: !values['no-warm'],
    help: values.help,
  };
  if (args.smallPages && args.pages < SMALL_PAGES_FROM) {
    throw new Error(
      `--small-pages is for N >= ${SMALL_PAGES_FROM.toLocaleString('en-US')}; the targets below that use 8-30 KB pages`,
    );
  }
  return args;
}
