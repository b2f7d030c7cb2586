/**
 * The `xsi:schemaLocation` header of the sitemaps.org protocol page ("In order to validate your
 * Sitemap or Sitemap index file against a schema, the XML file will need additional headers"),
 * written on the root with `schemaLocation: true` and read back by `sitemapkit validate`. Pure.
 */
import { SITEMAP_NS } from '../limits.js';

export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

/** The official schema of each root, as the protocol page names it. */
export const OFFICIAL_SCHEMA = {
  urlset: `${SITEMAP_NS}/sitemap.xsd`,
  sitemapindex: `${SITEMAP_NS}/siteindex.xsd`,
} as const;

/**
 * The attributes for the root `kind` (with a leading space), or '' when not asked for.
 * @example schemaLocationAttributes('urlset', true)
 *   // ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd"'
 */
export function schemaLocationAttributes(
  kind: keyof typeof OFFICIAL_SCHEMA,
  enabled: boolean,
): string {
  if (!enabled) return '';
  return ` xmlns:xsi="${XSI_NS}" xsi:schemaLocation="${SITEMAP_NS} ${OFFICIAL_SCHEMA[kind]}"`;
}
