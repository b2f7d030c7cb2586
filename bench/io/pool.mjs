/** Bounded concurrency, two ways: a promise pool for the generator, callback workers for floors. */

/**
 * At most `limit` promises in flight; `add` waits while the pool is full.
 * @example
 * const pool = createPool(32);
 * for (const file of files) await pool.add(() => writeFile(file, ''));
 * await pool.drain();
 */
export function createPool(limit) {
  const active = new Set();
  let failure = null;
  return {
    async add(task) {
      if (failure) throw failure;
      const promise = task()
        .catch((error) => {
          failure ??= error;
        })
        .finally(() => active.delete(promise));
      active.add(promise);
      if (active.size >= limit) await Promise.race(active);
      if (failure) throw failure;
    },
    async drain() {
      await Promise.all(active);
      if (failure) throw failure;
    },
  };
}

/**
 * Runs `task(i, slot, done)` for i in [0, count) on `concurrency` workers. Each worker owns a
 * `slot` number (for per-worker buffers) and calls `done(error)` to take the next index. No
 * promise per item, so the overhead measured is the fs call's, not the harness's.
 * @returns {Promise<void>}
 */
export function runWorkers(count, concurrency, task) {
  return new Promise((resolve, reject) => {
    let next = 0;
    let running = 0;
    let failed = false;
    const step = (slot) => {
      if (failed) return;
      const i = next++;
      if (i >= count) {
        running--;
        if (running === 0) resolve();
        return;
      }
      task(i, slot, (error) => {
        if (error) {
          failed = true;
          reject(error);
          return;
        }
        step(slot);
      });
    };
    running = Math.min(concurrency, count);
    if (running === 0) resolve();
    for (let slot = 0; slot < running; slot++) step(slot);
  });
}
