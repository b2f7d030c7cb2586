/**
 * A column of strings kept off the JS heap: their UTF-8 bytes in chunks of native memory, where
 * each row starts in one typed array. A million paths cost their bytes and 4 bytes a row,
 * not a million heap strings (each with its header, and V8's young generation sized by how many
 * of them survive). A row is read back as a string only where one is needed, and looked up by
 * its bytes (`hashRow`, `sameBytes`) without being read back at all.
 *
 * Rows are appended and never changed, each right after the one before, so a row ends where the
 * next starts, or where its chunk's bytes end. Chunks never move, so a full chunk is never copied.
 * A column made `shared` keeps its bytes in shared memory: `toData` gives what another thread
 * needs to read it (`StringColumn.fromData`) without a copy of the bytes.
 */

import { grown, mapsOnItsOwn, nativeBytes, postedCopy } from './native-memory.js';

/**
 * Bytes the first chunk of a column holds. Four chunks are made of each size, each size twice
 * the last, until a chunk would be a block of its own (`chunkSize`); a row never spans two
 * chunks, and one larger than its chunk would be gets a chunk of its own.
 */
const FIRST_CHUNK = 1 << 20;
/**
 * The largest chunk: 32 MiB, what the low bits of a row's place can reach. Each chunk is a block
 * of native memory by the rule of `native-memory.ts` (from 1 MiB, a mapping of its own, given
 * back to the system when freed), whose pages cost memory only once written.
 */
export const LARGE_CHUNK = 1 << 25;
/** A row's place: its chunk in the high 7 bits, its offset in the chunk in the low 25. */
const OFFSET_BITS = 25;
const OFFSET_MASK = LARGE_CHUNK - 1;
/** Chunks a column can hold: what the high bits of a place number (some 3.5 GiB of rows). */
const MAX_CHUNKS = 2 ** (32 - OFFSET_BITS);

/**
 * The size of chunk `index` of a column whose first chunk holds `first` bytes. A chunk that
 * would be a mapped block of its own (`mapsOnItsOwn`) is the largest: the block is that size
 * anyway, its unwritten pages cost nothing, and a column of 36 MB takes two blocks, not 13.
 */
function chunkSize(first: number, index: number): number {
  const size = first * 2 ** Math.floor(index / 4);
  return mapsOnItsOwn(size) ? LARGE_CHUNK : size;
}

/** FNV-1a over bytes: cheap, and good enough for keys that are paths. */
export function hashBytes(bytes: Uint8Array, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) {
    hash ^= bytes[i] as number;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A column as plain data a thread can post: shared chunks, and a copy of where rows start. */
export interface StringColumnData {
  chunks: Uint8Array[];
  places: Uint32Array;
  /** Bytes used of each chunk. */
  ends: number[];
}

export class StringColumn {
  readonly #shared: boolean;
  /** Bytes the first chunk holds. */
  readonly #first: number;
  #chunks: Buffer[] = [];
  /** Bytes used of each chunk but the last, then of the last (`#used`). */
  #ends: number[] = [];
  /** Bytes used of the last chunk, and the bytes it holds. */
  #used = 0;
  #room = 0;
  #places: Uint32Array = new Uint32Array(256);
  #size = 0;

  /**
   * `firstChunk`: the bytes of the first chunk (1 MiB), at most `LARGE_CHUNK`; a test asks for
   * small ones to fill several.
   */
  constructor({ shared = false, firstChunk }: { shared?: boolean; firstChunk?: number } = {}) {
    this.#shared = shared;
    this.#first = Math.min(firstChunk ?? FIRST_CHUNK, LARGE_CHUNK);
  }

  /** Another thread's column (`toData`), read here without a copy of its bytes. */
  static fromData(data: StringColumnData): StringColumn {
    const column = new StringColumn();
    column.#chunks = data.chunks.map((chunk) =>
      Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength),
    );
    column.#places = data.places;
    column.#ends = data.ends.slice(0, -1);
    column.#used = data.ends.at(-1) ?? 0;
    column.#room = column.#chunks.at(-1)?.length ?? 0;
    column.#size = data.places.length;
    return column;
  }

  /**
   * What another thread needs to read this column: its chunks themselves when it was made
   * `shared`, else a copy of the bytes each holds (a posted chunk is copied whole, and a chunk
   * may be a block of 32 MiB of which a few bytes are written: `native-memory.ts`).
   */
  toData(): StringColumnData {
    const ends = this.#chunks.length === 0 ? [] : [...this.#ends, this.#used];
    return {
      chunks: this.#shared
        ? this.#chunks
        : this.#chunks.map((chunk, i) => new Uint8Array(chunk.subarray(0, ends[i]))),
      places: postedCopy(this.#places.subarray(0, this.#size), this.#shared),
      ends,
    };
  }

  get size(): number {
    return this.#size;
  }

  /** Appends `value`; returns its row. */
  push(value: string): number {
    // At most 3 bytes a UTF-16 unit: check the room cheaply, measure only when it is tight.
    let bytes = value.length * 3;
    if (this.#used + bytes > this.#room) bytes = Buffer.byteLength(value);
    const chunk = this.#roomFor(bytes);
    return this.#placed(chunk.write(value, this.#used, 'utf8'));
  }

  /** Appends the UTF-8 text `bytes[from..to)`; returns its row. */
  pushBytes(bytes: Uint8Array, from: number, to: number): number {
    const chunk = this.#roomFor(to - from);
    chunk.set(bytes.subarray(from, to), this.#used);
    return this.#placed(to - from);
  }

  /** The chunk a row of `bytes` bytes goes in, at `#used`: the last, or a new one. */
  #roomFor(bytes: number): Buffer {
    // A full chunk takes no more rows, an empty one included: a row's place must fit its bits.
    if (this.#used + bytes > this.#room || this.#used >= this.#room) {
      if (this.#chunks.length === MAX_CHUNKS)
        throw new Error(`string column: full (${MAX_CHUNKS} chunks)`);
      const size = Math.max(chunkSize(this.#first, this.#chunks.length), bytes);
      if (this.#chunks.length > 0) this.#ends.push(this.#used);
      this.#chunks.push(nativeBytes(size, this.#shared));
      this.#used = 0;
      this.#room = size;
    }
    return this.#chunks[this.#chunks.length - 1] as Buffer;
  }

  /** The row of the `written` bytes just put at `#used` of the last chunk. */
  #placed(written: number): number {
    const row = this.#size++;
    this.#places = grown(this.#places, this.#size);
    this.#places[row] = ((this.#chunks.length - 1) << OFFSET_BITS) | this.#used;
    this.#used += written;
    return row;
  }

  #chunk(row: number): Buffer {
    return this.#chunks[(this.#places[row] as number) >>> OFFSET_BITS] as Buffer;
  }

  #start(row: number): number {
    return (this.#places[row] as number) & OFFSET_MASK;
  }

  /** Where row `row`'s bytes end in its chunk: where the next row starts, or the chunk's end. */
  #end(row: number): number {
    const chunk = (this.#places[row] as number) >>> OFFSET_BITS;
    if (row + 1 < this.#size) {
      const next = this.#places[row + 1] as number;
      if (next >>> OFFSET_BITS === chunk) return next & OFFSET_MASK;
    }
    return chunk === this.#chunks.length - 1 ? this.#used : (this.#ends[chunk] as number);
  }

  #length(row: number): number {
    return this.#end(row) - this.#start(row);
  }

  /** Row `row`, as a string. */
  get(row: number): string {
    return this.#chunk(row).toString('utf8', this.#start(row), this.#end(row));
  }

  /** How many bytes row `row` takes. */
  byteLength(row: number): number {
    return this.#length(row);
  }

  /** Copies row `row`'s bytes into `target` from `at`; returns how many. */
  copyRow(row: number, target: Uint8Array, at: number): number {
    return this.#chunk(row).copy(target, at, this.#start(row), this.#end(row));
  }

  /** `hashBytes` of row `row`'s bytes. */
  hashRow(row: number): number {
    return hashBytes(this.#chunk(row), this.#start(row), this.#end(row));
  }

  /** Whether row `row` holds exactly `bytes[from..from + length)`. */
  sameBytes(row: number, bytes: Uint8Array, length: number, from = 0): boolean {
    if (this.#length(row) !== length) return false;
    const chunk = this.#chunk(row);
    const start = this.#start(row) - from;
    for (let i = from; i < from + length; i++) if (chunk[start + i] !== bytes[i]) return false;
    return true;
  }

  /** `compare` of rows `a` and `b`, over their bytes where they are. */
  compareRows(
    a: number,
    b: number,
    compare: (
      x: Buffer,
      xFrom: number,
      xTo: number,
      y: Buffer,
      yFrom: number,
      yTo: number,
    ) => number,
  ): number {
    return compare(
      this.#chunk(a),
      this.#start(a),
      this.#end(a),
      this.#chunk(b),
      this.#start(b),
      this.#end(b),
    );
  }

  /** Whether rows `a` and `b` hold the same bytes. */
  sameRows(a: number, b: number): boolean {
    const length = this.#length(a);
    if (this.#length(b) !== length) return false;
    const start = this.#start(a);
    return this.sameBytes(b, this.#chunk(a).subarray(start, start + length), length);
  }
}
