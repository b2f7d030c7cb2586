/** The synthetic site's origin and its path -> URL rule (directory format, trailing slash). */

export const SITE = 'https://example.com';

/** Absolute, percent-encoded URL of a page path ('' is home, '404' is the error page). */
export function pageUrl(path) {
  if (path === '') return `${SITE}/`;
  if (path === '404') return `${SITE}/404`;
  return `${SITE}/${encodeURI(path)}/`;
}
