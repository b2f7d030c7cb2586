/**
 * The `indexNow` option, checked and resolved. Pure: every problem is added to the list the
 * other options' problems go to, so one error names them all.
 */

import { resolve } from 'node:path';
import { isPlainObject } from '../options/option-checks.js';
import { indexFileName } from '../output/names.js';
import type { IndexNowOptions } from '../types.js';
import type { DeployedWhere } from './deployed.js';

/** Where the URLs go unless `indexNow.endpoint` says otherwise: it shares them with every engine. */
export const DEFAULT_INDEXNOW_ENDPOINT = 'https://api.indexnow.org/indexnow';
/** The state file's name in the output folder, unless `indexNow.stateFile` names another. */
export const STATE_FILE_NAME = '.sitemapkit-indexnow.tsv.gz';
/** What IndexNow accepts as a key: 8 to 128 letters, digits and dashes. */
export const INDEXNOW_KEY = /^[A-Za-z0-9-]{8,128}$/;

export interface ResolvedIndexNow {
  key: string;
  endpoint: string;
  /** The key file's URL, sent when the user set it or the site lives under a base path. */
  keyLocation: string | undefined;
  /** Absolute path of the key file to write in the output folder; null when `keyLocation` is set. */
  keyFile: string | null;
  dryRun: boolean;
  initial: 'none' | 'all';
  /** What the new set is compared with: the state file, or the sitemaps deployed on the site. */
  compare: 'state' | 'deployed';
  /** Absolute path of the state file (not read or written when `compare` is 'deployed'). */
  stateFile: string;
  /** Where the deployed set is read from, when `compare` is 'deployed'. */
  deployed: DeployedWhere;
  /** The site's host, as IndexNow's `host` field. */
  host: string;
}

const KNOWN = new Set([
  'key',
  'endpoint',
  'keyLocation',
  'dryRun',
  'initial',
  'compare',
  'stateFile',
]);

function httpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The problems of a given `indexNow`, pushed to `problems`. Only the site's origin bears on them
 * (a `keyLocation` must be on the site's host); `''` when the site is not known yet.
 */
export function checkIndexNow(problems: string[], value: unknown, origin: string): void {
  if (value === undefined) return;
  if (!isPlainObject(value)) {
    problems.push('`indexNow` must be an object such as { key: "<your IndexNow key>" }');
    return;
  }
  for (const name of Object.keys(value)) {
    if (!KNOWN.has(name) && value[name] !== undefined)
      problems.push(`unknown option \`indexNow.${name}\``);
  }
  const { key, endpoint, keyLocation, dryRun, initial, compare, stateFile } = value as Record<
    string,
    unknown
  >;
  if (typeof key !== 'string' || !INDEXNOW_KEY.test(key)) {
    const got = typeof key === 'string' ? JSON.stringify(key.slice(0, 140)) : typeof key;
    problems.push(
      `\`indexNow.key\` must be 8 to 128 characters, each a letter, a digit or '-' (IndexNow's rule); got ${got}`,
    );
  }
  if (endpoint !== undefined && (typeof endpoint !== 'string' || httpUrl(endpoint) === null)) {
    problems.push(
      `\`indexNow.endpoint\` must be an absolute http(s) URL such as ${DEFAULT_INDEXNOW_ENDPOINT}; got ${JSON.stringify(endpoint)}`,
    );
  }
  if (keyLocation !== undefined) {
    const url = typeof keyLocation === 'string' ? httpUrl(keyLocation) : null;
    if (url === null)
      problems.push(
        `\`indexNow.keyLocation\` must be the absolute http(s) URL of the key file; got ${JSON.stringify(keyLocation)}`,
      );
    else if (origin !== '' && url.origin !== origin)
      problems.push(
        `\`indexNow.keyLocation\` must be on the site's host (${origin}): IndexNow only accepts a key file on the host whose URLs it is sent; got ${JSON.stringify(keyLocation)}`,
      );
  }
  if (dryRun !== undefined && typeof dryRun !== 'boolean')
    problems.push('`indexNow.dryRun` must be true or false');
  if (initial !== undefined && initial !== 'none' && initial !== 'all')
    problems.push(`\`indexNow.initial\` must be 'none' or 'all'; got ${JSON.stringify(initial)}`);
  if (compare !== undefined && compare !== 'state' && compare !== 'deployed')
    problems.push(
      `\`indexNow.compare\` must be 'state' or 'deployed'; got ${JSON.stringify(compare)}`,
    );
  if (stateFile !== undefined && (typeof stateFile !== 'string' || stateFile === ''))
    problems.push('`indexNow.stateFile` must be a file path');
  else if (stateFile !== undefined && compare === 'deployed')
    problems.push(
      "`indexNow.stateFile` is not used with `indexNow.compare: 'deployed'` (the deployed sitemaps are the previous set, no state file is read or written): remove one",
    );
}

/**
 * `indexNow`, checked already (`checkIndexNow`), resolved against the site: where its key file,
 * state file and the deployed set are. Undefined when it is not set.
 */
export function resolveIndexNow(
  value: IndexNowOptions | undefined,
  where: {
    root: string;
    outDir: string;
    origin: string;
    baseUrl: string;
    /** The set's resolved `filenameBase`, `maxSitemapsPerIndex` and `customSitemaps`. */
    filenameBase: string;
    maxSitemapsPerIndex: number;
    customSitemaps: readonly string[];
  },
): ResolvedIndexNow | undefined {
  if (value === undefined) return undefined;
  const o = value;
  const underBase = where.baseUrl !== `${where.origin}/`;
  return {
    key: o.key,
    endpoint: o.endpoint ?? DEFAULT_INDEXNOW_ENDPOINT,
    // A key file under a base path vouches only for URLs under it: IndexNow must be told where.
    keyLocation: o.keyLocation ?? (underBase ? `${where.baseUrl}${o.key}.txt` : undefined),
    keyFile: o.keyLocation === undefined ? resolve(where.outDir, `${o.key}.txt`) : null,
    dryRun: o.dryRun ?? false,
    initial: o.initial ?? 'none',
    compare: o.compare ?? 'state',
    stateFile:
      o.stateFile === undefined
        ? resolve(where.outDir, STATE_FILE_NAME)
        : resolve(where.root, o.stateFile),
    deployed: {
      // The index the build writes.
      indexUrl: `${where.baseUrl}${indexFileName(where.filenameBase, 0)}`,
      maxSitemapsPerIndex: where.maxSitemapsPerIndex,
      notFollowed: where.customSitemaps,
    },
    host: new URL(where.origin).host,
  };
}

/**
 * Options for a framework that empties its output folder before each build (Vite, Astro): there,
 * a state file in that folder never survives, so unless the user chose how to compare
 * (`indexNow.compare` or `indexNow.stateFile`), the last build is read from the deployed sitemaps.
 * @example forFreshOutDir({ indexNow: { key: 'k' } }) // { indexNow: { compare: 'deployed', key: 'k' } }
 */
export function forFreshOutDir<T extends { indexNow?: unknown }>(options: T): T {
  const given = options.indexNow;
  if (given === null || typeof given !== 'object') return options;
  const { compare, stateFile } = given as { compare?: unknown; stateFile?: unknown };
  if (compare !== undefined || stateFile !== undefined) return options;
  return { ...options, indexNow: { compare: 'deployed', ...given } };
}
