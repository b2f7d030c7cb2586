/**
 * VitePress: a project with a `.vitepress/config.*` in its root or in a docs folder (touches
 * disk). VitePress itself, loaded from the project, resolves that config as `vitepress build`
 * does (`resolveConfig(root, 'build', 'production')`): its pages, rewrites, dynamic routes,
 * locales, `base`, `cleanUrls` and folders. One mapping, {@link vitePressSite}, turns the
 * resolved config into a detected site, for `sitemapkit build` and for the
 * `@sitemapkit/vite/vitepress` hook alike, so the two never disagree on a page's source.
 */
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { walkFiles } from '../discover/walk-files.js';
import { isLanguageTag } from '../url/language-tag.js';
import { fileRouteKey } from '../url/map-file.js';
import { projectPath } from './project-path.js';
import type { DetectedSite, Detector } from './types.js';

/** The parts of VitePress's resolved `SiteConfig` (1.x and 2.x) read here. */
export interface VitePressSiteConfig {
  /** The VitePress root: the folder holding `.vitepress/`. */
  root: string;
  srcDir: string;
  outDir: string;
  /** The config file VitePress loaded; absent when it found none. */
  configPath?: string;
  /** 2.x: where `public/` is (`''` when turned off); 1.x: `srcDir/public` or `vite.publicDir`. */
  publicDir?: string;
  vite?: { publicDir?: string | false };
  cleanUrls?: boolean;
  /** Pages as `.md` paths relative to `srcDir`, before rewrites, dynamic routes expanded. */
  pages: string[];
  rewrites: { map: Record<string, string | undefined> };
  /** 1.x: `{ routes }`; 2.x: the routes themselves. */
  dynamicRoutes?: { routes?: DynamicRoute[] } | DynamicRoute[];
  site: {
    base: string;
    lang?: string;
    locales?: Record<string, { lang?: string } | undefined>;
  };
  sitemap?: { hostname?: string; transformItems?: unknown };
}

interface DynamicRoute {
  /** The template, e.g. `packages/[pkg].md`. */
  route: string;
  /** The page it made, e.g. `packages/alpha.md`. */
  path: string;
}

/** Where the mapping runs, for the paths and messages it gives. */
export interface VitePressSiteContext {
  /** The project folder; every path returned is relative to it. @default config.root */
  root?: string;
  /**
   * How the user gives sitemapkit the site's URL where this runs, for the warning about
   * VitePress's own sitemap. @default '`--site <url>` to sitemapkit build'
   */
  giveSite?: string;
}

/** The locale key VitePress gives the locale served without a prefix. */
const ROOT_LOCALE = 'root';
const MARKDOWN = /\.md$/;
const HTML_FILE = /\.html?$/i;
/** Config file names detection recognises (VitePress 1.x and 2.x load js, ts, mjs, mts). */
const CONFIG_FILES = ['js', 'mjs', 'cjs', 'ts', 'mts', 'cts'].flatMap((ext) => [
  `config.${ext}`,
  `config/index.${ext}`,
]);
/** The folder VitePress projects most often keep their site in, looked at first. */
const DOCS_DIR = 'docs';

/**
 * The resolved config of a VitePress site as a detected site: output and source folders,
 * `base`, `cleanUrls`, the site from `sitemap.hostname`, locales, and every page's source (its
 * `.md` file after rewrites, the template of a dynamic route, or the `public/` HTML file copied
 * as it is).
 * @example vitePressSite(await resolveConfig('docs', 'build', 'production'), { root: '.' })
 *   // { generator: 'vitepress', outDir: 'docs/.vitepress/dist', pageSources: { '/': 'docs/index.md', … }, … }
 */
export function vitePressSite(
  config: VitePressSiteConfig,
  context: VitePressSiteContext = {},
): DetectedSite {
  const root = context.root ?? config.root;
  const configFile = config.configPath
    ? projectPath(root, config.configPath)
    : `${projectPath(root, join(config.root, '.vitepress'))}/config`;
  const warnings: string[] = [];
  const i18n = i18nOf(config, warnings);
  const base = config.site.base;
  const site = config.sitemap?.hostname;
  if (site) warnings.unshift(ownSitemapWarning(config, configFile, context.giveSite));
  return {
    generator: 'vitepress',
    name: 'VitePress',
    configFile,
    outDir: projectPath(root, config.outDir),
    contentDirs: [projectPath(root, config.srcDir)],
    ...(site ? { site } : {}),
    ...(base && base !== '/' ? { base } : {}),
    cleanUrls: config.cleanUrls ?? false,
    pageSources: pageSources(config, root),
    ...(i18n ? { i18n } : {}),
    languages: i18n ? Object.keys(i18n.locales).length : 1,
    warnings,
  };
}

const CLI_SITE = '`--site <url>` to sitemapkit build';

/** VitePress writes its own sitemap.xml when `sitemap.hostname` is set: say so, and what to do. */
function ownSitemapWarning(
  config: VitePressSiteConfig,
  configFile: string,
  giveSite = CLI_SITE,
): string {
  // The command line has no callbacks: there, `exclude` is the way.
  const instead =
    giveSite === CLI_SITE
      ? 'leave pages out with `exclude`'
      : 'leave pages out with `filter` or `exclude`, or change entries with `serialize`';
  const transform = config.sitemap?.transformItems
    ? `; its \`transformItems\` is not applied to ours: ${instead}`
    : '';
  return `VitePress's own sitemap is on too (\`sitemap.hostname\` in ${configFile}), and writes sitemap.xml beside ours: remove VitePress's \`sitemap\` option and give ${giveSite} instead${transform}`;
}

/** Every page's source, relative to `root`: public HTML files first, pages written over them. */
function pageSources(config: VitePressSiteConfig, root: string): Record<string, string> {
  const sources: Record<string, string> = {};
  const publicDir = publicDirOf(config);
  if (publicDir) {
    for (const file of walkFiles(publicDir, { accept: (name) => HTML_FILE.test(name) }).files) {
      const key = fileRouteKey(file);
      if (key !== null) sources[key] = projectPath(root, join(publicDir, file));
    }
  }
  const dynamic = Array.isArray(config.dynamicRoutes)
    ? config.dynamicRoutes
    : (config.dynamicRoutes?.routes ?? []);
  const templateOf = new Map(dynamic.map((r) => [r.path, r.route]));
  for (const page of config.pages) {
    // VitePress writes `x.md` (after rewrites) as `x.html`, whatever `cleanUrls` says.
    const key = fileRouteKey((config.rewrites.map[page] ?? page).replace(MARKDOWN, '.html'));
    if (key !== null)
      sources[key] = projectPath(root, join(config.srcDir, templateOf.get(page) ?? page));
  }
  return sources;
}

/** The folder VitePress copies as it is into the output (none when turned off). */
function publicDirOf(config: VitePressSiteConfig): string {
  if (config.publicDir !== undefined) return config.publicDir;
  const dir = config.vite?.publicDir;
  return dir === false || dir === '' ? '' : resolve(config.srcDir, dir ?? 'public');
}

/**
 * hreflang alternates from VitePress's locales: the key is the path prefix, `lang` the tag
 * (`fr_FR` written `fr-FR`, as hreflang has it). A `lang` no hreflang can carry leaves its
 * locale out, with a warning naming it.
 */
function i18nOf(config: VitePressSiteConfig, warnings: string[]): DetectedSite['i18n'] {
  const locales: Record<string, string> = {};
  for (const [key, locale] of Object.entries(config.site.locales ?? {})) {
    const given = locale?.lang ?? (key === ROOT_LOCALE ? config.site.lang : undefined);
    if (!given) continue;
    const lang = given.replaceAll('_', '-');
    if (isLanguageTag(lang)) locales[key] = lang;
    else
      warnings.push(
        `VitePress's locale "${key}" has lang ${JSON.stringify(given)}, not a language tag such as 'fr' or 'fr-FR'; its pages get no hreflang alternates`,
      );
  }
  if (Object.keys(locales).length < 2 || !(ROOT_LOCALE in locales)) return undefined;
  return { defaultLocale: ROOT_LOCALE, locales };
}

/** The VitePress root under `root` (itself, `docs/`, or one subfolder) and its config file. */
function findVitePressRoot(root: string): { dir: string; configFile: string } | undefined {
  const configIn = (dir: string) =>
    CONFIG_FILES.map((name) => join(dir, '.vitepress', name)).find((file) => existsSync(file));
  let subfolders: string[] = [];
  try {
    subfolders = readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules')
      .map((e) => e.name)
      .sort((a, b) => Number(b === DOCS_DIR) - Number(a === DOCS_DIR) || (a < b ? -1 : 1));
  } catch {
    // An unreadable folder holds no project.
  }
  for (const dir of [root, ...subfolders.map((name) => join(root, name))]) {
    const configFile = configIn(dir);
    if (configFile) return { dir, configFile };
  }
  return undefined;
}

/**
 * The entry of the `vitepress` the project installed: the first `node_modules/vitepress` up from
 * `dir`, as Node looks for it, but never a copy `NODE_PATH` or a global folder holds (a tool's
 * own, not the project's).
 */
function projectVitePressEntry(dir: string): string {
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (existsSync(join(at, 'node_modules', 'vitepress', 'package.json')))
      return createRequire(join(at, 'package.json')).resolve('vitepress');
    if (dirname(at) === at)
      throw Object.assign(new Error('vitepress is not installed'), { code: 'MODULE_NOT_FOUND' });
  }
}

/** VitePress's `resolveConfig`, from the copy the project itself installed. */
async function projectResolveConfig(
  vitePressRoot: string,
): Promise<(root: string, command: string, mode: string) => Promise<VitePressSiteConfig>> {
  const entry = projectVitePressEntry(vitePressRoot);
  const vitepress = (await import(pathToFileURL(entry).href)) as { resolveConfig?: unknown };
  if (typeof vitepress.resolveConfig !== 'function')
    throw new Error(`the vitepress it resolves (${entry}) has no resolveConfig`);
  return vitepress.resolveConfig as never;
}

/**
 * Detects a VitePress project: `.vitepress/config.*` in `root`, in `docs/`, or in another
 * folder of `root`. Its config is resolved by the project's own VitePress; when that fails,
 * the default output folder is assumed and a warning says what to do.
 * @example await detectVitePress('my-docs') // { generator: 'vitepress', outDir: 'docs/.vitepress/dist', … }
 */
export const detectVitePress: Detector = async (root) => {
  const found = findVitePressRoot(root);
  if (!found) return undefined;
  const configFile = projectPath(root, found.configFile);
  let config: VitePressSiteConfig;
  try {
    const resolveConfig = await projectResolveConfig(found.dir);
    config = await resolveConfig(found.dir, 'build', 'production');
  } catch (error) {
    return unreadSite(root, found.dir, configFile, error);
  }
  const detected = vitePressSite(config, { root });
  if (!config.configPath) {
    detected.warnings.push(
      `VitePress does not read ${configFile} (it loads .vitepress/config.{js,ts,mjs,mts}): its site is built with the defaults, and so is this sitemap; rename the file if it is meant to be the config`,
    );
  }
  return detected;
};

/** What detection can say of a VitePress site whose config it could not resolve. */
function unreadSite(
  root: string,
  vitePressRoot: string,
  configFile: string,
  error: unknown,
): DetectedSite {
  const outDir = projectPath(root, join(vitePressRoot, '.vitepress', 'dist'));
  const where = projectPath(root, vitePressRoot);
  const reason = String(error instanceof Error ? error.message : error).split('\n')[0];
  const notInstalled = (error as { code?: string }).code === 'MODULE_NOT_FOUND';
  const cause = notInstalled
    ? `VitePress is not installed in the project (\`vitepress\` does not resolve from ${where}): install the project's dependencies (npm install)`
    : `VitePress could not resolve ${configFile} (${reason}): fix the config, or install what it imports (npm install), so that \`vitepress build\` runs`;
  return {
    generator: 'vitepress',
    name: 'VitePress',
    configFile,
    outDir,
    contentDirs: [where],
    pageSources: {},
    languages: 1,
    warnings: [
      `${cause}; until then the output folder is taken to be ${outDir}, no page is matched to its source, and \`base\`, \`cleanUrls\` and the locales are not read: give them as options if the site sets them`,
    ],
  };
}
