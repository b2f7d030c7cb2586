/**
 * Refuses an output folder that is not a site's: the filesystem root, the home folder or one
 * above it, or a folder with no HTML file near its top. Cheap: a few `readdir` calls, before
 * the walk that would otherwise list (and the write that would touch) a whole disk.
 */
import { type Dirent, readdirSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { SitemapError } from '../errors.js';

const HTML_FILE = /\.html?$/i;
/** How deep, and through how many folders, the search for a first HTML file goes. */
const PROBE_DEPTH = 3;
const PROBE_FOLDERS = 1000;

function refuse(outDir: string, why: string): never {
  throw new SitemapError(
    'outdir-refused',
    `sitemapkit: outDir ${outDir} ${why}; it does not look like a site's build output, so nothing was read or written. Point outDir at the folder the build wrote (dist, public, _site), or set \`force\` to build there anyway`,
    { option: 'outDir', file: outDir },
  );
}

/** Whether an HTML file is in `dir` or in its folders down to `PROBE_DEPTH` levels. */
function hasHtmlNearTop(dir: string): boolean {
  let level = [dir];
  let read = 0;
  for (let depth = 0; depth <= PROBE_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const folder of level) {
      if (read++ >= PROBE_FOLDERS) return true; // a large tree: the walk decides
      let entries: Dirent[];
      try {
        entries = readdirSync(folder, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) {
        if ((entry.isFile() || entry.isSymbolicLink()) && HTML_FILE.test(entry.name)) return true;
        if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
          next.push(`${folder}/${entry.name}`);
      }
    }
    level = next;
  }
  return false;
}

/**
 * Throws when `outDir` (an existing folder) is not a site's output folder: `outdir-refused` for
 * the root or home, `outdir-empty` when no HTML file is near its top.
 */
export function checkOutDir(outDir: string): void {
  const real = realpathSync(outDir);
  if (dirname(real) === real) refuse(outDir, 'is the root of the filesystem');
  const home = homedir();
  if (home && (real === home || home.startsWith(`${real}/`))) {
    refuse(outDir, real === home ? 'is the home folder' : 'holds the home folder');
  }
  if (!hasHtmlNearTop(real)) {
    throw new SitemapError(
      'outdir-empty',
      `sitemapkit: no HTML pages found in ${outDir} (none in its top ${PROBE_DEPTH + 1} levels); is it the build's output folder? Set \`force\` to walk all of it`,
      { option: 'outDir', file: outDir },
    );
  }
}
