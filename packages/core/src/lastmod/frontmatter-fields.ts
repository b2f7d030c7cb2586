/**
 * What a page's frontmatter says about its sitemap entry. Pure.
 *
 * `sitemap: false` or `sitemap: { exclude: true }` leaves the page out; `sitemap: { lastmod,
 * changefreq, priority }` sets its entry. Otherwise the first valid date among DATE_FIELDS is its
 * lastmod: the fields that say "changed" come before the fields that say "published".
 */
import { ownString } from '../flat-string.js';
import { changefreqProblem, priorityProblem } from '../option-checks.js';
import type { ChangeFreq } from '../types.js';
import { parseLastmod } from './w3c-datetime.js';

/** Frontmatter date fields, in the order they are tried. */
export const DATE_FIELDS = [
  'lastmod',
  'lastModified',
  'updated',
  'updatedDate',
  'updatedAt',
  'lastUpdated',
  'modified',
  'modifiedDate',
  'date',
  'pubDate',
  'publishDate',
  'published',
] as const;

export interface FrontmatterProblem {
  field: string;
  message: string;
}

export interface PageMeta {
  exclude: boolean;
  lastmod?: { value: string; field: string };
  changefreq?: ChangeFreq;
  priority?: number;
  slug?: string;
  problems: FrontmatterProblem[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A date-like value worth parsing: strings and Dates; booleans (Starlight's `lastUpdated: true`) are not. */
function isDateCandidate(value: unknown): boolean {
  return (typeof value === 'string' && value.trim() !== '') || value instanceof Date;
}

/** Shared by every page whose frontmatter has no problem (most): one array, not one each. */
const NO_PROBLEMS: readonly FrontmatterProblem[] = Object.freeze([]);

export function readPageMeta(data: Record<string, unknown>): PageMeta {
  // Every field is named here, so the object never grows (one per source, kept for the run).
  const meta: PageMeta = {
    exclude: false,
    lastmod: undefined,
    changefreq: undefined,
    priority: undefined,
    slug: undefined,
    problems: NO_PROBLEMS as FrontmatterProblem[],
  };
  const problems: FrontmatterProblem[] = [];
  const sitemap = data.sitemap;
  if (sitemap === false) meta.exclude = true;
  if (isObject(sitemap)) {
    if (sitemap.exclude === true) meta.exclude = true;
    if (sitemap.lastmod !== undefined) {
      const parsed = parseLastmod(sitemap.lastmod);
      if (parsed.ok) meta.lastmod = { value: parsed.value, field: 'sitemap.lastmod' };
      else problems.push({ field: 'sitemap.lastmod', message: parsed.reason });
    }
    if (sitemap.changefreq !== undefined) {
      const problem = changefreqProblem(sitemap.changefreq);
      if (problem) problems.push({ field: 'sitemap.changefreq', message: problem });
      else meta.changefreq = sitemap.changefreq as ChangeFreq;
    }
    if (sitemap.priority !== undefined) {
      const value =
        typeof sitemap.priority === 'string' ? Number(sitemap.priority) : sitemap.priority;
      const problem = priorityProblem(value);
      if (problem) problems.push({ field: 'sitemap.priority', message: problem });
      else meta.priority = value as number;
    }
  }
  if (!meta.lastmod) {
    for (const field of DATE_FIELDS) {
      const value = data[field];
      if (!isDateCandidate(value)) continue;
      const parsed = parseLastmod(value);
      if (parsed.ok) {
        meta.lastmod = { value: parsed.value, field };
        break;
      }
      problems.push({ field, message: parsed.reason });
    }
  }
  // A copy: a slice of the parsed text would keep the whole frontmatter block alive.
  if (typeof data.slug === 'string' && data.slug.trim() !== '')
    meta.slug = ownString(data.slug.trim());
  if (problems.length > 0) meta.problems = problems;
  return meta;
}
