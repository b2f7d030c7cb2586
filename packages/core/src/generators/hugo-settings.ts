/**
 * The Hugo settings detection needs, read from a site's merged config as `hugo config` prints it
 * (JSON from Hugo 0.112 on, Go's text form before; see hugo-go-values.ts), or from the config
 * file itself when Hugo cannot be run. Keys are matched whatever their case, as Hugo matches them.
 * Pure.
 */
import { isLanguageTag } from '../url/language-tag.js';

/** One language of the site. */
export interface HugoLanguage {
  /** The key in `languages` (`fr`): the URL prefix of its pages. */
  key: string;
  /** Its `locale` or `languageCode`, as written (`en-us`, `fr_FR`), when it has one. */
  code?: string;
  /** Its own content folder (`contentDir`), relative to the project folder. */
  contentDir?: string;
  /** Its own `baseURL` (Hugo's multihost mode). */
  baseURL?: string;
}

export interface HugoSettings {
  baseURL: string;
  publishDir: string;
  contentDir: string;
  defaultLanguage: string;
  /** `defaultContentLanguageInSubdir`: the default language's pages are under its prefix too. */
  defaultInSubdir: boolean;
  /** The languages Hugo builds (disabled ones left out), the default one first. */
  languages: HugoLanguage[];
  /** Languages declared but disabled: their files are not built. */
  disabledLanguages: string[];
  /** `uglyURLs`: true, or the sections it is true for. */
  uglyURLs: boolean | Set<string>;
  disablePathToLower: boolean;
  removePathAccents: boolean;
  buildDrafts: boolean;
  buildFuture: boolean;
  buildExpired: boolean;
}

type Settings = Record<string, unknown>;

/**
 * `value` with every map key lowercased, as Hugo reads config keys.
 * @example lowerKeys({ baseURL: 'https://e.org/', Languages: { EN: {} } }) // { baseurl: 'https://e.org/', languages: { en: {} } }
 */
export function lowerKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lowerKeys);
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key.toLowerCase(), lowerKeys(v)]),
  );
}

const isMap = (value: unknown): value is Settings =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function flag(value: unknown): boolean {
  return value === true || value === 'true';
}

function uglyURLs(value: unknown): boolean | Set<string> {
  if (isMap(value)) {
    return new Set(Object.entries(value).flatMap(([section, on]) => (flag(on) ? [section] : [])));
  }
  return flag(value);
}

/**
 * The settings in `config` (keys lowercased, as `hugo config` prints them).
 * @example hugoSettings({ baseurl: 'https://e.org/docs/', languages: { en: { weight: 1 }, fr: { contentdir: 'content.fr' } } })
 *   // { baseURL: 'https://e.org/docs/', languages: [{ key: 'en' }, { key: 'fr', contentDir: 'content.fr' }], ... }
 */
export function hugoSettings(config: Settings): HugoSettings {
  const defaultLanguage = (text(config.defaultcontentlanguage) ?? 'en').toLowerCase();
  const disabled = new Set(
    (Array.isArray(config.disablelanguages) ? config.disablelanguages : []).map((l) =>
      String(l).toLowerCase(),
    ),
  );
  const declared = isMap(config.languages) ? config.languages : {};
  const languages: Array<HugoLanguage & { weight: number }> = [];
  for (const [name, raw] of Object.entries(declared)) {
    const key = name.toLowerCase();
    const lang = isMap(raw) ? raw : {};
    if (flag(lang.disabled)) disabled.add(key);
    if (disabled.has(key)) continue;
    const code = text(lang.locale) ?? text(lang.languagecode);
    const contentDir = text(lang.contentdir);
    const baseURL = text(lang.baseurl);
    languages.push({
      key,
      weight: typeof lang.weight === 'number' ? lang.weight : 0,
      ...(code ? { code } : {}),
      ...(contentDir ? { contentDir } : {}),
      ...(baseURL ? { baseURL } : {}),
    });
  }
  if (!languages.some((l) => l.key === defaultLanguage)) {
    const code = text(config.locale) ?? text(config.languagecode);
    languages.push({ key: defaultLanguage, weight: -Infinity, ...(code ? { code } : {}) });
  }
  // The default language first, then by weight (0 meaning none: last), then by key.
  const order = (l: { key: string; weight: number }) =>
    l.key === defaultLanguage ? -Infinity : l.weight === 0 ? Infinity : l.weight;
  languages.sort((a, b) => order(a) - order(b) || (a.key < b.key ? -1 : 1));
  return {
    baseURL: text(config.baseurl) ?? '',
    publishDir: text(config.publishdir) || 'public',
    contentDir: text(config.contentdir) || 'content',
    defaultLanguage,
    defaultInSubdir: flag(config.defaultcontentlanguageinsubdir),
    languages: languages.map(({ weight: _weight, ...language }) => language),
    disabledLanguages: [...disabled],
    uglyURLs: uglyURLs(config.uglyurls),
    disablePathToLower: flag(config.disablepathtolower),
    removePathAccents: flag(config.removepathaccents),
    buildDrafts: flag(config.builddrafts),
    buildFuture: flag(config.buildfuture),
    buildExpired: flag(config.buildexpired),
  };
}

/**
 * The hreflang of a language: its `locale`/`languageCode` (`fr_FR` written `fr-FR`), else its
 * key; undefined when neither is a language tag.
 * @example hreflangOf({ key: 'fr', code: 'fr_FR' }) // 'fr-FR'
 */
export function hreflangOf(language: HugoLanguage): string | undefined {
  const code = language.code?.replaceAll('_', '-');
  if (code && isLanguageTag(code)) return code;
  return isLanguageTag(language.key) ? language.key : undefined;
}

/**
 * The URL prefix of a language's pages, relative to the base path: `''` for the default
 * language (unless `defaultContentLanguageInSubdir`), `/fr` otherwise.
 * @example languagePrefix(settings, 'fr') // '/fr'
 */
export function languagePrefix(settings: HugoSettings, key: string): string {
  return key === settings.defaultLanguage && !settings.defaultInSubdir ? '' : `/${key}`;
}
