/**
 * Finds the pages a build emitted (touches disk) and maps each to its URL, applying the
 * path-level rules: root error pages, include and exclude globs.
 */
import { stat } from 'node:fs/promises';
import picomatch from 'picomatch';
import { SitemapError } from '../errors.js';
import type { ResolvedOptions } from '../options.js';
import type { PageRecord, SitemapWarning } from '../types.js';
import { isRootErrorPage, routeFromFile, routeKey, routeUrl } from '../url/map-file.js';
import { walkFiles } from './walk-files.js';

const HTML_FILE = /\.html?$/i;

/** A page found in outDir, with what later steps need. */
export interface FoundPage {
  record: PageRecord;
  /** Route key: decoded path relative to base, `/blog/post` (`/` for the root). */
  key: string;
}

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
 * `onPage` is called with the running count as each page is found, from inside the walk: it is
 * how a caller starts work that can overlap with it.
 */
export async function findPages(
  options: ResolvedOptions,
  warnings: SitemapWarning[],
  onPage?: (count: number) => void,
): Promise<FoundPage[]> {
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
      code: 'page-unreadable',
      message: `${problem.path}: ${problem.message}`,
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
  const pages: FoundPage[] = [];
  for (const file of walked.files) {
    const route = routeFromFile(file, options.cleanUrls);
    if (!route) continue;
    const key = routeKey(route);
    const record: PageRecord = { file, url: routeUrl(route, policy), lastmodFrom: 'none' };
    if (options.excludeErrorPages && isRootErrorPage(route)) record.excluded = 'error-page';
    else if (include && !include(key)) record.excluded = 'include';
    else if (exclude?.(key)) record.excluded = 'exclude';
    pages.push({ record, key });
  }
  return pages;
}
