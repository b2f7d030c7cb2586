/**
 * The evidence rule: a page's lastmod is the newest trustworthy evidence that its content
 * changed. Pure: the evidence is gathered by the caller.
 *
 * - `sitemap.lastmod` in frontmatter is the author's last word: final.
 * - Otherwise the newest of: a frontmatter field that says *modified*, the last git commit that
 *   changed the source's content, the head's own modified date, and the source's modification
 *   time where that time is an edit (git reports the file modified or untracked, or, without
 *   git, the times are not all one checkout's).
 * - Dates that say *published* (frontmatter `date`, `pubDate`...; the head's
 *   `article:published_time`, JSON-LD `datePublished`) are a floor: the lastmod when nothing
 *   newer is known, and no lastmod is ever earlier than the page's published date.
 * - With an explicit `lastmodFrom` order, the first link of the order that knows a date wins
 *   instead of the newest (the floor still holds).
 * - A date after the build started is no evidence: it is set aside, and the caller warns.
 */
import type { LastmodProvenance, LastmodSource } from '../types.js';
import { dateTime, type FieldDate, newer } from './frontmatter-fields.js';

/** Everything known about when one page changed. Each value is a date as we write it. */
export interface Evidence {
  /** Frontmatter `sitemap.lastmod`: final. */
  override?: FieldDate;
  /** The newest frontmatter field that says modified. */
  modified?: FieldDate;
  /** The newest frontmatter field that says published. */
  published?: FieldDate;
  /** The head's modified date (`article:modified_time`, `og:updated_time`, JSON-LD `dateModified`). */
  head?: string;
  /** The head's published date (`article:published_time`, JSON-LD `datePublished`). */
  headPublished?: string;
  /** The last commit that changed the source's content. */
  git?: string;
  /** The source's modification time, where it is an edit. */
  mtime?: string;
}

/** The kinds of evidence, in the order the report lists them. */
const EVIDENCE_KEYS = [
  'override',
  'modified',
  'published',
  'head',
  'headPublished',
  'git',
  'mtime',
] as const satisfies ReadonlyArray<keyof Evidence>;

/** One piece of evidence, as the report lists it. */
export interface Candidate {
  from: LastmodProvenance;
  value: string;
}

export interface PickedLastmod {
  value?: string;
  from: LastmodProvenance;
  /** Evidence dated after `now`, set aside. */
  future: Candidate[];
}

/** A piece of evidence with the provenance it is reported under. */
function candidateOf(key: keyof Evidence, value: Evidence[keyof Evidence]): Candidate | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return { from: `frontmatter:${value.field}`, value: value.value };
  return { from: key === 'git' || key === 'mtime' ? key : 'html-meta', value };
}

/**
 * Every piece of evidence a page had, winner or not, in a fixed order.
 * @example listEvidence({ git: '2024-03-01', published: { value: '2024-01-05', field: 'date' } })
 *   // [{ from: 'frontmatter:date', value: '2024-01-05' }, { from: 'git', value: '2024-03-01' }]
 */
export function listEvidence(e: Evidence): Candidate[] {
  const out: Candidate[] = [];
  for (const key of EVIDENCE_KEYS) {
    const candidate = candidateOf(key, e[key]);
    if (candidate) out.push(candidate);
  }
  return out;
}

function candidate(from: LastmodProvenance, value: string | undefined): Candidate | undefined {
  return value === undefined ? undefined : { from, value };
}

function field(f: FieldDate | undefined): Candidate | undefined {
  return f && { from: `frontmatter:${f.field}`, value: f.value };
}

/** The candidate each link of a `lastmodFrom` order offers. */
function linkCandidate(e: Evidence, link: LastmodSource): Candidate | undefined {
  if (link === 'frontmatter') return field(e.modified ?? e.published);
  if (link === 'head') return candidate('html-meta', e.head ?? e.headPublished);
  if (link === 'git') return candidate('git', e.git);
  return candidate('mtime', e.mtime);
}

/** How close to its page's file time a head date is taken for the render's own clock. */
export const RENDER_WINDOW_MS = 10 * 60_000;

/**
 * Whether a date in a page's head was stamped when the page was rendered (a theme writing
 * `new Date()` into `article:modified_time`): within RENDER_WINDOW_MS of the emitted file's
 * modification time, or after it. Such a date is the build time, which is never a lastmod.
 * @example stampedAtRender('2024-05-01T10:00:00Z', Date.parse('2024-05-01T10:00:02Z')) // true
 */
export function stampedAtRender(value: string, fileMtimeMs: number): boolean {
  return dateTime(value) >= fileMtimeMs - RENDER_WINDOW_MS;
}

/** Hours a day starts before UTC's, at the earliest zone (UTC+14). */
const EARLIEST_ZONE_MS = 14 * 3_600_000;

/**
 * The earliest moment a date we write can mean: a date alone starts in UTC+14, so an author
 * east of UTC who dates a page today is not "in the future".
 */
function earliest(value: string): number {
  return dateTime(value) - (value.length === 10 ? EARLIEST_ZONE_MS : 0);
}

/** The date a piece of evidence gives. */
function dateOf(value: Evidence[keyof Evidence]): string | undefined {
  return typeof value === 'object' ? value.value : value;
}

/**
 * Drops evidence dated after `now` (ms), listing what it dropped. Evidence with nothing in the
 * future (nearly every page's) is `e` itself: nothing is made for it.
 */
function withoutFuture(e: Evidence, now: number, future: Candidate[]): Evidence {
  let anyFuture = false;
  for (const key of EVIDENCE_KEYS) {
    const value = dateOf(e[key]);
    if (value !== undefined && earliest(value) > now) {
      anyFuture = true;
      break;
    }
  }
  if (!anyFuture) return e;
  const kept: Evidence = {};
  for (const key of EVIDENCE_KEYS) {
    const candidate = candidateOf(key, e[key]);
    if (!candidate) continue;
    if (earliest(candidate.value) > now) future.push(candidate);
    else (kept as Record<string, unknown>)[key] = e[key];
  }
  return kept;
}

/**
 * Picks a page's lastmod from its evidence: the newest (`order` null), or the first link of an
 * explicit order; never earlier than its published date; never after `now`.
 * @example pickLastmod({ modified: { value: '2017-02-01', field: 'lastmod' }, git: '2022-05-04T10:00:00Z' }, null, Date.now())
 *   // { value: '2022-05-04T10:00:00Z', from: 'git', future: [] }
 * @example pickLastmod({ published: { value: '2024-03-05', field: 'pubDatetime' }, git: '2024-03-01' }, null, Date.now())
 *   // { value: '2024-03-05', from: 'frontmatter:pubDatetime', future: [] }
 */
export function pickLastmod(
  evidence: Evidence,
  order: readonly LastmodSource[] | null,
  now: number,
): PickedLastmod {
  const future: Candidate[] = [];
  const e = withoutFuture(evidence, now, future);
  if (e.override)
    return { value: e.override.value, from: `frontmatter:${e.override.field}`, future };
  let best: Candidate | undefined;
  if (order === null) {
    // One after another, not an array of them: nothing is made for evidence a page lacks.
    best = field(e.modified);
    best = newer(best, candidate('git', e.git));
    best = newer(best, candidate('html-meta', e.head));
    best = newer(best, candidate('mtime', e.mtime));
  } else {
    for (const link of order) {
      best = linkCandidate(e, link);
      if (best) break;
    }
  }
  // The floor: a page is never older than its publication.
  const floor = newer(field(e.published), candidate('html-meta', e.headPublished));
  if (floor && (!best || dateTime(floor.value) > dateTime(best.value))) best = floor;
  return best ? { value: best.value, from: best.from, future } : { from: 'none', future };
}
