/**
 * The content folders of a Hugo site, as `hugo config mounts` prints them: one JSON object per
 * module (the project first, then its themes and modules), each with its folder and mounts. A
 * mount's `lang` (or, from Hugo 0.150, its `sites.matrix.languages`) gives the language of the
 * files in it that carry no language in their name. Pure.
 */
import { resolve } from 'node:path';

/** A folder whose files are content under `target`. */
export interface ContentMount {
  /** The folder, absolute. */
  dir: string;
  /** Where it is mounted under the content root, `''` for the root itself (`content/docs` -> `docs`). */
  target: string;
  /** The language of the files in it, when the mount names one. */
  lang?: string;
}

interface ModuleJson {
  dir?: unknown;
  mounts?: unknown;
}

interface MountJson {
  source?: unknown;
  target?: unknown;
  lang?: unknown;
  sites?: { matrix?: { languages?: unknown } };
}

/** The top-level JSON values of `text`, written one after another. */
function jsonValues(text: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (depth++ === 0) start = i;
    } else if ((c === '}' || c === ']') && --depth === 0) {
      values.push(JSON.parse(text.slice(start, i + 1)));
    }
  }
  return values;
}

function mountLanguage(mount: MountJson): string | undefined {
  if (typeof mount.lang === 'string' && mount.lang !== '') return mount.lang.toLowerCase();
  const languages = mount.sites?.matrix?.languages;
  if (Array.isArray(languages) && languages.length === 1 && typeof languages[0] === 'string') {
    const only = languages[0].toLowerCase();
    // A glob (`**`, `{en,fr}`) names several languages: the file names say which.
    if (!/[*?{[]/.test(only)) return only;
  }
  return undefined;
}

/**
 * The content mounts in `hugo config mounts` output, in Hugo's order (the project first).
 * @example contentMounts('{"dir": "/site", "mounts": [{"source": "content.fr", "target": "content", "lang": "fr"}]}')
 *   // [{ dir: '/site/content.fr', target: '', lang: 'fr' }]
 */
export function contentMounts(output: string): ContentMount[] {
  const mounts: ContentMount[] = [];
  for (const value of jsonValues(output)) {
    const modules = (Array.isArray(value) ? value : [value]) as ModuleJson[];
    for (const module of modules) {
      if (typeof module?.dir !== 'string' || !Array.isArray(module.mounts)) continue;
      for (const mount of module.mounts as MountJson[]) {
        if (typeof mount?.source !== 'string' || typeof mount.target !== 'string') continue;
        const target = mount.target.replaceAll('\\', '/').replace(/\/+$/, '');
        if (target !== 'content' && !target.startsWith('content/')) continue;
        const lang = mountLanguage(mount);
        mounts.push({
          dir: resolve(module.dir, mount.source),
          target: target.slice('content'.length).replace(/^\/+/, ''),
          ...(lang ? { lang } : {}),
        });
      }
    }
  }
  return mounts;
}
