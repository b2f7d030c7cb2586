/**
 * What the sitemap needs from Astro's resolved config: where the site is served, how its URLs
 * end, where page sources live, and its locales. Pure.
 */
import { fileURLToPath } from 'node:url';
import { type BuildFormat, isLanguageTag, type TrailingSlash } from '@sitemapkit/core';
import type { AstroConfig } from 'astro';

export interface AstroSite {
  /** Origin of `site`, e.g. `https://example.com`; undefined when `site` is not set. */
  origin: string | undefined;
  /** `base` as a path with leading and trailing slash, e.g. `/docs/`. */
  base: string;
  root: string;
  srcDir: string;
  publicDir: string;
  /** Where Astro keeps its content-layer store. */
  cacheDir: string;
  trailingSlash: TrailingSlash;
  format: BuildFormat;
  /** Astro's locale path prefixes (`es`, `pt-br`); empty without i18n. */
  localePaths: string[];
  /** hreflang alternates from Astro's locales (path -> first code), when every code is a language tag. */
  i18n: { defaultLocale: string; locales: Record<string, string> } | undefined;
}

/**
 * @example readAstroSite({ site: 'https://e.com', base: '/docs', ... }).base // '/docs/'
 */
export function readAstroSite(config: AstroConfig): AstroSite {
  // As @astrojs/sitemap does: `base` resolved against `site`.
  const siteUrl = config.site ? new URL(config.base, config.site) : undefined;
  const locales: Record<string, string> = {};
  for (const locale of config.i18n?.locales ?? []) {
    // `en_US` is written `en-US` in hreflang.
    if (typeof locale === 'string') locales[locale] = locale.replaceAll('_', '-');
    else locales[locale.path] = locale.codes[0].replaceAll('_', '-');
  }
  const defaultLocale = config.i18n?.defaultLocale;
  // A default locale given by its code names the path it is served under.
  const defaultPath = Object.keys(locales).find(
    (path) => path === defaultLocale || locales[path] === defaultLocale?.replaceAll('_', '-'),
  );
  const tagsValid = Object.values(locales).every((tag) => isLanguageTag(tag));
  return {
    origin: siteUrl?.origin,
    base: `/${siteUrl?.pathname ?? config.base}/`.replace(/\/{2,}/g, '/'),
    root: fileURLToPath(config.root),
    srcDir: fileURLToPath(config.srcDir),
    publicDir: fileURLToPath(config.publicDir),
    cacheDir: fileURLToPath(config.cacheDir),
    trailingSlash: config.trailingSlash,
    format: config.build.format,
    localePaths: Object.keys(locales),
    i18n: defaultPath && tagsValid ? { defaultLocale: defaultPath, locales } : undefined,
  };
}
