/**
 * Which static site generator builds a project folder, and what its config says: the one entry
 * `sitemapkit build` asks before a build. Each generator's detector looks for its config file
 * first (cheap), and only then asks the generator how its sources map to URLs.
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { detectEleventy } from './eleventy.js';
import { detectHugo } from './hugo.js';
import { detectJekyll } from './jekyll.js';
import { isInsideProject } from './project-path.js';
import type { DetectedSite, Detector } from './types.js';
import { detectVitePress } from './vitepress.js';

/**
 * In this order: a project with two configs is taken as the first's. VitePress comes last, as it
 * also looks in subfolders (`docs/`): a config in the project's own folder goes first.
 */
const DETECTORS: readonly Detector[] = [detectHugo, detectEleventy, detectJekyll, detectVitePress];

/** A folder by its real path where it exists (symlinks, letter case), else as resolved. */
function realFolder(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/** Whether the site writes into `outDir` (resolved from `root`, as the core resolves it). */
function writesInto(site: DetectedSite, root: string, outDir: string): boolean {
  return realFolder(resolve(root, outDir)) === realFolder(resolve(root, site.outDir));
}

/**
 * The generator of the project at `root` and what its config gives, or undefined for a folder
 * no detector recognises (a build then needs its output folder and `--site`). With `outDir`, the
 * first generator that writes there: a repository can hold two sites (a Jekyll `_config.yml` at
 * the top, a VitePress site in `docs/`); when none writes there, the first found, for the line
 * that says why it is not used.
 * @example await detectSite('my-hugo-site') // { generator: 'hugo', outDir: 'public', ... }
 */
export async function detectSite(root: string, outDir?: string): Promise<DetectedSite | undefined> {
  let first: DetectedSite | undefined;
  for (const detect of DETECTORS) {
    const seen = await detect(root);
    if (!seen) continue;
    const found = keepInsideProject(seen, root);
    if (outDir === undefined || writesInto(found, root, outDir)) return found;
    first ??= found;
  }
  return first;
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

/** Hosts that are no one's deployed site: the reserved example domains, and this machine. */
const PLACEHOLDER_HOST =
  /^(?:(?:[^.]+\.)*(?:example\.(?:com|org|net)|localhost|test|invalid|example)|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)\.?$/i;

/** A warning when the detected site URL is a placeholder (`hugo new site` writes example.org). */
function placeholderWarning(site: DetectedSite): string | undefined {
  if (!site.site) return undefined;
  let host: string;
  try {
    host = new URL(site.site).hostname;
  } catch {
    return undefined;
  }
  if (!PLACEHOLDER_HOST.test(host)) return undefined;
  return `${site.configFile} gives the site URL ${site.site}, which is no deployed site's (a placeholder, or this machine): every URL is listed on it; give the deployed URL with \`site\` (or set it in ${site.configFile})`;
}

/**
 * The site with only the page sources inside the project folder (a theme's content in Hugo's
 * module cache, an Eleventy input above the project, is not the project's to read), and a warning
 * counting those left out, as their pages lose their dates. One pass, as each site is found.
 * @example keepInsideProject(site, '/p').pageSources // without '../shared/b.md'
 */
export function keepInsideProject(site: DetectedSite, root: string): DetectedSite {
  const kept: Record<string, string> = {};
  const outside: string[] = [];
  for (const [key, file] of Object.entries(site.pageSources)) {
    if (isInsideProject(root, file)) kept[key] = file;
    else outside.push(file);
  }
  if (outside.length === 0) return site;
  const warning = `${outside.length} page sources are outside the project folder (${outside[0]}${outside.length > 1 ? ', ...' : ''}), so they are not read and their pages are dated without them; run from the folder that holds them (\`root\`)`;
  return { ...site, pageSources: kept, warnings: [...site.warnings, warning] };
}

/**
 * What of a detected site a build uses, with the lines that say so: the site, when the build
 * writes into the folder the generator writes (a `<outDir>` given that is another folder means
 * another site: a Vite app in a repository whose `docs/` is a VitePress site); what is wrong with
 * the config's site URL (a placeholder, a local address), when no `site` is given.
 * @example detectionFor(hugoSite, { outDir: 'dist' }, 'site').detected // undefined: Hugo writes public/
 */
export function detectionFor(
  found: DetectedSite | undefined,
  given: { outDir?: string; site?: string },
  root: string,
): { detected: DetectedSite | undefined; notes: string[] } {
  if (!found) return { detected: undefined, notes: [] };
  if (given.outDir !== undefined && !writesInto(found, root, given.outDir)) {
    return {
      detected: undefined,
      notes: [
        `${found.name} site found (${found.configFile}), not used: it writes ${folder(found.outDir)}, not ${folder(given.outDir)}`,
      ],
    };
  }
  // What is wrong with the config's site URL matters only when it is the one used.
  const about =
    given.site === undefined ? [found.siteWarning, placeholderWarning(found)] : [undefined];
  const more = about.filter((w): w is string => w !== undefined);
  const detected = more.length > 0 ? { ...found, warnings: [...found.warnings, ...more] } : found;
  return { detected, notes: [describeDetected(detected)] };
}
