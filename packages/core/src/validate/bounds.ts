/**
 * How much of an untrusted sitemap `sitemapkit validate` reads, keeps and echoes, in one place.
 * Every figure bounds memory or output by a constant, not by the size of the input: a file of
 * any size, however hostile, ends as a report of bounded size. Pure.
 */

import { CURRENT_MAX_BYTES_PER_SITEMAP } from '../limits.js';

/**
 * Findings kept per rule and file; the rest are counted (`report.dropped`), not kept. A capped
 * error still counts as an error.
 */
export const MAX_FINDINGS_PER_RULE = 100;
/** Findings kept over the whole run, every rule and file together; the rest are counted. */
export const MAX_FINDINGS_PER_RUN = 10_000;
/** Characters of a whole finding message; longer ones are clipped. */
export const MAX_MESSAGE_CHARS = 1_000;
/**
 * Uncompressed bytes read from one file: the protocol's largest limit (52,428,800 bytes, which no
 * consumer reads past). A file, or a `.gz` that inflates, past it is read no further.
 */
export const MAX_XML_BYTES = CURRENT_MAX_BYTES_PER_SITEMAP;
/** Bytes of robots.txt read: Google reads the first 500 KiB and ignores the rest. */
export const MAX_ROBOTS_BYTES = 512_000;
/**
 * The memory, in units of about a byte, that the checks across the whole set (duplicate URLs,
 * hreflang return links) may use: a remembered URL costs its length plus 64, an hreflang pair 32.
 * 128 Mi units is some 500,000 URLs with a million hreflang links; past it, later URLs are still
 * compared with those remembered, but not remembered themselves.
 */
export const MAX_TRACKED_UNITS = 2 ** 27;
/** Extension element names (namespace and local name) recorded per file for the XSD pass. */
export const MAX_EXTENSION_NAMES = 1_000;
/** Distinct percent-encoding problems described per URL. */
export const MAX_URL_ISSUES = 5;
/** `<xhtml:link>` alternates checked per `<url>`; past it, one `hreflang-link` warning says so. */
export const MAX_LINKS_PER_ENTRY = 1_000;
/**
 * Path segments of a sitemap URL tried, from its end, to infer the site from a file in the folder
 * (see site.ts): each try asks the disk, so a URL of many segments costs no more than this.
 */
export const MAX_INFER_DEPTH = 32;
