/**
 * Which static site generator builds a project folder, and what its config says: the one entry
 * `sitemapkit build` asks before a build. Each generator's detector looks for its config file
 * first (cheap), and only then asks the generator how its sources map to URLs.
 */
import { detectEleventy } from './eleventy.js';
import { detectHugo } from './hugo.js';
import { detectJekyll } from './jekyll.js';
import type { DetectedSite, Detector } from './types.js';
import { detectVitePress } from './vitepress.js';

/** In this order: a project with two configs is taken as the first's. */
const DETECTORS: readonly Detector[] = [detectHugo, detectVitePress, detectEleventy, detectJekyll];

/**
 * The generator of the project at `root` and what its config gives, or undefined for a folder
 * no detector recognises (a build then needs its output folder and `--site`).
 * @example await detectSite('my-hugo-site') // { generator: 'hugo', outDir: 'public', ... }
 */
export async function detectSite(root: string): Promise<DetectedSite | undefined> {
  for (const detect of DETECTORS) {
    const found = await detect(root);
    if (found) return found;
  }
  return undefined;
}

/** A folder as the summary line shows it: relative, with a trailing slash. */
function folder(path: string): string {
  const shown = path.replaceAll('\\', '/').replace(/\/+$/, '');
  return `${shown === '' ? '.' : shown}/`;
}

/**
 * The one line saying what detection found.
 * @example describeDetected(hugoSite) // 'Hugo site, content/ -> public/, 3 languages'
 */
export function describeDetected(site: DetectedSite): string {
  const content = site.contentDirs.length > 0 ? site.contentDirs.map(folder).join(', ') : '.';
  const languages = site.languages > 1 ? `, ${site.languages} languages` : '';
  return `${site.name} site, ${content} -> ${folder(site.outDir)}${languages}`;
}
