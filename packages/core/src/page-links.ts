/**
 * Each listed page's hreflang alternates, from the first that has them: the page's head, the
 * translations named in `pageAlternates`, the locale prefixes of `i18n`. Every set holds the page
 * itself, as Google asks: a head that lists only the other languages gets its page added, in the
 * language the other pages' links, its locale prefix under `i18n` or its `<html lang>` give it.
 * Pure.
 */
import { i18nLinks } from './i18n-links.js';
import type { ResolvedOptions } from './options.js';
import type { LinkItem } from './types.js';
import { urlRouteKey } from './url/map-file.js';

type LinkOptions = Pick<ResolvedOptions, 'baseUrl' | 'i18n' | 'pageAlternates'>;

/**
 * A `pageAlternates` set as listed URLs: an alternate on the site names its page by route key,
 * so it takes the URL that page is listed at (or is dropped when that page is not listed).
 */
function listedAlternates(
  links: readonly LinkItem[],
  listedByKey: Map<string, string>,
  baseUrl: string,
): LinkItem[] {
  const out: LinkItem[] = [];
  for (const link of links) {
    const onSite = link.url.startsWith(baseUrl) || link.url === baseUrl.slice(0, -1);
    if (!onSite) {
      out.push(link);
      continue;
    }
    const url = listedByKey.get(urlRouteKey(link.url, baseUrl));
    if (url !== undefined) out.push({ lang: link.lang, url });
  }
  return out;
}

/** The locale prefix of `url` under `i18n`, as its hreflang value. */
function localeLang(url: string, options: LinkOptions): string | undefined {
  const i18n = options.i18n;
  if (!i18n || !url.startsWith(options.baseUrl)) return undefined;
  const rest = url.slice(options.baseUrl.length);
  const first = rest.split('/', 1)[0] as string;
  return i18n.locales[first in i18n.locales ? first : i18n.defaultLocale];
}

/**
 * The alternates of each of `urls` (the listed pages) that has any, by URL.
 * @example pageLinks(['https://e.com/a/', 'https://e.com/fr/a/'], new Map([['https://e.com/a/', [{ lang: 'fr', url: 'https://e.com/fr/a/' }]]]), options)
 *   // 'https://e.com/a/' -> [{ lang: 'en', url: 'https://e.com/a/' }, { lang: 'fr', url: 'https://e.com/fr/a/' }] (en from i18n or from the French page's own links)
 */
export function pageLinks(
  urls: readonly string[],
  headLinks: Map<string, LinkItem[]>,
  options: LinkOptions,
  /** The `<html lang>` of pages with head alternates, by URL. */
  headLangs: ReadonlyMap<string, string> = new Map(),
): Map<string, LinkItem[]> {
  const links = new Map<string, LinkItem[]>();
  const localeLinks = options.i18n
    ? i18nLinks(urls, options.baseUrl, options.i18n)
    : new Map<string, LinkItem[]>();
  const listedByKey = new Map<string, string>();
  if (options.pageAlternates.size > 0) {
    for (const url of urls) listedByKey.set(urlRouteKey(url, options.baseUrl), url);
  }
  for (const url of urls) {
    const head = headLinks.get(url);
    if (head) {
      links.set(url, head);
      continue;
    }
    const named = options.pageAlternates.get(urlRouteKey(url, options.baseUrl));
    const alternates = named && listedAlternates(named, listedByKey, options.baseUrl);
    if (alternates && alternates.length > 0) {
      links.set(url, alternates);
      continue;
    }
    const locale = localeLinks.get(url);
    if (locale) links.set(url, locale);
  }
  // What language each URL is in, by what the sets say of it.
  const langOf = new Map<string, string>();
  for (const set of links.values()) {
    for (const { lang, url } of set)
      if (lang !== 'x-default' && !langOf.has(url)) langOf.set(url, lang);
  }
  for (const [url, set] of links) {
    // `x-default` pointing at the page is not its own language's link.
    if (set.some((link) => link.url === url && link.lang !== 'x-default')) continue;
    // The word of the site (other pages' links, `i18n`) before the page's own `<html lang>`.
    const lang = langOf.get(url) ?? localeLang(url, options) ?? headLangs.get(url);
    // A set that already gives this language to another URL is the head's word; leave it.
    if (lang === undefined || set.some((link) => link.lang.toLowerCase() === lang.toLowerCase()))
      continue;
    links.set(url, [{ lang, url }, ...set]);
  }
  return links;
}
