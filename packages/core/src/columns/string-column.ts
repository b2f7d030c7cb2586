/**
 * A column of strings kept off the JS heap: their UTF-8 bytes in chunks of native memory, a
 * row's place and length in typed arrays. A million paths cost their bytes and 8 bytes a row,
 * not a million heap strings (each with its header, and V8's young generation sized by how many
 * of them survive). A row is read back as a string only where one is needed, and looked up by
 * its bytes (`hashRow`, `sameBytes`) without being read back at all.
 *
 * Rows are appended and never changed. Chunks never move, so a full chunk is never copied.
 * A column made `shared` keeps its bytes in shared memory: `toData` gives what another thread
 * needs to read it (`StringColumn.fromData`) without a copy of the bytes.
 */

/** Bytes a chunk holds; a row never spans two, and one larger than this gets a chunk of its own. */
const CHUNK = 1 << 20;
/** A row's place: its chunk in the high bits, its offset in the chunk in the low 20. */
const OFFSET_BITS = 20;
const OFFSET_MASK = CHUNK - 1;

/** FNV-1a over bytes: cheap, and good enough for keys that are paths. */
export function hashBytes(bytes: Uint8Array, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) {
    hash ^= bytes[i] as number;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Grows a typed array to at least `size` rows, doubling. */
export function grown<T extends Uint32Array | Float64Array | Int32Array | Uint16Array | Uint8Array>(
  array: T,
  size: number,
): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(
    Math.max(size, array.length * 2),
  );
  next.set(array);
  return next;
}

/** A column as plain data a thread can post: shared chunks, and a copy of the rows' places. */
export interface StringColumnData {
  chunks: Uint8Array[];
  places: Uint32Array;
  lengths: Uint32Array;
}

export class StringColumn {
  readonly #shared: boolean;
  #chunks: Buffer[] = [];
  /** Bytes used of the last chunk. */
  #used = CHUNK;
  #places: Uint32Array = new Uint32Array(256);
  #lengths: Uint32Array = new Uint32Array(256);
  #size = 0;

  constructor({ shared = false }: { shared?: boolean } = {}) {
    this.#shared = shared;
  }

  /** Another thread's column (`toData`), read here without a copy of its bytes. */
  static fromData(data: StringColumnData): StringColumn {
    const column = new StringColumn();
    column.#chunks = data.chunks.map((chunk) =>
      Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength),
    );
    column.#places = data.places;
    column.#lengths = data.lengths;
    column.#size = data.places.length;
    return column;
  }

  /** What another thread needs to read this column: its chunks are shared when it was made `shared`. */
  toData(): StringColumnData {
    return {
      chunks: this.#chunks,
      places: this.#places.slice(0, this.#size),
      lengths: this.#lengths.slice(0, this.#size),
    };
  }

  get size(): number {
    return this.#size;
  }

  /** Appends `value`; returns its row. */
  push(value: string): number {
    // At most 3 bytes a UTF-16 unit: check the room cheaply, measure only when it is tight.
    let bytes = value.length * 3;
    if (this.#used + bytes > CHUNK) bytes = Buffer.byteLength(value);
    if (this.#used + bytes > CHUNK || this.#chunks.length === 0) {
      const size = Math.max(CHUNK, bytes);
      this.#chunks.push(
        this.#shared ? Buffer.from(new SharedArrayBuffer(size)) : Buffer.allocUnsafeSlow(size),
      );
      this.#used = 0;
    }
    const chunkIndex = this.#chunks.length - 1;
    const chunk = this.#chunks[chunkIndex] as Buffer;
    const written = chunk.write(value, this.#used, 'utf8');
    const row = this.#size++;
    this.#places = grown(this.#places, this.#size);
    this.#lengths = grown(this.#lengths, this.#size);
    this.#places[row] = (chunkIndex << OFFSET_BITS) | this.#used;
    this.#lengths[row] = written;
    this.#used += written;
    return row;
  }

  #chunk(row: number): Buffer {
    return this.#chunks[(this.#places[row] as number) >>> OFFSET_BITS] as Buffer;
  }

  #start(row: number): number {
    return (this.#places[row] as number) & OFFSET_MASK;
  }

  /** Row `row`, as a string. */
  get(row: number): string {
    const start = this.#start(row);
    return this.#chunk(row).toString('utf8', start, start + (this.#lengths[row] as number));
  }

  /** `hashBytes` of row `row`'s bytes. */
  hashRow(row: number): number {
    const start = this.#start(row);
    return hashBytes(this.#chunk(row), start, start + (this.#lengths[row] as number));
  }

  /** Whether row `row` holds exactly `bytes[0..length)`. */
  sameBytes(row: number, bytes: Uint8Array, length: number): boolean {
    if (this.#lengths[row] !== length) return false;
    const chunk = this.#chunk(row);
    const start = this.#start(row);
    for (let i = 0; i < length; i++) if (chunk[start + i] !== bytes[i]) return false;
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
    const startA = this.#start(a);
    const startB = this.#start(b);
    return compare(
      this.#chunk(a),
      startA,
      startA + (this.#lengths[a] as number),
      this.#chunk(b),
      startB,
      startB + (this.#lengths[b] as number),
    );
  }

  /** Whether rows `a` and `b` hold the same bytes. */
  sameRows(a: number, b: number): boolean {
    const length = this.#lengths[a] as number;
    if (this.#lengths[b] !== length) return false;
    const start = this.#start(a);
    return this.sameBytes(b, this.#chunk(a).subarray(start, start + length), length);
  }
}
