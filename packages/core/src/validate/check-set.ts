/**
 * Checks across the whole set of files: duplicate URLs, hreflang alternates that do not link back,
 * and index lastmods older than what they point at. Pure.
 *
 * Memory: one map entry per URL (the URL list itself), one number per hreflang pair, and the
 * pairs still waiting for their return link (few when alternates are listed together), all within
 * a budget (MAX_TRACKED_UNITS): past it, URLs are still compared with those remembered, but new
 * ones are not remembered, and a note says so once.
 */

import { clip } from '../url/shorten.js';
import { MAX_TRACKED_UNITS } from './bounds.js';
import { urlKey } from './check-url.js';
import type { RuleId } from './rules.js';

export interface SetFinding {
  rule: RuleId;
  file: string;
  line: number;
  url: string;
  message: string;
}

interface Pending {
  from: string;
  to: string;
  toKey: string;
  hreflang: string;
  file: number;
  line: number;
}

/** 2^26: lines above 67 million share a slot (no sitemap has that many). */
const LINE_SLOTS = 2 ** 26;
/** What a remembered URL costs besides its characters (the map entry, the string header). */
const ENTRY_UNITS = 64;
/** What a remembered hreflang pair costs (a 52-bit number in a set). */
const PAIR_UNITS = 32;

function pendingUnits(p: Pending): number {
  return p.from.length + p.to.length + p.toKey.length + p.hreflang.length + ENTRY_UNITS;
}

type Hash = readonly [number, number];

/** Two 32-bit FNV-1a-style hashes of a string. */
function hash(text: string): Hash {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return [a, b];
}

/** A 52-bit hash of an ordered pair of URLs (pair(a, b) is not pair(b, a)). */
function pairHash(from: Hash, to: Hash): number {
  const x = Math.imul(from[0] ^ Math.imul(to[0], 0x9e3779b1), 0x85ebca6b) >>> 0;
  const y = Math.imul(from[1] + Math.imul(to[1], 0xc2b2ae35), 0x27d4eb2f) >>> 0;
  return x * 2 ** 20 + (y >>> 12);
}

export class SetChecker {
  private readonly files: string[] = [];
  private readonly fileIndex = new Map<string, number>();
  /** URL key -> where it was first listed (file index * LINE_SLOTS + line). */
  private readonly urls = new Map<string, number>();
  private readonly sitemaps = new Map<string, number>();
  private readonly pairs = new Set<number>();
  private readonly pending = new Map<number, Pending>();
  private used = 0;
  private full = false;

  /**
   * @param onFull Called once, with a note, when the budget is spent.
   * @param budget Units of memory to remember URLs and pairs in (see MAX_TRACKED_UNITS).
   */
  constructor(
    private readonly onFull: (note: SetFinding) => void = () => {},
    private readonly budget = MAX_TRACKED_UNITS,
  ) {}

  /** Takes `units` from the budget, or says (once) that it is spent. */
  private spend(units: number, at: { file: string; line: number; url: string }): boolean {
    if (this.used + units <= this.budget) {
      this.used += units;
      return true;
    }
    if (!this.full) {
      this.full = true;
      this.onFull({
        rule: 'duplicate-url',
        ...at,
        message:
          'more URLs than the checks across the set remember: from this one on, URLs are compared with those before, but not remembered, so duplicates and missing hreflang return links among them go unreported',
      });
    }
    return false;
  }

  private indexOf(file: string): number {
    let index = this.fileIndex.get(file);
    if (index === undefined) {
      index = this.files.length;
      this.files.push(file);
      this.fileIndex.set(file, index);
    }
    return index;
  }

  private where(file: string, line: number): number {
    return this.indexOf(file) * LINE_SLOTS + Math.min(line, LINE_SLOTS - 1);
  }

  private describe(where: number): string {
    return `${this.files[Math.floor(where / LINE_SLOTS)]}:${where % LINE_SLOTS}`;
  }

  /**
   * Records a `<url>` loc; returns a finding when it was listed before.
   * @param key `urlKey(loc)`, when the caller has it already.
   */
  addUrl(loc: string, file: string, line: number, key = urlKey(loc)): SetFinding | undefined {
    return this.add(this.urls, key, loc, file, line, 'URL');
  }

  /** Records a sitemap an index lists; returns a finding when one was listed before. */
  addSitemap(loc: string, file: string, line: number): SetFinding | undefined {
    return this.add(this.sitemaps, urlKey(loc), loc, file, line, 'sitemap');
  }

  private add(
    seen: Map<string, number>,
    key: string,
    loc: string,
    file: string,
    line: number,
    what: string,
  ) {
    const first = seen.get(key);
    if (first === undefined) {
      if (this.spend(key.length + ENTRY_UNITS, { file, line, url: loc })) {
        seen.set(key, this.where(file, line));
      }
      return undefined;
    }
    return {
      rule: 'duplicate-url' as const,
      file,
      line,
      url: loc,
      message: `${what} listed twice: first at ${this.describe(first)}`,
    };
  }

  /**
   * Records the hreflang alternates of one URL (each link with its own line).
   * @param fromKey `urlKey(from)`; each link's `key` is `urlKey(href)`.
   */
  addAlternates(
    from: string,
    fromKey: string,
    links: readonly { hreflang: string; href: string; key: string; line: number }[],
    file: string,
  ) {
    const a = hash(fromKey);
    for (const link of links) {
      if (link.key === fromKey) continue;
      const b = hash(link.key);
      const back = pairHash(b, a);
      if (this.pairs.has(back)) {
        const waiting = this.pending.get(back);
        if (waiting !== undefined) {
          this.used -= pendingUnits(waiting);
          this.pending.delete(back);
        }
        continue;
      }
      const forth = pairHash(a, b);
      if (this.pairs.has(forth)) continue;
      const at = { file, line: link.line, url: from };
      if (!this.spend(PAIR_UNITS, at)) continue;
      this.pairs.add(forth);
      const waiting: Pending = {
        from,
        to: link.href,
        toKey: link.key,
        hreflang: link.hreflang,
        file: this.indexOf(file),
        line: link.line,
      };
      if (this.spend(pendingUnits(waiting), at)) this.pending.set(forth, waiting);
    }
  }

  /** The alternates in the set that never linked back, one by one. Call once, after every file. */
  *finish(): Generator<SetFinding> {
    for (const p of this.pending.values()) {
      if (!this.urls.has(p.toKey)) continue;
      yield {
        rule: 'hreflang-return',
        file: this.files[p.file] as string,
        line: p.line,
        url: p.from,
        message: `alternate hreflang="${clip(p.hreflang)}" ${clip(p.to)} does not link back to this URL`,
      };
    }
  }
}

/**
 * An index's `<lastmod>` for a sitemap is stale when even its latest reading is before the
 * earliest reading of the newest lastmod inside that sitemap.
 */
export function isIndexLastmodStale(index: { latest: number }, newestInside: { earliest: number }) {
  return index.latest < newestInside.earliest;
}
