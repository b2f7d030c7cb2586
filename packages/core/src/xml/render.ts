/**
 * Pure renderers for `<urlset>` and `<sitemapindex>`: one escape function, fixed element order
 * (loc, lastmod, changefreq, priority, then xhtml:link), one entry per line.
 */
import { SITEMAP_NS, XHTML_NS } from '../limits.js';
import type { ChangeFreq, LinkItem } from '../types.js';
import { escapeXml } from '../url/escape.js';

/** An entry ready to write: URL encoded, lastmod normalised, values validated. */
export interface RenderItem {
  url: string;
  lastmod?: string | undefined;
  changefreq?: ChangeFreq | undefined;
  priority?: number | undefined;
  links?: LinkItem[] | undefined;
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

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
  return `${xml}</url>\n`;
}

/**
 * Opening of a urlset; the xhtml namespace is declared only when a link is written. `mark` (a
 * comment saying who wrote the file) comes right after the declaration.
 */
export function urlsetOpen(withLinks: boolean, xslURL: string | undefined, mark = ''): string {
  const xhtml = withLinks ? ` xmlns:xhtml="${XHTML_NS}"` : '';
  return `${DECLARATION}${mark}${stylesheet(xslURL)}<urlset xmlns="${SITEMAP_NS}"${xhtml}>\n`;
}

export const URLSET_CLOSE = '</urlset>\n';

export interface IndexEntry {
  url: string;
  lastmod?: string | undefined;
}

export function renderIndex(
  entries: readonly IndexEntry[],
  xslURL: string | undefined,
  mark = '',
): string {
  let xml = `${DECLARATION}${mark}${stylesheet(xslURL)}<sitemapindex xmlns="${SITEMAP_NS}">\n`;
  for (const entry of entries) {
    xml += `<sitemap><loc>${escapeXml(entry.url)}</loc>`;
    if (entry.lastmod) xml += `<lastmod>${entry.lastmod}</lastmod>`;
    xml += '</sitemap>\n';
  }
  return `${xml}</sitemapindex>\n`;
}
