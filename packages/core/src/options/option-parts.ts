/**
 * The options that need more than a default: site, base, sources, page sources and alternates,
 * i18n, date fields, head rules, images, lastmod. Each has its check (a row's `check` in the
 * options table) and its resolution, which resolveOptions calls once every check has passed:
 * a resolution never finds a problem. Pure.
 */
import { resolve } from 'node:path';
import { type DateFields, normaliseFieldName } from '../dates/frontmatter-fields.js';
import { parseLastmod } from '../dates/w3c-datetime.js';
import type { LastmodSource, LinkItem, SitemapOptions, SourceDir } from '../types.js';
import { basePathProblem } from '../url/base-path.js';
import { encodePath, encodeUrl, safeDecode } from '../url/encode.js';
import { isLanguageTag } from '../url/language-tag.js';
import { type Check, isPlainObject } from './option-checks.js';

/** Which head rules apply; each can be turned off. */
export interface HeadRules {
  noindex: boolean;
  canonical: boolean;
  redirect: boolean;
  hreflang: boolean;
}

/** A folder of `sources`, resolved. */
export interface ResolvedSource {
  /** Absolute folder. */
  dir: string;
  /** Route relative to base, leading slash, no trailing slash (`/` for the root). */
  route: string;
}

/** A page's own source: the page's route key (`/blog/hello`) and the absolute file. */
export interface PageSource {
  key: string;
  file: string;
}

export interface ResolvedI18n {
  defaultLocale: string;
  /** URL path prefix -> hreflang value, e.g. `{ en: 'en-US', es: 'es-ES' }`. */
  locales: Record<string, string>;
}

/** Every kind of lastmod evidence, as `lastmodFrom` names them. */
export const LASTMOD_SOURCES: readonly LastmodSource[] = ['frontmatter', 'head', 'git', 'mtime'];

export const HEAD_RULES: Array<keyof HeadRules> = ['noindex', 'canonical', 'redirect', 'hreflang'];

/**
 * Normalises a URL path: leading and trailing slash, no `//` runs, `\` as `/`, percent-encoded.
 * @example normaliseBase('docs') // '/docs/'
 */
export function normaliseBase(base: string): string {
  return encodePath(normalisePath(base));
}

/**
 * The base path a site is served under: `base` when given (and not `/`), else the path of
 * `site` (`https://user.github.io/repo/` is served under `/repo/`); normalised and encoded. The
 * one rule the options and a detected site's alternates follow.
 * @example effectiveBase('https://e.com/docs', undefined) // '/docs/'
 */
export function effectiveBase(site: string | undefined, base: string | undefined): string {
  let sitePath = '/';
  try {
    if (site) sitePath = new URL(site).pathname;
  } catch {
    // A bad site is reported where it is checked; its path counts as none.
  }
  return normaliseBase(base !== undefined && base !== '/' ? base : sitePath);
}

/** Leading and trailing slash, no `//` runs, `\` as `/`; not encoded (route keys are decoded). */
export function normalisePath(path: string): string {
  return `/${path.replaceAll('\\', '/')}/`.replace(/\/{2,}/g, '/');
}

/**
 * A URL path given in the options as the route key pages are keyed by: decoded, leading slash,
 * no trailing slash, NFC (`/blog/hello/` and `/blog/hello` alike).
 * @example pathKey('/caf%C3%A9/') // '/café'
 */
function pathKey(path: string): string {
  return normalisePath(safeDecode(path))
    .replace(/(.)\/$/, '$1')
    .normalize('NFC');
}

/** `site`: an absolute http(s) URL with nothing but an origin and a path. Required. */
export const checkSite: Check = (site, { name, problems }) => {
  if (site === undefined || site === null || site === '') {
    problems.push(
      `\`${name}\` is required: the absolute URL of the deployed site, e.g. https://example.com`,
    );
    return;
  }
  if (typeof site !== 'string') {
    problems.push(`\`${name}\` must be a string URL; got ${typeof site}`);
    return;
  }
  let url: URL;
  try {
    url = new URL(site);
  } catch {
    problems.push(`\`${name}\` must be an absolute http(s) URL; got ${JSON.stringify(site)}`);
    return;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push(`\`${name}\` must use http or https; got ${JSON.stringify(site)}`);
    return;
  }
  if (url.search || url.hash || url.username || url.password) {
    problems.push(
      `\`${name}\` must not carry a query, fragment or credentials; got ${JSON.stringify(site)}`,
    );
  }
};

/**
 * A checked `site` as the set uses it: origin and path.
 * @example siteUrl('https://e.com/docs') // 'https://e.com/docs'
 */
export function siteUrl(site: string): string {
  const url = new URL(site);
  return url.origin + url.pathname;
}

/**
 * The origin of `site` as given, or '' when it has none (not a string, not an http(s) URL): what
 * a check that depends on the site's host compares with, before `site` is known to be right.
 * @example siteOrigin('https://e.com/docs/') // 'https://e.com'
 */
export function siteOrigin(site: unknown): string {
  if (typeof site !== 'string' || !URL.canParse(site)) return '';
  const url = new URL(site);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : '';
}

/** `base`: a path that every URL of the set can carry as it is. */
export const checkBase: Check = (base, { name, problems }) => {
  if (typeof base !== 'string') {
    problems.push(`\`${name}\` must be a string path such as /docs/`);
    return;
  }
  const problem = basePathProblem(base);
  if (problem) problems.push(problem);
};

/** `outDir`: a folder path. Required. */
export const checkOutDir: Check = (outDir, { name, problems }) => {
  if (typeof outDir !== 'string' || outDir === '') {
    problems.push(`\`${name}\` is required: the folder that holds the emitted HTML`);
  }
};

/** `sources`: folders, each `{ dir, route? }` or a folder path. */
export const checkSources: Check = (sources, { name, problems }) => {
  if (!Array.isArray(sources)) {
    problems.push(`\`${name}\` must be an array of { dir, route? }`);
    return;
  }
  sources.forEach((source: unknown, i) => {
    const s = typeof source === 'string' ? { dir: source } : source;
    if (!isPlainObject(s) || typeof s.dir !== 'string' || s.dir === '') {
      problems.push(`\`${name}[${i}].dir\` must be a non-empty folder path`);
    } else if (s.route !== undefined && typeof s.route !== 'string') {
      problems.push(`\`${name}[${i}].route\` must be a URL path such as '/blog/'`);
    }
  });
};

/** Checked `sources`, each folder absolute and its route a route key. */
export function resolveSources(
  sources: ReadonlyArray<SourceDir | string>,
  root: string,
): ResolvedSource[] {
  return sources.map((source) => {
    const s = typeof source === 'string' ? { dir: source } : source;
    const route = normalisePath(safeDecode(s.route ?? '/')).replace(/(.)\/$/, '$1');
    return { dir: resolve(root, s.dir), route };
  });
}

/** `pageSources`: URL path -> source file. */
export const checkPageSources: Check = (value, { name, problems }) => {
  if (!isPlainObject(value)) {
    problems.push(
      `\`${name}\` must map URL paths to source files, e.g. { '/about/': 'src/about.md' }`,
    );
    return;
  }
  for (const [path, file] of Object.entries(value)) {
    if (typeof file !== 'string' || file === '')
      problems.push(`\`${name}[${JSON.stringify(path)}]\` must be a source file path`);
  }
};

/**
 * Checked `pageSources`, as route keys (decoded, no trailing slash) and absolute files, in key
 * order.
 * @example resolvePageSources({ '/blog/hello/': 'src/hello.md' }, '/site') // [{ key: '/blog/hello', file: '/site/src/hello.md' }]
 */
export function resolvePageSources(value: Record<string, string>, root: string): PageSource[] {
  // Keyed as the core keys pages: the last value given for a page wins (an adapter's found
  // sources come first, a user's override after them, `/about/` and `/about` alike).
  const byKey = new Map<string, string>();
  for (const [path, file] of Object.entries(value)) byKey.set(pathKey(path), resolve(root, file));
  return [...byKey]
    .map(([key, file]) => ({ key, file }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * An alternate's URL: absolute http(s), or from the site's root (`/fr/a/`), which is put on the
 * site's origin when resolved.
 */
function isRooted(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/**
 * `pageAlternates`: URL path -> alternates `{ lang, url }`, each with a language tag (or
 * `x-default`) and an absolute http(s) URL or one from the site's root.
 */
export const checkPageAlternates: Check = (value, { name, problems }) => {
  if (!isPlainObject(value)) {
    problems.push(
      `\`${name}\` must map URL paths to alternates, e.g. { '/about/': [{ lang: 'en', url: 'https://example.com/about/' }] }`,
    );
    return;
  }
  for (const [path, links] of Object.entries(value)) {
    const at = `\`${name}[${JSON.stringify(path)}]\``;
    if (!Array.isArray(links)) {
      problems.push(`${at} must be an array of { lang, url }`);
      continue;
    }
    for (const link of links as unknown[]) {
      const lang = isPlainObject(link) ? link.lang : undefined;
      const url = isPlainObject(link) && typeof link.url === 'string' ? link.url : null;
      if (typeof lang !== 'string' || !isLanguageTag(lang, true)) {
        problems.push(
          `${at}: ${JSON.stringify(lang)} is not a language tag such as 'en' or 'es-ES'`,
        );
      } else if (url === null || !(isRooted(url) || /^https?:\/\//.test(encodeUrl(url) ?? ''))) {
        problems.push(
          `${at}: the url of ${JSON.stringify(lang)} must be an absolute http(s) URL or a path from the site's root`,
        );
      }
    }
  }
};

/**
 * Checked `pageAlternates`, keyed as `pageSources` are (route keys), each URL absolute: one from
 * the site's root is put on `origin`.
 * @example resolvePageAlternates({ '/a/': [{ lang: 'en', url: '/a/' }] }, 'https://e.com').get('/a') // [{ lang: 'en', url: 'https://e.com/a/' }]
 */
export function resolvePageAlternates(
  value: Record<string, LinkItem[]>,
  origin: string,
): Map<string, LinkItem[]> {
  const byKey = new Map<string, LinkItem[]>();
  for (const [path, links] of Object.entries(value)) {
    const out = links.map(({ lang, url }) => ({
      lang,
      url: encodeUrl(isRooted(url) ? origin + url : url) as string,
    }));
    byKey.set(pathKey(path), out);
  }
  return byKey;
}

/** `i18n`: `{ defaultLocale, locales }`, each locale's value a language tag. */
export const checkI18n: Check = (value, { name, problems }) => {
  if (
    !isPlainObject(value) ||
    typeof value.defaultLocale !== 'string' ||
    !isPlainObject(value.locales)
  ) {
    problems.push(`\`${name}\` must be { defaultLocale: string, locales: Record<string, string> }`);
    return;
  }
  for (const [key, lang] of Object.entries(value.locales)) {
    if (typeof lang !== 'string' || !isLanguageTag(lang)) {
      problems.push(
        `\`${name}.locales.${key}\` must be a language tag such as 'en' or 'es-ES'; got ${JSON.stringify(lang)}`,
      );
    }
  }
  const locales = value.locales;
  // A locale whose tag is refused is reported above, and is not one to default to either.
  const known = Object.keys(locales).filter((key) => {
    const lang = locales[key];
    return typeof lang === 'string' && isLanguageTag(lang);
  });
  if (!known.includes(value.defaultLocale)) {
    problems.push(
      `\`${name}.defaultLocale\` (${JSON.stringify(value.defaultLocale)}) must be a key of \`${name}.locales\``,
    );
  }
};

/** Checked `i18n`, copied. */
export function resolveI18n(value: NonNullable<SitemapOptions['i18n']>): ResolvedI18n {
  return { defaultLocale: value.defaultLocale, locales: { ...value.locales } };
}

/** `dateFields`: `{ modified?, published? }`, lists of names; a name may not take both roles. */
export const checkDateFields: Check = (value, { name, problems }) => {
  if (!isPlainObject(value)) {
    problems.push(`\`${name}\` must be { modified?: string[], published?: string[] }`);
    return;
  }
  const fields: DateFields = {};
  for (const [role, names] of Object.entries(value)) {
    if (role !== 'modified' && role !== 'published') {
      problems.push(
        `unknown option \`${name}.${role}\`: the roles are \`modified\` and \`published\``,
      );
      continue;
    }
    if (!Array.isArray(names) || names.some((n) => typeof n !== 'string' || n.trim() === '')) {
      problems.push(`\`${name}.${role}\` must be an array of field names`);
      continue;
    }
    fields[role] = names.map((n: string) => n.trim());
  }
  const published = new Set((fields.published ?? []).map(normaliseFieldName));
  for (const field of fields.modified ?? []) {
    if (published.has(normaliseFieldName(field)))
      problems.push(
        `\`${name}\`: ${JSON.stringify(field)} is named both modified and published; give it one role`,
      );
  }
};

/**
 * Checked `dateFields`, each name trimmed.
 * @example resolveDateFields({ modified: [' revised '] }) // { modified: ['revised'] }
 */
export function resolveDateFields(value: DateFields): DateFields {
  const fields: DateFields = {};
  for (const [role, names] of Object.entries(value) as Array<[keyof DateFields, string[]]>)
    fields[role] = names.map((n) => n.trim());
  return fields;
}

/** `head`: true, false or rules turned on and off one by one. */
export const checkHead: Check = (head, { name, problems }) => {
  if (typeof head === 'boolean') return;
  if (!isPlainObject(head)) {
    problems.push(`\`${name}\` must be true, false or { noindex, canonical, redirect, hreflang }`);
    return;
  }
  for (const [key, value] of Object.entries(head)) {
    if (!HEAD_RULES.includes(key as keyof HeadRules))
      problems.push(`unknown option \`${name}.${key}\``);
    else if (typeof value !== 'boolean') problems.push(`\`${name}.${key}\` must be true or false`);
  }
};

/** The head rules in force, or null when heads are not read. */
export function resolveHead(head: SitemapOptions['head']): HeadRules | null {
  if (head === false) return null;
  const given = head === true || head === undefined ? {} : head;
  return {
    noindex: given.noindex ?? true,
    canonical: given.canonical ?? true,
    redirect: given.redirect ?? true,
    hreflang: given.hreflang ?? true,
  };
}

/** `images`: true, false or `{ external }`. */
export const checkImages: Check = (images, { name, problems }) => {
  if (
    typeof images !== 'boolean' &&
    !(
      isPlainObject(images) &&
      Object.entries(images).every(([k, v]) => k === 'external' && typeof v === 'boolean')
    )
  ) {
    problems.push(`\`${name}\` must be true, false or { external: boolean }`);
  }
};

/** Whether page images are listed, and from other sites too; null when bodies are not read. */
export function resolveImages(images: SitemapOptions['images']): { external: boolean } | null {
  return images ? { external: images !== true && images.external === true } : null;
}

/** `lastmodFrom`: kinds of evidence, each once. */
export const checkLastmodFrom: Check = (value, { name, problems }) => {
  const allowed: readonly string[] = LASTMOD_SOURCES;
  if (!Array.isArray(value) || value.some((v) => !allowed.includes(v as string))) {
    problems.push(
      `\`${name}\` must list kinds of evidence from ${allowed.map((a) => `'${a}'`).join(', ')}; got ${JSON.stringify(value)}`,
    );
  } else if (new Set(value).size !== value.length) {
    problems.push(`\`${name}\` must not name a source twice`);
  }
};

/** `lastmod`: a real W3C Datetime, or a `Date`. */
export const checkLastmod: Check = (value, { name, problems }) => {
  const parsed = parseLastmod(value);
  if (!parsed.ok) problems.push(`\`${name}\`: ${parsed.reason}`);
};

/** A checked `lastmod`, as written. */
export function resolveLastmod(value: SitemapOptions['lastmod']): string | undefined {
  if (value === undefined) return undefined;
  const parsed = parseLastmod(value);
  return parsed.ok ? parsed.value : undefined;
}
