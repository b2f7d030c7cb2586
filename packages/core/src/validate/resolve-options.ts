/** Validates and normalises the options of `validateSitemaps()` once, with defaults. Pure. */

import { SitemapError } from '../errors.js';
import type { LimitsPreset } from '../types.js';
import { normaliseSite } from './site.js';
import type { ValidateOptions } from './types.js';

export interface ResolvedValidateOptions {
  site: URL | undefined;
  limits: LimitsPreset;
  xsd: boolean;
  /** ms since the epoch. */
  now: number;
}

/**
 * @throws {SitemapError} `invalid-options`, naming the option, listing every problem.
 * @example resolveValidateOptions({ site: 'https://e.com/docs' }).site?.href // 'https://e.com/docs/'
 */
export function resolveValidateOptions(options: ValidateOptions): ResolvedValidateOptions {
  const problems: { option: string; message: string }[] = [];
  const site = options.site === undefined ? undefined : normaliseSite(options.site);
  if (options.site !== undefined && site === undefined) {
    problems.push({
      option: 'site',
      message: `site must be an absolute http(s) URL, got "${options.site}"`,
    });
  }
  const limits = options.limits ?? 'seeds';
  if (limits !== 'seeds' && limits !== 'current') {
    problems.push({
      option: 'limits',
      message: `limits must be "seeds" or "current", got "${limits}"`,
    });
  }
  const now = (options.now ?? new Date()).getTime();
  if (Number.isNaN(now)) problems.push({ option: 'now', message: 'now is an invalid Date' });
  const [first] = problems;
  if (first !== undefined) {
    throw new SitemapError(
      'invalid-options',
      problems.map((p) => p.message).join('; '),
      { option: first.option },
      problems.map((p) => p.message),
    );
  }
  return { site, limits, xsd: options.xsd ?? true, now };
}
