/**
 * Small value checks for options, each adding a readable problem to a list, and the shape every
 * option's check has (one per row of the options table, table.ts). Pure.
 */
import { CHANGEFREQS } from '../limits.js';

/** A file name: no `--` (it marks each file in an XML comment), short enough for any file system. */
const FILENAME_BASE = /^(?!.*--)[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const CHUNK_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const COMMIT_HASH = /^[0-9a-fA-F]{7,64}$/;
const HTTP_URL = /^https?:\/\/[^/?#\s]/i;

/** What a check is given besides the value. */
export interface CheckContext {
  /**
   * The option's name, as every message about it says it: the core's, or the name an adapter's
   * users know it by (`entryLimit` for `maxUrlsPerSitemap`).
   */
  readonly name: string;
  /** Every option given, for a check that depends on another (`xslURL` on `stylesheet`). */
  readonly given: Readonly<Record<string, unknown>>;
  /** The problems found so far; a check adds its own. */
  readonly problems: string[];
}

/**
 * Adds the problems of one option's value to `at.problems`. Called for a value given (never
 * undefined), and with undefined for a required option that is not: it then says it is required.
 */
export type Check = (value: unknown, at: CheckContext) => void;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One of a few words.
 * @example oneOf(['always', 'never'])('sometimes', at) // "`trailingSlash` must be one of 'always', 'never'; got \"sometimes\""
 */
export function oneOf(allowed: readonly string[]): Check {
  return (value, { name, problems }) => {
    if (typeof value === 'string' && allowed.includes(value)) return;
    problems.push(
      `\`${name}\` must be one of ${allowed.map((a) => `'${a}'`).join(', ')}; got ${JSON.stringify(value)}`,
    );
  };
}

/** A whole number from `min` to `max`. */
export function wholeNumber(min: number, max: number): Check {
  return (value, { name, problems }) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      problems.push(
        `\`${name}\` must be a whole number from ${min} to ${max}; got ${JSON.stringify(value)}`,
      );
    }
  };
}

/** true or false. */
export const isBoolean: Check = (value, { name, problems }) => {
  if (typeof value !== 'boolean') problems.push(`\`${name}\` must be true or false`);
};

/**
 * true, false or one word more.
 * @example booleanOr('auto') // `git`: true, false or 'auto'
 */
export function booleanOr(word: string): Check {
  return (value, { name, problems }) => {
    if (typeof value !== 'boolean' && value !== word) {
      problems.push(`\`${name}\` must be true, false or '${word}'; got ${JSON.stringify(value)}`);
    }
  };
}

/** An array of non-empty strings. */
export const isStringArray: Check = (value, { name, problems }) => {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v === '')) {
    problems.push(`\`${name}\` must be an array of non-empty strings`);
  }
};

/** A function. */
export const isFunction: Check = (value, { name, problems }) => {
  if (typeof value !== 'function')
    problems.push(`\`${name}\` must be a function; got ${typeof value}`);
};

/** A non-empty string, or `what` is said. */
export function nonEmptyString(what: string): Check {
  return (value, { name, problems }) => {
    if (typeof value !== 'string' || value === '') problems.push(`\`${name}\` must be ${what}`);
  };
}

/** `root`: a folder path ('' is the working folder). */
export const isFolder: Check = (value, { name, problems }) => {
  if (typeof value !== 'string') problems.push(`\`${name}\` must be a folder path`);
};

/** `gitIgnoreRevs`: commit hashes, full or abbreviated. */
export const isCommitList: Check = (value, at) => {
  isStringArray(value, at);
  if (!Array.isArray(value)) return;
  for (const rev of value) {
    if (typeof rev === 'string' && !COMMIT_HASH.test(rev))
      at.problems.push(
        `\`${at.name}\` entry ${JSON.stringify(rev.slice(0, 80))} is not a commit hash (7 to 64 hex digits)`,
      );
  }
};

/** `customSitemaps`: absolute http(s) URLs. */
export const isUrlList: Check = (value, at) => {
  isStringArray(value, at);
  if (!Array.isArray(value)) return;
  for (const url of value) {
    if (typeof url === 'string' && url !== '' && !HTTP_URL.test(url)) {
      at.problems.push(
        `\`${at.name}\` entry ${JSON.stringify(url.slice(0, 200))} is not an absolute http(s) URL`,
      );
    }
  }
};

/** `changefreq`: one of the protocol's words. */
export const isChangefreq: Check = (value, { name, problems }) => {
  const problem = changefreqProblem(value);
  if (problem) problems.push(`\`${name}\` ${problem}`);
};

/** `priority`: 0.0 to 1.0. */
export const isPriority: Check = (value, { name, problems }) => {
  const problem = priorityProblem(value);
  if (problem) problems.push(`\`${name}\` ${problem}`);
};

/** `chunks`: name -> function, each name fit for a file name and none of ours. */
export const isChunks: Check = (value, { name, problems }) => {
  if (!isPlainObject(value)) {
    problems.push(`\`${name}\` must be an object of name -> function`);
    return;
  }
  for (const [chunk, fn] of Object.entries(value)) {
    if (typeof fn !== 'function') problems.push(`\`${name}.${chunk}\` must be a function`);
    if (!CHUNK_NAME.test(chunk))
      problems.push(`\`${name}\` name ${JSON.stringify(chunk)} must be letters, digits, - or _`);
    // The files of the pages left over, and the index, are named so already.
    if (chunk === 'pages' || chunk === 'index')
      problems.push(`\`${name}\` name '${chunk}' is reserved`);
  }
};

/** `filenameBase`: a plain file name. */
export const isFilenameBase: Check = (value, { name, problems }) => {
  if (typeof value !== 'string' || !FILENAME_BASE.test(value)) {
    problems.push(
      `\`${name}\` must be a plain file name such as 'sitemap' (letters, digits, _ . -, no '--', at most 100 characters); got ${JSON.stringify(String(value).slice(0, 120))}`,
    );
  }
};

/** `xslURL`: a URL, and not with `stylesheet`, which references a stylesheet of ours. */
export const isXslUrl: Check = (value, at) => {
  nonEmptyString('a URL string')(value, at);
  if (at.given.stylesheet === true) {
    at.problems.push(
      `\`stylesheet\` and \`${at.name}\` both set: \`stylesheet\` writes a stylesheet of ours and references it, \`${at.name}\` references yours; give one`,
    );
  }
};

/** Validates `priority` (0.0-1.0); returns a problem text or null. */
export function priorityProblem(value: unknown): string | null {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0 || value > 1) {
    return `must be a number from 0.0 to 1.0; got ${JSON.stringify(value)}`;
  }
  return null;
}

/** Validates `changefreq`; returns a problem text or null. */
export function changefreqProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !(CHANGEFREQS as readonly string[]).includes(value)) {
    return `must be one of ${CHANGEFREQS.join(', ')}; got ${JSON.stringify(value)}`;
  }
  return null;
}
