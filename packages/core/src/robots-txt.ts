/**
 * Adds `Sitemap:` lines to a robots.txt text. Pure: never duplicates a line, never touches the
 * user's other lines.
 */

const SITEMAP_LINE = /^\s*sitemap\s*:\s*(\S+)\s*$/i;

/** The minimal allow-all robots.txt written when a site has none. */
export function minimalRobotsTxt(sitemapUrls: readonly string[]): string {
  return `User-agent: *\nAllow: /\n\n${sitemapUrls.map((u) => `Sitemap: ${u}\n`).join('')}`;
}

/**
 * Returns the new text, or null when every URL is already listed.
 * @example addSitemapLines('User-agent: *\nDisallow:\n', ['https://e.com/sitemap-index.xml'])
 *   // 'User-agent: *\nDisallow:\n\nSitemap: https://e.com/sitemap-index.xml\n'
 */
export function addSitemapLines(existing: string, sitemapUrls: readonly string[]): string | null {
  const listed = new Set<string>();
  for (const line of existing.split(/\r?\n/)) {
    const match = SITEMAP_LINE.exec(line);
    if (match) listed.add(match[1] as string);
  }
  const missing = sitemapUrls.filter((u) => !listed.has(u));
  if (missing.length === 0) return null;
  const eol = existing.includes('\r\n') ? '\r\n' : '\n';
  let text = existing;
  if (text !== '' && !text.endsWith('\n')) text += eol;
  if (text !== '' && !/(\r?\n){2}$/.test(text) && listed.size === 0) text += eol;
  return text + missing.map((u) => `Sitemap: ${u}${eol}`).join('');
}
