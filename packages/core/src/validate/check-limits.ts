/**
 * The protocol's size limits for one file. `seeds` (the default) makes the sitemaps.org figures
 * errors; `current` allows up to the raised maxima and warns between the two. Pure.
 */

import {
  CURRENT_MAX_BYTES_PER_SITEMAP,
  CURRENT_MAX_SITEMAPS_PER_INDEX,
  MAX_URLS_PER_SITEMAP,
  SEEDS_MAX_BYTES_PER_SITEMAP,
  SEEDS_MAX_SITEMAPS_PER_INDEX,
} from '../limits.js';
import type { LimitsPreset } from '../types.js';
import type { RootKind } from './parse-sitemap.js';
import type { RuleId, Severity } from './rules.js';

export interface LimitFinding {
  rule: RuleId;
  severity: Severity;
  message: string;
}

const fmt = (n: number): string => n.toLocaleString('en-US');

function tiered(
  rule: RuleId,
  value: number,
  seeds: number,
  current: number,
  preset: LimitsPreset,
  what: string,
): LimitFinding | undefined {
  if (value > current) {
    return {
      rule,
      severity: 'error',
      message: `${fmt(value)} ${what}: more than the ${fmt(current)} any consumer accepts`,
    };
  }
  if (value <= seeds) return undefined;
  if (preset === 'seeds') {
    return {
      rule,
      severity: 'error',
      message: `${fmt(value)} ${what}: more than the ${fmt(seeds)} of the protocol's seeds limits (--limits current allows ${fmt(current)})`,
    };
  }
  return {
    rule,
    severity: 'warning',
    message: `${fmt(value)} ${what}: within --limits current, but more than the ${fmt(seeds)} some consumers still enforce`,
  };
}

/**
 * Every limit one file breaks.
 * @example checkLimits('urlset', 50_001, 1000, 'seeds')[0]?.rule // 'limit-urls'
 * @example checkLimits('urlset', 10, 20_000_000, 'current')[0]?.severity // 'warning'
 */
export function checkLimits(
  kind: RootKind,
  entries: number,
  xmlBytes: number,
  preset: LimitsPreset,
): LimitFinding[] {
  const found: (LimitFinding | undefined)[] = [
    tiered(
      'limit-bytes',
      xmlBytes,
      SEEDS_MAX_BYTES_PER_SITEMAP,
      CURRENT_MAX_BYTES_PER_SITEMAP,
      preset,
      'bytes uncompressed',
    ),
  ];
  if (kind === 'urlset' && entries > MAX_URLS_PER_SITEMAP) {
    found.push({
      rule: 'limit-urls',
      severity: 'error',
      message: `${fmt(entries)} URLs: a sitemap holds at most ${fmt(MAX_URLS_PER_SITEMAP)}`,
    });
  }
  if (kind === 'sitemapindex') {
    found.push(
      tiered(
        'limit-sitemaps',
        entries,
        SEEDS_MAX_SITEMAPS_PER_INDEX,
        CURRENT_MAX_SITEMAPS_PER_INDEX,
        preset,
        'sitemaps in one index',
      ),
    );
  }
  return found.filter((f) => f !== undefined);
}
