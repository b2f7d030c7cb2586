/**
 * The protocol's size limits for one file. `seeds` (the default) makes the sitemaps.org figures
 * errors; `current` allows up to the raised maxima and warns between the two. A file whose reading
 * stopped at MAX_XML_BYTES gets its size said as that: its full size is not known. Pure.
 */

import {
  CURRENT_MAX_BYTES_PER_SITEMAP,
  CURRENT_MAX_SITEMAPS_PER_INDEX,
  MAX_URLS_PER_SITEMAP,
  SEEDS_MAX_BYTES_PER_SITEMAP,
  SEEDS_MAX_SITEMAPS_PER_INDEX,
} from '../limits.js';
import type { LimitsPreset } from '../types.js';
import { clip } from '../url/shorten.js';
import { MAX_XML_BYTES } from './bounds.js';
import type { RootKind } from './parse-sitemap.js';
import type { RuleId, Severity } from './rules.js';

export interface LimitFinding {
  rule: RuleId;
  severity: Severity;
  message: string;
  /** Where reading stopped, for a file read only in part. */
  line?: number;
}

/** A file whose reading stopped at MAX_XML_BYTES, as `validate` met it. */
export interface StoppedRead {
  /** The file's name, as the report names it. */
  file: string;
  /** The line reading stopped at. */
  line: number;
  /** Whether the file is gzip (it inflates past the limit) or plain (its size on disk is `bytes`). */
  gzip: boolean;
  /** Bytes on disk. */
  bytes: number;
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

/** The size of a file read only in part: past the most any consumer reads, however far past. */
function stoppedFinding({ file, line, gzip, bytes }: StoppedRead): LimitFinding {
  const size = gzip
    ? `inflates to more than ${fmt(MAX_XML_BYTES)} bytes, the most any consumer reads`
    : `is ${fmt(bytes)} bytes, more than the ${fmt(MAX_XML_BYTES)} any consumer reads`;
  return {
    rule: 'limit-bytes',
    severity: 'error',
    line,
    message: `${clip(file)} ${size}: reading stopped at ${fmt(MAX_XML_BYTES)} bytes, the rest of the file was not checked`,
  };
}

/**
 * Every limit one file breaks. `kind` is undefined for a file with no sitemap root (only its size
 * can break a limit, when its reading stopped); `stopped` is given for a file read only in part.
 * @example checkLimits('urlset', 50_001, 1000, 'seeds')[0]?.rule // 'limit-urls'
 * @example checkLimits('urlset', 10, 20_000_000, 'current')[0]?.severity // 'warning'
 */
export function checkLimits(
  kind: RootKind | undefined,
  entries: number,
  xmlBytes: number,
  preset: LimitsPreset,
  stopped?: StoppedRead,
): LimitFinding[] {
  if (kind === undefined) return stopped === undefined ? [] : [stoppedFinding(stopped)];
  const found: (LimitFinding | undefined)[] = [
    stopped === undefined
      ? tiered(
          'limit-bytes',
          xmlBytes,
          SEEDS_MAX_BYTES_PER_SITEMAP,
          CURRENT_MAX_BYTES_PER_SITEMAP,
          preset,
          'bytes uncompressed',
        )
      : stoppedFinding(stopped),
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
