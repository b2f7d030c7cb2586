/**
 * Where each page Astro emitted comes from, from what Astro itself knows, with no option: the
 * core's `pageSources`.
 *
 * - A static route's page comes from the route's own file (`src/pages/about.astro`, `.md`,
 *   `.mdx`, `.html`).
 * - A dynamic route's page comes from the content collection entry it renders: its params are
 *   matched to an entry id as Astro computes it (the glob loader's `base` wherever it lives, a
 *   frontmatter `slug` replacing the id), from Astro's own content-layer store.
 * - An i18n fallback page comes from the page it falls back to.
 * - Other pages (endpoints, redirects, a dynamic page no entry matches, a route injected by a
 *   package) have none: the core reports them as pages without a source.
 *
 * Emitted files come from the `assets` map of `astro:build:done` (route pattern -> files), so no
 * path rule is guessed. Pure but for `readContentEntries`, which reads the store.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileRouteKey } from '@sitemapkit/core';
import type { IntegrationResolvedRoute } from 'astro';
import { parse } from 'devalue';

/** A content collection entry that has a file. */
export interface ContentEntry {
  collection: string;
  id: string;
  /** Relative to the project root, as Astro records it. */
  filePath: string;
}

/** The parts of a resolved route this module reads (Astro 5 has no `fallbackRoutes`). */
export type Route = Pick<
  IntegrationResolvedRoute,
  'pattern' | 'patternRegex' | 'params' | 'type' | 'origin' | 'entrypoint' | 'generate'
> & { fallbackRoutes?: readonly Route[] };

const STORE_FILE = 'data-store.json';
/** Files a page renders from, as opposed to data files (JSON, YAML). */
const PAGE_FILE = /\.(md|mdx|markdown|mdoc|markdoc|html?)$/i;
/** A folder named like a language: `es`, `pt-br`, `zh-cn`. */
const LANGUAGE_FOLDER = /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i;

/**
 * Every entry with a file in Astro's content-layer store (`<cacheDir>/data-store.json`, written
 * by Astro before the build in devalue's format); none when there is no store.
 */
export function readContentEntries(cacheDir: string): ContentEntry[] {
  const path = join(cacheDir, STORE_FILE);
  if (!existsSync(path)) return [];
  let store: unknown;
  try {
    store = parse(readFileSync(path, 'utf8'));
  } catch {
    return [];
  }
  const entries: ContentEntry[] = [];
  if (!(store instanceof Map)) return entries;
  for (const [collection, items] of store) {
    if (typeof collection !== 'string' || collection.startsWith('meta:')) continue;
    if (!(items instanceof Map)) continue;
    for (const item of items.values()) {
      const { id, filePath } = (item ?? {}) as { id?: unknown; filePath?: unknown };
      if (typeof id === 'string' && typeof filePath === 'string')
        entries.push({ collection, id, filePath });
    }
  }
  return entries;
}

/** `/blog/[...slug]`'s params from a page path (`/blog/en/post`), or null when it does not match. */
function paramsOf(route: Route, path: string): Record<string, string> | null {
  const match = route.patternRegex.exec(path) ?? route.patternRegex.exec(`${path}/`);
  if (!match) return null;
  const params: Record<string, string> = {};
  route.params.forEach((name, i) => {
    const value = match[i + 1];
    // The path is a route key: already decoded.
    if (value !== undefined) params[name.replace(/^\.\.\./, '')] = value;
  });
  return params;
}

/** Entries by id, for the lookups a page makes. */
function indexEntries(entries: readonly ContentEntry[]): Map<string, ContentEntry[]> {
  const byId = new Map<string, ContentEntry[]>();
  for (const entry of entries) byId.set(entry.id, [...(byId.get(entry.id) ?? []), entry]);
  return byId;
}

/** Whether a route names a collection: `src/pages/blog/[...slug].astro` names `blog`. */
function routeNames(route: Route, collection: string): boolean {
  const words = `${route.entrypoint}/${route.pattern}`.toLowerCase().split(/[^a-z0-9_-]+/);
  return words.includes(collection.toLowerCase());
}

/**
 * The entry a dynamic page renders: an entry whose id is the page's params (or its last param),
 * else one whose id ends the last param (a theme that puts folders before the id), else the
 * same without a locale prefix (a page rendered for a locale from the default locale's entry).
 * Among several, the collection the route names; none when still ambiguous.
 */
function entryFor(
  route: Route,
  params: Record<string, string>,
  byId: Map<string, ContentEntry[]>,
  locales: ReadonlySet<string>,
): ContentEntry | undefined {
  const values = Object.values(params).filter((v) => v !== '');
  // `/[...slug]` at the root: the entry of the collection's index.
  const last = values.at(-1) ?? 'index';
  const segments = last.split('/');
  const exact = [values.join('/'), last];
  const suffixes = segments.slice(1).map((_, i) => segments.slice(i + 1).join('/'));
  const first = values.join('/').split('/')[0] ?? '';
  const unlocalised = locales.has(first) ? [values.join('/').slice(first.length + 1)] : [];
  const pick = (ids: string[], needsName: boolean) => {
    for (const id of ids) {
      const all = byId.get(id) ?? [];
      // A page renders a page-like entry, not a data file of the same id (Starlight's `de.json`).
      const pageLike = all.filter((e) => PAGE_FILE.test(e.filePath));
      const found = pageLike.length > 0 ? pageLike : all;
      const named = found.filter((e) => routeNames(route, e.collection));
      if (named.length === 1) return named[0];
      if (!needsName && found.length === 1) return found[0];
    }
    return undefined;
  };
  return pick(exact, false) ?? pick(suffixes, true) ?? pick(unlocalised, false);
}

/** The route's own file, when it is one of the project's (not a package's, not virtual). */
function routeFile(route: Route, root: string): string | undefined {
  if (route.origin !== 'project' || route.entrypoint.includes('node_modules')) return undefined;
  const file = isAbsolute(route.entrypoint) ? route.entrypoint : join(root, route.entrypoint);
  return existsSync(file) ? file : undefined;
}

export interface BuildPages {
  root: string;
  outDir: string;
  routes: readonly Route[];
  /** `astro:build:done`'s `assets`: route pattern -> emitted files. */
  assets: ReadonlyMap<string, readonly URL[]>;
  entries: readonly ContentEntry[];
  /** Locale path prefixes (`es`). */
  localePaths: readonly string[];
}

/**
 * The source of every emitted page that has one: route key -> absolute file.
 * @example pageSourcesOf({ routes, assets, entries, ... })['/blog/en/some-post'] // '/site/src/data/blog/some.md'
 */
export function pageSourcesOf(build: BuildPages): Record<string, string> {
  const byId = indexEntries(build.entries);
  // Astro's locales, and the language folders entry ids start with (Starlight keeps its locales
  // in its own config): where a page has no entry of its own, it renders the default locale's.
  const locales = new Set(build.localePaths);
  for (const { id } of build.entries) {
    const slash = id.indexOf('/');
    if (slash > 0 && LANGUAGE_FOLDER.test(id.slice(0, slash))) locales.add(id.slice(0, slash));
  }
  const sources: Record<string, string> = {};
  const sourceOf = (route: Route, path: string): string | undefined => {
    if (route.params.length === 0) return routeFile(route, build.root);
    const params = paramsOf(route, path) ?? paramsOf(route, withoutLocale(path, locales));
    const entry = params && entryFor(route, params, byId, locales);
    return entry ? join(build.root, entry.filePath) : undefined;
  };
  /** Fallback pages (Astro 7 names them): used where no page of their own was emitted. */
  const fallbacks: Record<string, string> = {};
  for (const route of build.routes) {
    if (route.type !== 'page') continue;
    for (const url of build.assets.get(route.pattern) ?? []) {
      const key = fileRouteKey(relative(build.outDir, fileURLToPath(url)));
      if (key === null) continue;
      const source = sourceOf(route, key);
      if (!source) continue;
      sources[key] = source;
      // A fallback page renders this page for another locale.
      for (const fallback of route.fallbackRoutes ?? []) {
        const params = paramsOf(route, key);
        const path = params && fallback.generate(params);
        if (path) fallbacks[trimSlashes(path)] = source;
      }
    }
  }
  return { ...fallbacks, ...sources };
}

/** `/es/about/` -> `/es/about`: the key form of a generated path. */
function trimSlashes(path: string): string {
  return `/${path.replace(/^\/+|\/+$/g, '')}`;
}

/** `/es/blog/x` -> `/blog/x` when `es` is a locale (Astro 5 files fallback pages with the route). */
function withoutLocale(path: string, locales: ReadonlySet<string>): string {
  const first = path.split('/')[1] ?? '';
  return locales.has(first) ? path.slice(first.length + 1) || '/' : path;
}
