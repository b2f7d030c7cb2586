/**
 * Maps every page Hugo writes from a file to that file (touches disk: reads the front matter of
 * `_index` files, and of every page on a multilingual site, for `url`, `draft` and
 * `translationKey`). The pages `hugo list all` lists are keyed by their permalinks; the home and
 * section pages it leaves out (Hugo 0.111) by the URL their `_index` file gives them.
 */
import { resolve } from 'node:path';
import { readFrontmatter } from '../discover/read-frontmatter.js';
import { fileRouteKey } from '../url/map-file.js';
import { indexFiles, type LanguageKeys, placeFile, translationBase } from './hugo-content.js';
import { type ListedPage, permalinkPath } from './hugo-list.js';
import type { ContentMount } from './hugo-mounts.js';
import { indexUrlPath } from './hugo-sections.js';
import type { HugoSettings } from './hugo-settings.js';
import type { TranslatedPage } from './hugo-translations.js';
import { projectPath } from './project-path.js';

/** The pages written from files: route key -> source, and each page for its translations. */
export interface MappedPages {
  pageSources: Record<string, string>;
  /** Filled on a multilingual site only. */
  translated: TranslatedPage[];
}

const INDEX_PATH = /(^|\/)_index\.[^/]+$/;

/**
 * The route key of a URL path under the base path; null for a file that is not a page.
 * @example routeKeyOf('/posts/a/') // '/posts/a'
 * @example routeKeyOf('/posts/a.html') // '/posts/a'
 */
export function routeKeyOf(urlPath: string): string | null {
  return fileRouteKey(urlPath.endsWith('/') ? `${urlPath.slice(1)}index.html` : urlPath.slice(1));
}

/** Whether an `_index` file's front matter keeps its page from being written. */
function notWritten(data: Record<string, unknown>, settings: HugoSettings): boolean {
  const build = data._build ?? data.build;
  const render =
    typeof build === 'object' && build !== null
      ? (build as Record<string, unknown>).render
      : undefined;
  return (
    (data.draft === true && !settings.buildDrafts) ||
    data.headless === true ||
    render === false ||
    render === 'never'
  );
}

function frontmatterOf(file: string): Record<string, unknown> {
  const front = readFrontmatter(file);
  return front.ok ? front.data : {};
}

/**
 * The pages of the site: those `listed` by `hugo list all`, then the `_index` files of `mounts`
 * it did not list. A route key is taken by the first page that claims it.
 * @example mapPages('/site', settings, mounts, [{ path: 'content/a.md', permalink: 'https://e.org/a/' }])
 *   // { pageSources: { '/a': 'content/a.md', '/': 'content/_index.md' }, translated: [] }
 */
export function mapPages(
  root: string,
  settings: HugoSettings,
  mounts: readonly ContentMount[],
  listed: readonly ListedPage[],
): MappedPages {
  const keys: LanguageKeys = {
    known: new Set([...settings.languages.map((l) => l.key), ...settings.disabledLanguages]),
    defaultLanguage: settings.defaultLanguage,
  };
  const multilingual = settings.languages.length > 1;
  const built = new Set(settings.languages.map((l) => l.key));
  const pageSources: Record<string, string> = {};
  const translated: TranslatedPage[] = [];

  const add = (file: string, urlPath: string, node: boolean, data?: Record<string, unknown>) => {
    const key = routeKeyOf(urlPath);
    if (key === null || key in pageSources) return;
    pageSources[key] = projectPath(root, file);
    const place = multilingual ? placeFile(file, mounts, keys) : undefined;
    if (!place || !built.has(place.lang)) return;
    const own = (data ?? frontmatterOf(file)).translationKey;
    const base =
      typeof own === 'string' && own !== '' ? own : translationBase(place.path, keys.known);
    const folder = place.path.includes('/') ? place.path.slice(0, place.path.lastIndexOf('/')) : '';
    translated.push({
      lang: place.lang,
      translationKey: `${node ? 'node' : 'page'}/${base}`,
      urlPath,
      ...(node ? { folder } : {}),
    });
  };

  const listedFiles = new Set<string>();
  for (const page of listed) {
    const file = resolve(root, page.path);
    listedFiles.add(file);
    const urlPath = permalinkPath(page.permalink, settings.baseURL);
    const node = page.kind ? page.kind !== 'page' : INDEX_PATH.test(page.path);
    if (urlPath !== undefined) add(file, urlPath, node);
  }
  for (const file of indexFiles(mounts)) {
    if (listedFiles.has(file)) continue;
    const place = placeFile(file, mounts, keys);
    if (!place || !built.has(place.lang)) continue;
    const data = frontmatterOf(file);
    if (notWritten(data, settings)) continue;
    add(file, indexUrlPath(place.path, place.lang, data.url, settings), true, data);
  }
  return { pageSources, translated };
}
