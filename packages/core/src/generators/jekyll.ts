/**
 * Detects a Jekyll site (`_config.yml`, `_config.yaml` or `_config.toml` in the project folder)
 * and asks Jekyll itself which file each source becomes: its permalink styles, `permalink` and
 * `slug` front matter, categories, collections, drafts, future and unpublished posts are
 * Jekyll's to decide, not ours to copy. When Jekyll cannot be run, the config's own values still
 * say where the site is written and served, with a warning that says how to fix it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isMissingDependency } from '../errors.js';
import { fileRouteKey } from '../url/map-file.js';
import { findJekyllConfig, readJekyllConfig } from './jekyll-config.js';
import { type JekyllSite, readJekyllSite } from './jekyll-read-site.js';
import { isInsideProject, projectPath } from './project-path.js';
import type { DetectedSite, Detector } from './types.js';

/** `path` relative to `from` when it lies inside it (not `from` itself); else undefined. */
function inside(from: string, path: string): string | undefined {
  return isInsideProject(from, path) ? projectPath(from, path) : undefined;
}

/** A `baseurl` as the core's `base`; undefined for the root. */
function basePath(baseurl: string | null | undefined): string | undefined {
  const trimmed = baseurl?.trim();
  return trimmed && trimmed !== '/' ? trimmed : undefined;
}

/**
 * Hexo also keeps a `_config.yml` in the project folder; its package.json names it.
 */
function isHexoProject(root: string): boolean {
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    return Boolean(pkg?.dependencies?.hexo ?? pkg?.devDependencies?.hexo);
  } catch {
    return false;
  }
}

/**
 * Every page Jekyll writes from a file of the project, keyed by the route key of the file it
 * writes (`about/index.html` -> `/about`); files that are not HTML, files no source makes and
 * sources outside the project (a theme gem's) are left out. A later file written to the same
 * place wins, as in Jekyll's own write.
 */
function pageSourcesOf(site: JekyllSite): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const file of site.files) {
    if (!file.source) continue;
    const written = inside(site.destination, file.destination);
    const key = written && fileRouteKey(written);
    const source = inside(site.cwd, file.source);
    if (key && source) sources[key] = source;
  }
  return sources;
}

/** The source folder, then the written collections' folders that exist, for the summary. */
function contentDirsOf(site: JekyllSite): string[] {
  const dirs = [projectPath(site.cwd, site.source)];
  for (const dir of site.collections) {
    const rel = inside(site.cwd, dir);
    if (rel && !dirs.includes(rel) && existsSync(dir) && statSync(dir).isDirectory())
      dirs.push(rel);
  }
  return dirs;
}

/**
 * The Jekyll site at `root`, or undefined when `root` has no Jekyll config.
 * @example const site = await detectJekyll('my-blog'); site?.pageSources['/about'] // 'about.md'
 */
export const detectJekyll: Detector = async (root) => {
  const configFile = findJekyllConfig(root);
  if (!configFile || isHexoProject(root)) return undefined;
  const read = await readJekyllSite(root);
  const detected: DetectedSite = {
    generator: 'jekyll',
    name: 'Jekyll',
    configFile,
    outDir: '_site',
    contentDirs: ['.'],
    pageSources: {},
    languages: 1,
    warnings: read.notes.map((note) => `${configFile}: ${note}`),
  };
  if (read.ok) {
    const { site } = read;
    const base = basePath(site.baseurl);
    return {
      ...detected,
      outDir: projectPath(site.cwd, site.destination),
      contentDirs: contentDirsOf(site),
      ...(site.url?.trim() ? { site: site.url.trim() } : {}),
      ...(base ? { base } : {}),
      pageSources: pageSourcesOf(site),
    };
  }
  detected.warnings.push(
    `${configFile}: could not ask Jekyll which page each source makes: ${read.problem}; ${read.fix}. Pages are listed without their sources, so they are dated only by their HTML`,
  );
  try {
    const config = await readJekyllConfig(root, configFile);
    const base = basePath(config.baseurl);
    return {
      ...detected,
      // Jekyll resolves both against the folder it runs in.
      outDir: projectPath(root, config.destination),
      contentDirs: [projectPath(root, config.source)],
      ...(config.url ? { site: config.url } : {}),
      ...(base ? { base } : {}),
    };
  } catch (error) {
    if (isMissingDependency(error)) throw error;
    detected.warnings.push(
      `${configFile}: not valid ${configFile.endsWith('.toml') ? 'TOML' : 'YAML'} (${(error as Error).message.split('\n')[0]}); the output folder is taken to be _site`,
    );
    return detected;
  }
};
