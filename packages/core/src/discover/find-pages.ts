/**
 * Finds the pages a build emitted (touches disk) and maps each to its URL, applying the
 * path-level rules: root error pages, include and exclude globs.
 */
import { stat } from 'node:fs/promises';
import picomatch from 'picomatch';
import { SitemapError } from '../errors.js';
import { flat } from '../flat-string.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import type { PageRecord, SitemapWarning } from '../types.js';
import { isErrorPage, routeFromFile, routeKey, routeUrl } from '../url/map-file.js';
import { shorten } from '../url/shorten.js';
import { checkOutDir } from './check-out-dir.js';
import { walkFiles } from './walk-files.js';

const HTML_FILE = /\.html?$/i;

export function matcher(globs: readonly string[]): ((path: string) => boolean) | null {
  if (globs.length === 0) return null;
  const match = picomatch(
    globs.map((g) => (g.startsWith('/') ? g : `/${g}`).replace(/(.)\/$/, '$1')),
    { dot: true },
  );
  // `/blog/**` also matches `/blog` itself.
  return (path) => match(path) || match(`${path === '/' ? '' : path}/`);
}

/**
 * Returns a record per page, in walk order. A page keeps only its file and URL: its route key
 * is read back from the URL when needed (`urlRouteKey`).
 *
 * `onPage` is called with the running count as each page is found, from inside the walk: it is
 * how a caller starts work that can overlap with it.
 */
export async function findPages(
  options: ResolvedOptions,
  warnings: SitemapWarning[],
  onPage?: (count: number) => void,
): Promise<PageRecord[]> {
  const { outDir } = options;
  let isDir = false;
  try {
    isDir = (await stat(outDir)).isDirectory();
  } catch {
    /* reported below */
  }
  if (!isDir) {
    throw new SitemapError(
      'outdir-missing',
      `sitemapkit: outDir ${outDir} does not exist or is not a folder`,
      {
        option: 'outDir',
        file: outDir,
      },
    );
  }
  if (!options.force) checkOutDir(outDir);
  let count = 0;
  const walked = walkFiles(outDir, {
    accept: (name) => {
      if (!HTML_FILE.test(name)) return false;
      onPage?.(++count);
      return true;
    },
    skipDir: (name) => name.startsWith('.') || name === 'node_modules',
  });
  for (const problem of walked.problems) {
    warnings.push({
      code: problem.outside ? 'symlink-outside' : 'page-unreadable',
      message: `${shorten(problem.path)}: ${problem.message}`,
      file: problem.path,
    });
  }
  const include = matcher(options.include);
  const exclude = matcher(options.exclude);
  const policy = {
    baseUrl: options.baseUrl,
    trailingSlash: options.trailingSlash,
    format: options.format,
  };
  const pages: PageRecord[] = [];
  for (const file of walked.files) {
    const route = routeFromFile(file, options.cleanUrls);
    if (!route) continue;
    const key = include || exclude ? routeKey(route) : '';
    const record: PageRecord = {
      file: flat(file),
      url: flat(routeUrl(route, policy)),
      lastmodFrom: 'none',
    };
    if (options.excludeErrorPages && isErrorPage(route, options.i18n?.locales))
      record.excluded = 'error-page';
    else if (include && !include(key)) record.excluded = 'include';
    else if (exclude?.(key)) record.excluded = 'exclude';
    pages.push(record);
  }
  return pages;
}
