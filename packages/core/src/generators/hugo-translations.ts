/**
 * A multilingual Hugo site's translations as the core's alternates. Hugo makes pages of different
 * languages translations of each other when they share a translation key: their `translationKey`
 * front matter, else their path under the content root without language and extension
 * (`posts/a.md` and `posts/a.fr.md`, or `content/posts/a.md` and `content.fr/posts/a.md`), and
 * their kind. Such pages get each other as alternates whatever their URLs (a translated `slug`
 * or `url`). A home or section page also has a translation in every language that has pages
 * in it, made by Hugo with no `_index` file: at the URL that folder gets in that language, where
 * Hugo wrote a page there. Locale prefixes (`i18n`) cover the pages no file
 * makes (taxonomies, pagination). Pure.
 */
import type { LinkItem } from '../types.js';
import { indexUrlPath } from './hugo-sections.js';
import { type HugoSettings, hreflangOf, languagePrefix } from './hugo-settings.js';

/** A page made from a file, as its translations are found. */
export interface TranslatedPage {
  lang: string;
  /** `page/…` or `node/…` (home, section, taxonomy and term pages): Hugo's kind, then its key. */
  translationKey: string;
  /** Its URL path under the base path (`/fr/posts/a/`, `/posts/a.html`). */
  urlPath: string;
  /** For a home or section page: its folder under the content root (`''`, `posts`). */
  folder?: string;
}

/**
 * The hreflang of each language that has one, by language key.
 * @example hreflangs(settings) // Map { 'en' => 'en-US', 'fr' => 'fr' }
 */
export function hreflangs(settings: HugoSettings): Map<string, string> {
  const out = new Map<string, string>();
  for (const language of settings.languages) {
    const lang = hreflangOf(language);
    if (lang) out.set(language.key, lang);
  }
  return out;
}

/**
 * Locale prefixes -> hreflang values, for a site of more than one language whose languages all
 * have one; undefined otherwise.
 * @example i18nOf(settings) // { defaultLocale: 'en', locales: { en: 'en-US', fr: 'fr', de: 'de' } }
 */
export function i18nOf(
  settings: HugoSettings,
): { defaultLocale: string; locales: Record<string, string> } | undefined {
  const langs = hreflangs(settings);
  if (settings.languages.length < 2 || langs.size !== settings.languages.length) return undefined;
  return { defaultLocale: settings.defaultLanguage, locales: Object.fromEntries(langs) };
}

/** A URL path without its language prefix, as `i18n` would pair it with other languages. */
function unprefixed(page: TranslatedPage, settings: HugoSettings): string {
  const prefix = languagePrefix(settings, page.lang);
  return prefix && page.urlPath.startsWith(`${prefix}/`)
    ? page.urlPath.slice(prefix.length)
    : page.urlPath;
}

/**
 * Each page's translations (itself included), by URL path, their URLs paths relative to the
 * base (`/fr/b/`). A page without translations gets a set of itself only where `i18n` would
 * otherwise pair it, by its path, with a page Hugo does not take for its translation.
 * `isWritten` says whether Hugo wrote a page at a URL path (for the home and section pages
 * Hugo makes without a file).
 * @example pageAlternatesOf([{ lang: 'en', translationKey: 'page/a', urlPath: '/a/' },
 *   { lang: 'fr', translationKey: 'page/a', urlPath: '/fr/b/' }], settings)
 *   // { '/a/': [en /a/, fr /fr/b/], '/fr/b/': [en /a/, fr /fr/b/] }
 */
export function pageAlternatesOf(
  pages: readonly TranslatedPage[],
  settings: HugoSettings,
  isWritten: (urlPath: string) => boolean = () => true,
): Record<string, LinkItem[]> {
  const langs = hreflangs(settings);
  const groups = new Map<string, TranslatedPage[]>();
  const byPath = new Map<string, Set<string>>();
  for (const page of pages) {
    if (!langs.has(page.lang)) continue;
    const group = groups.get(page.translationKey) ?? [];
    if (group.some((p) => p.lang === page.lang)) continue;
    group.push(page);
    groups.set(page.translationKey, group);
    const path = unprefixed(page, settings);
    byPath.set(path, (byPath.get(path) ?? new Set()).add(page.translationKey));
  }
  const order = settings.languages.map((l) => l.key);
  const out: Record<string, LinkItem[]> = {};
  for (const group of groups.values()) {
    const members: Array<Pick<TranslatedPage, 'lang' | 'urlPath'>> = [...group];
    const node = group.find((p) => p.folder !== undefined);
    for (const lang of node ? langs.keys() : []) {
      if (members.some((m) => m.lang === lang)) continue;
      const index = node?.folder ? `${node.folder}/_index.md` : '_index.md';
      const urlPath = indexUrlPath(index, lang, undefined, settings);
      if (isWritten(urlPath)) members.push({ lang, urlPath });
    }
    const needed =
      members.length > 1 ||
      (byPath.get(unprefixed(group[0] as TranslatedPage, settings))?.size ?? 0) > 1;
    if (!needed) continue;
    members.sort((a, b) => order.indexOf(a.lang) - order.indexOf(b.lang));
    const links = members.map((p) => ({
      lang: langs.get(p.lang) as string,
      url: p.urlPath,
    }));
    for (const member of members) out[member.urlPath] ??= links;
  }
  return out;
}
