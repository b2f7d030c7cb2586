/**
 * The history pass (`contentDates`) on a history whose output spans many of a pipe's chunks, so
 * lines are cut between chunks (names with multi-byte characters among them), with the other
 * files of each commit in the output (`--full-diff`), a quoted name, and files moved in from
 * outside the folder: every file dated as the plan of its commits says.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentDates } from '../../src/discover/git-history.js';
import { makeTree } from '../helpers/fixture.js';
import { commitAll, gitInit } from '../helpers/git.js';

const FILES = 3_000;
const MOVED = 200;
const A = '2023-01-01T10:00:00Z';
const B = '2023-06-01T10:00:00Z';
const C = '2024-01-01T10:00:00Z';
const D = '2024-06-01T10:00:00Z';

/** A source's path: long, some with multi-byte characters, so cut lines fall inside them. */
function source(i: number): string {
  const name = i % 5 === 0 ? `日本語のページ-${i}-é` : `a-rather-long-page-name-${i}`;
  return `src/content/${['blog', 'docs', 'news', 'de'][i % 4]}/${name}.md`;
}

async function put(root: string, path: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

describe('contentDates', () => {
  it('dates every file of a long history as its commits say, lines cut between chunks or not', async () => {
    const root = await makeTree({});
    gitInit(root);
    const expected = new Map<string, number>();
    const at = (date: string) => Date.parse(date);
    for (let i = 0; i < FILES; i++) {
      await put(root, source(i), `page ${i}\n`);
      expected.set(source(i), at(A));
    }
    for (let i = 0; i < 1_000; i++) await put(root, `other/noise-${i}.txt`, `${i}\n`);
    for (let k = 0; k < MOVED; k++) await put(root, `old/blog/moved-${k}.md`, `moved ${k}\n`);
    await put(root, 'src/content/quo"ted.md', 'q\n');
    commitAll(root, 'A', A);
    // Every third source edited, with every file outside, and half the files that move later.
    for (let i = 0; i < FILES; i += 3) {
      await put(root, source(i), `page ${i}, edited\n`);
      expected.set(source(i), at(B));
    }
    for (let i = 0; i < 1_000; i++) await put(root, `other/noise-${i}.txt`, `${i} again\n`);
    for (let k = 0; k < MOVED; k += 2) await put(root, `old/blog/moved-${k}.md`, `edited ${k}\n`);
    commitAll(root, 'B', B);
    // The old folder moves in: a move is no change, its files keep their last edit.
    await mkdir(join(root, 'src/content/moved'), { recursive: true });
    for (let k = 0; k < MOVED; k++) {
      await rename(join(root, `old/blog/moved-${k}.md`), join(root, `src/content/moved/${k}.md`));
      expected.set(`src/content/moved/${k}.md`, at(k % 2 === 0 ? B : A));
    }
    commitAll(root, 'C', C);
    for (let i = 0; i < FILES; i += 7) {
      await put(root, source(i), `page ${i}, edited again\n`);
      expected.set(source(i), at(D));
    }
    await put(root, 'src/content/quo"ted.md', 'q, edited\n');
    expected.set('src/content/quo"ted.md', at(D));
    commitAll(root, 'D', D);

    const history = await contentDates(root, ['src/content'], new Set(), {
      full: new Set(),
      prefixes: [],
    });
    expect(new Map(history.dates.entries())).toEqual(expected);
    expect(history.cut.size).toBe(0);
  });
});
