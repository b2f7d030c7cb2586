/** Pure: medians per measurement, the ratios the targets are stated in, and count checks. */

/** Targets from the issue; ratios are for 100,000 pages, peak RSS for 1,000,000. */
export const TARGETS = {
  ratioPages: 100_000,
  rssPages: 1_000_000,
  oursAOverWalk: 1.5,
  oursBOverWalkHeads: 1.3,
  oursCOverWalkSources: 2,
  sitemapJsOverOursA: 3,
  gitOverWalk: 0.3,
  peakRssMB: 256,
};

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * @param {Map<string, object[]>} runsById the child reports per measurement id
 * @returns {Record<string, object>} wall/CPU medians, wall range, peak RSS (max over runs)
 */
export function summarise(runsById) {
  const summary = {};
  for (const [id, runs] of runsById) {
    if (runs.length === 0) {
      summary[id] = { skipped: true };
      continue;
    }
    const walls = runs.map((run) => run.wallMs);
    summary[id] = {
      wallMs: median(walls),
      wallMinMs: Math.min(...walls),
      wallMaxMs: Math.max(...walls),
      cpuMs: median(runs.map((run) => run.cpuMs)),
      maxRssMB: Math.max(...runs.map((run) => run.maxRssMB)),
      medianRssMB: median(runs.map((run) => run.maxRssMB)),
      detail: runs.at(-1).detail,
      runs,
    };
  }
  return summary;
}

/**
 * A floor is the fastest way measured to do that bare I/O: the smallest median among the
 * measurements whose id starts with `family` (walk-fs, walk-fast-glob, walk-sync, ...).
 * @returns {{ ms: number, id: string } | undefined}
 */
export function floor(summary, family) {
  let best;
  for (const [id, entry] of Object.entries(summary)) {
    if (!id.startsWith(`${family}-`) || entry.wallMs === undefined) continue;
    if (!best || entry.wallMs < best.ms) best = { ms: entry.wallMs, id };
  }
  return best;
}

function sum(...floors) {
  if (floors.some((part) => part === undefined)) return undefined;
  return {
    ms: floors.reduce((total, part) => total + part.ms, 0),
    id: floors.map((part) => part.id).join(' + '),
  };
}

/** Wall time ours (d), git dates on, takes beyond ours (a), the same build without them. */
function gitCost(summary) {
  const withGit = summary['ours-d']?.wallMs;
  const without = summary['ours-a']?.wallMs;
  return withGit === undefined || without === undefined ? undefined : withGit - without;
}

function ratio(label, numerator, denominator, target, better) {
  const row = { label, value: null, target, better, floor: denominator?.id };
  if (numerator === undefined || denominator === undefined) return row;
  const value = numerator / denominator.ms;
  return { ...row, value, met: better === 'lower' ? value <= target : value >= target };
}

/**
 * The ratios the targets are stated in; `floor` names the measurements the denominator used.
 * @returns {{ label: string, value: number | null, unit: string, target: number, better: 'lower' | 'higher', met?: boolean, floor?: string, targetPages: number }[]}
 */
export function computeRatios(summary) {
  const walk = floor(summary, 'walk');
  const oursA = summary['ours-a']?.wallMs;
  const rows = [
    ratio('ours(a) / walk+stat', oursA, walk, TARGETS.oursAOverWalk, 'lower'),
    ratio(
      'ours(b) / (walk+stat + head reads)',
      summary['ours-b']?.wallMs,
      sum(walk, floor(summary, 'heads')),
      TARGETS.oursBOverWalkHeads,
      'lower',
    ),
    ratio(
      'ours(c) / (walk+stat + source reads)',
      summary['ours-c']?.wallMs,
      sum(walk, floor(summary, 'sources')),
      TARGETS.oursCOverWalkSources,
      'lower',
    ),
    ratio(
      '(ours(d) - ours(a)) / walk+stat: what git dates add',
      gitCost(summary),
      walk,
      TARGETS.gitOverWalk,
      'lower',
    ),
    ratio(
      'sitemap.js / ours(a)',
      summary['sitemap-js']?.wallMs,
      oursA === undefined ? undefined : { ms: oursA, id: 'ours-a' },
      TARGETS.sitemapJsOverOursA,
      'higher',
    ),
  ].map((row) => ({ ...row, unit: 'x', targetPages: TARGETS.ratioPages }));
  const ours = ['ours-a', 'ours-b', 'ours-c', 'ours-d']
    .map((id) => summary[id]?.maxRssMB)
    .filter((mb) => mb !== undefined);
  const peak = ours.length > 0 ? Math.max(...ours) : undefined;
  const rss = ratio(
    'peak RSS of ours (max of a, b, c, d)',
    peak,
    { ms: 1, id: undefined },
    TARGETS.peakRssMB,
    'lower',
  );
  return [...rows, { ...rss, unit: ' MB', targetPages: TARGETS.rssPages }];
}

/** Expected counts from the generator's marker vs what each child reported. */
export function checkCounts(summary, stats) {
  const problems = [];
  const expect = (id, what, actual, expected) => {
    if (actual !== expected) problems.push(`${id}: ${what} = ${actual}, the site has ${expected}`);
  };
  const indexable = stats.pages - stats.errorPages;
  for (const [id, entry] of Object.entries(summary)) {
    const detail = entry.detail;
    if (!detail) continue;
    if (id.startsWith('walk')) {
      expect(id, 'pages', detail.pages, stats.pages);
      expect(id, 'sources', detail.sources, stats.sources);
    }
    if (id.startsWith('heads') || id === 'sitemap-js' || id === 'urls-kept')
      expect(id, 'pages', detail.pages, stats.pages);
    if (id.startsWith('sources')) expect(id, 'sources', detail.sources, stats.sources);
    if (id.startsWith('ours')) {
      expect(id, 'pages found', detail.pages.found, stats.pages);
      const headExclusions =
        id === 'ours-b' || id === 'ours-e' ? stats.noindex + stats.canonicalElsewhere : 0;
      expect(id, 'pages included', detail.pages.included, indexable - headExclusions);
      expect(id, 'URLs written', detail.urls, indexable - headExclusions);
    }
    if (id === 'ours-b') {
      expect(id, 'excluded as noindex', detail.pages.excluded.noindex ?? 0, stats.noindex);
      expect(
        id,
        'excluded as canonical',
        detail.pages.excluded.canonical ?? 0,
        stats.canonicalElsewhere,
      );
    }
  }
  return problems;
}
