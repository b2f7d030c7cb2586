/**
 * A large folder is read a batch at a time, its names sorted as bytes: held here to the
 * ordinary read (`readdirSync`, sorted as JS strings), on names where UTF-8 byte order and
 * UTF-16 order part (a character above U+FFFF against one from U+E000), and on a folder large
 * enough to be read that way by its size.
 */
import { mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isLargeFolder,
  KIND,
  LARGE_FOLDER_BYTES,
  readFolder,
} from '../../src/discover/read-folder.js';

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitemapkit-folder-'));
  made.push(dir);
  return dir;
}

/** The ordinary read: every entry, sorted as JS strings, with what it is. */
function expected(dir: string) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((entry) => ({
      name: entry.name,
      kind: entry.isFile()
        ? KIND.file
        : entry.isDirectory()
          ? KIND.folder
          : entry.isSymbolicLink()
            ? KIND.symlink
            : KIND.other,
    }));
}

function read(dir: string, large = isLargeFolder(dir)) {
  const entries = readFolder(dir, large);
  return Array.from({ length: entries.length }, (_, i) => ({
    name: entries.name(i),
    kind: entries.kind(i),
  }));
}

describe('readFolder', () => {
  it('orders names as JS strings do, where UTF-8 and UTF-16 orders part', async () => {
    const dir = await folder();
    // U+1F600 (4 bytes, F0...) sorts after U+FF21 (EF BC A1) as bytes, before it in UTF-16.
    const names = [
      'a',
      'B',
      'é',
      'z1',
      'z10',
      'z2',
      '\u{1F600}',
      '\uFF21',
      '\uE000x',
      'ä\u{1F600}',
      'ä\uFF21',
      '日本',
    ];
    for (const name of names) writeFileSync(join(dir, name), '');
    mkdirSync(join(dir, 'folder'));
    symlinkSync(join(dir, 'a'), join(dir, 'link'));
    const want = expected(dir);
    expect(want.map((e) => e.name).indexOf('\u{1F600}')).toBeLessThan(
      want.map((e) => e.name).indexOf('\uFF21'),
    );
    expect(read(dir, true)).toEqual(want);
    expect(read(dir, false)).toEqual(want);
    expect(new Set(want.map((e) => e.kind))).toEqual(
      new Set([KIND.file, KIND.folder, KIND.symlink]),
    );
  });

  it('reads a folder of thousands of entries, large by its size, a batch at a time', async () => {
    const dir = await folder();
    for (let i = 0; i < 4000; i++) {
      const name = `post-${(i * 7919) % 4000}-${'x'.repeat(i % 30)}`;
      if (i % 3 === 0) mkdirSync(join(dir, name));
      else writeFileSync(join(dir, `${name}.html`), '');
    }
    const want = expected(dir);
    expect(want).toHaveLength(4000);
    expect(read(dir)).toEqual(want);
    expect(read(dir, true)).toEqual(want);
    // On this file system the folder's size tells it is large; where it does not, the folder
    // is read whole, with the same entries.
    expect(isLargeFolder(dir)).toBe(statSync(dir).size > LARGE_FOLDER_BYTES);
    expect(read(dir, false)).toEqual(want);
  });

  it('throws what readdirSync throws for a folder that is not there', async () => {
    const dir = await folder();
    expect(() => readFolder(join(dir, 'nothing'), false)).toThrow(/ENOENT/);
    expect(isLargeFolder(join(dir, 'nothing'))).toBe(false);
    expect(() => readFolder(join(dir, 'nothing'), true)).toThrow(/ENOENT/);
  });
});
