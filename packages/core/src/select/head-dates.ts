/**
 * The dates the pages' heads give (`article:modified_time`, `dateModified`, ...), for the dating
 * stage to weigh: kept off the JS heap as the heads are read, a page's row and two lastmod
 * columns, and read back one page at a time. A tenth of a large site's pages have them; kept as
 * an object and two strings each, they outlived V8's young generation until the pages were dated.
 */
import { LastmodColumn } from '../columns/lastmod-column.js';
import { grown } from '../columns/native-memory.js';
import type { PageTable, PageView } from '../columns/page-table.js';

/** The dates a page's head gives. */
export interface HeadDates {
  page: PageView;
  modified?: string;
  published?: string;
}

/** The pages whose heads give a date, in the order the heads were read. */
export class HeadDateList implements Iterable<HeadDates> {
  #table: PageTable | null = null;
  #rows = new Int32Array(64);
  #length = 0;
  readonly #modified = new LastmodColumn();
  readonly #published = new LastmodColumn();

  get length(): number {
    return this.#length;
  }

  push(page: PageView, modified: string | undefined, published: string | undefined): void {
    this.#table ??= page.table;
    const at = this.#length++;
    this.#rows = grown(this.#rows, this.#length);
    this.#rows[at] = page.row;
    this.#modified.set(at, modified);
    this.#published.set(at, published);
  }

  *[Symbol.iterator](): Iterator<HeadDates> {
    const table = this.#table as PageTable;
    for (let at = 0; at < this.#length; at++) {
      const modified = this.#modified.get(at);
      const published = this.#published.get(at);
      yield {
        page: table.view(this.#rows[at] as number),
        ...(modified ? { modified } : {}),
        ...(published ? { published } : {}),
      };
    }
  }
}
