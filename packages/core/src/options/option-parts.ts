/** Resolving the options that need more than a default: site, base, sources, i18n, head rules. */
import { resolve } from 'node:path';
import { type DateFields, normaliseFieldName } from '../dates/frontmatter-fields.js';
import { type HeadRules, isLanguageTag } from '../select/head-rules.js';
import type { LinkItem, SitemapOptions, SourceDir } from '../types.js';
import { encodePath, encodeUrl, safeDecode } from '../url/encode.js';
import { isPlainObject } from './option-checks.js';
import type { PageSource, ResolvedI18n, ResolvedSource } from './resolve-options.js';

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

export function resolveSite(problems: string[], site: unknown): string {
  if (site === undefined || site === null || site === '') {
    problems.push(
      '`site` is required: the absolute URL of the deployed site, e.g. https://example.com',
    );
    return '';
  }
  if (typeof site !== 'string') {
    problems.push(`\`site\` must be a string URL; got ${typeof site}`);
    return '';
  }
  let url: URL;
  try {
    url = new URL(site);
  } catch {
    problems.push(`\`site\` must be an absolute http(s) URL; got ${JSON.stringify(site)}`);
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push(`\`site\` must use http or https; got ${JSON.stringify(site)}`);
    return '';
  }
  if (url.search || url.hash || url.username || url.password) {
    problems.push(
      `\`site\` must not carry a query, fragment or credentials; got ${JSON.stringify(site)}`,
    );
  }
  return url.origin + url.pathname;
}

export function resolveSources(
  problems: string[],
  sources: unknown,
  root: string,
): ResolvedSource[] {
  if (sources === undefined) return [];
  if (!Array.isArray(sources)) {
    problems.push('`sources` must be an array of { dir, route? }');
    return [];
  }
  const out: ResolvedSource[] = [];
  sources.forEach((source: unknown, i) => {
    const s = (typeof source === 'string' ? { dir: source } : source) as SourceDir;
    if (!isPlainObject(s) || typeof s.dir !== 'string' || s.dir === '') {
      problems.push(`\`sources[${i}].dir\` must be a non-empty folder path`);
      return;
    }
    if (s.route !== undefined && typeof s.route !== 'string') {
      problems.push(`\`sources[${i}].route\` must be a URL path such as '/blog/'`);
      return;
    }
    const route = normalisePath(safeDecode(s.route ?? '/')).replace(/(.)\/$/, '$1');
    out.push({ dir: resolve(root, s.dir), route });
  });
  return out;
}

/**
 * `pageSources`: URL path -> source file, as route keys (decoded, no trailing slash) and
 * absolute files, in key order.
 * @example resolvePageSources([], { '/blog/hello/': 'src/hello.md' }, '/site') // [{ key: '/blog/hello', file: '/site/src/hello.md' }]
 */
export function resolvePageSources(problems: string[], value: unknown, root: string): PageSource[] {
  if (value === undefined) return [];
  if (!isPlainObject(value)) {
    problems.push(
      "`pageSources` must map URL paths to source files, e.g. { '/about/': 'src/about.md' }",
    );
    return [];
  }
  // Keyed as the core keys pages: the last value given for a page wins (an adapter's found
  // sources come first, a user's override after them, `/about/` and `/about` alike).
  const byKey = new Map<string, string>();
  for (const [path, file] of Object.entries(value)) {
    if (typeof file !== 'string' || file === '') {
      problems.push(`\`pageSources[${JSON.stringify(path)}]\` must be a source file path`);
      continue;
    }
    const key = pathKey(path);
    byKey.set(key, resolve(root, file));
  }
  return [...byKey]
    .map(([key, file]) => ({ key, file }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * `pageAlternates`: URL path -> alternates, keyed as `pageSources` are (route keys), each
 * alternate `{ lang, url }` with a language tag (or `x-default`) and an absolute http(s) URL, or
 * a root-relative one (`/fr/a/`) put on the site's `origin`.
 * @example resolvePageAlternates([], { '/a/': [{ lang: 'en', url: '/a/' }] }, 'https://e.com').get('/a') // [{ lang: 'en', url: 'https://e.com/a/' }]
 */
export function resolvePageAlternates(
  problems: string[],
  value: unknown,
  origin: string,
): Map<string, LinkItem[]> {
  const byKey = new Map<string, LinkItem[]>();
  if (value === undefined) return byKey;
  if (!isPlainObject(value)) {
    problems.push(
      "`pageAlternates` must map URL paths to alternates, e.g. { '/about/': [{ lang: 'en', url: 'https://example.com/about/' }] }",
    );
    return byKey;
  }
  for (const [path, links] of Object.entries(value)) {
    const name = `\`pageAlternates[${JSON.stringify(path)}]\``;
    if (!Array.isArray(links)) {
      problems.push(`${name} must be an array of { lang, url }`);
      continue;
    }
    const out: LinkItem[] = [];
    for (const link of links as unknown[]) {
      const lang = isPlainObject(link) ? link.lang : undefined;
      const given = isPlainObject(link) && typeof link.url === 'string' ? link.url : null;
      const rooted = given?.startsWith('/') && !given.startsWith('//') ? origin + given : given;
      const url = rooted === null ? null : encodeUrl(rooted);
      if (typeof lang !== 'string' || !isLanguageTag(lang, true)) {
        problems.push(
          `${name}: ${JSON.stringify(lang)} is not a language tag such as 'en' or 'es-ES'`,
        );
        continue;
      }
      if (url === null || !/^https?:\/\//.test(url)) {
        problems.push(
          `${name}: the url of ${JSON.stringify(lang)} must be an absolute http(s) URL or a path from the site's root`,
        );
        continue;
      }
      out.push({ lang, url });
    }
    const key = pathKey(path);
    byKey.set(key, out);
  }
  return byKey;
}

export function resolveI18n(problems: string[], value: unknown): ResolvedI18n | undefined {
  if (value === undefined) return undefined;
  if (
    !isPlainObject(value) ||
    typeof value.defaultLocale !== 'string' ||
    !isPlainObject(value.locales)
  ) {
    problems.push('`i18n` must be { defaultLocale: string, locales: Record<string, string> }');
    return undefined;
  }
  const locales: Record<string, string> = {};
  for (const [key, lang] of Object.entries(value.locales)) {
    if (typeof lang !== 'string' || !isLanguageTag(lang)) {
      problems.push(
        `\`i18n.locales.${key}\` must be a language tag such as 'en' or 'es-ES'; got ${JSON.stringify(lang)}`,
      );
      continue;
    }
    locales[key] = lang;
  }
  if (!(value.defaultLocale in locales)) {
    problems.push(
      `\`i18n.defaultLocale\` (${JSON.stringify(value.defaultLocale)}) must be a key of \`i18n.locales\``,
    );
  }
  return { defaultLocale: value.defaultLocale, locales };
}

/**
 * `dateFields`: `{ modified?: string[], published?: string[] }`; a name may not take both roles.
 * @example resolveDateFields([], { modified: ['revised'] }) // { modified: ['revised'] }
 */
export function resolveDateFields(problems: string[], value: unknown): DateFields {
  if (value === undefined) return {};
  if (!isPlainObject(value)) {
    problems.push('`dateFields` must be { modified?: string[], published?: string[] }');
    return {};
  }
  const fields: DateFields = {};
  for (const [role, names] of Object.entries(value)) {
    if (role !== 'modified' && role !== 'published') {
      problems.push(
        `unknown option \`dateFields.${role}\`: the roles are \`modified\` and \`published\``,
      );
      continue;
    }
    if (!Array.isArray(names) || names.some((n) => typeof n !== 'string' || n.trim() === '')) {
      problems.push(`\`dateFields.${role}\` must be an array of field names`);
      continue;
    }
    fields[role] = names.map((n: string) => n.trim());
  }
  const published = new Set((fields.published ?? []).map(normaliseFieldName));
  for (const name of fields.modified ?? []) {
    if (published.has(normaliseFieldName(name)))
      problems.push(
        `\`dateFields\`: ${JSON.stringify(name)} is named both modified and published; give it one role`,
      );
  }
  return fields;
}

export const HEAD_RULES: Array<keyof HeadRules> = ['noindex', 'canonical', 'redirect', 'hreflang'];

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
