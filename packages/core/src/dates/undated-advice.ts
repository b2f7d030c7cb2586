/**
 * The advice for listed pages without a lastmod: what to do, by why they have none (no source,
 * a shallow clone, file times of a checkout, no evidence at all).
 */
import type { ResolvedOptions } from '../options/resolve-options.js';
import type { SitemapWarning } from '../types.js';
import type { Undated, UndatedReason } from './date-pages.js';

/** What to do about listed pages without a lastmod, by why they have none. */
export function undatedWarnings(
  undated: Undated,
  included: number,
  options: ResolvedOptions,
  warnings: SitemapWarning[],
): void {
  // Sources that are the HTML pages themselves (a Vite app's entries) have no frontmatter to
  // set: their dates come from git history, or from a date in their heads.
  const useGit = (html: boolean, otherwise: string) => {
    if (options.git === false) return 'turn on `git`, or ';
    return html ? 'commit them to git (each is then dated by its last commit), or ' : otherwise;
  };
  const dateThem = (html: boolean) =>
    html
      ? 'add <meta property="article:modified_time" content="2024-05-01"> to their heads'
      : 'set a modified date in their frontmatter (lastmod, updatedDate)';
  const advice: Record<UndatedReason, (n: number, html: boolean) => string> = {
    'no-source': (n) =>
      `${n} of ${included} pages have no source file, so nothing dates them: map their source folders with \`sources\`, or emit <meta property="article:modified_time"> (or JSON-LD dateModified) in their heads`,
    shallow: (n) =>
      `${n} of ${included} pages have no lastmod: the git history of their sources is cut by a shallow clone; fetch the full history (fetch-depth: 0 in CI)`,
    'checkout-time': (n, html) =>
      `${n} of ${included} pages have no lastmod: their sources are not in a git work tree and their file times are all one moment (a fresh copy or an unpacked archive), which says nothing of edits; ${useGit(html, 'build from a git checkout, or ')}${dateThem(html)}`,
    'no-evidence': (n, html) =>
      `${n} of ${included} pages have a source but no date: ${useGit(html, '')}${dateThem(html)}`,
  };
  for (const [reason, { count, examples, html }] of undated) {
    const more = count > examples.length ? ', ...' : '';
    warnings.push({
      code: 'lastmod-unknown',
      message: `${advice[reason](count, html === count)} (${examples.join(', ')}${more})`,
    });
  }
}
