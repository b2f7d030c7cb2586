/**
 * A detected site's values as core options, under what the user gave: every value the user set
 * (a flag, an option) wins over the detected one.
 */
import { isAbsolute, join } from 'node:path';
import { effectiveBase } from '../options/option-parts.js';
import type { LinkItem, SitemapOptions } from '../types.js';
import type { DetectedSite } from './types.js';

/**
 * The base path a build ends up with: the given `base`; else the path of a given `site` that has
 * one (`--site https://user.github.io/repo/` serves the site under `/repo/`, whatever the config
 * said); else the detected base.
 */
function baseOf(detected: DetectedSite, given: Partial<SitemapOptions>): string | undefined {
  // `/` given is no base at all: the core then takes the path of `site`, as here.
  if (given.base !== undefined && given.base !== '/') return given.base;
  if (given.site !== undefined && effectiveBase(given.site, undefined) !== '/') return undefined;
  return detected.base;
}

/**
 * The detected alternates (paths relative to the base) as paths from the site's root, under the
 * base the build ends up with (`effectiveBase`, as the core decides it).
 */
function basedAlternates(
  alternates: Record<string, LinkItem[]>,
  site: string | undefined,
  base: string | undefined,
): Record<string, LinkItem[]> {
  const prefix = effectiveBase(site, base).slice(0, -1);
  const out: Record<string, LinkItem[]> = {};
  for (const [key, links] of Object.entries(alternates)) {
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
  const base = baseOf(detected, given);
  const alternates =
    detected.pageAlternates && basedAlternates(detected.pageAlternates, site, base);
  const options: SitemapOptions = {
    root,
    outDir: isAbsolute(detected.outDir) ? detected.outDir : join(root, detected.outDir),
    ...(base !== undefined ? { base } : {}),
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
