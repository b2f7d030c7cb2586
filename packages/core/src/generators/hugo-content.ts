/**
 * Where a Hugo content file sits: the mount holding it, its path under the content root, its
 * language (the one in its name, `about.fr.md`, else its mount's, else the default language) and
 * the name Hugo matches its translations by (`about.fr.md` and `about.md` are both `about`). Also
 * finds the `_index` files of the home page and sections (touches disk).
 */
import { type Dirent, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { toPosix } from '../url/map-file.js';
import type { ContentMount } from './hugo-mounts.js';

/** The file kinds Hugo renders as content. */
const CONTENT_FILE =
  /\.(?:md|markdown|mdown|mkdn|mkd|html|htm|org|adoc|asciidoc|ad|pandoc|pdc|rst)$/i;
const INDEX_FILE = /^_index(?:\.[^./]+)?\.[^./]+$/;

/** A content file's place in the site. */
export interface ContentPlace {
  /** Its language key. */
  lang: string;
  /** Its path under the content root, with `/` (`posts/a.fr.md`, `docs/intro/_index.md`). */
  path: string;
}

/** What decides a file's language: every language key declared, and the default one. */
export interface LanguageKeys {
  known: ReadonlySet<string>;
  defaultLanguage: string;
}

/**
 * The language key in a file name (`a.fr.md` -> `fr`), when it names a known language.
 * @example nameLanguage('a.fr.md', new Set(['en', 'fr'])) // 'fr'
 */
export function nameLanguage(name: string, known: ReadonlySet<string>): string | undefined {
  const parts = name.split('.');
  if (parts.length < 3) return undefined;
  const lang = (parts.at(-2) as string).toLowerCase();
  return known.has(lang) ? lang : undefined;
}

/**
 * The path Hugo matches a file's translations by: no extension, no language key.
 * @example translationBase('posts/a.fr.md', new Set(['fr'])) // 'posts/a'
 */
export function translationBase(path: string, known: ReadonlySet<string>): string {
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1);
  const lang = nameLanguage(name, known);
  const stem = name.replace(/\.[^.]*$/, '');
  const base = lang ? stem.slice(0, -(lang.length + 1)) : stem;
  return path.slice(0, slash + 1) + base;
}

/** The mount holding `file` (absolute), the innermost first. */
function mountOf(file: string, mounts: readonly ContentMount[]): ContentMount | undefined {
  let best: ContentMount | undefined;
  for (const mount of mounts) {
    if (!file.startsWith(mount.dir + sep)) continue;
    if (!best || mount.dir.length > best.dir.length) best = mount;
  }
  return best;
}

/**
 * Where the content file `file` (absolute) sits; undefined when no mount holds it.
 * @example placeFile('/site/content/posts/a.fr.md', mounts, keys) // { lang: 'fr', path: 'posts/a.fr.md' }
 */
export function placeFile(
  file: string,
  mounts: readonly ContentMount[],
  keys: LanguageKeys,
): ContentPlace | undefined {
  const mount = mountOf(file, mounts);
  if (!mount) return undefined;
  const inMount = toPosix(relative(mount.dir, file));
  const path = mount.target ? `${mount.target}/${inMount}` : inMount;
  const name = path.slice(path.lastIndexOf('/') + 1);
  const lang = nameLanguage(name, keys.known) ?? mount.lang ?? keys.defaultLanguage;
  return { lang, path };
}

/** Every `_index` content file under `dir` (absolute paths); dot-files and dot-folders skipped. */
function indexFilesUnder(dir: string, out: string[]): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) indexFilesUnder(path, out);
    else if (INDEX_FILE.test(entry.name) && CONTENT_FILE.test(entry.name)) out.push(path);
  }
}

/**
 * The `_index` files (home and section pages) of every mount, absolute, each once, in mount
 * order.
 * @example indexFiles(mounts) // ['/site/content/_index.md', '/site/content/posts/_index.md', ...]
 */
export function indexFiles(mounts: readonly ContentMount[]): string[] {
  const files: string[] = [];
  for (const mount of mounts) indexFilesUnder(mount.dir, files);
  return [...new Set(files)];
}
