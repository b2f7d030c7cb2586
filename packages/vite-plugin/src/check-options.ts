/**
 * The one options check of this package's three entries (Vite, VitePress, SvelteKit): the options
 * their framework owns are refused with where to set them instead, and the rest go through the
 * core's own check, all problems listed at once, when the config is loaded.
 */
import {
  isSitemapError,
  resolveOptions,
  SitemapError,
  type SitemapOptions,
} from '@sitemapkit/core';

/**
 * Throws one `SitemapError` (code `invalid-options`) listing every problem, or returns.
 * @example checkOptions({ site: 'https://e.com', outDir: 'x' }, { outDir: "comes from Vite's `build.outDir`; set it there" })
 *   // throws: "`outDir` comes from Vite's `build.outDir`; set it there"
 */
export function checkOptions(
  options: object,
  owned: Readonly<Record<string, string>>,
  /** Stand-ins for options the framework may still give (VitePress's `sitemap.hostname`). */
  stand: Partial<SitemapOptions> = {},
): void {
  const given = options as Record<string, unknown>;
  const problems = Object.entries(owned)
    .filter(([key]) => given[key] !== undefined)
    .map(([key, where]) => `\`${key}\` ${where}`);
  try {
    // The folder is the framework's, known at build time.
    const rest = Object.fromEntries(Object.entries(given).filter(([key]) => !(key in owned)));
    resolveOptions({ ...stand, ...rest, outDir: '.' } as SitemapOptions);
  } catch (error) {
    if (!isSitemapError(error)) throw error;
    problems.push(...error.problems);
  }
  if (problems.length === 0) return;
  const list = problems.map((p) => `  - ${p}`).join('\n');
  throw new SitemapError('invalid-options', `sitemapkit: invalid options:\n${list}`, {}, problems);
}
