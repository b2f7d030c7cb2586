/**
 * Warnings are capped per code: at most `MAX_WARNINGS_PER_CODE` of each, in their order, and one
 * more of that code counting the rest. A site with thousands of bad pages gets a screen, not a
 * log. A stage that meets many pages keeps only the first ones it names and says how many more
 * there were with `moreWarnings`, so nothing grows with the site; `capWarnings` counts those in.
 */
import type { SitemapWarning } from './types.js';

/** Warnings of one code past this many are counted in one last warning of that code. */
export const MAX_WARNINGS_PER_CODE = 20;

/** How many warnings each "more" warning stands for. */
const standsFor = new WeakMap<SitemapWarning, number>();

/**
 * For a stage that named the first `MAX_WARNINGS_PER_CODE` of `total` warnings of `code`: the one
 * warning standing for the rest (`describe` says them), or undefined when there is no rest.
 * @example moreWarnings('lastmod-future', 1000, (n) => `${n} more dates after the build started were not used`)
 */
export function moreWarnings(
  code: string,
  total: number,
  describe: (more: number) => string,
): SitemapWarning | undefined {
  const more = total - MAX_WARNINGS_PER_CODE;
  if (more <= 0) return undefined;
  const warning = { code, message: describe(more) };
  standsFor.set(warning, more);
  return warning;
}

/** The warnings as a build returns them: at most `MAX_WARNINGS_PER_CODE` of each code. */
export function capWarnings(warnings: readonly SitemapWarning[]): SitemapWarning[] {
  const seen = new Map<string, number>();
  const kept: SitemapWarning[] = [];
  for (const warning of warnings) {
    const counted = seen.get(warning.code) ?? 0;
    const n = counted + (standsFor.get(warning) ?? 1);
    seen.set(warning.code, n);
    // A "more" warning that still fits says it best; past the cap, the last warning counts all.
    if (n <= MAX_WARNINGS_PER_CODE) kept.push(warning);
  }
  for (const [code, n] of seen) {
    if (n > MAX_WARNINGS_PER_CODE) {
      kept.push({
        code,
        message: `${n - MAX_WARNINGS_PER_CODE} more ${code} warnings like these (${n} in all; the report lists every page)`,
      });
    }
  }
  return kept;
}
