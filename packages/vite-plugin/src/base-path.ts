/** Vite's `base` -> the sitemap's base path. Pure. */

/**
 * The path pages are served under, for a Vite `base` (or the plugin's own `base` option):
 * undefined for a relative base (`./`, ''), which says nothing about the path, so the path of
 * `site` applies; the path of a full URL; any path percent-encoded, as in a URL.
 * @example basePath('/app/') // '/app/'
 * @example basePath('https://cdn.example.com/static/') // '/static/'
 * @example basePath('/über/') // '/%C3%BCber/'
 * @example basePath('./') // undefined
 */
export function basePath(base: string): string | undefined {
  if (base === '' || base.startsWith('.')) return undefined;
  return new URL(base, 'http://localhost/').pathname;
}
