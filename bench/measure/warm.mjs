/**
 * Not a measurement: brings the whole tree into the page cache (walk both trees, read every
 * file whole) so every measurement after it starts from the same, warm, state, as right
 * after a build that has just written dist/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runWorkers } from '../io/pool.mjs';
import { listFiles } from '../io/walk-tree.mjs';
import { measure, pageCacheBytes, readOptions } from './report.mjs';

const { root, concurrency } = readOptions();

await measure(async () => {
  const [pages, sources] = await Promise.all([
    listFiles(path.join(root, 'dist'), () => true, concurrency),
    listFiles(path.join(root, 'src/content'), () => true, concurrency),
  ]);
  const files = pages.concat(sources);
  let bytes = 0;
  await runWorkers(files.length, concurrency, (i, _slot, done) => {
    fs.readFile(files[i], (error, data) => {
      bytes += data?.length ?? 0;
      done(error);
    });
  });
  return { files: files.length, bytes, cachedBytes: pageCacheBytes() };
});
