/**
 * `pnpm bench` (node bench/run.mjs): makes or reuses the synthetic site, warms the page cache,
 * runs every selected measurement `--runs` times, each run in its own child process, in
 * rotating order, then prints the table and writes bench/results/<N>.json.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readArgs, USAGE } from './cli-args.mjs';
import { coreBuild } from './core-build.mjs';
import { ensureSite } from './generate-site.mjs';
import { describeMachine } from './machine.mjs';
import { selectMeasurements } from './measurements.mjs';
import { resetOutputs } from './reset-outputs.mjs';
import { ensureGitHistory } from './site/git-history.mjs';
import { spawnMeasurement } from './spawn-child.mjs';
import { checkCounts, computeRatios, summarise } from './summary.mjs';
import { renderReport } from './table.mjs';

const SITES_DIR = path.join(import.meta.dirname, '.sites');
const RESULTS_DIR = path.join(import.meta.dirname, 'results');

function log(message) {
  process.stderr.write(`${message}\n`);
}

/** Names the core build measured, and warns when it changed during the runs. */
function coreNote({ before, after }) {
  if (!before && !after) return ['core: not built'];
  if (before?.fingerprint !== after?.fingerprint) {
    return ['warning: @sitemapkit/core was rebuilt during the runs; the ours rows mix two builds'];
  }
  return [`core: build ${before.fingerprint} of ${before.builtAt}`];
}

/** Warm-cache numbers need the whole tree in RAM; say so when it cannot be. */
function cacheNote(site) {
  const treeBytes = site.stats.htmlBytes + site.stats.sourceBytes;
  if (treeBytes < os.totalmem() / 2) return [];
  const gib = (bytes) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  return [
    `warning: the tree (${gib(treeBytes)}) is more than half of RAM (${gib(os.totalmem())}); the page cache ` +
      'cannot keep it warm, so runs read from disk unevenly. Use --small-pages for N >= 500,000.',
  ];
}

/** `<N>.json` for a full run; `<N>.<only>.json` for `--only`, so it never replaces a full one. */
function resultsName({ pages, only }) {
  if (!only) return `${pages}.json`;
  return `${pages}.${only.replaceAll(/[^a-z0-9-]+/gi, '+')}.json`;
}

/** The list shifted by `by`, so no measurement always runs first (or right after another). */
function rotate(list, by) {
  const shift = by % list.length;
  return list.slice(shift).concat(list.slice(0, shift));
}

/** One child run; a crash becomes `{ failed }` so the other measurements still run. */
async function runOnce(measurement, options) {
  try {
    return await spawnMeasurement(measurement.script, { ...options, ...measurement.options });
  } catch (error) {
    log(error.message);
    return { failed: error.message.split('\n').slice(0, 3).join(' | ') };
  }
}

async function runAll({ root, site, args, measurements }) {
  const runsById = new Map(measurements.map((measurement) => [measurement.id, []]));
  const dropped = new Map();
  /** The page cache's size as each run started. */
  const cached = [];
  for (let run = 0; run < args.runs; run++) {
    for (const measurement of rotate(measurements, run)) {
      if (dropped.has(measurement.id)) continue;
      await resetOutputs(root, site);
      log(`run ${run + 1}/${args.runs}: ${measurement.label}`);
      const outDir = path.join(root, 'out', measurement.id);
      const report = await runOnce(measurement, { root, concurrency: args.concurrency, outDir });
      if (report.skipped)
        dropped.set(measurement.id, `skipped ${measurement.label}: ${report.skipped}`);
      else if (report.failed)
        dropped.set(measurement.id, `FAILED ${measurement.label}: ${report.failed}`);
      else {
        runsById.get(measurement.id).push(report);
        if (report.cachedBytes) cached.push(report.cachedBytes);
      }
    }
  }
  await resetOutputs(root, site);
  return { runsById, dropped: [...dropped.values()], cached };
}

async function main() {
  const args = readArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const measurements = selectMeasurements(args.only);
  const machine = describeMachine();
  const { root, site, cached } = await ensureSite({
    sitesDir: SITES_DIR,
    pages: args.pages,
    smallPages: args.smallPages,
    force: args.regenerate,
    log,
  });
  log(
    cached
      ? `Using the cached site in ${root}`
      : `Generated in ${(site.generatedMs / 1000).toFixed(1)} s`,
  );
  for (const note of cacheNote(site)) log(note);
  // `--generate-only` alone makes the site only: a history of 1,000,000 sources takes an hour.
  const wantsGit = measurements.some((m) => m.id === 'ours-d');
  if (wantsGit && !(args.generateOnly && args.only === undefined))
    await ensureGitHistory(root, log);
  if (args.generateOnly) return;

  await resetOutputs(root, site);
  const coreBefore = await coreBuild();
  let warm = null;
  if (args.warm) {
    log('Warming the page cache (one untimed pass over every file) ...');
    warm = await spawnMeasurement('warm.mjs', { root, concurrency: args.concurrency });
  }
  const {
    runsById,
    dropped,
    cached: cachedAtRuns,
  } = await runAll({ root, site, args, measurements });
  if (warm) warm.cachedAtRuns = cachedAtRuns;

  const summary = summarise(runsById);
  const ratios = computeRatios(summary);
  const problems = checkCounts(summary, site.stats);
  const core = { before: coreBefore, after: await coreBuild() };
  const notes = [
    ...coreNote(core),
    ...cacheNote(site),
    ...(args.warm ? [] : ['--no-warm: the cache was not warmed; wall times include disk reads']),
    ...dropped,
  ];
  const report = {
    machine,
    site,
    runs: args.runs,
    warm,
    measurements,
    summary,
    ratios,
    problems,
    notes,
  };
  console.log(renderReport(report));

  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, resultsName(args));
  const json = {
    date: new Date().toISOString(),
    args,
    machine,
    core,
    site,
    warm,
    summary,
    ratios,
    problems,
    notes,
  };
  await fs.writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
  log(`Results written to ${path.relative(process.cwd(), file)}`);
  if (problems.length > 0 || dropped.some((note) => note.startsWith('FAILED')))
    process.exitCode = 1;
}

main().catch((error) => {
  log(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
