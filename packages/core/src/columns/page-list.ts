/**
 * Pages of one `PageTable` as a list of rows: what the stages hand on, from the sorted pages to
 * the pages a sitemap file holds. A page costs its row, 4 bytes, not an object: a view is made
 * as a page is read and dropped after, never kept by the list. Views of one row are alike (they
 * hold nothing but the row), so a page read twice is the same page.
 *
 * A million objects kept for the whole build would cost their bytes, and, made at once, grow
 * V8's young generation to its largest (the memory a run keeps however little it holds).
 */

import { ByteScratch } from './byte-scratch.js';
import { grown, nativeArray } from './native-memory.js';
import type { PageTable, PageView } from './page-table.js';
import { sortRows } from './sort-rows.js';

export class PageList implements Iterable<PageView> {
  readonly table: PageTable;
  #rows: Uint32Array;
  #length: number;

  /** The pages of `table` at `rows`, in that order (the array becomes the list's). */
  constructor(table: PageTable, rows?: Uint32Array) {
    this.table = table;
    this.#rows = rows ?? new Uint32Array(16);
    this.#length = rows ? rows.length : 0;
  }

  /**
   * An empty list whose rows are kept in shared memory: a helper thread reads them as they are
   * (the pages whose heads are read, `select-pages.ts`).
   */
  static shared(table: PageTable): PageList {
    const list = new PageList(table);
    list.#rows = nativeArray(Uint32Array, 16, true);
    return list;
  }

  get length(): number {
    return this.#length;
  }

  /** The rows in order: a view of the list's own array, good until the list changes. */
  get rows(): Uint32Array {
    return this.#rows.subarray(0, this.#length);
  }

  /** Appends a page, which must be a row of this list's table. */
  push(page: PageView): void {
    if (page.table !== this.table) throw new Error('page list: a page of another table');
    this.#rows = grown(this.#rows, this.#length + 1);
    this.#rows[this.#length++] = page.row;
  }

  [Symbol.iterator](): Iterator<PageView> {
    const rows = this.#rows;
    const length = this.#length;
    const table = this.table;
    let index = 0;
    return {
      next: () =>
        index < length
          ? { value: table.view(rows[index++] as number), done: false }
          : { value: undefined, done: true },
    };
  }

  /**
   * The pages' URLs, each read as it is reached and dropped after: no list of them all is made.
   * It can be gone through more than once.
   */
  get urls(): Iterable<string> {
    const pages = this;
    return {
      *[Symbol.iterator]() {
        for (const page of pages) yield page.url;
      },
    };
  }

  /**
   * The pages' URLs as UTF-8 bytes, each written over the last in one scratch (good until the
   * next is read): no string is made. It can be gone through more than once.
   */
  get urlBytes(): Iterable<ByteScratch> {
    const pages = this;
    return {
      *[Symbol.iterator]() {
        const into = new ByteScratch();
        for (const page of pages) {
          page.writeUrl(into);
          yield into;
        }
      },
    };
  }

  /**
   * Leaves in this list only the pages `keep` says yes to, in order, in place: no new array (a
   * new one of a million rows is a new block of native memory, and V8 answers each with a full
   * collection, `native-memory.ts`). Asked once a page, in order. Returns how many are left.
   */
  keep(keep: (page: PageView) => boolean): number {
    const rows = this.#rows;
    let kept = 0;
    for (let i = 0; i < this.#length; i++) {
      const row = rows[i] as number;
      if (keep(this.table.view(row))) rows[kept++] = row;
    }
    this.#length = kept;
    return kept;
  }

  /** The pages `keep` says yes to, in order. */
  filter(keep: (page: PageView) => boolean): PageList {
    const kept = new PageList(this.table);
    for (const page of this) if (keep(page)) kept.push(page);
    return kept;
  }

  /**
   * The pages `keep` says yes to, in order, for a reader that does not add to them: this list
   * itself when it says yes to all (nothing copied), else a list of just those rows, in shared
   * memory when this one is (a helper thread reads it as it is). `keep` is asked twice a page.
   */
  subset(keep: (page: PageView) => boolean): PageList {
    let count = 0;
    for (const page of this) if (keep(page)) count++;
    if (count === this.#length) return this;
    const rows = nativeArray(Uint32Array, count, this.#rows.buffer instanceof SharedArrayBuffer);
    let at = 0;
    for (const page of this) if (keep(page)) rows[at++] = page.row;
    return new PageList(this.table, rows);
  }

  map<T>(make: (page: PageView, index: number) => T): T[] {
    const out: T[] = [];
    let index = 0;
    for (const page of this) out.push(make(page, index++));
    return out;
  }

  /** Sorts the pages by URL in natural order, over their bytes; pages at one URL keep their order. */
  sortByUrl(): void {
    const rows = this.#rows.slice(0, this.#length);
    const table = this.table;
    sortRows(rows, (a, b) => table.compareUrls(a, b));
    this.#rows = rows;
  }
}
