/**
 * Finds a Hugo site's config and reads it (touches disk): `hugo.toml|yaml|yml|json` (Hugo 0.110
 * on), `config.toml|yaml|yml|json` (the older name, taken only when it reads as Hugo's: see
 * `isHugoConfig`), or a `config/_default/`
 * folder. What is read here decides detection, and stands in for `hugo config` when Hugo cannot
 * be run; it merges no environment or theme config, as Hugo would.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { jsYaml, smolToml } from '../dependencies.js';
import { isMissingDependency } from '../errors.js';
import { lowerKeys } from './hugo-settings.js';

const EXTENSIONS = ['toml', 'yaml', 'yml', 'json'] as const;
const CONFIG_DIR = 'config/_default';

/**
 * Settings only Hugo's config has (lowercased); Zola's `config.toml` says `base_url`. Names other
 * tools' configs share (`baseUrl`, `theme`, `markup`, `module`, `outputs`, `paginate`) are not
 * among them.
 */
const HUGO_KEYS = [
  'languagecode',
  'defaultcontentlanguage',
  'defaultcontentlanguageinsubdir',
  'publishdir',
  'contentdir',
  'permalinks',
  'taxonomies',
  'disablekinds',
  'uglyurls',
  'enablerobotstxt',
  'enablegitinfo',
  'relativeurls',
  'canonifyurls',
];

/** A Hugo site's config file, read. */
export interface HugoConfigFile {
  /** The file (or `config/_default` folder), relative to the project folder. */
  file: string;
  /** Its settings, keys lowercased; `{}` when it could not be read. */
  data: Record<string, unknown>;
  /** Why it could not be read, when it could not. */
  error?: string;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The settings in a config file, by its extension. */
function parseConfig(path: string): Record<string, unknown> {
  const text = readFileSync(path, 'utf8');
  const data = path.endsWith('.toml')
    ? smolToml().parse(text)
    : path.endsWith('.json')
      ? JSON.parse(text)
      : jsYaml().load(text);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  return lowerKeys(data) as Record<string, unknown>;
}

function read(root: string, file: string): HugoConfigFile {
  try {
    return { file, data: parseConfig(join(root, file)) };
  } catch (error) {
    if (isMissingDependency(error)) throw error;
    return { file, data: {}, error: (error as Error).message.split('\n')[0] as string };
  }
}

/**
 * `config/_default/`'s files merged as Hugo merges them: `hugo.*` and `config.*` at the top,
 * every other file under the key its name gives (`languages.toml` -> `languages`).
 */
function readConfigDir(root: string): HugoConfigFile {
  const data: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const name of readdirSync(join(root, CONFIG_DIR)).sort()) {
    const match = /^(.+)\.(toml|yaml|yml|json)$/.exec(name);
    if (!match) continue;
    const file = read(root, `${CONFIG_DIR}/${name}`);
    if (file.error) errors.push(`${file.file}: ${file.error}`);
    const key = (match[1] as string).toLowerCase();
    if (key === 'hugo' || key === 'config') Object.assign(data, file.data);
    else data[key] = file.data;
  }
  return { file: CONFIG_DIR, data, ...(errors.length ? { error: errors.join('; ') } : {}) };
}

/** The content folders a config names (`contentDir`, at the top or per language). */
function namedContentDirs(data: Record<string, unknown>): string[] {
  const dirs: unknown[] = [data.contentdir];
  const languages = data.languages;
  if (typeof languages === 'object' && languages !== null) {
    for (const language of Object.values(languages)) {
      // The data's keys are lowercased already (parseConfig), nested ones too.
      if (typeof language === 'object' && language !== null)
        dirs.push((language as Record<string, unknown>).contentdir);
    }
  }
  return dirs.filter((dir): dir is string => typeof dir === 'string' && dir !== '');
}

/**
 * Whether a `config.*` file is Hugo's. The name is common (an app's `config.json` may well say
 * `baseUrl` beside a `content/` folder), so it takes: the content folders it names per language
 * (only Hugo has those), or a setting only Hugo has with one of Hugo's folders beside it
 * (`content/`, `layouts/`, `themes/`, `archetypes/`), or, with settings any tool may have, two of
 * them: `content/` and one of the others.
 */
function isHugoConfig(root: string, config: HugoConfigFile): boolean {
  if ('base_url' in config.data) return false;
  const has = (dir: string) => isDirectory(join(root, dir));
  if (namedContentDirs(config.data).some(has)) return true;
  const theirs = ['layouts', 'themes', 'archetypes'].some(has);
  if (has('content') && theirs) return true;
  return (has('content') || theirs) && HUGO_KEYS.some((key) => key in config.data);
}

/**
 * The Hugo config of the project at `root`, read; undefined when it is not a Hugo site.
 * @example findHugoConfig('my-site') // { file: 'hugo.toml', data: { baseurl: 'https://e.org/' } }
 */
export function findHugoConfig(root: string): HugoConfigFile | undefined {
  for (const ext of EXTENSIONS) {
    if (existsSync(join(root, `hugo.${ext}`))) return read(root, `hugo.${ext}`);
  }
  for (const ext of EXTENSIONS) {
    if (!existsSync(join(root, `config.${ext}`))) continue;
    const config = read(root, `config.${ext}`);
    if (isHugoConfig(root, config)) return config;
  }
  if (isDirectory(join(root, CONFIG_DIR))) return readConfigDir(root);
  return undefined;
}
