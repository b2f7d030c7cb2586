/**
 * The protocol every measurement child follows: its options arrive as one JSON argument; it
 * does any untimed preparation, then `measure(work)` times `work` and prints one JSON line
 * (wall ms, CPU ms, peak RSS MB, and what `work` returned) for the runner to read.
 */

/** @returns {Record<string, any>} the options the runner passed */
export function readOptions() {
  return JSON.parse(process.argv[2] ?? '{}');
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
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const { maxRSS } = process.resourceUsage();
  const detail = describe(value);
  const report = {
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    userMs: cpu.user / 1000,
    sysMs: cpu.system / 1000,
    maxRssMB: maxRSS / 1024,
    detail,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}
