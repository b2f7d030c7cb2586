/** Pure: renders the results as the plain-text report printed at the end of a run. */

const MB = 1024 * 1024;

const int = (n) => Math.round(n).toLocaleString('en-US');
const fixed = (n, digits) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const percent = (part, whole) => `${fixed((100 * part) / whole, 1)}%`;

/** Columns padded to their widest cell; `align` holds 'l' or 'r' per column. */
export function formatTable(headers, rows, align) {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => row[i].length)),
  );
  const line = (cells) =>
    cells
      .map((cell, i) => (align[i] === 'r' ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

function measurementRows(measurements, summary) {
  return measurements.map(({ id, label }) => {
    const entry = summary[id];
    if (!entry || entry.skipped) return [label, 'not measured', '', '', ''];
    return [
      label,
      fixed(entry.wallMs, 1),
      `${int(entry.wallMinMs)}-${int(entry.wallMaxMs)}`,
      int(entry.cpuMs),
      fixed(entry.maxRssMB, 1),
    ];
  });
}

/** `met` is yes/NO where the target is set at this N, (yes)/(no) where it is only a reference. */
function ratioRows(ratios, pages) {
  return ratios.map((row) => {
    const sign = row.better === 'lower' ? '<=' : '>=';
    const value =
      row.value === null ? 'n/a' : `${fixed(row.value, row.unit === 'x' ? 2 : 1)}${row.unit}`;
    const applies = row.targetPages === pages;
    const met =
      row.value === null ? '' : applies ? (row.met ? 'yes' : 'NO') : `(${row.met ? 'yes' : 'no'})`;
    return [
      row.label,
      value,
      `${sign} ${row.target}${row.unit}`,
      `${int(row.targetPages)} pages`,
      met,
      row.floor ?? '',
    ];
  });
}

/**
 * What the page cache held right after the warm-up and as the runs started, against what the
 * warm-up read; '' where unknown.
 */
function cacheHeld(warm) {
  const read = warm.detail?.bytes;
  const after = warm.detail?.cachedBytes;
  const atRuns = warm.cachedAtRuns ?? [];
  if (!read || !after || atRuns.length === 0) return '';
  const mb = (bytes) => int(bytes / 2 ** 20);
  const least = Math.min(...atRuns);
  const range = `${mb(least)}-${mb(Math.max(...atRuns))} MB`;
  return (
    `; the page cache held ${mb(after)} MB after it and ${range} as the runs started, for ${mb(read)} MB read` +
    (least < read ? ': some runs read part of the tree from disk, so their times spread' : '')
  );
}

function siteLine(site) {
  const s = site.stats;
  const size = site.smallPages ? '2-4 KB pages, --small-pages' : '8-30 KB pages';
  return (
    `site: ${int(s.pages)} pages (${size}, ${fixed(s.htmlBytes / MB, 1)} MB of HTML), ` +
    `${int(s.sources)} Markdown sources (${fixed(s.sourceBytes / MB, 1)} MB); ` +
    `noindex ${percent(s.noindex, s.pages)}, canonical elsewhere ${percent(s.canonicalElsewhere, s.pages)}, ` +
    `hreflang ${percent(s.hreflang, s.pages)}, non-ASCII paths ${percent(s.nonAscii, s.pages)}`
  );
}

/** @returns {string} the whole report */
export function renderReport({
  machine,
  site,
  runs,
  warm,
  measurements,
  summary,
  ratios,
  problems,
  notes,
}) {
  const m = machine;
  const lines = [
    `sitemapkit bench: ${int(site.pages)} pages, median of ${runs} run${runs === 1 ? '' : 's'}, every run in its own process`,
    `machine: ${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB RAM, Node ${m.node}, ${m.platform}, ` +
      `libuv threadpool ${m.threadpool}, load average at start ${m.loadAverage.join(' ')}`,
    siteLine(site),
    warm
      ? `cache: warmed before the first run by one untimed pass reading every file (${int(warm.wallMs)} ms)${cacheHeld(warm)}`
      : 'cache: not warmed (--no-warm): wall times include disk reads; peak RSS does not depend on it',
    '',
    formatTable(
      ['measurement', 'wall ms', 'min-max', 'CPU ms', 'peak RSS MB'],
      measurementRows(measurements, summary),
      ['l', 'r', 'r', 'r', 'r'],
    ),
    '',
    formatTable(
      ['ratio (wall time)', 'value', 'target', 'target at', 'met', 'floor used (fastest of each)'],
      ratioRows(ratios, site.pages),
      ['l', 'r', 'l', 'r', 'l', 'l'],
    ),
  ];
  if (ratios.some((row) => row.targetPages !== site.pages && row.value !== null)) {
    lines.push(
      `(in parentheses: that target is set at another N; at ${int(site.pages)} pages it is a reference)`,
    );
  }
  if (site.smallPages)
    lines.push(
      'note: --small-pages: pages are 2-4 KB, so head reads and I/O differ from 8-30 KB pages',
    );
  lines.push(...notes);
  lines.push(
    problems.length === 0
      ? 'checks: every measurement saw the same pages and sources as the generator wrote'
      : `CHECKS FAILED:\n  ${problems.join('\n  ')}`,
  );
  return lines.join('\n');
}
