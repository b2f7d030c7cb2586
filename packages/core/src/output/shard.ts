/**
 * Splits entries into sitemap files by URL count AND uncompressed byte size. Pure.
 * `ShardCursor` is the rule, fed one entry at a time so a writer can stream;
 * `planShards` applies it to a whole list.
 */

export interface ShardLimits {
  maxUrls: number;
  maxBytes: number;
  /** Bytes of the file around the entries (declaration, open and close tags), worst case. */
  overheadBytes: number;
}

export class ShardCursor {
  #count = 0;
  #bytes = 0;
  readonly #limits: ShardLimits;

  constructor(limits: ShardLimits) {
    this.#limits = limits;
  }

  /** Adds an entry of `size` bytes; true when it must open a new file (the current one is full). */
  add(size: number): boolean {
    const budget = this.#limits.maxBytes - this.#limits.overheadBytes;
    if (size > budget) {
      throw new RangeError(
        `an entry of ${size} bytes is more than a sitemap file can hold (${budget})`,
      );
    }
    const full =
      this.#count > 0 && (this.#count === this.#limits.maxUrls || this.#bytes + size > budget);
    if (full) {
      this.#count = 0;
      this.#bytes = 0;
    }
    this.#count++;
    this.#bytes += size;
    return full;
  }
}

/**
 * Returns `[start, end)` index ranges: each range fits both limits.
 * @example planShards([10, 10, 10], { maxUrls: 2, maxBytes: 1000, overheadBytes: 100 }) // [[0, 2], [2, 3]]
 */
export function planShards(
  entryBytes: readonly number[],
  limits: ShardLimits,
): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const cursor = new ShardCursor(limits);
  let start = 0;
  entryBytes.forEach((size, i) => {
    if (cursor.add(size)) {
      ranges.push([start, i]);
      start = i;
    }
  });
  if (entryBytes.length > start) ranges.push([start, entryBytes.length]);
  return ranges;
}
