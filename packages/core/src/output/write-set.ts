/**
 * The build's writer: the planned files (plan-files.ts) go into the output folder, with the
 * folder locked, in the plan's order, each as it is rendered; then the old set's files are
 * removed and robots.txt is tended.
 *
 * The set is the unit of atomicity. A sitemap's name ends in a hash of its content, so new
 * content never goes under a name the old index lists: the sitemaps are written first, the
 * index (one fixed name, renamed into place) last, and only then are the old sitemaps removed.
 * A reader sees the whole old set or the whole new one; a build killed at any point leaves the
 * old set whole (or the new one, once its index is in place), and the next build clears the
 * temporary files it left.
 */
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { EntryGroup } from '../entries/build-entries.js';
import { writeFileAtomic } from '../files/write.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import type { SitemapWarning, WrittenFile } from '../types.js';
import { indexFileName } from './names.js';
import { checkOurs, removeLeftovers, removeStale } from './own-files.js';
import { type PlannedFile, planFiles } from './plan-files.js';
import { removeRobotsLines, staleRobotsLines, updateRobotsTxt } from './robots-file.js';
import { lockFolder } from './site-lock.js';

/** What to do when a file under one of the set's names is a user's. */
const NOT_OURS = {
  option: 'filenameBase',
  advice: 'remove or rename it, or set `filenameBase` to write them under another name',
};
const STYLESHEET_NOT_OURS = {
  option: 'stylesheet',
  advice: 'to use yours, set `xslURL` to it instead of `stylesheet`, or remove or rename it',
};

/** Writes one planned file (gzip for a sitemap when asked); a user's file of that name stops the build. */
async function writePlanned(
  file: PlannedFile,
  options: ResolvedOptions,
): Promise<WrittenFile | null> {
  const { outDir, filenameBase, baseUrl } = options;
  const path = join(outDir, file.name);
  const gzip = options.gzip && file.kind === 'sitemap';
  await checkOurs(
    outDir,
    file.name,
    filenameBase,
    file.kind === 'stylesheet' ? STYLESHEET_NOT_OURS : NOT_OURS,
  );
  const data = gzip ? gzipSync(file.xml, { level: 9 }) : file.xml;
  const changed = await writeFileAtomic(path, data);
  if (file.kind === 'stylesheet') return null;
  for (const page of file.pages) page.sitemap = file.name;
  return {
    kind: file.kind,
    url: baseUrl + file.name,
    urlCount: file.urlCount,
    path,
    changed,
    bytes: data.length,
    xmlBytes: file.xml.length,
  };
}

/**
 * Writes the set of `groups` with the folder locked: what a killed build left is cleared, the
 * files are written in the plan's order, and only then the old set's files are removed. No
 * groups (nothing listed) writes nothing and removes the old set. The files come back indexes
 * first, then the sitemaps in order.
 */
export async function writeSet(
  groups: EntryGroup[] | null,
  options: ResolvedOptions,
  warnings: SitemapWarning[],
): Promise<{ files: WrittenFile[]; removed: string[] }> {
  const { outDir, filenameBase } = options;
  const release = await lockFolder(outDir);
  try {
    await removeLeftovers(outDir, filenameBase);
    const sitemaps: WrittenFile[] = [];
    const indexes: WrittenFile[] = [];
    const written = new Set<string>();
    if (groups) {
      // A user's file at the index's name stops the build before anything is written.
      await checkOurs(outDir, indexFileName(filenameBase, 0), filenameBase, NOT_OURS);
      for await (const file of planFiles(groups, options)) {
        const done = await writePlanned(file, options);
        written.add(file.name);
        if (done?.kind === 'index') indexes.unshift(done);
        else if (done) sitemaps.push(done);
      }
    }
    const files = [...indexes, ...sitemaps];
    const removed = await removeStale(outDir, filenameBase, written);
    const indexUrls = indexes.map((f) => f.url);
    if (options.robotsTxt && indexUrls.length > 0) {
      const outcome = await updateRobotsTxt(outDir, indexUrls);
      if (typeof outcome === 'object') {
        warnings.push({
          code: 'robots-txt-skipped',
          message: `${outcome.skipped}; it was left as it is, so add the Sitemap line yourself (or set robotsTxt: false)`,
          file: 'robots.txt',
        });
      }
      if (options.base !== '/') {
        warnings.push({
          code: 'robots-txt-under-base',
          message: `robots.txt was written to ${options.base}robots.txt; crawlers read only /robots.txt, so add the Sitemap line there too (or set robotsTxt: false)`,
        });
      }
    }
    await staleRobotsWarnings(options, warnings);
    return { files, removed };
  } finally {
    await release();
  }
}

/**
 * `Sitemap:` lines of robots.txt that point into the site at a file that is not there (an index
 * this build no longer needs, a generator's sitemap that is gone): said, or with
 * `robotsTxt: 'replace'` taken out.
 */
async function staleRobotsWarnings(
  options: ResolvedOptions,
  warnings: SitemapWarning[],
): Promise<void> {
  const stale = await staleRobotsLines(options.outDir, options.baseUrl);
  if (stale.length === 0) return;
  if (options.robotsTxt === 'replace' && (await removeRobotsLines(options.outDir, stale))) {
    const more = stale.length > 3 ? ` and ${stale.length - 3} more` : '';
    const shown = `${stale.slice(0, 3).join(', ')}${more}`;
    warnings.push({
      code: 'robots-txt-replaced',
      message: `robots.txt listed ${shown}, not in the output folder; ${stale.length === 1 ? 'that Sitemap line was' : 'those Sitemap lines were'} taken out`,
      file: 'robots.txt',
    });
    return;
  }
  for (const url of stale) {
    warnings.push({
      code: 'robots-txt-stale',
      message: `robots.txt lists ${url}, but no such file is in the output folder (a sitemap an earlier build or another tool wrote); remove that Sitemap line, or have the build take it out (robotsTxt: 'replace'; on the command line --robots-txt-replace)`,
      file: 'robots.txt',
    });
  }
}
