/**
 * A time for each of a set of strings (git's commit time of each source path), kept off the JS
 * heap: the strings are rows of a `StringRows`, the times a column of numbers. A million paths
 * as a `Map` cost some 100 MB of the heap of the thread that keeps them (a string, an entry and
 * a boxed number each); here they are their bytes and 8 bytes of time. Made `shared`, it is
 * posted to another thread without a copy (`toData`, `fromData`).
 */
import { grown, postedCopy } from './native-memory.js';
import { StringRows, type StringRowsData } from './string-rows.js';

/** A `StringTimes` as plain data a thread can post. */
export interface StringTimesData {
  rows: StringRowsData;
  times: Float64Array<ArrayBufferLike>;
}

export class StringTimes {
  readonly #shared: boolean;
  #rows: StringRows;
  #times: Float64Array<ArrayBufferLike> = new Float64Array(64);

  constructor({ shared = false }: { shared?: boolean } = {}) {
    this.#shared = shared;
    this.#rows = new StringRows({ shared });
  }

  /** Another thread's times (`toData`), read here without a copy. */
  static fromData(data: StringTimesData): StringTimes {
    const times = new StringTimes();
    times.#rows = StringRows.fromData(data.rows);
    times.#times = data.times;
    return times;
  }

  toData(): StringTimesData {
    return {
      rows: this.#rows.toData(),
      times: postedCopy(this.#times.subarray(0, this.size), this.#shared),
    };
  }

  get size(): number {
    return this.#rows.size;
  }

  /** The row of `key`, or -1. */
  row(key: string): number {
    return this.#rows.find(key);
  }

  /** The row of the key whose UTF-8 bytes are `bytes[from..to)`, or -1. */
  rowOfBytes(bytes: Uint8Array, from: number, to: number): number {
    return this.#rows.findBytes(bytes, from, to);
  }

  /** Row `row`'s key. */
  keyOf(row: number): string {
    return this.#rows.get(row);
  }

  /** Row `row`'s time. */
  timeOf(row: number): number {
    return this.#times[row] as number;
  }

  /** The time of `key`, or undefined. */
  get(key: string): number | undefined {
    const row = this.#rows.find(key);
    return row === -1 ? undefined : this.#times[row];
  }

  has(key: string): boolean {
    return this.#rows.has(key);
  }

  /** Sets the time of `key`, added when it is not there; returns its row. */
  set(key: string, time: number): number {
    return this.#timed(this.#rows.add(key), time);
  }

  /** `set` of the key whose UTF-8 bytes are `bytes[from..to)`. */
  setBytes(bytes: Uint8Array, from: number, to: number, time: number): number {
    return this.#timed(this.#rows.addBytes(bytes, from, to), time);
  }

  #timed(row: number, time: number): number {
    this.#times = grown(this.#times, row + 1);
    this.#times[row] = time;
    return row;
  }

  /** Sets each key of these, by its bytes, in `target`, with its time, unless that is NaN. */
  copyInto(target: StringTimes): void {
    let bytes = Buffer.allocUnsafe(256);
    for (let row = 0; row < this.size; row++) {
      const time = this.#times[row] as number;
      if (Number.isNaN(time)) continue;
      const length = this.#rows.byteLength(row);
      if (length > bytes.length) bytes = Buffer.allocUnsafe(length * 2);
      this.#rows.copyRow(row, bytes, 0);
      target.setBytes(bytes, 0, length, time);
    }
  }

  /** Every key and its time, in the order the keys were added. */
  *entries(): IterableIterator<[string, number]> {
    for (let row = 0; row < this.size; row++)
      yield [this.#rows.get(row), this.#times[row] as number];
  }
}
