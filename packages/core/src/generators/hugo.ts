/**
 * Detects a Hugo site (hugo-config-file.ts says which files make one) and asks Hugo itself what
 * it builds: `hugo config` for the merged settings (base URL, output folder, languages),
 * `hugo config mounts` for the content folders of each language, and `hugo list all` for the
 * permalink of every page made from a file, so that `slug`, `url`, `permalinks`, page bundles
 * and translated paths are Hugo's to decide. The home and section pages that Hugo 0.111 does not
 * list are mapped from their `_index` files (hugo-sections.ts). When Hugo cannot be run, the
 * config file's own values still say where the site is written and served, with a warning.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { SitemapError } from '../errors.js';
import { safeDecode } from '../url/encode.js';
import { findHugoConfig, type HugoConfigFile } from './hugo-config-file.js';
import { parseConfigLines } from './hugo-go-values.js';
import { withoutLeftovers } from './hugo-leftovers.js';
import { type ListedPage, listedPages } from './hugo-list.js';
import { type ContentMount, contentMounts } from './hugo-mounts.js';
import { mapPages } from './hugo-pages.js';
import { findHugo, runHugo } from './hugo-run.js';
import { type HugoSettings, hugoSettings, lowerKeys } from './hugo-settings.js';
import { i18nOf, pageAlternatesOf } from './hugo-translations.js';
import { projectPath } from './project-path.js';
import type { DetectedSite, Detector } from './types.js';

const INSTALL =
  'install Hugo (https://gohugo.io/installation/) or add it to the project (npm install --save-dev hugo-extended)';

/** The merged settings: `hugo config --format json` (0.112 on), else its text form (0.111). */
async function readSettings(bin: string, root: string): Promise<HugoSettings | string> {
  const json = await runHugo(bin, ['config', '--format', 'json'], root);
  if (json.ok) {
    try {
      return hugoSettings(lowerKeys(JSON.parse(json.stdout)) as Record<string, unknown>);
    } catch {
      // Not JSON after all: read the text form below.
    }
  }
  const text = await runHugo(bin, ['config'], root);
  return text.ok ? hugoSettings(parseConfigLines(text.stdout)) : text.message;
}

/** Each language's content folder, from the settings, for when the mounts cannot be read. */
function mountsFromSettings(root: string, settings: HugoSettings): ContentMount[] {
  return settings.languages.map((l) => ({
    dir: resolve(root, l.contentDir ?? settings.contentDir),
    target: '',
    ...(l.contentDir || l.key === settings.defaultLanguage ? { lang: l.key } : {}),
  }));
}

/**
 * Whether Hugo wrote a page at a URL path in `outDir` (`/fr/posts/` -> `fr/posts/index.html`);
 * true for any path while `outDir` does not exist (detection before a build).
 */
function writtenIn(outDir: string): (urlPath: string) => boolean {
  if (!existsSync(outDir)) return () => true;
  return (urlPath) => {
    const path = safeDecode(urlPath.slice(1));
    return existsSync(join(outDir, path.endsWith('/') || path === '' ? `${path}index.html` : path));
  };
}

/** The site's absolute base URL, ending in `/`; undefined when `baseURL` has no http(s) host. */
function siteOf(baseURL: string): string | undefined {
  if (!/^https?:\/\/[^/]/i.test(baseURL)) return undefined;
  return baseURL.endsWith('/') ? baseURL : `${baseURL}/`;
}

/** What detection can say with no help from Hugo: where the site is written and served. */
function fromConfigOnly(root: string, config: HugoConfigFile, warnings: string[]): DetectedSite {
  const settings = hugoSettings(config.data);
  refuseMultihost(config, settings);
  return detected(
    root,
    config,
    settings,
    mountsFromSettings(root, settings),
    { pageSources: {} },
    warnings,
  );
}

/**
 * Refuses Hugo's multihost mode (a `baseURL` per language): each language is a site of its own,
 * and one sitemap set under the main `baseURL` would list wrong URLs.
 */
function refuseMultihost(config: HugoConfigFile, settings: HugoSettings): void {
  const multihost = settings.languages.find((l) => l.baseURL);
  if (!multihost) return;
  throw new SitemapError(
    'invalid-options',
    `${config.file}: language "${multihost.key}" has its own baseURL (Hugo's multihost mode), so each language is a site of its own: run \`sitemapkit build ${settings.publishDir}/<language> --site <its baseURL> --no-detect\` once per language`,
    { option: 'site', file: config.file },
  );
}

/** The detected site, from Hugo's settings and what was found of its pages. */
function detected(
  root: string,
  config: HugoConfigFile,
  settings: HugoSettings,
  mounts: ContentMount[],
  found: Pick<DetectedSite, 'pageSources' | 'pageAlternates'>,
  warnings: string[],
): DetectedSite {
  const site = siteOf(settings.baseURL);
  const basePath = new URL(settings.baseURL || '/', 'http://hugo.invalid/').pathname;
  const i18n = i18nOf(settings);
  // The folders there are inside the project (a module's, in Hugo's cache, is not the project's).
  const contentDirs = [
    ...new Set(
      mounts
        .filter((m) => existsSync(m.dir))
        .map((m) => projectPath(root, m.dir))
        .filter((dir) => !isAbsolute(dir)),
    ),
  ];
  return {
    generator: 'hugo',
    name: 'Hugo',
    configFile: config.file,
    outDir: settings.publishDir,
    contentDirs,
    ...(site ? { site } : {}),
    ...(basePath !== '/' ? { base: basePath.endsWith('/') ? basePath : `${basePath}/` } : {}),
    // Hugo writes `x/index.html`, or `x.html` served as is under `uglyURLs`.
    cleanUrls: false,
    pageSources: found.pageSources,
    ...(found.pageAlternates && Object.keys(found.pageAlternates).length > 0
      ? { pageAlternates: found.pageAlternates }
      : {}),
    ...(i18n ? { i18n } : {}),
    languages: settings.languages.length,
    warnings,
  };
}

/**
 * The Hugo site at `root`, as Hugo builds it; undefined when `root` is not a Hugo site.
 * @example await detectHugo('my-site') // { generator: 'hugo', outDir: 'public', pageSources: { '/': 'content/_index.md', ... }, ... }
 */
export const detectHugo: Detector = async (root) => {
  const config = findHugoConfig(root);
  if (!config) return undefined;
  const warnings: string[] = [];
  if (config.error) warnings.push(`${config.file} could not be read: ${config.error}`);
  const bin = findHugo(root);
  if (!bin) {
    warnings.push(
      `Hugo site (${config.file}), but no hugo binary was found on PATH or in node_modules/.bin: ${INSTALL}; until then pages have no sources (no git or front matter dates)`,
    );
    return fromConfigOnly(root, config, warnings);
  }
  // Where Hugo will say it writes, as far as its config file tells before Hugo is asked.
  const { publishDir } = hugoSettings(config.data);
  const [settings, mountsOutput, list] = await withoutLeftovers(root, publishDir, () =>
    Promise.all([
      readSettings(bin, root),
      runHugo(bin, ['config', 'mounts'], root),
      runHugo(bin, ['list', 'all'], root),
    ]),
  );
  if (typeof settings === 'string') {
    warnings.push(
      `\`hugo config\` failed for ${config.file}: ${settings}; fix the config so that \`hugo\` builds, until then pages have no sources`,
    );
    return fromConfigOnly(root, config, warnings);
  }
  const mounts = mountsOutput.ok ? contentMounts(mountsOutput.stdout) : [];
  let listed: ListedPage[] = [];
  try {
    if (!list.ok) throw new Error(list.message);
    listed = listedPages(list.stdout, settings);
  } catch (error) {
    warnings.push(
      `\`hugo list all\` failed for ${config.file}: ${(error as Error).message}; pages other than home and section pages have no sources`,
    );
  }
  refuseMultihost(config, settings);
  const usable = mounts.length > 0 ? mounts : mountsFromSettings(root, settings);
  const { pageSources, translated } = mapPages(root, settings, usable, listed);
  // URL paths relative to the base (`/fr/a/`): the site and base a build ends up with place them.
  const pageAlternates = pageAlternatesOf(
    translated,
    settings,
    writtenIn(resolve(root, settings.publishDir)),
  );
  const found = { pageSources, pageAlternates };
  return detected(root, config, settings, usable, found, warnings);
};
