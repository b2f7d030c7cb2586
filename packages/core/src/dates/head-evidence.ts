/**
 * What the heads say of the pages' dates, once weighed (`weighHeadDates`): by page row, kept off
 * the JS heap, as the heads' dates are (`select/head-dates.ts`). A tenth of a large site's pages
 * have head dates; weighed into a map of objects and strings by row, they outlived V8's young
 * generation while the pages were dated, and it grew for good (16 to 32 MB at a million pages).
 */
import { LastmodColumn } from '../columns/lastmod-column.js';
import { grown } from '../columns/native-memory.js';
import type { Evidence } from './evidence.js';

export class HeadEvidence {
  /** By page row: its place in the columns + 1; 0 for a page with no head date kept. */
  #places = new Int32Array(0);
  readonly #head = new LastmodColumn();
  readonly #published = new LastmodColumn();
  #size = 0;

  /** How many pages have a head date kept. */
  get size(): number {
    return this.#size;
  }

  /** Keeps page `row`'s head dates; a page with neither keeps nothing. */
  set(row: number, head: string | undefined, published: string | undefined): void {
    if (!head && !published) return;
    this.#places = grown(this.#places, row + 1);
    let place = (this.#places[row] as number) - 1;
    if (place < 0) {
      place = this.#size++;
      this.#places[row] = place + 1;
    }
    this.#head.set(place, head || undefined);
    this.#published.set(place, published || undefined);
  }

  /** Page `row`'s head dates as evidence (made anew), or undefined when it has none. */
  get(row: number): Evidence | undefined {
    const place = row < this.#places.length ? (this.#places[row] as number) - 1 : -1;
    if (place < 0) return undefined;
    const evidence: Evidence = {};
    const head = this.#head.get(place);
    const published = this.#published.get(place);
    if (head) evidence.head = head;
    if (published) evidence.headPublished = published;
    return evidence;
  }
}
