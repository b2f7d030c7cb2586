/**
 * Each listed page's hreflang alternates, from the first that has them: the page's head, the
 * translations named in `pageAlternates`, the locale prefixes of `i18n`. Every set holds the page
 * itself, as Google asks: a head that lists only the other languages gets its page added, in the
 * language the other pages' links, its locale prefix under `i18n`, or (under no prefix) the
 * default locale of `i18n` or its own `<html lang>` where that says another language give it.
 * Pure.
 */

import { LinksByUrl } from '../columns/link-sets.js';
import { StringRows } from '../columns/string-rows.js';
import type { ResolvedOptions } from '../options/resolve-options.js';
import type { LinkItem } from '../types.js';
import { urlRouteKey } from '../url/map-file.js';
import { i18nLinks } from './i18n-links.js';

type LinkOptions = Pick<ResolvedOptions, 'baseUrl' | 'i18n' | 'pageAlternates'>;

/** hreflang sets by page URL, read as a map is (a `Map`, or the heads' `LinksByUrl`). */
export interface LinkLookup {
  readonly size: number;
  get(url: string): LinkItem[] | undefined;
}

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

/**
 * The hreflang of `url`'s locale under `i18n`: its prefix's (`prefixed`), or the default locale's
 * for a URL under no prefix of a locale.
 */
function localeLang(url: string, options: LinkOptions, prefixed: boolean): string | undefined {
  const i18n = options.i18n;
  if (!i18n || !url.startsWith(options.baseUrl)) return undefined;
  const first = url.slice(options.baseUrl.length).split('/', 1)[0] as string;
  if (first in i18n.locales) return prefixed ? i18n.locales[first] : undefined;
  return prefixed ? undefined : i18n.locales[i18n.defaultLocale];
}

/** The language of a tag, without region or script: `en` of `en-US`. */
function primary(tag: string): string {
  return tag.split('-', 1)[0]?.toLowerCase() ?? '';
}

/**
 * The alternates of each of `urls` (the listed pages) that has any, by URL, kept off the JS heap
 * (`columns/link-sets.ts`): a set is made anew each time it is read.
 * @example pageLinks(['https://e.com/a/', 'https://e.com/fr/a/'], new Map([['https://e.com/a/', [{ lang: 'fr', url: 'https://e.com/fr/a/' }]]]), options).get('https://e.com/a/')
 *   // [{ lang: 'en', url: 'https://e.com/a/' }, { lang: 'fr', url: 'https://e.com/fr/a/' }] (en from i18n or from the French page's own links)
 */
export function pageLinks(
  /**
   * The listed URLs, read as they are needed (possibly twice: an array, or an iterable that
   * starts over each time), and not at all when nothing could give a page alternates. A build
   * reads them from its pages, so no list of every URL is ever made.
   */
  urls: Iterable<string>,
  headLinks: LinkLookup,
  options: LinkOptions,
  /** The `<html lang>` of pages with head alternates, by URL. */
  headLangs: { get(url: string): string | undefined } = new Map(),
  /** The string set of words the build's hreflang sets share (`PageTable.linkWords`). */
  words = new StringRows(),
): LinksByUrl {
  const links = new LinksByUrl(words);
  if (headLinks.size === 0 && !options.i18n && options.pageAlternates.size === 0) return links;
  const localeLinks = options.i18n
    ? i18nLinks(urls, options.baseUrl, options.i18n)
    : new Map<string, LinkItem[]>();
  // Route keys only where `pageAlternates` names pages (none otherwise): URL -> key, key -> URL.
  const named = options.pageAlternates.size > 0;
  const keyOf = new Map<string, string>();
  const listedByKey = new Map<string, string>();
  if (named) {
    for (const url of urls) {
      const key = urlRouteKey(url, options.baseUrl);
      keyOf.set(url, key);
      listedByKey.set(key, url);
    }
  }
  for (const url of urls) {
    const head = headLinks.get(url);
    if (head) {
      links.set(url, head);
      continue;
    }
    const given = named ? options.pageAlternates.get(keyOf.get(url) as string) : undefined;
    const alternates = given && listedAlternates(given, listedByKey, options.baseUrl);
    if (alternates && alternates.length > 0) {
      links.set(url, alternates);
      continue;
    }
    const locale = localeLinks.get(url);
    if (locale) links.set(url, locale);
  }
  // What language each URL is in, by what the sets say of it (a language by URL, off the heap).
  const langOf = new LinksByUrl(words);
  for (const [, set] of links.entries()) {
    for (const { lang, url } of set)
      if (lang.toLowerCase() !== 'x-default' && langOf.lang(url) === undefined)
        langOf.setLang(url, lang);
  }
  for (const [url, set] of links.entries()) {
    // `x-default` pointing at the page is not its own language's link.
    if (set.some((link) => link.url === url && link.lang.toLowerCase() !== 'x-default')) continue;
    // The word of the site (other pages' links, a locale prefix of `i18n`), then for a page under
    // no prefix `i18n`'s default locale, unless its own `<html lang>` says another language.
    const own = headLangs.get(url);
    const fallback = localeLang(url, options, false);
    const lang =
      langOf.lang(url) ??
      localeLang(url, options, true) ??
      (own && fallback && primary(own) !== primary(fallback) ? own : (fallback ?? own));
    // A set that already gives this language to another URL is the head's word; leave it.
    if (lang === undefined || set.some((link) => link.lang.toLowerCase() === lang.toLowerCase()))
      continue;
    links.set(url, [{ lang, url }, ...set]);
  }
  return links;
}
