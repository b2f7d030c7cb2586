/**
 * The one place that decides what a problem with one page does: a warning that says what
 * happens to the page, or, with `strict`, an error that fails the build. Every page-level
 * problem goes through here (an unreadable page, a bad head, frontmatter or date, a URL too
 * long, a page no URL can name), so `strict` means the same for each.
 */
import { SitemapError } from '../errors.js';
import type { SitemapWarning } from '../types.js';

/**
 * A page-level problem: under `strict` it throws, naming the file or URL; otherwise `warning`
 * is said, ending with what happens to the page (`otherwise`: "left out", "not used", ...).
 */
export function pageProblem(
  strict: boolean,
  warnings: SitemapWarning[],
  warning: SitemapWarning,
  otherwise: string,
): void {
  if (strict) {
    throw new SitemapError(
      'invalid-entry',
      `sitemapkit: ${warning.message}; the build fails, as \`strict\` is on`,
      {
        ...(warning.file ? { file: warning.file } : {}),
        ...(warning.url ? { url: warning.url } : {}),
      },
    );
  }
  warnings.push({
    ...warning,
    message: otherwise ? `${warning.message}; ${otherwise}` : warning.message,
  });
}
