/**
 * The sources found, one row each, kept off the JS heap: paths, route keys and frontmatter dates
 * in string columns, file times and which date a row has in typed arrays; what frontmatter
 * rarely says (exclude, changefreq, priority, slug, problems) by row, for the rows that say it.
 * A row is a number; the stages after discovery hold rows, not source objects, so a site of a
 * million sources costs its bytes, not a million objects with their strings and map entries.
 *
 * Rows are looked up by route key through an open-addressing table over the keys' bytes, built
 * once when the first lookup comes; the first row with a key wins.
 */
import { grown, hashBytes, StringColumn } from '../columns/string-column.js';
import type { FieldDate, PageMeta } from '../dates/frontmatter-fields.js';

/** One source as a scan reads it: the shape a scan posts, appended to the table as a row. */
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

/** What a scan of sources found, for a range or the whole: plain data a thread can post. */
export interface SourceScan {
  files: SourceFile[];
  problems: string[];
}

/** The dates frontmatter gives, each kept as a row of the dates column and its field's name. */
const DATE_ROLES = ['override', 'modified', 'published'] as const;
type DateRoleKey = (typeof DATE_ROLES)[number];

/** What frontmatter rarely says, kept by row for the rows that say any of it. */
type RareMeta = Pick<PageMeta, 'exclude' | 'changefreq' | 'priority' | 'slug' | 'problems'>;

/** Frontmatter of the rows: dates as columns, the rest by row. */
class MetaColumns {
  readonly #dates = new StringColumn();
  /** Per role, the row of the dates column + 1 (0: none), and the field's name by number. */
  readonly #dateOf = new Map<DateRoleKey, Int32Array>();
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
      const dateOf = grown(this.#dateOf.get(role) ?? new Int32Array(256), row + 1);
      const fieldOf = grown(this.#fieldOf.get(role) ?? new Uint16Array(256), row + 1);
      this.#dateOf.set(role, dateOf);
      this.#fieldOf.set(role, fieldOf);
      dateOf[row] = this.#dates.push(date.value) + 1;
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
    const dateRow = (this.#dateOf.get(role)?.[row] ?? 0) - 1;
    if (dateRow < 0) return undefined;
    const field = this.#fieldNames[this.#fieldOf.get(role)?.[row] as number] as string;
    return { value: this.#dates.get(dateRow), field };
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

/** A key `looseKey` leaves as it is (the common case), told without running it. */
const ALREADY_LOOSE = /^[a-z0-9\-/_.~]*$/;

/** A lenient key, for sources whose framework slugifies names (`My Post.md` -> `/my-post`). */
export function looseKey(key: string): string {
  return key
    .normalize('NFC')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}\-/_.~]/gu, '');
}

export class SourceTable {
  readonly #rels = new StringColumn();
  readonly #keys = new StringColumn();
  #mtimes = new Float64Array(256);
  readonly #metas = new MetaColumns();
  readonly #errors = new Map<number, FrontmatterError>();
  /** Row + 1 by the hash of its key (0: empty); made by the first lookup. */
  #slots: Int32Array | null = null;
  #byLooseKey: Map<string, number> | null = null;
  #scratch = Buffer.allocUnsafe(256);
  /** What could not be read, one line each. */
  readonly problems: string[] = [];

  /** How many rows. */
  get size(): number {
    return this.#rels.size;
  }

  /** Appends the files of `scan` as rows, in its order, and its problems. */
  append(scan: SourceScan): void {
    for (const file of scan.files) this.#add(file);
    for (const problem of scan.problems) this.problems.push(problem);
  }

  #add(file: SourceFile): void {
    const row = this.#rels.push(file.rel);
    this.#keys.push(file.key);
    this.#mtimes = grown(this.#mtimes, row + 1);
    this.#mtimes[row] = file.mtimeMs;
    if (file.meta) this.#metas.set(row, file.meta);
    if (file.frontmatterError) this.#errors.set(row, file.frontmatterError);
    this.#slots = null;
    this.#byLooseKey = null;
  }

  /** Row `row` read back whole, in the shape it was appended in. */
  row(row: number): SourceFile {
    return {
      rel: this.#rels.get(row),
      key: this.#keys.get(row),
      mtimeMs: this.mtimeMs(row),
      meta: this.meta(row),
      frontmatterError: this.frontmatterError(row),
    };
  }

  /** The source's path relative to `root`, posix. */
  rel(row: number): string {
    return this.#rels.get(row);
  }

  /** The column of every row's `rel`: a page table points its pages at it (`linkSource`). */
  get rels(): StringColumn {
    return this.#rels;
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

  /** The row of the source that renders route `key`, by its key or else its lenient key. */
  find(key: string): number {
    const exact = this.#findExact(key);
    if (exact !== NO_SOURCE) return exact;
    // Lenient keys matter only for sources whose names a framework would slugify (`My
    // Post.md`): index just those, so a page without a source costs one lookup.
    if (!this.#byLooseKey) {
      this.#byLooseKey = new Map();
      for (let row = 0; row < this.size; row++) {
        const own = this.#keys.get(row);
        if (ALREADY_LOOSE.test(own)) continue;
        const loose = looseKey(own);
        if (loose !== own && !this.#byLooseKey.has(loose)) this.#byLooseKey.set(loose, row);
      }
    }
    return this.#byLooseKey.size === 0
      ? NO_SOURCE
      : (this.#byLooseKey.get(looseKey(key)) ?? NO_SOURCE);
  }

  #findExact(key: string): number {
    const slots = this.#slots ?? this.#index();
    // At most 3 bytes a UTF-16 unit: measure only a key that may not fit.
    if (key.length * 3 > this.#scratch.length)
      this.#scratch = Buffer.allocUnsafe(Math.max(key.length * 3, this.#scratch.length * 2));
    const length = this.#scratch.write(key, 0, 'utf8');
    const mask = slots.length - 1;
    for (let slot = hashBytes(this.#scratch, 0, length) & mask; ; slot = (slot + 1) & mask) {
      const row = (slots[slot] as number) - 1;
      if (row < 0) return NO_SOURCE;
      if (this.#keys.sameBytes(row, this.#scratch, length)) return row;
    }
  }

  /** Builds the key table: twice the rows or more, so probes stay short. */
  #index(): Int32Array {
    let capacity = 16;
    while (capacity < this.size * 2) capacity *= 2;
    const slots = new Int32Array(capacity);
    const mask = capacity - 1;
    for (let row = 0; row < this.size; row++) {
      for (let slot = this.#keys.hashRow(row) & mask; ; slot = (slot + 1) & mask) {
        const taken = (slots[slot] as number) - 1;
        if (taken < 0) {
          slots[slot] = row + 1;
          break;
        }
        if (this.#keys.sameRows(taken, row)) break; // the first row with a key wins
      }
    }
    this.#slots = slots;
    return slots;
  }
}
