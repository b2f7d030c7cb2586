/** Public types of `validateSitemaps()`: its options, its findings and its report. */

import type { LimitsPreset } from '../types.js';
import type { Severity } from './rules.js';

export type { Severity } from './rules.js';

export interface ValidateOptions {
  /**
   * Absolute http(s) URL the target folder is served at, e.g. `https://example.com/docs/`.
   * Maps sitemap URLs onto files (URL path relative to the site's path -> file under the folder)
   * and gives each sitemap its own URL for the location rule. Inferred when not given.
   */
  site?: string;
  /** Which size limits are errors. @default 'seeds' */
  limits?: LimitsPreset;
  /** Run the XSD pass with xmllint-wasm. @default true */
  xsd?: boolean;
  /** The time lastmod values are compared with. @default new Date() */
  now?: Date;
}

/** One problem found. The findings are the API: their shape does not change. */
export interface Finding {
  /** A rule id from `RULES` (rules.ts). */
  rule: string;
  severity: Severity;
  /** Path relative to the report's `root`, `/`-separated. */
  file: string;
  /** 1-based line in the (uncompressed) file. */
  line?: number;
  /** Clipped to 200 characters, with its full length, when longer. */
  url?: string;
  /** Any text quoted from the input is clipped to 200 characters, the whole to 1,000. */
  message: string;
}

export interface ReportFile {
  /** Path relative to the report's `root`, `/`-separated. */
  path: string;
  kind: 'index' | 'urlset';
  /** `<url>` entries for a urlset, `<sitemap>` entries for an index. */
  urlCount: number;
  /** Bytes on disk (compressed size for `.gz`). */
  bytes: number;
  /** Uncompressed XML bytes, the size the limits count. */
  xmlBytes: number;
  /** The URL the file is served at, when known (given, listed or inferred). */
  url?: string;
  /**
   * Reading stopped at 52,428,800 uncompressed bytes (a `limit-bytes` error says so): `xmlBytes`
   * and `urlCount` count what was read, the rest of the file was not checked.
   */
  partial?: true;
}

/**
 * Findings of one rule in one file, with one severity, that were counted but not kept: past 100
 * of one rule in one file, or past 10,000 in the whole run (see bounds.ts).
 */
export interface DroppedFindings {
  rule: string;
  severity: Severity;
  /** Path relative to the report's `root`, `/`-separated. */
  file: string;
  count: number;
}

/** Where the site URL used for mapping and for the location rule came from. */
export interface SiteInfo {
  /** Absolute URL of the target folder, ending in `/`. */
  url: string;
  /** `option`: --site; `index`: inferred from the sitemaps an index lists; `robots`: from robots.txt. */
  source: 'option' | 'index' | 'robots';
  /** The file the site was inferred from. */
  from?: string;
}

export interface ValidationReport {
  /** Absolute path of the folder the files are relative to. */
  root: string;
  /** The site URL, or null when neither given nor inferable (the location rule is then skipped). */
  site: SiteInfo | null;
  files: ReportFile[];
  /** At most 100 per rule and file and 10,000 in all, the first found; `dropped` counts the rest. */
  findings: Finding[];
  /** What was found past those caps, per file, rule and severity. */
  dropped: DroppedFindings[];
  /** Error findings, the dropped ones included. */
  errors: number;
  /** Warning findings, the dropped ones included. */
  warnings: number;
  /** `<url>` entries over all urlset files. */
  urlCount: number;
}
