/**
 * What a page's frontmatter says about its sitemap entry. Pure.
 *
 * `sitemap: false` or `sitemap: { exclude: true }` leaves the page out; `sitemap: { lastmod,
 * changefreq, priority }` sets its entry (a `sitemap.lastmod` is final). Every other date field is
 * evidence with a role: a field that says the page was *modified* (`lastmod`, `updatedDate`,
 * `modDatetime`...) or one that says it was *published* (`date`, `pubDate`, `pubDatetime`...).
 * Keys match whatever their case and naming style (`lastMod`, `last_modified_at`, `last-modified`
 * are one name), and users can add names of their own for each role (`dateFields`).
 */
import { encodeLastmod, lastmodTime } from '../columns/lastmod-column.js';
import { ownString } from '../flat-string.js';
import { changefreqProblem, priorityProblem } from '../options/option-checks.js';
import type { ChangeFreq } from '../types.js';
import { parseLastmod } from './w3c-datetime.js';

/** What a date field says about its page. */
export type DateRole = 'modified' | 'published';

/**
 * The field names read out of the box, by role, as they are usually written. The README's table
 * is this list.
 */
export const DATE_FIELDS: Readonly<Record<DateRole, readonly string[]>> = Object.freeze({
  modified: [
    'lastmod',
    'lastModified',
    'lastModifiedAt',
    'last_modified_at',
    'lastModifiedDate',
    'lastUpdated',
    'lastUpdatedAt',
    'modified',
    'modifiedAt',
    'modifiedDate',
    'modDate',
    'modDatetime',
    'dateModified',
    'updated',
    'updatedAt',
    'updated_at',
    'updatedDate',
    'updatedOn',
    'updateDate',
  ],
  published: [
    'date',
    'pubDate',
    'pubDatetime',
    'publishDate',
    'publishedDate',
    'published',
    'publishedAt',
    'published_at',
    'publishedOn',
    'datePublished',
    'publicationDate',
    'created',
    'createdAt',
    'createdDate',
    'dateCreated',
  ],
});

const NAME_NOISE = /[-_\s.]/g;

/**
 * One spelling for every way of writing a field name.
 * @example normaliseFieldName('last_modified_at') // 'lastmodifiedat'
 * @example normaliseFieldName('lastMod') // 'lastmod'
 */
export function normaliseFieldName(name: string): string {
  return name.replace(NAME_NOISE, '').toLowerCase();
}

/** Field names of the user's own, by role (the `dateFields` option): plain data. */
export type DateFields = Partial<Record<DateRole, string[]>>;

/** Field names as written -> normalised: the same few names come back in every source. */
const NORMALISED = new Map<string, string>();
const NORMALISED_CAP = 10_000;

function normalisedName(field: string): string {
  let name = NORMALISED.get(field);
  if (name === undefined) {
    name = normaliseFieldName(field);
    if (NORMALISED.size < NORMALISED_CAP) NORMALISED.set(field, name);
  }
  return name;
}

/** Normalised field name -> role. */
export type FieldRoles = ReadonlyMap<string, DateRole>;

/**
 * The roles of the built-in names plus the user's (`dateFields`); a user's name takes the role
 * the user gives it, even when it is a built-in name.
 * @example fieldRoles({ modified: ['revised'] }).get('revised') // 'modified'
 */
export function fieldRoles(extra: DateFields = {}): FieldRoles {
  const roles = new Map<string, DateRole>();
  for (const role of ['modified', 'published'] as const)
    for (const name of DATE_FIELDS[role]) roles.set(normaliseFieldName(name), role);
  for (const role of ['modified', 'published'] as const)
    for (const name of extra[role] ?? []) roles.set(normaliseFieldName(name), role);
  return roles;
}

const DEFAULT_ROLES = fieldRoles();

export interface FrontmatterProblem {
  field: string;
  message: string;
}

/** A date the frontmatter gives, with the field it came from as written. */
export interface FieldDate {
  value: string;
  field: string;
}

export interface PageMeta {
  exclude: boolean;
  /** `sitemap.lastmod`: the author's last word, final. */
  override?: FieldDate;
  /** The newest field that says the page was modified. */
  modified?: FieldDate;
  /** The newest field that says the page was published: a floor for the lastmod. */
  published?: FieldDate;
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

/** Milliseconds since the epoch of a date we write (`YYYY-MM-DD` is midnight UTC). */
export function dateTime(value: string): number {
  const code = encodeLastmod(value);
  if (!Number.isNaN(code)) return lastmodTime(code);
  return Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
}

/** The newer of two dates; the first on a tie. */
export function newer<T extends { value: string }>(
  a: T | undefined,
  b: T | undefined,
): T | undefined {
  if (!a) return b;
  if (!b) return a;
  return dateTime(b.value) > dateTime(a.value) ? b : a;
}

/** Shared by every page whose frontmatter has no problem (most): one array, not one each. */
const NO_PROBLEMS: readonly FrontmatterProblem[] = Object.freeze([]);

/**
 * @example readPageMeta({ pubDatetime: '2024-01-05', modDatetime: '2024-03-01' })
 *   // { modified: { value: '2024-03-01', field: 'modDatetime' }, published: { value: '2024-01-05', field: 'pubDatetime' }, ... }
 */
export function readPageMeta(
  data: Record<string, unknown>,
  roles: FieldRoles = DEFAULT_ROLES,
): PageMeta {
  // Every field is named here, so the object never grows (one per source, kept for the run).
  const meta: PageMeta = {
    exclude: false,
    override: undefined,
    modified: undefined,
    published: undefined,
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
      if (parsed.ok) meta.override = { value: parsed.value, field: 'sitemap.lastmod' };
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
  for (const field of Object.keys(data)) {
    const role = roles.get(normalisedName(field));
    if (role === undefined) continue;
    const value = data[field];
    if (!isDateCandidate(value)) continue;
    const parsed = parseLastmod(value);
    if (!parsed.ok) {
      problems.push({ field, message: parsed.reason });
      continue;
    }
    const found = { value: parsed.value, field: ownString(field) };
    meta[role] = newer(meta[role], found);
  }
  // A copy: a slice of the parsed text would keep the whole frontmatter block alive.
  if (typeof data.slug === 'string' && data.slug.trim() !== '')
    meta.slug = ownString(data.slug.trim());
  if (problems.length > 0) meta.problems = problems;
  return meta;
}
