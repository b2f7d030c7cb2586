/**
 * A set of strings, each a row, kept off the JS heap: their UTF-8 bytes in a string column and
 * an open-addressing table of rows by the hash of those bytes. What a stage keys by text for the
 * whole build (the listing pages above every page, say) then costs no JS string nor map entry
 * per key, and nothing of it passes through V8's young generation (whose size grows with what
 * survives it, for the rest of the build).
 */
import { grown, postedCopy } from './native-memory.js';
import { hashBytes, StringColumn, type StringColumnData } from './string-column.js';

/**
 * The bytes of a set's first chunk: most sets are small (a site's listing pages, its hreflang
 * sets), and a column's chunks double as it fills.
 */
const FIRST_CHUNK = 64 * 1024;

/** A set as plain data a thread can post: in shared memory when it was made `shared`. */
export interface StringRowsData {
  column: StringColumnData;
  slots: Int32Array<ArrayBufferLike>;
  hashes: Uint32Array<ArrayBufferLike>;
}

export class StringRows {
  readonly #shared: boolean;
  #column: StringColumn;
  /** Row + 1 by hash (0: empty); at least twice the rows, so probes stay short. */
  #slots: Int32Array<ArrayBufferLike> = new Int32Array(64);
  /** Each row's hash, so the table grows without reading the rows back. */
  #hashes: Uint32Array<ArrayBufferLike> = new Uint32Array(64);
  #scratch = Buffer.allocUnsafe(256);
  #length = 0;
  /** The hash of what `#write` last wrote. */
  #hash = 0;

  /** `shared`: its bytes in shared memory, so another thread reads the set without a copy. */
  constructor({ shared = false }: { shared?: boolean } = {}) {
    this.#shared = shared;
    this.#column = new StringColumn({ shared, firstChunk: FIRST_CHUNK });
  }

  /** Another thread's set (`toData`), read here without a copy of its bytes. */
  static fromData(data: StringRowsData): StringRows {
    const rows = new StringRows();
    rows.#column = StringColumn.fromData(data.column);
    rows.#slots = data.slots;
    rows.#hashes = data.hashes;
    return rows;
  }

  /**
   * What another thread needs to read this set. A shared set is not added to once posted: both
   * threads would write into its last chunk, so `add` then throws.
   */
  toData(): StringRowsData {
    this.#posted = this.#shared;
    return {
      column: this.#column.toData(),
      slots: postedCopy(this.#slots, this.#shared),
      hashes: postedCopy(this.#hashes.subarray(0, this.size), this.#shared),
    };
  }

  /** Posted in shared memory (`toData`): read-only from then on. */
  #posted = false;

  get size(): number {
    return this.#column.size;
  }

  /** The row of `text`, or -1. */
  find(text: string): number {
    this.#missed = null;
    if (this.size === 0) return -1;
    const row = this.#probe(this.#write(text), this.#scratch, 0, this.#length);
    if (row === -1) this.#missed = text;
    return row;
  }

  /** The row of the UTF-8 text `bytes[from..to)`, or -1. */
  findBytes(bytes: Uint8Array, from: number, to: number): number {
    if (this.size === 0) return -1;
    return this.#probe(hashBytes(bytes, from, to), bytes, from, to - from);
  }

  /** The row of the text `bytes[from..from + length)`, whose hash is `hash`, or -1. */
  #probe(hash: number, bytes: Uint8Array, from: number, length: number): number {
    const slots = this.#slots;
    const mask = slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const row = (slots[slot] as number) - 1;
      if (row < 0) return -1;
      if (this.#hashes[row] === hash && this.#column.sameBytes(row, bytes, length, from))
        return row;
    }
  }

  /**
   * The text the last `find` did not find, whose bytes and hash are still in the scratch: an
   * `add` of it right after (`has`, then `add`) does not look it up again.
   */
  #missed: string | null = null;

  has(text: string): boolean {
    return this.find(text) !== -1;
  }

  /** The row of `text`, added when it is not there. */
  add(text: string): number {
    if (this.#posted) throw new Error('string rows: added to after it was posted to a thread');
    if (text !== this.#missed) {
      const found = this.find(text);
      if (found !== -1) return found;
    }
    this.#missed = null;
    if (this.size === 0) this.#write(text);
    return this.#added(this.#hash, this.#column.push(text));
  }

  /** The row of the UTF-8 text `bytes[from..to)`, added when it is not there. */
  addBytes(bytes: Uint8Array, from: number, to: number): number {
    if (this.#posted) throw new Error('string rows: added to after it was posted to a thread');
    this.#missed = null;
    const hash = hashBytes(bytes, from, to);
    const found = this.size === 0 ? -1 : this.#probe(hash, bytes, from, to - from);
    if (found !== -1) return found;
    return this.#added(hash, this.#column.pushBytes(bytes, from, to));
  }

  /** Puts row `row`, just pushed, whose hash is `hash`, in the table; returns it. */
  #added(hash: number, row: number): number {
    this.#hashes = grown(this.#hashes, row + 1);
    this.#hashes[row] = hash;
    if ((row + 1) * 2 > this.#slots.length) this.#rehash(this.#slots.length * 2);
    else this.#place(row);
    return row;
  }

  /** Every string, in the order of its row. */
  *[Symbol.iterator](): IterableIterator<string> {
    for (let row = 0; row < this.size; row++) yield this.get(row);
  }

  /** Row `row`, as a string. */
  get(row: number): string {
    return this.#column.get(row);
  }

  /** How many bytes row `row` takes. */
  byteLength(row: number): number {
    return this.#column.byteLength(row);
  }

  /** Copies row `row`'s bytes into `target` from `at`; returns how many. */
  copyRow(row: number, target: Uint8Array, at: number): number {
    return this.#column.copyRow(row, target, at);
  }

  /** Writes `text` into the scratch bytes; returns their hash. */
  #write(text: string): number {
    if (text.length * 3 > this.#scratch.length)
      this.#scratch = Buffer.allocUnsafe(Math.max(text.length * 3, this.#scratch.length * 2));
    this.#length = this.#scratch.write(text, 0, 'utf8');
    this.#hash = hashBytes(this.#scratch, 0, this.#length);
    return this.#hash;
  }

  #place(row: number): void {
    const slots = this.#slots;
    const mask = slots.length - 1;
    let slot = (this.#hashes[row] as number) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = row + 1;
  }

  #rehash(capacity: number): void {
    // In its own block while it has room (`native-memory.ts`): emptied and filled again.
    this.#slots = grown(this.#slots, capacity).fill(0);
    for (let row = 0; row < this.#column.size; row++) this.#place(row);
  }
}
