/**
 * A detected site's values as core options, under what the user gave: every value the user set
 * (a flag, an option) wins over the detected one.
 */
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { LinkItem, SitemapOptions } from '../types.js';
import type { DetectedSite } from './types.js';

/**
 * The page sources that are files of the project: a theme's content in Hugo's module cache, or an
 * Eleventy input above the project, is not the project's to read.
 */
function insideProject(sources: Record<string, string>, root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, file] of Object.entries(sources)) {
    const rel = relative(root, resolve(root, file));
    if (rel !== '' && rel.split(sep)[0] !== '..' && !isAbsolute(rel)) out[key] = file;
  }
  return out;
}

/** The path of a site URL (`/repo/` of `https://user.github.io/repo/`); `/` for a bad one. */
function sitePath(site: string | undefined): string {
  try {
    return site ? new URL(site).pathname : '/';
  } catch {
    return '/'; // a bad site is the core's to report
  }
}

/**
 * The base path a build ends up with: the given `base`; else the path of a given `site` that has
 * one (`--site https://user.github.io/repo/` serves the site under `/repo/`, whatever the config
 * said); else the detected base.
 */
function baseOf(detected: DetectedSite, given: Partial<SitemapOptions>): string | undefined {
  // `/` given is no base at all: the core then takes the path of `site`, as here.
  if (given.base !== undefined && given.base !== '/') return given.base;
  if (given.site !== undefined && sitePath(given.site) !== '/') return undefined;
  return detected.base;
}

/**
 * The detected alternates (paths relative to the base) as paths from the site's root, under the
 * base the build ends up with (`baseOf`, or the path of `site`).
 */
function basedAlternates(
  detected: DetectedSite,
  given: Partial<SitemapOptions>,
  site: string | undefined,
): Record<string, LinkItem[]> {
  const base = baseOf(detected, given) ?? sitePath(site);
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
  const base = baseOf(detected, given);
  const options: SitemapOptions = {
    root,
    outDir: isAbsolute(detected.outDir) ? detected.outDir : join(root, detected.outDir),
    ...(base !== undefined ? { base } : {}),
    ...(detected.cleanUrls !== undefined ? { cleanUrls: detected.cleanUrls } : {}),
    ...(detected.trailingSlash !== undefined ? { trailingSlash: detected.trailingSlash } : {}),
    ...(detected.i18n ? { i18n: detected.i18n } : {}),
    ...given,
    site: site as string,
    pageSources: { ...insideProject(detected.pageSources, root), ...given.pageSources },
    ...(alternates || given.pageAlternates
      ? { pageAlternates: { ...alternates, ...given.pageAlternates } }
      : {}),
  };
  return options;
}
