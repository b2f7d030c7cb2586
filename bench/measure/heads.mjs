/**
 * Floor for the head-reading part of ours(b): open, read the first 4 KiB, close, for every
 * page; `mode` 'async' (callback API, `concurrency` in flight) or 'sync' (one at a time). The
 * page list is gathered before the clock starts (the walk has its own floor).
 */
import fs from 'node:fs';
import path from 'node:path';
import { runWorkers } from '../io/pool.mjs';
import { listFiles } from '../io/walk-tree.mjs';
import { measure, readOptions } from './report.mjs';

const HEAD_BYTES = 4096;
const { root, concurrency, mode } = readOptions();
const files = await listFiles(path.join(root, 'dist'), (name) => name.endsWith('.html'));
const buffers = Array.from({ length: concurrency }, () => Buffer.allocUnsafe(HEAD_BYTES));

async function readAsync() {
  let bytes = 0;
  await runWorkers(files.length, concurrency, (i, slot, done) => {
    fs.open(files[i], 'r', (openError, fd) => {
      if (openError) return done(openError);
      fs.read(fd, buffers[slot], 0, HEAD_BYTES, 0, (readError, read) => {
        bytes += read ?? 0;
        fs.close(fd, (closeError) => done(readError ?? closeError));
      });
    });
  });
  return { pages: files.length, bytes };
}

async function readSync() {
  let bytes = 0;
  for (const file of files) {
    const fd = fs.openSync(file, 'r');
    bytes += fs.readSync(fd, buffers[0], 0, HEAD_BYTES, 0);
    fs.closeSync(fd);
  }
  return { pages: files.length, bytes };
}

await measure(mode === 'sync' ? readSync : readAsync);
