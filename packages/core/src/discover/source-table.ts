/**
 * The sources found, one row each, kept off the JS heap. The rows of the list
 * (`source-list.ts`) come first, in its order: their paths and route keys are told by the list,
 * their one copy, and what a scan read of them (file time, frontmatter) is filled in a range at
 * a time, as it comes. Then the sources named one by one (`pageSources`), their paths and keys
 * kept as given. File times and which date a row has are typed arrays; frontmatter dates are
 * lastmod columns (numbers); what frontmatter rarely says (exclude, changefreq, priority, slug,
 * problems) is kept by row, for the rows that say it. A row is a number: the stages after discovery hold
 * rows, not source objects, so a million sources cost their path bytes once and a few bytes a
 * row, not a million objects and the strings of their paths and keys.
 *
 * Rows are looked up by route key through an open-addressing table over the keys' bytes, each
 * written from the list as it is needed, built once when the first lookup comes; the first row
 * with a key wins.
 */

import { ByteScratch } from '../columns/byte-scratch.js';
import { LastmodColumn } from '../columns/lastmod-column.js';
import { grown, nativeArray } from '../columns/native-memory.js';
import type { SourcePaths } from '../columns/page-table.js';
import { StringColumn } from '../columns/string-column.js';
import { StringRows } from '../columns/string-rows.js';
import type { FieldDate, PageMeta } from '../dates/frontmatter-fields.js';
import {
  keyFor,
  keyPrefixes,
  listedRel,
  type SourceList,
  slugKey,
  writeListedKey,
} from './source-list.js';

/** A source named by its path and key (`pageSources`), as a scan reads it. */
export interface SourceFile {
  /** Path relative to `root`, posix. */
  rel: string;
  /** Route key: `/blog/hello` (decoded, no trailing slash; `/` for the root). */
  key: string;
  /** Modification time in ms. */
  mtimeMs: number;
  meta?: PageMeta | undefined;
  /** Why the frontmatter could not be read, with its line. */
  frontmatterError?: FrontmatterError | undefined;
}

export interface FrontmatterError {
  message: string;
  line?: number;
}

/** What a scan of a range of the list read: plain data a thread can post. */
export interface SourceScan {
  /** The list row of the range's first file. */
  from: number;
  /** Each file's modification time in ms; NaN for one that could not be read. */
  mtimes: Float64Array;
  /** The frontmatter read, by place in the range, for the files it was read of. */
  metas: Map<number, PageMeta>;
  /** Why the frontmatter could not be read, by place in the range. */
  errors: Map<number, FrontmatterError>;
  /** What could not be read, one line each. */
  problems: string[];
}

/** Sources named one by one, and what could not be read of them. */
export interface NamedSources {
  files: SourceFile[];
  problems: string[];
}

/** The dates frontmatter gives, each kept as a lastmod (a number) and its field's name. */
const DATE_ROLES = ['override', 'modified', 'published'] as const;
type DateRoleKey = (typeof DATE_ROLES)[number];

/** What frontmatter rarely says, kept by row for the rows that say any of it. */
type RareMeta = Pick<PageMeta, 'exclude' | 'changefreq' | 'priority' | 'slug' | 'problems'>;

/**
 * Frontmatter of the rows: dates as columns, the rest by row. A date is a lastmod column's row
 * (8 bytes, as `parseLastmod` leaves every value in a form it keeps as a number), not text: at
 * 1,000,000 sources with two dates each, 16 MB against 36 as strings in a column.
 */
class MetaColumns {
  /** Per role, each row's date (none where it has none), and its field's name by number. */
  readonly #dateOf = new Map<DateRoleKey, LastmodColumn>();
  readonly #fieldOf = new Map<DateRoleKey, Uint16Array>();
  readonly #fieldNames: string[] = [];
  readonly #fieldNumbers = new Map<string, number>();
  /** 1 where the row's frontmatter was read. */
  #read = new Uint8Array(256);
  readonly #rare = new Map<number, RareMeta>();

  set(row: number, meta: PageMeta): void {
    this.#read = grown(this.#read, row + 1);
    this.#read[row] = 1;
    for (const role of DATE_ROLES) {
      const date = meta[role];
      if (!date) continue;
      let dateOf = this.#dateOf.get(role);
      if (!dateOf) {
        dateOf = new LastmodColumn();
        this.#dateOf.set(role, dateOf);
      }
      const fieldOf = grown(this.#fieldOf.get(role) ?? new Uint16Array(256), row + 1);
      this.#fieldOf.set(role, fieldOf);
      dateOf.set(row, date.value);
      fieldOf[row] = this.#fieldNumber(date.field);
    }
    const { exclude, changefreq, priority, slug, problems } = meta;
    if (exclude || changefreq || priority !== undefined || slug || problems.length > 0)
      this.#rare.set(row, { exclude, changefreq, priority, slug, problems });
  }

  #fieldNumber(field: string): number {
    let number = this.#fieldNumbers.get(field);
    if (number === undefined) {
      number = this.#fieldNames.push(field) - 1;
      this.#fieldNumbers.set(field, number);
    }
    return number;
  }

  #date(role: DateRoleKey, row: number): FieldDate | undefined {
    const value = this.#dateOf.get(role)?.get(row);
    if (value === undefined) return undefined;
    const field = this.#fieldNames[this.#fieldOf.get(role)?.[row] as number] as string;
    return { value, field };
  }

  /** The `slug` row `row`'s frontmatter gives, if any. */
  slug(row: number): string | undefined {
    return this.#rare.get(row)?.slug;
  }

  get(row: number): PageMeta | undefined {
    if (this.#read[row] !== 1) return undefined;
    const rare = this.#rare.get(row);
    return {
      exclude: rare?.exclude ?? false,
      override: this.#date('override', row),
      modified: this.#date('modified', row),
      published: this.#date('published', row),
      changefreq: rare?.changefreq,
      priority: rare?.priority,
      slug: rare?.slug,
      problems: rare?.problems ?? [],
    };
  }
}

/** No row: what `find` returns for a key no source renders. */
export const NO_SOURCE = -1;

/** A lenient key, for sources whose framework slugifies names (`My Post.md` -> `/my-post`). */
export function looseKey(key: string): string {
  return key
    .normalize('NFC')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}\-/_.~]/gu, '');
}

/**
 * Whether bytes `[0, length)` are a key `looseKey` leaves as it is (`a-z 0-9 - / _ . ~` only: the
 * common case), told without making it a string.
 */
function looseBytes(bytes: Buffer, length: number): boolean {
  for (let i = 0; i < length; i++) {
    const byte = bytes[i] as number;
    const allowed =
      (byte >= 0x61 && byte <= 0x7a) ||
      (byte >= 0x30 && byte <= 0x39) ||
      byte === 0x2d ||
      byte === 0x2f ||
      byte === 0x5f ||
      byte === 0x2e ||
      byte === 0x7e;
    if (!allowed) return false;
  }
  return true;
}

/**
 * The paths of a table's sources, apart from the rest of it: all the pages keep of their sources
 * once they are dated (`PageTable.linkSource`), so the file times, frontmatter and key tables
 * go with the table (at 1,000,000 sources, their times alone are 8 MB) before the set is
 * written.
 */
class Paths implements SourcePaths {
  list: SourceList | null = null;
  /** Rows of the list. */
  listed = 0;
  /** The named rows' paths, from row `listed` on. */
  readonly rels = new StringColumn();

  rel(row: number): string {
    const list = this.list;
    return row < this.listed && list ? listedRel(list, row) : this.rels.get(row - this.listed);
  }

  /** Each list folder's path relative to the root, in UTF-8, with its `/` (none for the root). */
  #dirBytes: Buffer[] | null = null;
  readonly #relBytes = new ByteScratch();

  /**
   * `rel(row)` in UTF-8, no string made: a view of a buffer reused by the next call. For what
   * is looked up by path for every source (git's dates).
   */
  relBytes(row: number): Buffer {
    const list = this.list;
    const into = this.#relBytes;
    if (row < this.listed && list) {
      this.#dirBytes ??= list.relDirs.map((dir) => Buffer.from(dir === '' ? '' : `${dir}/`));
      const dir = this.#dirBytes[list.folders[row] as number] as Buffer;
      into.room(dir.length + list.paths.byteLength(row));
      dir.copy(into.bytes, 0);
      into.length = dir.length + list.paths.copyRow(row, into.bytes, dir.length);
    } else {
      into.room(this.rels.byteLength(row - this.listed));
      into.length = this.rels.copyRow(row - this.listed, into.bytes, 0);
    }
    return into.bytes.subarray(0, into.length);
  }
}

export class SourceTable {
  /** The sources' paths, which the pages link to (`PageTable.linkSource`). */
  readonly paths = new Paths();
  /** The list (`setList`): kept by the paths, which the pages outlive the table with. */
  get #list(): SourceList | null {
    return this.paths.list;
  }
  /** Rows of the list. */
  get #listed(): number {
    return this.paths.listed;
  }
  /** The list's `keyPrefixes`: each folder's route as a key starts with it. */
  #routes: Buffer[] | null = null;
  #longestRoute = 0;
  /** The named rows' paths and keys, from row `#listed` on. */
  readonly #rels = this.paths.rels;
  readonly #keys = new StringColumn();
  /** NaN for a listed row that could not be read. */
  #mtimes = new Float64Array(256);
  #unread = 0;
  readonly #metas = new MetaColumns();
  readonly #errors = new Map<number, FrontmatterError>();
  /** Row + 1 by the hash of its key (0: empty); made by the first lookup. */
  #slots: Int32Array | null = null;
  /**
   * Each row's key hash, made with `#slots`: a probe that meets another key's row compares
   * hashes, not keys written out again (at 100,000 pages, writing keys to compare them was a
   * third of the pages' source lookups).
   */
  #hashes: Uint32Array | null = null;
  /**
   * The lenient keys that differ from their rows' keys, and each one's row: off the JS heap, as
   * a site with many non-ASCII paths has one for each (`StringRows`).
   */
  #byLooseKey: { keys: StringRows; rows: Int32Array } | null = null;
  /**
   * The rows whose keys `looseKey` may change (not `a-z 0-9 - / _ . ~` only), noted as the key
   * table is built: the lenient keys are made of these rows alone, with no second pass over the
   * keys of every row.
   */
  #looseRows = new Int32Array(0);
  readonly #sought = new ByteScratch();
  readonly #seen = new ByteScratch();
  /** What could not be read, one line each. */
  readonly problems: string[] = [];

  /** A table of the sources of `list` (none when not given). */
  constructor(list?: SourceList) {
    if (list) this.setList(list);
  }

  /**
   * The list the first rows are, before any named row or lookup; its problems come first. A
   * scan's ranges may be filled in before it is set (a helper thread posts the list apart).
   */
  setList(list: SourceList): void {
    if (this.#list !== null || this.#rels.size > 0)
      throw new Error('source table: the list comes once, before any named source');
    this.paths.list = list;
    this.paths.listed = list.paths.size;
    this.#mtimes = grown(this.#mtimes, this.#listed);
    this.problems.unshift(...list.problems);
    this.#routes = keyPrefixes(list);
    this.#longestRoute = Math.max(0, ...(this.#routes ?? []).map((route) => route.length));
    this.#changed();
  }

  /** How many rows, those that could not be read included (`has`). */
  get size(): number {
    return this.#listed + this.#rels.size;
  }

  /** How many sources were read. */
  get found(): number {
    return this.size - this.#unread;
  }

  /** Whether row `row` was read: a listed source that could not be is found by no key. */
  has(row: number): boolean {
    return !Number.isNaN(this.#mtimes[row]);
  }

  /** Fills in what a scan read of the list's rows from `scan.from`, and its problems. */
  fill(scan: SourceScan): void {
    const { from, mtimes } = scan;
    this.#mtimes = grown(this.#mtimes, from + mtimes.length);
    this.#mtimes.set(mtimes, from);
    for (const time of mtimes) if (Number.isNaN(time)) this.#unread++;
    for (const [at, meta] of scan.metas) this.#metas.set(from + at, meta);
    for (const [at, error] of scan.errors) this.#errors.set(from + at, error);
    for (const problem of scan.problems) this.problems.push(problem);
    this.#changed();
  }

  /**
   * Row `row`'s frontmatter, read on this thread (`scanSourceRange`): taken by row, in any order,
   * before or after its range's `fill`.
   */
  setMeta(row: number, meta: PageMeta): void {
    this.#metas.set(row, meta);
    this.#changed();
  }

  /** Appends sources named one by one, after the list's, in their order, and their problems. */
  appendNamed(named: NamedSources): void {
    for (const file of named.files) {
      const row = this.#listed + this.#rels.push(file.rel);
      this.#keys.push(file.key);
      this.#mtimes = grown(this.#mtimes, row + 1);
      this.#mtimes[row] = file.mtimeMs;
      if (file.meta) this.#metas.set(row, file.meta);
      if (file.frontmatterError) this.#errors.set(row, file.frontmatterError);
    }
    for (const problem of named.problems) this.problems.push(problem);
    this.#changed();
  }

  /**
   * Drops the tables `find` looks keys up in, once the pages are joined to their sources (rows
   * hold the join): at 1,000,000 sources, 8 MB freed before the set is written. A later `find`
   * builds them again.
   */
  releaseIndex(): void {
    this.#changed();
  }

  #changed(): void {
    this.#slots = null;
    this.#hashes = null;
    this.#looseRows = new Int32Array(0);
    this.#byLooseKey = null;
  }

  /** Row `row` read back whole, in the shape of a named source. */
  row(row: number): SourceFile {
    return {
      rel: this.rel(row),
      key: this.key(row),
      mtimeMs: this.mtimeMs(row),
      meta: this.meta(row),
      frontmatterError: this.frontmatterError(row),
    };
  }

  /** The source's path relative to `root`, posix. */
  rel(row: number): string {
    return this.paths.rel(row);
  }

  /** The route key the source renders: its own, or the one its frontmatter `slug` gives. */
  key(row: number): string {
    const list = this.#list;
    if (row >= this.#listed || !list) return this.#keys.get(row - this.#listed);
    const route = list.routes[list.folders[row] as number] as string;
    const slug = this.#metas.slug(row);
    return slug ? slugKey(route, slug) : keyFor(route, list.paths.get(row));
  }

  mtimeMs(row: number): number {
    return this.#mtimes[row] as number;
  }

  /** What its frontmatter says, when it was read and says anything. */
  meta(row: number): PageMeta | undefined {
    return this.#metas.get(row);
  }

  frontmatterError(row: number): FrontmatterError | undefined {
    return this.#errors.get(row);
  }

  /** Writes row `row`'s key into `into`: from the list's bytes where it can, no string made. */
  #writeKey(row: number, into: ByteScratch): void {
    const list = this.#list;
    const routes = this.#routes;
    if (row < this.#listed && list && routes && this.#metas.slug(row) === undefined) {
      into.room(this.#longestRoute + 1 + list.paths.byteLength(row));
      const end = writeListedKey(list, routes, row, into.bytes);
      if (end !== -1) {
        into.length = end;
        return;
      }
    } else if (row >= this.#listed) {
      const named = row - this.#listed;
      into.room(this.#keys.byteLength(named));
      into.length = this.#keys.copyRow(named, into.bytes, 0);
      return;
    }
    into.write(this.key(row));
  }

  /** The row of the source that renders route `key`, by its key or else its lenient key. */
  find(key: string): number {
    const exact = this.#findExact(key);
    if (exact !== NO_SOURCE) return exact;
    // Lenient keys matter only for sources whose names a framework would slugify (`My
    // Post.md`): index just those, so a page without a source costs one lookup.
    if (!this.#byLooseKey) {
      const byLoose = { keys: new StringRows(), rows: new Int32Array(16) };
      this.#byLooseKey = byLoose;
      const own = this.#seen;
      for (const row of this.#looseRows) {
        this.#writeKey(row, own);
        const text = own.bytes.toString('utf8', 0, own.length);
        const loose = looseKey(text);
        if (loose === text) continue;
        const at = byLoose.keys.add(loose);
        // The first row with a lenient key wins.
        if (at < byLoose.keys.size - 1) continue;
        byLoose.rows = grown(byLoose.rows, at + 1);
        byLoose.rows[at] = row;
      }
    }
    const { keys, rows } = this.#byLooseKey;
    if (keys.size === 0) return NO_SOURCE;
    const at = keys.find(looseKey(key));
    return at === -1 ? NO_SOURCE : (rows[at] as number);
  }

  /**
   * The row of the source whose key is `bytes[from..to)` (UTF-8) as it is, or `NO_SOURCE`: the
   * first lookup of `find`, for a key its caller has as bytes (a page's URL read from its
   * column), with no string made.
   */
  findExactBytes(bytes: Buffer, from: number, to: number): number {
    // The table first: building it writes over the key's scratch.
    const slots = this.#slots ?? this.#index();
    const sought = this.#sought;
    sought.room(to - from);
    sought.length = bytes.copy(sought.bytes, 0, from, to);
    return this.#probe(slots);
  }

  #findExact(key: string): number {
    const slots = this.#slots ?? this.#index();
    this.#sought.write(key);
    return this.#probe(slots);
  }

  /** The row of the source whose key `#sought` holds in the key table `slots`, or `NO_SOURCE`. */
  #probe(slots: Int32Array): number {
    const hashes = this.#hashes as Uint32Array;
    const sought = this.#sought;
    const hash = sought.hash();
    const mask = slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const row = (slots[slot] as number) - 1;
      if (row < 0) return NO_SOURCE;
      if (hashes[row] !== hash) continue;
      this.#writeKey(row, this.#seen);
      if (this.#seen.equals(sought)) return row;
    }
  }

  /** Builds the key table: twice the rows or more, so probes stay short. */
  #index(): Int32Array {
    let capacity = 16;
    while (capacity < this.size * 2) capacity *= 2;
    const slots = nativeArray(Int32Array, capacity);
    const hashes = nativeArray(Uint32Array, this.size);
    const mask = capacity - 1;
    const own = this.#sought;
    const other = this.#seen;
    let looseRows = new Int32Array(16);
    let loose = 0;
    for (let row = 0; row < this.size; row++) {
      if (!this.has(row)) continue;
      this.#writeKey(row, own);
      if (!looseBytes(own.bytes, own.length)) {
        looseRows = grown(looseRows, loose + 1);
        looseRows[loose++] = row;
      }
      const hash = own.hash();
      hashes[row] = hash;
      for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
        const taken = (slots[slot] as number) - 1;
        if (taken < 0) {
          slots[slot] = row + 1;
          break;
        }
        if (hashes[taken] !== hash) continue;
        this.#writeKey(taken, other);
        if (other.equals(own)) break; // the first row with a key wins
      }
    }
    this.#slots = slots;
    this.#hashes = hashes;
    this.#looseRows = looseRows.subarray(0, loose);
    return slots;
  }
}
