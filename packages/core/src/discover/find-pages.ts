/**
 * Finds the pages a build emitted (touches disk) and maps each to its URL, applying the
 * path-level rules: root error pages, include and exclude globs.
 */
import { stat } from 'node:fs/promises';
import { PageTable } from '../columns/page-table.js';
import { SitemapError } from '../errors.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import type { ExclusionReason, SitemapWarning } from '../types.js';
import { type PageRoute, routeFromFile, routeUrl } from '../url/map-file.js';
import { shorten } from '../url/shorten.js';
import { checkOutDir } from './check-out-dir.js';
import { PAGE_FILES } from './page-files.js';
import { type WalkShare, walkFiles } from './walk-files.js';

/**
 * Returns the pages as rows of a table, in walk order (`PageTable.order` sorts them). A page
 * keeps only its file and URL: its route key is read back from the URL when needed
 * (`urlRouteKey`).
 *
 * `outBy` gives the reason a page is out by its route alone (the path rules of select/, applied
 * here as each page is mapped, with no second pass). `onPage` is called with the running count
 * as each page is found, from inside the walk: it is how a caller starts work that can overlap
 * with it. `share` shares the walk of large folders with a helper thread (`walk-files.ts`).
 */
export async function findPages(
  options: ResolvedOptions,
  warnings: SitemapWarning[],
  outBy: (route: PageRoute) => ExclusionReason | undefined,
  onPage?: (count: number) => void,
  share?: WalkShare,
): Promise<PageTable> {
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
  const policy = {
    baseUrl: options.baseUrl,
    trailingSlash: options.trailingSlash,
    format: options.format,
  };
  const pages = new PageTable(options.baseUrl);
  let count = 0;
  // Each page is mapped as it is found: no list of every path is kept beside the records.
  const walked = walkFiles(outDir, {
    ...PAGE_FILES,
    ...(share ? { share } : {}),
    onFile: (file) => {
      onPage?.(++count);
      const route = routeFromFile(file, options.cleanUrls);
      if (!route) return;
      const page = pages.add(file, routeUrl(route, policy));
      const excluded = outBy(route);
      if (excluded) page.excluded = excluded;
    },
  });
  for (const problem of walked.problems) {
    warnings.push({
      code: problem.outside ? 'symlink-outside' : 'page-unreadable',
      message: `${shorten(problem.path)}: ${problem.message}`,
      file: problem.path,
    });
  }
  return pages;
}
