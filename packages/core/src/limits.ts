/**
 * Every protocol limit in one place, each with where it comes from.
 * "seeds" are the figures of the sitemaps.org protocol page; "current" the maxima the protocol
 * and search engines accept today. Options may raise limits up to `current`, never beyond.
 */

/** sitemaps.org: "no more than 50,000 URLs" per sitemap file. Unchanged in the current text. */
export const MAX_URLS_PER_SITEMAP = 50_000;
/** sitemaps.org: "and must be no larger than 10MB (10,485,760 bytes)", uncompressed. */
export const SEEDS_MAX_BYTES_PER_SITEMAP = 10_485_760;
/** sitemaps.org (2016 revision) and Google: 50MB (52,428,800 bytes) uncompressed. */
export const CURRENT_MAX_BYTES_PER_SITEMAP = 52_428_800;
/** sitemaps.org: "no more than 1,000 Sitemaps" per index file (the seeds). */
export const SEEDS_MAX_SITEMAPS_PER_INDEX = 1_000;
/** sitemaps.org (current text) and Google: up to 50,000 sitemaps per index file. */
export const CURRENT_MAX_SITEMAPS_PER_INDEX = 50_000;
/** sitemaps.org / Google: a URL "must be less than 2,048 characters". */
export const MAX_URL_LENGTH = 2_048;

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';
/** Google's image extension. */
export const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';
/** Google reads at most this many `<image:image>` per `<url>`. */
export const MAX_IMAGES_PER_URL = 1_000;

export const CHANGEFREQS = [
  'always',
  'hourly',
  'daily',
  'weekly',
  'monthly',
  'yearly',
  'never',
] as const;
