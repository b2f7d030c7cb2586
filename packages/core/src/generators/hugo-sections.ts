/**
 * The URL of a home or section page's `_index` file, for Hugo versions whose `hugo list all`
 * leaves these pages out (0.111 lists regular pages only): its folder under the content root,
 * made a URL path as Hugo makes one (spaces to `-`, other punctuation dropped, lowercased unless
 * `disablePathToLower`), under its language's prefix; or its `url` front matter. Pure.
 */
import { type HugoSettings, languagePrefix } from './hugo-settings.js';

const ALLOWED_PUNCTUATION = new Set(['.', '/', '\\', '_', '#', '+', '~', '-', '@']);
const LETTER_DIGIT_MARK = /[\p{L}\p{N}\p{M}]/u;
const HEX_ESCAPE = /^%[0-9a-f]{2}/i;
const EXTENSION = /\.[a-z0-9]+$/i;

/**
 * A path as Hugo makes it a URL path: letters, digits, marks and `._#+~-@/` kept, `%XX` escapes
 * kept, a run of spaces between kept characters one `-`, anything else dropped.
 * @example urlPathOf('Docs/My Guide!', settings) // 'docs/my-guide'
 */
export function urlPathOf(
  path: string,
  settings: Pick<HugoSettings, 'disablePathToLower' | 'removePathAccents'>,
): string {
  let source = path;
  if (settings.removePathAccents) source = source.normalize('NFD').replace(/\p{Mn}/gu, '');
  let out = '';
  let space = false;
  let lastHyphen = false;
  const chars = [...source];
  chars.forEach((c, i) => {
    const kept =
      ALLOWED_PUNCTUATION.has(c) ||
      LETTER_DIGIT_MARK.test(c) ||
      (c === '%' && HEX_ESCAPE.test(chars.slice(i, i + 3).join('')));
    if (kept) {
      if (space && c !== '-') out += '-';
      space = false;
      lastHyphen = c === '-';
      out += c;
    } else if (out !== '' && !lastHyphen && /\s/u.test(c)) {
      space = true;
    }
  });
  return settings.disablePathToLower ? out : out.toLowerCase();
}

/** Whether `uglyURLs` applies to pages of `section` (its first folder). */
function isUgly(settings: HugoSettings, section: string): boolean {
  return typeof settings.uglyURLs === 'boolean'
    ? settings.uglyURLs
    : settings.uglyURLs.has(section.toLowerCase());
}

/**
 * The URL path, under the base path, of the page an `_index` file at content path `path` (`''`
 * folder for the home page) makes in language `lang`; `url` is its `url` front matter.
 * @example indexUrlPath('posts/_index.md', 'fr', undefined, settings) // '/fr/posts/'
 * @example indexUrlPath('posts/_index.md', 'fr', '/fr/articles/', settings) // '/fr/articles/'
 */
export function indexUrlPath(
  path: string,
  lang: string,
  url: unknown,
  settings: HugoSettings,
): string {
  const prefix = languagePrefix(settings, lang);
  if (typeof url === 'string' && url.trim() !== '') {
    const given = url.trim();
    const full = given.startsWith('/') ? given : `${prefix}/${given}`;
    return full.endsWith('/') || EXTENSION.test(full) ? full : `${full}/`;
  }
  const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  if (folder === '') return `${prefix}/`;
  const section = folder.split('/')[0] as string;
  return `${prefix}/${urlPathOf(folder, settings)}${isUgly(settings, section) ? '.html' : '/'}`;
}
