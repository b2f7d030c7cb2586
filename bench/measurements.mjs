/** Every measurement the bench can take, and how `--only` selects them. */

export const MEASUREMENTS = [
  { id: 'ours-a', label: 'ours (a) mtime, head off', script: 'ours.mjs', options: { config: 'a' } },
  { id: 'ours-b', label: 'ours (b) mtime, head on', script: 'ours.mjs', options: { config: 'b' } },
  {
    id: 'ours-c',
    label: 'ours (c) frontmatter, mtime',
    script: 'ours.mjs',
    options: { config: 'c' },
  },
  {
    id: 'ours-d',
    label: 'ours (d) git, then mtime',
    script: 'ours.mjs',
    options: { config: 'd' },
  },
  {
    id: 'ours-e',
    label: 'ours (e) head on, images on',
    script: 'ours.mjs',
    options: { config: 'e' },
  },
  { id: 'sitemap-js', label: 'baseline: sitemap.js', script: 'sitemap-js.mjs', options: {} },
  {
    id: 'walk-fs',
    label: 'floor: walk+stat (fs.readdir, async)',
    script: 'walk.mjs',
    options: { impl: 'fs' },
  },
  {
    id: 'walk-fast-glob',
    label: 'floor: walk+stat (fast-glob)',
    script: 'walk.mjs',
    options: { impl: 'fast-glob' },
  },
  {
    id: 'walk-sync',
    label: 'floor: walk+stat (readdirSync)',
    script: 'walk.mjs',
    options: { impl: 'sync' },
  },
  {
    id: 'heads-async',
    label: 'floor: head reads 4 KiB (async)',
    script: 'heads.mjs',
    options: { mode: 'async' },
  },
  {
    id: 'heads-sync',
    label: 'floor: head reads 4 KiB (sync)',
    script: 'heads.mjs',
    options: { mode: 'sync' },
  },
  {
    id: 'sources-async',
    label: 'floor: source reads (async)',
    script: 'sources.mjs',
    options: { mode: 'async' },
  },
  {
    id: 'sources-sync',
    label: 'floor: source reads (sync)',
    script: 'sources.mjs',
    options: { mode: 'sync' },
  },
  {
    id: 'urls-kept',
    label: 'floor: the URL list kept (memory)',
    script: 'url-list.mjs',
    options: {},
  },
  { id: 'idle', label: 'node, empty child', script: 'idle.mjs', options: {} },
];

/** Names `--only` accepts besides ids and id prefixes (`ours` = ours-a,b,c,d; `walk` = walk-*, ...). */
const ALIASES = {
  floors: ['walk', 'heads', 'sources', 'urls'],
  baseline: ['sitemap-js'],
  sitemapjs: ['sitemap-js'],
};

function matches(token) {
  return MEASUREMENTS.filter((m) => m.id === token || m.id.startsWith(`${token}-`));
}

/**
 * @param {string | undefined} only comma-separated ids, id prefixes or aliases
 * @example selectMeasurements('ours,walk') // ours-a, ours-b, ours-c, ours-d, walk-fs, walk-fast-glob, walk-sync
 */
export function selectMeasurements(only) {
  if (!only) return MEASUREMENTS;
  const wanted = new Set();
  for (const token of only
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const found = (ALIASES[token] ?? [token]).flatMap(matches);
    if (found.length === 0) {
      const names = [
        ...MEASUREMENTS.map((m) => m.id),
        'ours',
        'walk',
        'heads',
        'sources',
        ...Object.keys(ALIASES),
      ];
      throw new Error(`--only: unknown measurement "${token}"; choose from ${names.join(', ')}`);
    }
    for (const measurement of found) wanted.add(measurement);
  }
  return MEASUREMENTS.filter((m) => wanted.has(m));
}
