/**
 * The history pass (`contentDates`) on histories with merges: each file dated as
 * `git log -1 --format=%ct -- <file>` dates it (asked of git itself, file by file), except where
 * our rule differs on purpose (a 100% rename or a move is no change). The shapes are those a
 * real documentation repository has: a side line that carried content the main line already
 * had (a subtree import), a file both sides edited, a branch that edited a file and put it back.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentDates } from '../../src/discover/git-history.js';
import { makeTree } from '../helpers/fixture.js';
import { commitAll, git, gitInit } from '../helpers/git.js';

const NO_REVS = { full: new Set<string>(), prefixes: [] };

async function put(root: string, path: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

/** What git itself says of each file: `git log -1 --format=%ct -- <file>`, in ms. */
function gitSays(root: string, files: string[]): Map<string, number> {
  return new Map(
    files.map((f) => [f, Number(git(root, ['log', '-1', '--format=%ct', '--', f]).trim()) * 1000]),
  );
}

const at = (date: string) => Date.parse(date);

describe('contentDates on a history with merges', () => {
  it('dates each file along its own line of history, as git log -1 -- <file> does', async () => {
    const root = await makeTree({});
    gitInit(root);
    await put(root, 'content/both.md', 'both\n');
    await put(root, 'content/back.md', 'back\n');
    await put(root, 'content/plain.md', 'plain\n');
    await put(root, 'content/branch.md', 'branch\n');
    commitAll(root, 'start', '2020-01-01T10:00:00Z');

    git(root, ['checkout', '-q', '-b', 'docs']);
    // The docs line writes a page that the main line will later get a copy of, edits a page
    // both lines edit, edits a page and puts it back, and edits a page only it edits.
    await put(root, 'content/imported.md', 'imported v1\n');
    commitAll(root, 'docs: import', '2020-03-01T10:00:00Z');
    await put(root, 'content/imported.md', 'imported v2\n');
    await put(root, 'content/both.md', 'both, docs\n');
    await put(root, 'content/back.md', 'back, changed\n');
    await put(root, 'content/branch.md', 'branch, docs\n');
    commitAll(root, 'docs: edit', '2020-04-01T10:00:00Z');
    await put(root, 'content/back.md', 'back\n');
    commitAll(root, 'docs: put back', '2020-05-01T10:00:00Z');

    git(root, ['checkout', '-q', 'main']);
    // The main line gets an older copy of the imported page, later than the docs line's edits
    // (a subtree added again), and edits the page both lines edit.
    await put(root, 'content/imported.md', 'imported v0\n');
    await put(root, 'content/both.md', 'both, main\n');
    commitAll(root, 'main: copy', '2020-06-01T10:00:00Z');
    await put(root, 'content/plain.md', 'plain, main\n');
    commitAll(root, 'main: plain', '2020-07-01T10:00:00Z');

    // The merge takes the docs line's imported page, and writes a third text of the page both
    // edited: that merge is its date.
    // Both lines wrote the two pages: git stops the merge for them to be written.
    expect(() => git(root, ['merge', '-q', '--no-ff', '--no-commit', 'docs'])).toThrow();
    await put(root, 'content/imported.md', 'imported v2\n');
    await put(root, 'content/both.md', 'both, merged\n');
    commitAll(root, 'merge docs', '2020-08-01T10:00:00Z');

    const files = [
      'content/imported.md',
      'content/both.md',
      'content/back.md',
      'content/plain.md',
      'content/branch.md',
    ];
    const history = await contentDates(root, ['content'], new Set(), NO_REVS);
    const dates = new Map(history.dates.entries());
    expect(dates).toEqual(gitSays(root, files));
    // And in words: the docs line's edit, not the main line's later copy; the merge, which both
    // lines edited; the start, for the page put back; the main line's and the docs line's edits.
    expect(dates).toEqual(
      new Map([
        ['content/imported.md', at('2020-04-01T10:00:00Z')],
        ['content/both.md', at('2020-08-01T10:00:00Z')],
        ['content/back.md', at('2020-01-01T10:00:00Z')],
        ['content/plain.md', at('2020-07-01T10:00:00Z')],
        ['content/branch.md', at('2020-04-01T10:00:00Z')],
      ]),
    );
  });

  it('follows renames and moves in from outside through merges, and skips ignored commits', async () => {
    const root = await makeTree({});
    gitInit(root);
    await put(root, 'content/old-name.md', 'renamed later\n');
    await put(root, 'drafts/moved.md', 'moved later\n');
    await put(root, 'content/reformatted.md', 'reformatted\n');
    commitAll(root, 'start', '2021-01-01T10:00:00Z');
    await put(root, 'drafts/moved.md', 'moved later, edited\n');
    commitAll(root, 'edit the draft', '2021-02-01T10:00:00Z');

    git(root, ['checkout', '-q', '-b', 'side']);
    // The side line renames a page (no change), and reformats another (an ignored commit).
    await rename(join(root, 'content/old-name.md'), join(root, 'content/new-name.md'));
    commitAll(root, 'side: rename', '2021-03-01T10:00:00Z');
    await put(root, 'content/reformatted.md', 'reformatted  \n');
    const reformat = commitAll(root, 'side: reformat', '2021-04-01T10:00:00Z');

    git(root, ['checkout', '-q', 'main']);
    // The main line moves the draft in from outside the folder (no change either).
    await mkdir(join(root, 'content'), { recursive: true });
    await rename(join(root, 'drafts/moved.md'), join(root, 'content/moved.md'));
    await rm(join(root, 'drafts'), { recursive: true, force: true });
    commitAll(root, 'main: move the draft in', '2021-05-01T10:00:00Z');
    git(root, ['merge', '-q', '--no-ff', '-m', 'merge side', 'side'], '2021-06-01T10:00:00Z');

    const history = await contentDates(root, ['content'], new Set(), {
      full: new Set([reformat]),
      prefixes: [],
    });
    expect(new Map(history.dates.entries())).toEqual(
      new Map([
        // Renamed on the side line: dated by its last edit under the old name.
        ['content/new-name.md', at('2021-01-01T10:00:00Z')],
        // Moved in from drafts/ on the main line: dated by its last edit there.
        ['content/moved.md', at('2021-02-01T10:00:00Z')],
        // Only an ignored commit after the start: the start.
        ['content/reformatted.md', at('2021-01-01T10:00:00Z')],
      ]),
    );
  });

  it('sees a merge git leaves out for the folder, which is one for a file in it', async () => {
    const root = await makeTree({});
    gitInit(root);
    await put(root, 'docs/kept.md', 'kept\n');
    await put(root, 'docs/guide.md', 'guide\n');
    commitAll(root, 'start', '2022-01-01T10:00:00Z');
    git(root, ['checkout', '-q', '-b', 'next']);
    // A new theme's branch removes a page and puts it back as it was, and edits another: the
    // folder as the branch leaves it is the merge's, so git reads the folder's history down
    // the branch alone, but the page put back is as the main line has it.
    await rm(join(root, 'docs/kept.md'));
    commitAll(root, 'next: remove', '2022-02-01T10:00:00Z');
    await put(root, 'docs/kept.md', 'kept\n');
    await put(root, 'docs/guide.md', 'guide, new theme\n');
    commitAll(root, 'next: put back', '2022-03-01T10:00:00Z');
    git(root, ['checkout', '-q', 'main']);
    await put(root, 'src/app.js', 'app\n');
    commitAll(root, 'main: outside the folder', '2022-04-01T10:00:00Z');
    git(root, ['merge', '-q', '--no-ff', '-m', 'merge next', 'next'], '2022-05-01T10:00:00Z');

    const history = await contentDates(root, ['docs'], new Set(), NO_REVS);
    const dates = new Map(history.dates.entries());
    expect(dates).toEqual(gitSays(root, ['docs/kept.md', 'docs/guide.md']));
    expect(dates.get('docs/kept.md')).toBe(at('2022-01-01T10:00:00Z'));
  });

  it('reads a history with no merge in one pass, as before', async () => {
    const root = await makeTree({});
    gitInit(root);
    await put(root, 'content/a.md', 'a\n');
    commitAll(root, 'a', '2022-01-01T10:00:00Z');
    await put(root, 'content/b.md', 'b\n');
    commitAll(root, 'b', '2022-02-01T10:00:00Z');
    const history = await contentDates(root, ['content'], new Set(), NO_REVS);
    expect(new Map(history.dates.entries())).toEqual(
      gitSays(root, ['content/a.md', 'content/b.md']),
    );
  });
});
