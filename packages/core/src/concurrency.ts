/**
 * Runs `fn` over `items` with at most `limit` calls in flight; results keep the input order.
 * Bounded concurrency keeps file I/O fast without opening thousands of descriptors at once.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T, i);
    }
  }
  const workers = Array.from({ length: Math.min(limit, items.length) }, worker);
  await Promise.all(workers);
  return results;
}

/** File I/O concurrency: enough to hide latency, far below descriptor limits. */
export const IO_CONCURRENCY = 64;
