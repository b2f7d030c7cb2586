/**
 * A Jekyll project's config file, found and read the way Jekyll does when it cannot be asked:
 * `_config.yml`, `_config.yaml` or `_config.toml` in the project folder (the first that exists),
 * and from it the values a sitemap needs: `source`, `destination`, `url` and `baseurl`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jsYaml, smolToml } from '../dependencies.js';

/** The config files Jekyll reads when given none, in the order it looks for them. */
export const JEKYLL_CONFIG_FILES = ['_config.yml', '_config.yaml', '_config.toml'] as const;

/** The values of a Jekyll config a sitemap needs, with Jekyll's defaults. */
export interface JekyllConfig {
  /** Source folder, as written (`.` by default). */
  source: string;
  /** Output folder, as written (`_site` by default). */
  destination: string;
  url?: string;
  baseurl?: string;
}

/**
 * The config file Jekyll would read in `root`, or undefined when there is none.
 * @example findJekyllConfig('my-blog') // '_config.yml'
 */
export function findJekyllConfig(root: string): string | undefined {
  return JEKYLL_CONFIG_FILES.find((name) => existsSync(join(root, name)));
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * Reads `file` (relative to `root`); throws with the parser's message when it is not valid.
 * @example await readJekyllConfig('my-blog', '_config.yml') // { source: '.', destination: '_site', url: 'https://e.com' }
 */
export async function readJekyllConfig(root: string, file: string): Promise<JekyllConfig> {
  const raw = await readFile(join(root, file), 'utf8');
  const data = file.endsWith('.toml') ? smolToml().parse(raw) : jsYaml().load(raw);
  const values = (data !== null && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const url = text(values.url);
  const baseurl = text(values.baseurl);
  return {
    source: text(values.source) ?? '.',
    destination: text(values.destination) ?? '_site',
    ...(url ? { url } : {}),
    ...(baseurl ? { baseurl } : {}),
  };
}
