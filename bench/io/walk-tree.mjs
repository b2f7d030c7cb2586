/** A bare recursive directory walk on the callback fs API, with bounded concurrency. */
import fs from 'node:fs';

/**
 * Walks `root` with at most `concurrency` fs calls in flight. Calls `onFile(path, stats)` for
 * each regular file whose name passes `match`; `stats` is set only when `stat` is true (one
 * `fs.stat` per matched file). Directory entries come from `readdir` with file types, so
 * finding files costs no stat.
 * @returns {Promise<void>}
 */
export function walkTree(root, { concurrency = 32, match = () => true, stat = false, onFile }) {
  return new Promise((resolve, reject) => {
    const dirs = [root];
    const toStat = [];
    let active = 0;
    let failed = false;
    const settle = (error) => {
      active--;
      if (error) {
        failed = true;
        reject(error);
        return;
      }
      pump();
    };
    const readDir = (dir) => {
      fs.readdir(dir, { withFileTypes: true }, (error, entries) => {
        if (!error) {
          for (const entry of entries) {
            const path = `${dir}/${entry.name}`;
            if (entry.isDirectory()) dirs.push(path);
            else if (entry.isFile() && match(entry.name)) {
              if (stat) toStat.push(path);
              else onFile(path, undefined);
            }
          }
        }
        settle(error);
      });
    };
    const statFile = (path) => {
      fs.stat(path, (error, stats) => {
        if (!error) onFile(path, stats);
        settle(error);
      });
    };
    const pump = () => {
      while (!failed && active < concurrency && (toStat.length > 0 || dirs.length > 0)) {
        active++;
        if (toStat.length > 0) statFile(toStat.pop());
        else readDir(dirs.pop());
      }
      if (!failed && active === 0) resolve();
    };
    pump();
  });
}

/** All matching file paths under `root` (no stat), for measurements that need a list first. */
export async function listFiles(root, match, concurrency = 32) {
  const files = [];
  await walkTree(root, { concurrency, match, onFile: (path) => files.push(path) });
  return files;
}

/**
 * The same walk with synchronous calls, one at a time: no thread-pool round trip per call,
 * which on a warm cache is often faster than any concurrency.
 */
export function walkTreeSync(root, { match = () => true, stat = false, onFile }) {
  const dirs = [root];
  while (dirs.length > 0) {
    const dir = dirs.pop();
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) dirs.push(path);
      else if (entry.isFile() && match(entry.name))
        onFile(path, stat ? fs.statSync(path) : undefined);
    }
  }
}
