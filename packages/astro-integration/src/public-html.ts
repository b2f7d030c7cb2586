/**
 * HTML files in Astro's `public/` folder (touches disk). Astro copies them to the output as
 * they are: search-engine verification files and the like, not pages Astro rendered, so they
 * are not listed (as with @astrojs/sitemap).
 */
import { readdir } from 'node:fs/promises';
import { fileRouteKey } from '@sitemapkit/core';

const HTML_FILE = /\.html?$/i;

/** Route keys of the HTML files under `publicDir`; none when it does not exist. */
export async function publicHtmlKeys(publicDir: string): Promise<Set<string>> {
  let names: string[];
  try {
    names = await readdir(publicDir, { recursive: true });
  } catch {
    return new Set();
  }
  return new Set(
    names.filter((name) => HTML_FILE.test(name)).flatMap((name) => fileRouteKey(name) ?? []),
  );
}
