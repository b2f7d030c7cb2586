/**
 * Whether source modification times mean anything.
 *
 * After a fresh clone, a copy or an archive extraction every file carries the time it was
 * written to disk, all within seconds: those times say nothing about when a page changed. When
 * at least MIN_FILES times are known and MIN_SHARE of them fall within WINDOW_MS of each other,
 * the times are treated as unknown. The caller judges every source file git says nothing of,
 * not only those matched to a page, so a small site is judged too; a single file cannot be.
 */
export const MIN_FILES = 2;
export const MIN_SHARE = 0.9;
export const WINDOW_MS = 10_000;

/**
 * Whether `times` are meaningful (see above). A `Float64Array` is sorted in place, as the
 * caller's scratch: a copy of a million sources' times took 8 MB more at the build's peak.
 */
export function mtimesAreMeaningful(times: ArrayLike<number>): boolean {
  if (times.length < MIN_FILES) return true;
  const sorted = times instanceof Float64Array ? times : Float64Array.from(times);
  sorted.sort();
  const needed = Math.ceil(sorted.length * MIN_SHARE);
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) > WINDOW_MS) start++;
    if (end - start + 1 >= needed) return false;
  }
  return true;
}
