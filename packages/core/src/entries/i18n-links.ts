/**
 * hreflang alternates from locale prefixes (`/en/about/`, `/es/about/`), as @astrojs/sitemap's
 * `i18n` option does. Pure.
 */
import type { ResolvedI18n } from '../options/resolve-options.js';
import type { LinkItem } from '../types.js';

/**
 * Groups URLs that differ only by their locale prefix; each URL of a group of two or more gets
 * links to every member. Unprefixed URLs belong to the default locale.
 * @example i18nLinks(['https://e.com/about/', 'https://e.com/es/about/'], 'https://e.com/',
 *   { defaultLocale: 'en', locales: { en: 'en', es: 'es' } })
 */
export function i18nLinks(
  urls: Iterable<string>,
  baseUrl: string,
  i18n: ResolvedI18n,
): Map<string, LinkItem[]> {
  const groups = new Map<string, LinkItem[]>();
  const memberOf = new Map<string, string>();
  for (const url of urls) {
    if (!url.startsWith(baseUrl) && url !== baseUrl.slice(0, -1)) continue;
    const rest = url.slice(baseUrl.length);
    const slash = rest.indexOf('/');
    const first = slash === -1 ? rest : rest.slice(0, slash);
    let locale = i18n.defaultLocale;
    let path = rest;
    if (first !== '' && first in i18n.locales) {
      locale = first;
      path = slash === -1 ? '' : rest.slice(slash + 1);
    }
    const lang = i18n.locales[locale];
    if (lang === undefined) continue;
    const group = groups.get(path) ?? [];
    if (group.some((l) => l.lang === lang)) continue;
    group.push({ lang, url });
    groups.set(path, group);
    memberOf.set(url, path);
  }
  const links = new Map<string, LinkItem[]>();
  for (const [url, path] of memberOf) {
    const group = groups.get(path) as LinkItem[];
    if (group.length >= 2) links.set(url, group);
  }
  return links;
}
