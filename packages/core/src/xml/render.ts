/**
 * Pure renderers for `<urlset>` and `<sitemapindex>`: one escape function, fixed element order
 * (loc, lastmod, changefreq, priority, then xhtml:link), one entry per line.
 */
import { IMAGE_NS, SITEMAP_NS, XHTML_NS } from '../limits.js';
import type { ChangeFreq, ImageItem, LinkItem } from '../types.js';
import { escapeXml } from '../url/escape.js';
import { schemaLocationAttributes } from './schema-location.js';

/** An entry ready to write: URL encoded, lastmod normalised, values validated. */
export interface RenderItem {
  url: string;
  lastmod?: string | undefined;
  changefreq?: ChangeFreq | undefined;
  priority?: number | undefined;
  links?: LinkItem[] | undefined;
  images?: ImageItem[] | undefined;
}

/** The declaration every file we write starts with. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

function stylesheet(xslURL: string | undefined): string {
  return xslURL ? `<?xml-stylesheet type="text/xsl" href="${escapeXml(xslURL)}"?>\n` : '';
}

/** Formats a priority with at least one decimal: 1 -> `1.0`, 0.75 -> `0.75`. */
export function formatPriority(priority: number): string {
  return Number.isInteger(priority * 10) ? priority.toFixed(1) : String(priority);
}

export function renderUrl(item: RenderItem): string {
  let xml = `<url><loc>${escapeXml(item.url)}</loc>`;
  if (item.lastmod) xml += `<lastmod>${item.lastmod}</lastmod>`;
  if (item.changefreq) xml += `<changefreq>${item.changefreq}</changefreq>`;
  if (item.priority !== undefined) xml += `<priority>${formatPriority(item.priority)}</priority>`;
  for (const link of item.links ?? []) {
    xml += `<xhtml:link rel="alternate" hreflang="${escapeXml(link.lang)}" href="${escapeXml(link.url)}"/>`;
  }
  for (const image of item.images ?? []) {
    xml += `<image:image><image:loc>${escapeXml(image.loc)}</image:loc></image:image>`;
  }
  return `${xml}</url>\n`;
}

/**
 * Opening of a urlset; the xhtml namespace is declared only when a link is written. `mark` (a
 * comment saying who wrote the file) comes right after the declaration.
 */
export function urlsetOpen(
  withLinks: boolean,
  xslURL: string | undefined,
  mark = '',
  schemaLocation = false,
  /** Declare the image namespace: only when an image is written. */
  withImages = false,
): string {
  const xhtml = withLinks ? ` xmlns:xhtml="${XHTML_NS}"` : '';
  const image = withImages ? ` xmlns:image="${IMAGE_NS}"` : '';
  const xsi = schemaLocationAttributes('urlset', schemaLocation);
  return `${XML_DECLARATION}${mark}${stylesheet(xslURL)}<urlset xmlns="${SITEMAP_NS}"${xhtml}${image}${xsi}>\n`;
}

export const URLSET_CLOSE = '</urlset>\n';

export interface IndexEntry {
  url: string;
  lastmod?: string | undefined;
  /**
   * The sitemap's URL count, for the stylesheet's view: written as a comment (`<!--urls:12-->`),
   * which the protocol and the XSD ignore, only when set.
   */
  urlCount?: number | undefined;
}

export function renderIndex(
  entries: readonly IndexEntry[],
  xslURL: string | undefined,
  mark = '',
  schemaLocation = false,
): string {
  const xsi = schemaLocationAttributes('sitemapindex', schemaLocation);
  let xml = `${XML_DECLARATION}${mark}${stylesheet(xslURL)}<sitemapindex xmlns="${SITEMAP_NS}"${xsi}>\n`;
  for (const entry of entries) {
    xml += `<sitemap><loc>${escapeXml(entry.url)}</loc>`;
    if (entry.lastmod) xml += `<lastmod>${entry.lastmod}</lastmod>`;
    if (entry.urlCount !== undefined) xml += `<!--urls:${entry.urlCount}-->`;
    xml += '</sitemap>\n';
  }
  return `${xml}</sitemapindex>\n`;
}
