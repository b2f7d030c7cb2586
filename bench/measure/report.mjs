/**
 * The protocol every measurement child follows: its options arrive as one JSON argument; it
 * does any untimed preparation, then `measure(work)` times `work` and prints one JSON line
 * (wall ms, CPU ms, peak RSS MB, and what `work` returned) for the runner to read.
 */
import fs from 'node:fs';

/** @returns {Record<string, any>} the options the runner passed */
export function readOptions() {
  return JSON.parse(process.argv[2] ?? '{}');
}

/** A `Name:   123 kB` field of a /proc file, in bytes; null where there is none (not Linux). */
function procBytes(file, name) {
  try {
    const line = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(fs.readFileSync(file, 'utf8'));
    return line ? Number(line[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The page cache's size now (Linux: `Cached` of /proc/meminfo), or null. A machine may keep far
 * less of it than its free memory suggests, and give it back within seconds (a container's or a
 * VM host's limit): each run says what it started with, so a spread of times can be told apart
 * from a cache that was not warm.
 */
export function pageCacheBytes() {
  return procBytes('/proc/meminfo', 'Cached');
}

/**
 * The process's peak RSS in bytes. On Linux, `VmHWM` of /proc/self/status: the high-water mark
 * of this process's own memory, helper threads included. `process.resourceUsage().maxRSS` is
 * not that: Linux carries it over from the parent through fork and exec, so a child of a runner
 * that holds 174 MB (one that has just generated the site) reports at least 174 MB whatever it
 * does. It is the fallback where /proc is not there.
 */
export function peakRssBytes() {
  return procBytes('/proc/self/status', 'VmHWM') ?? process.resourceUsage().maxRSS * 1024;
}

/** Tells the runner this measurement cannot run here (e.g. the core is not built). */
export function skip(reason) {
  process.stdout.write(`${JSON.stringify({ skipped: reason })}\n`);
}

/**
 * Times `work` (wall and CPU) and reports the process's peak RSS, which covers the preparation
 * too. `describe` turns what `work` returned into the reported detail, after the clock stops.
 */
export async function measure(work, describe = (value) => value ?? {}) {
  const cachedBytes = pageCacheBytes();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const peakBytes = peakRssBytes();
  const detail = describe(value);
  const report = {
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    userMs: cpu.user / 1000,
    sysMs: cpu.system / 1000,
    maxRssMB: peakBytes / 1024 / 1024,
    cachedBytes,
    detail,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}
