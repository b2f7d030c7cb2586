/**
 * Where the native memory of columns comes from: every typed array and buffer the core sizes by
 * the site is made and grown here, by one rule.
 *
 * Why a rule: glibc's malloc gives a block of 128 KiB or more a mapping of its own, and when such
 * a block is freed it raises its threshold for that to the block's size, up to 32 MiB. From then
 * on every smaller block is carved from its heaps, which keep the pages of what was freed. A
 * column doubling through 1, 2, 4 and 8 MiB raised it to 8 MiB early in the walk of a million
 * pages, and the build peaked 30-45 MB higher than with the threshold held (bench/README.md).
 *
 * The rule: a block of `HEAP_BLOCK` bytes or more is asked for as `MAPPED_BLOCK` bytes or more.
 * glibc maps a block that large whatever its threshold, unmaps it when freed without raising the
 * threshold, and its pages cost memory only once written: a column of 100 KiB in a block of
 * 32 MiB takes 100 KiB. An array grows in place, a longer view of its block, until the block is
 * full; only then is it copied into a block twice its size.
 *
 * Why from 1 MiB, not from glibc's 128 KiB: V8 counts each block as 32 MiB of external memory
 * and answers external memory that grows with full collections, each promoting what is young
 * and alive, after which V8 grows the young generation of the thread for good. From 128 KiB,
 * the build with frontmatter at a million pages peaked at 267 MB instead of 249.
 *
 * A non-shared array of a large block must not be posted whole to another thread: the message
 * would copy the block, not the view. `postedCopy` makes what is posted.
 */

/**
 * Whether the rule applies: on Linux, where glibc's threshold moves (with musl, a large block is
 * always mapped anyway), in a 64-bit process, whose address space a block of 32 MiB a column
 * does not crowd. Elsewhere every block is asked for as it is.
 */
export const MAPS_BLOCKS =
  process.platform === 'linux' &&
  ['arm64', 'loong64', 'mips64el', 'ppc64', 'riscv64', 's390x', 'x64'].includes(process.arch);

/**
 * Below this, a block is asked for as it is (from malloc's heaps, or mapped when it is above
 * glibc's threshold).
 */
export const HEAP_BLOCK = 1024 * 1024;
/** Above 32 MiB, glibc's largest threshold: a block this size is always mapped on its own. */
export const MAPPED_BLOCK = 32 * 1024 * 1024 + 64 * 1024;

export type Growable = Uint32Array | Float64Array | Int32Array | Uint16Array | Uint8Array;
type GrowableClass<T extends Growable> = (new (
  length: number,
) => T) &
  (new (
    buffer: ArrayBufferLike,
    byteOffset: number,
    length: number,
  ) => T) & { BYTES_PER_ELEMENT: number };

/**
 * Blocks made here, and the bytes of each handed out so far (from its start). Only the view that
 * ends where the handed-out bytes end is grown in place: a shorter view (a `subarray`, or the
 * array as it was before it grew) is copied instead, so growing it never writes over elements
 * another view holds. A view of a buffer made elsewhere is never grown in place.
 */
const claimed = new WeakMap<ArrayBufferLike, number>();

/** Whether a block of `bytes` is made a mapped block of its own (`MAPPED_BLOCK` or more). */
export function mapsOnItsOwn(bytes: number): boolean {
  return MAPS_BLOCKS && bytes >= HEAP_BLOCK;
}

function block(bytes: number, shared: boolean): ArrayBufferLike {
  const size = mapsOnItsOwn(bytes) ? Math.max(bytes, MAPPED_BLOCK) : bytes;
  const made = shared ? new SharedArrayBuffer(size) : new ArrayBuffer(size);
  claimed.set(made, bytes);
  return made;
}

/** Whether the view `[byteOffset, end)` of `buffer` may grow in place to `to` bytes. */
function growsInPlace(buffer: ArrayBufferLike, end: number, to: number): boolean {
  if (claimed.get(buffer) !== end || to > buffer.byteLength) return false;
  claimed.set(buffer, to);
  return true;
}

/**
 * A zeroed typed array of `length` elements, in shared memory when `shared`, in a block of its
 * own made by the rule above.
 * @example nativeArray(Uint32Array, 1_000_000) // 4 MB used of a 32 MiB mapping
 */
export function nativeArray<T extends Growable>(
  make: GrowableClass<T>,
  length: number,
  shared = false,
): T {
  return new make(block(length * make.BYTES_PER_ELEMENT, shared), 0, length);
}

/** A zeroed Buffer of `size` bytes, by the same rule. */
export function nativeBytes(size: number, shared = false): Buffer {
  return Buffer.from(block(size, shared), 0, size);
}

/**
 * `array` grown to at least `size` elements, doubling: a longer view of its block while the block
 * has room and the array is its longest view (the array itself is then still valid, a shorter
 * view of the same elements), else a copy in a new block.
 */
export function grown<T extends Growable>(array: T, size: number): T {
  if (size <= array.length) return array;
  const make = array.constructor as GrowableClass<T>;
  const length = Math.max(size, array.length * 2);
  const { buffer, byteOffset, byteLength } = array;
  if (growsInPlace(buffer, byteOffset + byteLength, byteOffset + length * make.BYTES_PER_ELEMENT))
    return new make(buffer, byteOffset, length);
  const next = nativeArray(make, length, buffer instanceof SharedArrayBuffer);
  next.set(array);
  return next;
}

/** `bytes` grown to at least `size` bytes, as `grown` grows an array (a Buffer's view of it). */
export function grownBytes(bytes: Buffer, size: number): Buffer {
  if (size <= bytes.length) return bytes;
  const view = grown(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), size);
  return Buffer.from(view.buffer, view.byteOffset, view.length);
}

/**
 * A copy of `array` to post to another thread: in shared memory when `shared`, so the message
 * holds no copy of it; else a plain copy of just its elements, written into the message. A
 * posted typed array is written into the message, whose buffer doubles as it is written (the
 * source list of a million sources: 16 MiB) and is freed once read, which raised glibc's
 * threshold as above: at a million pages the build with frontmatter peaked 50-60 MB higher once
 * this had happened early in the walk.
 */
export function postedCopy<T extends Growable>(array: T, shared: boolean): T {
  if (!shared) return array.slice() as T;
  const copy = nativeArray(array.constructor as GrowableClass<T>, array.length, true);
  copy.set(array);
  return copy;
}
