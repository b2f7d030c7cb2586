/**
 * Each path's content date as the history pass finds it (`git-history.ts`), kept off the JS
 * heap: a pass over a million files kept a Map entry, a string and an object a file.
 */
import { StringTimes } from '../columns/string-times.js';

/**
 * Each path's commit time in ms, as a Map of them would keep it, off the heap; a path is also
 * looked up and set by its UTF-8 bytes (a line of git's output, read without a string). A path
 * deleted keeps its row, with no time, until it is set again.
 */
export class ContentDates {
  readonly #shared: boolean;
  readonly #times: StringTimes;
  /** Whether a path was deleted: its row then has no time (`times` is no longer the dates). */
  #deleted = false;

  /** `shared`: in shared memory, so that `times` is posted to another thread without a copy. */
  constructor({ shared = false }: { shared?: boolean } = {}) {
    this.#shared = shared;
    this.#times = new StringTimes({ shared });
  }

  /** Row `row`'s time, or undefined when its path was deleted. */
  #timeOf(row: number): number | undefined {
    if (row === -1) return undefined;
    const time = this.#times.timeOf(row);
    return Number.isNaN(time) ? undefined : time;
  }

  has(path: string): boolean {
    return this.get(path) !== undefined;
  }

  /** `has` of the path whose UTF-8 bytes are `bytes[from..to)`. */
  hasBytes(bytes: Uint8Array, from: number, to: number): boolean {
    return this.#timeOf(this.#times.rowOfBytes(bytes, from, to)) !== undefined;
  }

  get(path: string): number | undefined {
    return this.#timeOf(this.#times.row(path));
  }

  set(path: string, time: number): void {
    this.#times.set(path, time);
  }

  /** `set` of the path whose UTF-8 bytes are `bytes[from..to)`. */
  setBytes(bytes: Uint8Array, from: number, to: number, time: number): void {
    this.#times.setBytes(bytes, from, to, time);
  }

  delete(path: string): void {
    if (!this.has(path)) return;
    this.#times.set(path, Number.NaN);
    this.#deleted = true;
  }

  /**
   * The dates themselves, a path's time by path, when they are in shared memory and no path was
   * deleted; else null (`copyInto` then gives them).
   */
  times(): StringTimes | null {
    return this.#shared && !this.#deleted ? this.#times : null;
  }

  /** Sets each path with a date, and its date, in `target` (by its bytes). */
  copyInto(target: StringTimes): void {
    this.#times.copyInto(target);
  }

  /** Every path with a date, and its date, in the order the paths were first set. */
  *entries(): IterableIterator<[string, number]> {
    for (let row = 0; row < this.#times.size; row++) {
      const time = this.#timeOf(row);
      if (time !== undefined) yield [this.#times.keyOf(row), time];
    }
  }

  [Symbol.iterator](): IterableIterator<[string, number]> {
    return this.entries();
  }
}
