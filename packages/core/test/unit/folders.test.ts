import { describe, expect, it } from 'vitest';
import { foldersHolding } from '../../src/files/folders.js';

describe('foldersHolding', () => {
  it('gives the folders of the files, a folder inside another read with it', () => {
    expect(foldersHolding(['src/data/blog/a.md', 'src/data/blog/b/c.md'])).toEqual([
      'src/data/blog',
    ]);
    expect(foldersHolding(['b/x.md', 'a/y.md', 'a/z.md', 'top.md'])).toEqual(['.']);
    expect(foldersHolding(['b/x.md', 'a/y.md'])).toEqual(['a', 'b']);
    expect(foldersHolding(['/repo/src/a.md', '/repo/src/b/c.md'])).toEqual(['/repo/src']);
  });

  it('takes the deepest up first and never climbs above where the files meet', () => {
    // A site's moved files: one blog folder, and topics three levels further down.
    const files = ['src/old/blog/a.md', 'src/old/blog/b.md'];
    for (let area = 0; area < 20; area++)
      for (let topic = 0; topic < 30; topic++)
        files.push(`src/old/docs/a${area}/t${topic}/index.md`);
    const folders = foldersHolding(files);
    expect(folders).toEqual([
      'src/old/blog',
      ...Array.from({ length: 20 }, (_, area) => `src/old/docs/a${area}`).sort(),
    ]);
    // Every file is under one of them.
    for (const file of files) expect(folders.some((f) => file.startsWith(`${f}/`))).toBe(true);
  });

  it('meets at the top when the files are spread over more folders than a pass names', () => {
    const files = Array.from({ length: 100 }, (_, i) => `f${i}/page.md`);
    expect(foldersHolding(files)).toEqual(['.']);
    const absolute = Array.from({ length: 100 }, (_, i) => `/site/f${i}/page.md`);
    expect(foldersHolding(absolute)).toEqual(['/site']);
    const roots = Array.from({ length: 100 }, (_, i) => `/f${i}/page.md`);
    expect(foldersHolding(roots)).toEqual(['/']);
  });
});
