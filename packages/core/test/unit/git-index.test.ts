/**
 * git's index read for the file times git recorded (`discover/git-index.ts`), and the sources
 * with uncommitted changes found from it: the same as `git status` says, in every case git
 * tells apart (an edit, a file only touched, staged, untracked, ignored, assumed unchanged,
 * added with intent), whatever the index's format, and with `git status` where it is one the
 * reader does not read (a split index).
 */
import { statSync } from 'node:fs';
import { appendFile, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASK, CLEAN, readIndexTimes } from '../../src/discover/git-index.js';
import { ASK_BY_NAME, readGitDates } from '../../src/discover/read-git-dates.js';
import { generateSitemaps } from '../../src/index.js';
import { makeTree, page, setMtime } from '../helpers/fixture.js';
import { commitAll, git, gitInit } from '../helpers/git.js';

const PAST = '2024-01-02T03:04:05.123Z';

/** Path -> what the index says, for every entry. */
function entries(root: string): Map<string, number> | null {
  const read = new Map<string, number>();
  const ok = readIndexTimes(join(root, '.git/index'), 20, (bytes, from, to, time) => {
    read.set(bytes.toString('utf8', from, to), time);
  });
  return ok ? read : null;
}

/** Builds the site at `root` with its sources in `content/`, git dates found with no option. */
function build(root: string) {
  return generateSitemaps({
    site: 'https://example.com',
    root,
    outDir: 'dist',
    sources: [{ dir: 'content' }],
    robotsTxt: false,
  });
}

/** A repository of `names` (under `content/`), each with its time set before it is added. */
async function repository(names: string[]): Promise<string> {
  const root = await makeTree(
    Object.fromEntries(names.map((name) => [`content/${name}`, `${name}\n`])),
  );
  for (const name of names) await setMtime(join(root, 'content', name), PAST);
  gitInit(root);
  commitAll(root, 'one', '2023-03-01T10:00:00Z');
  return root;
}

describe('readIndexTimes', () => {
  const names = ['a.md', 'deep/er/b.md', 'é.md', `${'long-'.repeat(30)}c.md`];

  it.each(['2', '3', '4'])('gives the time of each file in format %s', async (version) => {
    const root = await repository(names);
    git(root, ['update-index', '--index-version', version]);
    const read = entries(root);
    expect([...(read?.keys() ?? [])].sort()).toEqual(names.map((n) => `content/${n}`).sort());
    for (const [path, time] of read ?? []) {
      expect(time).toBeCloseTo(statSync(join(root, path)).mtimeMs, 3);
    }
  });

  it('asks where an entry is racy, conflicted or added with intent; not where git does not look', async () => {
    const root = await repository(['a.md', 'b.md', 'c.md', 'd.md']);
    git(root, ['update-index', '--assume-unchanged', 'content/b.md']);
    git(root, ['update-index', '--skip-worktree', 'content/c.md']);
    await writeFile(join(root, 'content/new.md'), 'new\n');
    git(root, ['add', '--intent-to-add', 'content/new.md']);
    const read = entries(root);
    expect(read?.get('content/a.md')).toBeCloseTo(new Date(PAST).getTime(), 3);
    expect(read?.get('content/b.md')).toBe(CLEAN);
    expect(read?.get('content/c.md')).toBe(CLEAN);
    expect(read?.get('content/new.md')).toBe(ASK);
    // An index written no later than a file's time: the file may have changed since.
    const past = new Date(PAST);
    await utimes(join(root, '.git/index'), past, past);
    expect(entries(root)?.get('content/a.md')).toBe(ASK);
  });

  it('gives up on a split index and on a file that is not an index', async () => {
    const root = await repository(['a.md']);
    git(root, ['update-index', '--split-index']);
    expect(entries(root)).toBeNull();
    await writeFile(join(root, 'not-an-index'), 'DIRX\0\0\0\x02');
    expect(readIndexTimes(join(root, 'not-an-index'), 20, () => {})).toBe(false);
    expect(readIndexTimes(join(root, 'missing'), 20, () => {})).toBe(false);
  });

  it('gives up on an index cut short, and the build asks git status instead', async () => {
    const root = await repository(['a.md', 'b.md', 'c.md']);
    await writeFile(join(root, 'content/a.md'), 'edited\n');
    await setMtime(join(root, 'content/a.md'), '2024-09-01T10:00:00Z');
    const index = join(root, '.git/index');
    const whole = await readFile(index);
    // Cut in the middle of the second entry.
    await writeFile(index, whole.subarray(0, 12 + 62 + 30));
    expect(readIndexTimes(index, 20, () => {})).toBe(false);
    const git = await readGitDates([join(root, 'content')], [], root);
    expect(git.index).toBeNull();
    expect(git.failures).toEqual([]);
  });
});

describe('sources with uncommitted changes, from the index', () => {
  const names = [
    'clean',
    'edited',
    'touched',
    'staged',
    'assumed',
    'intent',
    'untracked',
    'ignored',
  ];

  /** A site whose sources are in every state `git status` tells apart. */
  async function site(index: 'format 2' | 'format 4' | 'split'): Promise<string> {
    const root = await makeTree({
      ...Object.fromEntries(names.map((n) => [`dist/${n}/index.html`, page()])),
      ...Object.fromEntries(
        ['clean', 'edited', 'touched', 'staged', 'assumed'].map((n) => [
          `content/${n}.md`,
          `${n}\n`,
        ]),
      ),
      '.gitignore': 'dist/\ncontent/ignored.md\n',
    });
    gitInit(root);
    commitAll(root, 'one', '2023-03-01T10:00:00Z');
    if (index === 'format 4') git(root, ['update-index', '--index-version', '4']);
    if (index === 'split') git(root, ['update-index', '--split-index']);
    await appendFile(join(root, 'content/edited.md'), 'more\n');
    await setMtime(join(root, 'content/edited.md'), '2024-09-01T10:00:00Z');
    // Only its time changed: git reads the content, the same as committed.
    await setMtime(join(root, 'content/touched.md'), '2024-09-02T10:00:00Z');
    await appendFile(join(root, 'content/staged.md'), 'more\n');
    await setMtime(join(root, 'content/staged.md'), '2024-09-03T10:00:00Z');
    git(root, ['add', 'content/staged.md']);
    git(root, ['update-index', '--assume-unchanged', 'content/assumed.md']);
    await appendFile(join(root, 'content/assumed.md'), 'more\n');
    await setMtime(join(root, 'content/assumed.md'), '2024-09-04T10:00:00Z');
    await writeFile(join(root, 'content/intent.md'), 'intent\n');
    await setMtime(join(root, 'content/intent.md'), '2024-09-05T10:00:00Z');
    git(root, ['add', '--intent-to-add', 'content/intent.md']);
    await writeFile(join(root, 'content/untracked.md'), 'untracked\n');
    await setMtime(join(root, 'content/untracked.md'), '2024-09-06T10:00:00Z');
    await writeFile(join(root, 'content/ignored.md'), 'ignored\n');
    await setMtime(join(root, 'content/ignored.md'), '2024-09-07T10:00:00Z');
    return root;
  }

  it.each(['format 2', 'format 4', 'split'] as const)(
    'dates each as git status says it is (%s)',
    async (index) => {
      const root = await site(index);
      // The index is read, but where it is split: `git status` then says it all.
      const git = await readGitDates([join(root, 'content')], [], root);
      expect(git.index === null).toBe(index === 'split');
      expect([...git.dirty].sort()).toEqual(
        index === 'split'
          ? ['content/edited.md', 'content/intent.md', 'content/staged.md']
          : ['content/intent.md', 'content/staged.md'],
      );
      const result = await build(root);
      const dated = Object.fromEntries(
        result.records.map((r) => [r.url.slice(20, -1), [r.lastmod ?? null, r.lastmodFrom]]),
      );
      expect(dated).toEqual({
        clean: ['2023-03-01T10:00:00Z', 'git'],
        edited: ['2024-09-01T10:00:00Z', 'mtime'],
        touched: ['2023-03-01T10:00:00Z', 'git'],
        staged: ['2024-09-03T10:00:00Z', 'mtime'],
        assumed: ['2023-03-01T10:00:00Z', 'git'],
        intent: ['2024-09-05T10:00:00Z', 'mtime'],
        untracked: ['2024-09-06T10:00:00Z', 'mtime'],
        // Ignored: git says nothing of it, and its time, the only such time, is no checkout's.
        ignored: ['2024-09-07T10:00:00Z', 'mtime'],
      });
    },
  );
});

describe('many sources the index does not say are clean', () => {
  it('asks git about the folders whole, with the same answer', async () => {
    // More than `ASK_BY_NAME` sources whose times are not the index's: all touched, one edited.
    const names = Array.from({ length: ASK_BY_NAME + 10 }, (_, i) => `p${i}`);
    const root = await makeTree({
      ...Object.fromEntries(names.map((n) => [`dist/${n}/index.html`, page()])),
      ...Object.fromEntries(names.map((n) => [`content/${n}.md`, `${n}\n`])),
      '.gitignore': 'dist/\n',
    });
    gitInit(root);
    commitAll(root, 'one', '2023-03-01T10:00:00Z');
    for (const n of names) await setMtime(join(root, `content/${n}.md`), '2024-09-02T10:00:00Z');
    await appendFile(join(root, 'content/p7.md'), 'more\n');
    await setMtime(join(root, 'content/p7.md'), '2024-09-01T10:00:00Z');
    const result = await build(root);
    const from = new Map(result.records.map((r) => [r.url.slice(20, -1), r.lastmodFrom]));
    expect(from.size).toBe(names.length);
    expect(from.get('p7')).toBe('mtime');
    expect([...from.values()].filter((f) => f === 'git')).toHaveLength(names.length - 1);
  });
});
