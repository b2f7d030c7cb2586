/**
 * What Eleventy's own answer (eleventy-probe.ts) says of a site, in the core's terms: the output
 * and input folders, the path prefix as `base`, the site URL from the global data, each HTML
 * page's source file by route key, and its translations where the I18n plugin knows them. Pure.
 */
import { isAbsolute, posix } from 'node:path';
import type { LinkItem } from '../types.js';
import { fileRouteKey } from '../url/map-file.js';
import type { ProbePage, ProbeResult } from './eleventy-probe.js';
import { projectPath } from './project-path.js';
import type { DetectedSite } from './types.js';

type ProbeAnswer = Extract<ProbeResult, { ok: true }>;

/** The fields of a `DetectedSite` that Eleventy's answer gives. */
export type EleventySiteFields = Pick<
  DetectedSite,
  | 'outDir'
  | 'contentDirs'
  | 'site'
  | 'siteWarning'
  | 'base'
  | 'pageSources'
  | 'pageAlternates'
  | 'languages'
> & { warnings: string[] };

const HTML_FILE = /\.html?$/i;
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d+){3}|\[::1\]|0\.0\.0\.0)$/i;

/**
 * The page's route key: its output file relative to `outDir`; null when the output is not an
 * HTML page in that folder.
 * @example pageRouteKey('_site', '_site/blog/post/index.html') // '/blog/post'
 */
export function pageRouteKey(outDir: string, output: string): string | null {
  if (!HTML_FILE.test(output)) return null;
  const rel = posix.relative(outDir, output);
  if (rel.startsWith('../') || isAbsolute(rel)) return null;
  return fileRouteKey(rel);
}

/**
 * The first value of the global data that is a public http(s) URL, and a warning for each named
 * value passed over (a local address, not a URL at all).
 * @example pickSite([{ field: 'metadata.url', value: 'https://example.com/' }]) // { site: 'https://example.com/', warnings: [] }
 */
export function pickSite(candidates: ProbeAnswer['siteCandidates']): {
  site?: string;
  warnings: string[];
} {
  const passedOver: string[] = [];
  for (const { field, value } of candidates) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      passedOver.push(`${field} (${JSON.stringify(value)}) is not an absolute URL`);
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      passedOver.push(`${field} (${JSON.stringify(value)}) is not an http(s) URL`);
    } else if (LOOPBACK_HOST.test(url.hostname)) {
      passedOver.push(`${field} (${JSON.stringify(value)}) is a local address`);
    } else {
      return { site: value, warnings: [] };
    }
  }
  if (passedOver.length === 0) return { warnings: [] };
  return {
    warnings: [
      `The global data names no public site URL: ${passedOver.join('; ')}. Pass --site with the deployed site's URL.`,
    ],
  };
}

/**
 * Each translated page's alternates, the page itself first, with Eleventy's page URLs: paths
 * relative to the path prefix (`/es/about/`), as `DetectedSite.pageAlternates` has them.
 */
function alternatesOf(pages: Array<{ key: string; page: ProbePage }>): Record<string, LinkItem[]> {
  const out: Record<string, LinkItem[]> = {};
  for (const { key, page } of pages) {
    if (!page.alternates?.length || !page.lang || typeof page.url !== 'string') continue;
    out[key] = [
      { lang: page.lang, url: page.url },
      ...page.alternates.map((l) => ({ lang: l.lang, url: l.url })),
    ];
  }
  return out;
}

/**
 * The site Eleventy's answer describes, for the project at `root`.
 * @example eleventySite('/p', answer).pageSources // { '/': 'content/index.njk', '/blog/post': 'content/blog/post.md' }
 */
export function eleventySite(root: string, answer: ProbeAnswer): EleventySiteFields {
  const outDir = projectPath(root, answer.outputDir);
  const pageSources: Record<string, string> = {};
  // Passthrough copies first: a template written to the same file wins, as it is written last.
  for (const copy of answer.copies) {
    const key = pageRouteKey(outDir, projectPath(root, copy.output));
    if (key !== null) pageSources[key] = projectPath(root, copy.input);
  }
  const html: Array<{ key: string; page: ProbePage }> = [];
  for (const page of answer.pages) {
    if (page.output === false) continue;
    const key = pageRouteKey(outDir, projectPath(root, page.output));
    if (key === null) continue;
    html.push({ key, page });
    if (!page.virtual) pageSources[key] = projectPath(root, page.input);
    else delete pageSources[key];
  }

  const { site, warnings: siteWarnings } = pickSite(answer.siteCandidates);
  const prefix = answer.pathPrefix.replace(/^\/?/, '/').replace(/\/?$/, '/');
  const base = prefix === '/' ? undefined : prefix;
  const translated = html.filter(({ page }) => page.alternates?.length);
  const langs = new Set(translated.flatMap(({ page }) => page.lang ?? []));
  const fields: EleventySiteFields = {
    outDir,
    contentDirs: [projectPath(root, answer.inputDir)],
    ...(site ? { site } : {}),
    ...(siteWarnings[0] ? { siteWarning: siteWarnings[0] } : {}),
    ...(base ? { base } : {}),
    pageSources,
    languages: Math.max(1, langs.size),
    warnings: [],
  };
  if (translated.length > 0) fields.pageAlternates = alternatesOf(translated);
  return fields;
}
