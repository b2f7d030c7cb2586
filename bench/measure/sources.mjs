/**
 * Floor for the frontmatter part of ours(c): read every Markdown source whole (no decoding,
 * no parsing); `mode` 'async' (callback readFile, `concurrency` in flight) or 'sync'
 * (readFileSync, one at a time). The source list is gathered before the clock starts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runWorkers } from '../io/pool.mjs';
import { listFiles } from '../io/walk-tree.mjs';
import { measure, readOptions } from './report.mjs';

const { root, concurrency, mode } = readOptions();
const files = await listFiles(path.join(root, 'src/content'), (name) => name.endsWith('.md'));

async function readAsync() {
  let bytes = 0;
  await runWorkers(files.length, concurrency, (i, _slot, done) => {
    fs.readFile(files[i], (error, data) => {
      bytes += data?.length ?? 0;
      done(error);
    });
  });
  return { sources: files.length, bytes };
}

async function readSync() {
  let bytes = 0;
  for (const file of files) bytes += fs.readFileSync(file).length;
  return { sources: files.length, bytes };
}

await measure(mode === 'sync' ? readSync : readAsync);
