import { describe, expect, it } from 'vitest';
import {
  grown,
  grownBytes,
  HEAP_BLOCK,
  MAPPED_BLOCK,
  MAPS_BLOCKS,
  nativeArray,
  nativeBytes,
  postedCopy,
} from '../../src/columns/native-memory.js';

describe('native memory', () => {
  // The rule holds on 64-bit Linux (`MAPS_BLOCKS`), where CI runs.
  it.runIf(MAPS_BLOCKS)(
    'asks for a small array as it is, and for a large one as a mapped block',
    () => {
      expect(nativeArray(Uint32Array, 100).buffer.byteLength).toBe(400);
      const large = nativeArray(Float64Array, HEAP_BLOCK / 8);
      expect(large.length).toBe(HEAP_BLOCK / 8);
      expect(large.buffer.byteLength).toBe(MAPPED_BLOCK);
      // Beyond a mapped block: its own size.
      expect(nativeArray(Uint8Array, MAPPED_BLOCK + 1).buffer.byteLength).toBe(MAPPED_BLOCK + 1);
      expect(nativeArray(Int32Array, 10, true).buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(nativeBytes(HEAP_BLOCK).buffer.byteLength).toBe(MAPPED_BLOCK);
    },
  );

  it.runIf(MAPS_BLOCKS)('grows an array of its own in place, keeping what it held', () => {
    let array = nativeArray(Uint32Array, HEAP_BLOCK / 4);
    array[0] = 7;
    array[array.length - 1] = 9;
    const before = array;
    array = grown(array, before.length + 1);
    expect(array.length).toBe(before.length * 2);
    expect(array.buffer).toBe(before.buffer);
    expect([array[0], array[before.length - 1], array[before.length]]).toEqual([7, 9, 0]);
    // Past its block: a copy in a block twice the size, shared as the first was.
    const shared = nativeArray(Uint8Array, MAPPED_BLOCK, true);
    shared[MAPPED_BLOCK - 1] = 3;
    const more = grown(shared, MAPPED_BLOCK + 1);
    expect(more.buffer).not.toBe(shared.buffer);
    expect(more.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect([more.length, more[MAPPED_BLOCK - 1]]).toEqual([2 * MAPPED_BLOCK, 3]);
  });

  it('never grows into a buffer it did not make (a view of the Buffer pool, a plain array)', () => {
    const pool = Buffer.allocUnsafe(16);
    const neighbour = Buffer.allocUnsafe(16).fill(1);
    const view = new Uint8Array(pool.buffer, pool.byteOffset, 16);
    const bigger = grown(view, 17);
    expect(bigger.buffer).not.toBe(pool.buffer);
    bigger.fill(2);
    expect([...neighbour]).toEqual(new Array(16).fill(1));
    const plain = new Int32Array(new ArrayBuffer(64), 0, 4);
    expect(grown(plain, 5).buffer).not.toBe(plain.buffer);
  });

  it.runIf(MAPS_BLOCKS)(
    'copies a shorter view instead of growing it over what the longest view holds',
    () => {
      const size = HEAP_BLOCK / 4;
      const rows = nativeArray(Uint32Array, size);
      rows[3] = 4;
      const prefix = rows.subarray(0, 3);
      const other = grown(prefix, 4);
      other[3] = 99;
      expect(other.buffer).not.toBe(rows.buffer);
      expect(rows[3]).toBe(4);
      // The array as it was before it grew: a shorter view too.
      const after = grown(rows, size + 1);
      expect(after.buffer).toBe(rows.buffer);
      after[size] = 7;
      const again = grown(rows, size + 1);
      expect(again.buffer).not.toBe(rows.buffer);
      again[size] = 8;
      expect([after[size], again[size], again[3]]).toEqual([7, 8, 4]);
    },
  );

  it('grows bytes keeping the used part', () => {
    const bytes = nativeBytes(8);
    bytes.write('abcdefgh');
    const more = grownBytes(bytes, 9);
    expect(more.length).toBe(16);
    expect(more.subarray(0, 3).toString()).toBe('abc');
  });

  it('posts only the elements: a plain copy, or a shared one', () => {
    const array = grown(nativeArray(Uint16Array, HEAP_BLOCK / 2), HEAP_BLOCK).subarray(0, 5);
    array.set([1, 2, 3, 4, 5]);
    const plain = postedCopy(array, false);
    expect(plain.buffer.byteLength).toBe(10);
    const shared = postedCopy(array, true);
    expect(shared.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect([...shared]).toEqual([1, 2, 3, 4, 5]);
  });
});
