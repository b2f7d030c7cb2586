/**
 * The one check of options: the options not known, then each row of the options table on the
 * value given, every problem listed. resolveOptions runs it before it resolves anything; an
 * adapter runs it when its config is loaded, before the site or the output folder may be known,
 * and gets the same messages.
 */

import { SitemapError } from '../errors.js';
import type { SitemapOptions } from '../types.js';
import { closest } from './did-you-mean.js';
import { isPlainObject } from './option-checks.js';
import { OPTION_NAMES, OPTIONS } from './table.js';

/** What a caller of the check adds: the options it sets itself, what is required now, names. */
export interface OptionsCheck {
  /**
   * Options the caller sets itself, refused when given: name -> what to tell the user, after the
   * name. Listed first; such an option is not checked otherwise.
   * @example { outDir: "comes from Vite's `build.outDir`; set it there" }
   */
  owned?: Readonly<Record<string, string>>;
  /**
   * Options that must be given now; the others are checked when given. resolveOptions requires
   * `site` and `outDir`.
   * @default []
   */
  required?: readonly (keyof SitemapOptions)[];
  /**
   * The names the caller's users know options by, where the caller maps them to the core's:
   * core name -> that name, said in every message about the option.
   * @example { maxUrlsPerSitemap: 'entryLimit' }
   */
  names?: Readonly<Partial<Record<keyof SitemapOptions, string>>>;
}

const KNOWN = new Set<string>(OPTION_NAMES);

/**
 * The problem of an option not known, naming the known one it most likely meant.
 * @example unknownOption('trailingslash', ['trailingSlash', 'format']) // "unknown option `trailingslash`; did you mean `trailingSlash`?"
 * @example unknownOption('colour', ['format']) // 'unknown option `colour`'
 */
export function unknownOption(key: string, known: readonly string[]): string {
  // Compared without case: `xslUrl` is `xslURL` mistyped, as `trailing_slash` is `trailingSlash`.
  const lower = known.map((name) => name.toLowerCase());
  const match = closest(key.toLowerCase(), lower);
  const meant = match === undefined ? undefined : known[lower.indexOf(match)];
  return meant === undefined
    ? `unknown option \`${key}\``
    : `unknown option \`${key}\`; did you mean \`${meant}\`?`;
}

/**
 * Every problem of `input`, in order: options the caller owns that are given, options not
 * known, then each option's own as the table lists them. Nothing is required unless `required`
 * says so. Pure.
 * @example optionProblems({ priority: 2 }) // ['`priority` must be a number from 0.0 to 1.0; got 2']
 * @example optionProblems({ outDir: 'x' }, { owned: { outDir: 'comes from Vite' } }) // ['`outDir` comes from Vite']
 */
export function optionProblems(input: unknown, check: OptionsCheck = {}): string[] {
  if (!isPlainObject(input)) return ['options must be an object'];
  const { owned = {}, required = [], names = {} } = check;
  const isOwned = (key: string) => Object.hasOwn(owned, key);
  const problems = Object.keys(owned)
    .filter((key) => input[key] !== undefined)
    .map((key) => `\`${key}\` ${owned[key]}`);
  const known = OPTION_NAMES.map((name) => names[name] ?? name);
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && !KNOWN.has(key) && !isOwned(key))
      problems.push(unknownOption(key, known));
  }
  for (const name of OPTION_NAMES) {
    const value = input[name];
    if (isOwned(name) || (value === undefined && !required.includes(name))) continue;
    OPTIONS[name].check(value, { name: names[name] ?? name, given: input, problems });
  }
  return problems;
}

/**
 * The error of invalid options: one `SitemapError` (code `invalid-options`) listing every
 * problem, so a user fixes them all in one go.
 * @example invalidOptions(['`priority` ...'], '@sitemapkit/astro').message // '@sitemapkit/astro: invalid options:\n  - `priority` ...'
 */
export function invalidOptions(problems: readonly string[], who = 'sitemapkit'): SitemapError {
  const list = problems.map((p) => `  - ${p}`).join('\n');
  return new SitemapError('invalid-options', `${who}: invalid options:\n${list}`, {}, [
    ...problems,
  ]);
}

/**
 * Checks options as {@link optionProblems} does and throws {@link invalidOptions} when there is
 * a problem. Without `required`, what is given is checked and nothing more: what an adapter
 * calls when its config is loaded, before the site and the output folder are known.
 * @example checkOptions({ site: 'https://e.com', root: 'src' }, { owned: { root: "comes from Vite's `root`" }, required: ['site'] })
 *   // throws: "sitemapkit: invalid options:\n  - `root` comes from Vite's `root`"
 */
export function checkOptions(input: unknown, check?: OptionsCheck): void {
  if (!isPlainObject(input)) {
    throw new SitemapError('invalid-options', 'sitemapkit: options must be an object', {}, [
      'options must be an object',
    ]);
  }
  const problems = optionProblems(input, check);
  if (problems.length > 0) throw invalidOptions(problems);
}
