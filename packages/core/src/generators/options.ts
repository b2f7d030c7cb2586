/**
 * A detected site's values as core options, under what the user gave: every value the user set
 * (a flag, an option) wins over the detected one.
 */
import { isAbsolute, join } from 'node:path';
import type { LinkItem, SitemapOptions } from '../types.js';
import type { DetectedSite } from './types.js';

/**
 * The detected alternates (paths relative to the base) as paths from the site's root, under the
 * base the build ends up with: the given one, the detected one, or the path of `site`.
 */
function basedAlternates(
  detected: DetectedSite,
  given: Partial<SitemapOptions>,
  site: string | undefined,
): Record<string, LinkItem[]> {
  let base = given.base ?? detected.base;
  if (base === undefined) {
    try {
      base = site ? new URL(site).pathname : '/';
    } catch {
      base = '/'; // a bad site is the core's to report
    }
  }
  const prefix = `/${base}/`.replace(/\/{2,}/g, '/').slice(0, -1);
  const out: Record<string, LinkItem[]> = {};
  for (const [key, links] of Object.entries(detected.pageAlternates ?? {})) {
    out[key] = links.map((link) => ({ lang: link.lang, url: prefix + link.url }));
  }
  return out;
}

/**
 * The options `detected` gives for the project at `root`, with `given` on top.
 * @example optionsFromDetected(hugoSite, 'my-site', { site: 'https://staging.example.com' })
 */
export function optionsFromDetected(
  detected: DetectedSite,
  root: string,
  given: Partial<SitemapOptions> = {},
): SitemapOptions {
  const site = given.site ?? detected.site;
  const alternates = detected.pageAlternates && basedAlternates(detected, given, site);
  const options: SitemapOptions = {
    root,
    outDir: isAbsolute(detected.outDir) ? detected.outDir : join(root, detected.outDir),
    ...(detected.base !== undefined ? { base: detected.base } : {}),
    ...(detected.cleanUrls !== undefined ? { cleanUrls: detected.cleanUrls } : {}),
    ...(detected.trailingSlash !== undefined ? { trailingSlash: detected.trailingSlash } : {}),
    ...(detected.i18n ? { i18n: detected.i18n } : {}),
    ...given,
    site: site as string,
    pageSources: { ...detected.pageSources, ...given.pageSources },
    ...(alternates || given.pageAlternates
      ? { pageAlternates: { ...alternates, ...given.pageAlternates } }
      : {}),
  };
  return options;
}
