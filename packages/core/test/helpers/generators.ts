/**
 * What the generator tests share: fixture sites copied to temp folders, the pages a build wrote,
 * and a detected site's sitemaps written and read back.
 */
import { cp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { optionsFromDetected } from '../../src/generators/options.js';
import type { DetectedSite } from '../../src/generators/types.js';
import { fileRouteKey, generateSitemaps, type SitemapOptions } from '../../src/index.js';
import { makeTree, type Tree } from './fixture.js';
import { type ParsedEntry, readAll } from './xml.js';

/** The fixture sites' folder (sources only; no build output). */
export const FIXTURES = fileURLToPath(new URL('../fixtures/generators/', import.meta.url));

/** A copy of fixture `name` in a temp folder (removed after the test file), with `extra` files. */
export async function copyFixture(name: string, extra: Tree = {}): Promise<string> {
  const root = await makeTree(extra);
  await cp(join(FIXTURES, name), root, { recursive: true });
  return root;
}

/** The route keys of every HTML file under `outDir`: the pages the build wrote. */
export async function writtenPages(outDir: string): Promise<string[]> {
  const files = await readdir(outDir, { recursive: true });
  return files
    .map((file) => fileRouteKey(file))
    .filter((key): key is string => key !== null)
    .sort();
}

/**
 * The sitemaps of a detected site at `root` (robots.txt left alone, `given` on top), written and
 * read back XSD-checked; with each page found as URL -> [lastmod, provenance, source, exclusion].
 */
export async function sitemapOf(
  detected: DetectedSite,
  root: string,
  given: Partial<SitemapOptions> = {},
) {
  const result = await generateSitemaps(
    optionsFromDetected(detected, root, { robotsTxt: false, ...given }),
  );
  const parsed = await readAll(result.files.map((f) => f.path));
  const entries: ParsedEntry[] = [...parsed.values()]
    .filter((p) => p.root === 'urlset')
    .flatMap((p) => p.entries);
  const listed = Object.fromEntries(entries.map((e) => [e.loc, e.lastmod ?? null]));
  const links = Object.fromEntries(
    entries.filter((e) => e.links.length > 0).map((e) => [e.loc, e.links]),
  );
  const pages = Object.fromEntries(
    result.records.map((r) => [
      r.url,
      [r.lastmod ?? null, r.lastmodFrom, r.source ?? null, r.excluded ?? null],
    ]),
  );
  return { result, entries, listed, links, pages };
}
