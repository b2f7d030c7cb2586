/**
 * One source as the scan reads it: a file read for its frontmatter is stat'ed once open, and
 * gives the same time as a stat of its path; one gone between the listing and the scan says
 * what a stat says, frontmatter or not.
 */
import { statSync } from 'node:fs';
import { rm, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanSourceRange } from '../../src/discover/find-sources.js';
import { listSources } from '../../src/discover/source-list.js';
import { makeTree } from '../helpers/fixture.js';

const FIELDS = { modified: ['updated'] };

describe('scanSourceRange', () => {
  it('times a source read for its frontmatter as a stat of its path does', async () => {
    const root = await makeTree({
      'src/a.md': '---\ntitle: A\nupdated: 2024-03-04\n---\n# A\n',
      'src/b.txt': 'no frontmatter read',
      'src/c.md': '# no block\n',
    });
    const when = new Date('2023-05-06T07:08:09.123Z');
    for (const file of ['a.md', 'b.txt', 'c.md']) await utimes(join(root, 'src', file), when, when);
    const sources = [{ dir: join(root, 'src'), route: '/' }];
    const list = listSources(sources as never, root);
    const scan = scanSourceRange(list, sources as never, FIELDS, 0, list.paths.size);
    expect(scan.problems).toEqual([]);
    for (let row = 0; row < list.paths.size; row++) {
      const path = join(root, 'src', list.paths.get(row));
      expect(scan.mtimes[row], path).toBe(statSync(path).mtimeMs);
    }
    const rowOfA = Array.from({ length: list.paths.size }, (_, row) => list.paths.get(row)).indexOf(
      'a.md',
    );
    expect(scan.metas.get(rowOfA)?.modified?.field).toBe('updated');
  });

  it('says what a stat says of a source gone before it is read', async () => {
    const root = await makeTree({ 'src/a.md': '---\ntitle: A\n---\n', 'src/b.txt': 'x' });
    const sources = [{ dir: join(root, 'src'), route: '/' }];
    const list = listSources(sources as never, root);
    await rm(join(root, 'src/a.md'));
    await rm(join(root, 'src/b.txt'));
    for (const fields of [FIELDS, null]) {
      const scan = scanSourceRange(list, sources as never, fields, 0, list.paths.size);
      expect(Array.from(scan.mtimes, Number.isNaN)).toEqual([true, true]);
      expect(scan.problems).toEqual([
        `src/a.md: ENOENT: no such file or directory, stat '${join(root, 'src/a.md')}'`,
        `src/b.txt: ENOENT: no such file or directory, stat '${join(root, 'src/b.txt')}'`,
      ]);
    }
  });
});
