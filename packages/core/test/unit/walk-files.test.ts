/**
 * The walk notes only the folders it reaches through a symlink: whether a folder of the tree
 * itself was walked is told by where it lies. Held here to the walk that notes every folder, on
 * trees of folders, files and symlinks of every kind (to a folder before or after the link, to
 * an ancestor, to the root, to a file, out of the tree, to nothing, through a skipped folder).
 */

import { type Dirent, readdirSync, realpathSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFolder } from '../../src/discover/read-folder.js';
import {
  isInside,
  type WalkOptions,
  type WalkShare,
  walkFiles,
} from '../../src/discover/walk-files.js';
import { type RangePart, type WalkRules, walkRange } from '../../src/discover/walk-range.js';

/** The walk as it was: every folder noted by real path, the first time it is met. */
function walkNotingEvery(root: string, options: WalkOptions) {
  const files: string[] = [];
  const problems: Array<{ path: string; outside?: true }> = [];
  const seen = new Set<string>();
  const boundary = realpathSync(options.boundary ?? root);
  function walk(dir: string, real: string, rel: string): void {
    if (seen.has(real)) return;
    seen.add(real);
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      problems.push({ path: rel || '.' });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const name = entry.name;
      const relPath = rel ? `${rel}/${name}` : name;
      if (entry.isFile()) {
        if (options.accept(name)) files.push(relPath);
      } else if (entry.isDirectory()) {
        if (!options.skipDir?.(name)) walk(`${dir}/${name}`, `${real}/${name}`, relPath);
      } else if (entry.isSymbolicLink()) {
        const full = `${dir}/${name}`;
        try {
          const target = statSync(full);
          const wanted = target.isDirectory()
            ? !options.skipDir?.(name)
            : target.isFile() && options.accept(name);
          if (!wanted) continue;
          const targetReal = realpathSync(full);
          if (!isInside(targetReal, boundary)) problems.push({ path: relPath, outside: true });
          else if (target.isDirectory()) walk(full, targetReal, relPath);
          else files.push(relPath);
        } catch {
          if (options.accept(name)) problems.push({ path: relPath });
        }
      }
    }
  }
  walk(root, realpathSync(root), '');
  return { files, problems };
}

/**
 * Another thread that walks ranges of shared folders, played on this one: at each claim of the
 * walk it first claims 0, 1 or 2 ranges itself and walks them at once, ahead of the walk (as a
 * helper does, with the walk's notes of symlinked folders as they are then). `givesUp`: every
 * third part it claimed never comes (a helper that is gone), and the walk walks it.
 * `readOtherwise`: it read the folder with an entry more in front, and its parts are wrong.
 */
function playedShare(rules: WalkRules, givesUp = false, readOtherwise = false): WalkShare {
  let turn = 0;
  return (folder) => {
    const count = folder.count;
    const parts = new Map<number, RangePart>();
    let cursor = 0;
    const next = (): number => {
      const from = cursor;
      cursor += folder.chunk;
      return from;
    };
    return {
      claim: () => {
        for (let k = turn++ % 3; k > 0 && cursor < count; k--) {
          const from = next();
          const read = readFolder(folder.dir, folder.large);
          // `readOtherwise`: the folder changed between the two reads, an entry in front.
          const entries = readOtherwise
            ? { ...read, name: (i: number) => (i === 0 ? '0' : read.name(i - 1)) }
            : read;
          const part = walkRange(
            folder,
            entries,
            from,
            Math.min(from + folder.chunk, count),
            rules,
          );
          if (!givesUp || turn % 3 !== 0) parts.set(from, part);
        }
        return cursor < count ? next() : -1;
      },
      part: (from) => {
        const part = parts.get(from) ?? null;
        parts.delete(from);
        return part;
      },
      close: () => {
        cursor = count;
      },
    };
  };
}

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A random tree under a new folder: `site/` (walked) and `outside/`, with symlinks of every kind. */
async function randomTree(seed: number): Promise<string> {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % n;
  };
  const base = await mkdtemp(join(tmpdir(), 'sitemapkit-walk-'));
  made.push(base);
  const names = ['a', 'b', 'c', '.hidden', 'node_modules', 'z', 'é', 'B'];
  const folders = ['site', 'outside'];
  for (let i = 0; i < 14; i++) {
    const parent = folders[next(folders.length)] as string;
    const folder = `${parent}/${names[next(names.length)]}${next(3) === 0 ? next(10) : ''}`;
    if (!folders.includes(folder)) folders.push(folder);
  }
  for (const folder of folders) await mkdir(join(base, folder), { recursive: true });
  for (const folder of folders) {
    for (let i = next(3); i > 0; i--)
      await writeFile(join(base, folder, `p${next(5)}.html`), '<p>');
    if (next(2) === 0) await writeFile(join(base, folder, 'index.html'), '<p>');
  }
  const inSite = folders.filter((f) => f.startsWith('site'));
  for (let i = 0; i < 6; i++) {
    const at = join(
      base,
      inSite[next(inSite.length)] as string,
      `link${i}${next(2) ? '' : '.html'}`,
    );
    const kinds = [
      () => join(base, folders[next(folders.length)] as string), // a folder, in or out of the site
      () => join(base, 'site'), // the root
      () => join(base, inSite[next(inSite.length)] as string, 'p1.html'), // a file, maybe none
      () => join(base, 'nothing'), // dangling
    ];
    try {
      await symlink((kinds[next(kinds.length)] as () => string)(), at);
    } catch {
      /* a name taken twice: one link less */
    }
  }
  return base;
}

describe('walkFiles', () => {
  it('walks each folder once, as the walk that notes every folder does, on 60 random trees', async () => {
    let links = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const base = await randomTree(seed);
      for (const boundary of [undefined, base]) {
        const options: WalkOptions = {
          accept: (name) => name.endsWith('.html'),
          skipDir: (name) => name.startsWith('.') || name === 'node_modules',
          ...(boundary ? { boundary } : {}),
        };
        const root = join(base, 'site');
        const expected = walkNotingEvery(root, options);
        // Folders told large by their size, each read whole, each read a batch at a time; and
        // every folder of a subfolder or more shared with another thread, which walks ranges
        // ahead of the walk, or gives some up.
        const shares = [
          { share: playedShare(options), sharedFrom: 1 },
          { share: playedShare(options, true), sharedFrom: 1 },
          { share: playedShare(options, false, true), sharedFrom: 1 },
        ];
        for (const variant of [{}, { largeFolders: false }, { largeFolders: true }, ...shares]) {
          const got = walkFiles(root, { ...options, ...variant });
          expect(got.files, `seed ${seed}`).toEqual(expected.files);
          expect(
            got.problems.map(({ path, outside }) => ({ path, ...(outside ? { outside } : {}) })),
          ).toEqual(expected.problems);
        }
        links += expected.files.filter((f) => f.includes('link')).length;
      }
    }
    // The trees do reach folders through links, and list files through them.
    expect(links).toBeGreaterThan(50);
  }, 60_000);

  it('walks a large folder near the top, read a batch at a time, as the walk that notes every folder does', async () => {
    const base = await mkdtemp(join(tmpdir(), 'sitemapkit-walk-'));
    made.push(base);
    const site = join(base, 'site');
    // blog/ is large (3,000 folders); en/blog/ is large at depth 2; each post is a folder.
    for (const section of ['blog', 'en/blog']) {
      for (let i = 0; i < 3000; i++) {
        const post = join(site, section, `post-${(i * 7919) % 3000}-${'é'.repeat(i % 3)}`);
        await mkdir(post, { recursive: true });
        if (i % 2 === 0) await writeFile(join(post, 'index.html'), '<p>');
      }
    }
    await writeFile(join(site, 'index.html'), '<p>');
    const options: WalkOptions = { accept: (name) => name.endsWith('.html') };
    const expected = walkNotingEvery(site, options);
    expect(expected.files).toHaveLength(3001);
    expect(walkFiles(site, options).files).toEqual(expected.files);
    // Shared with another thread: blog/ and en/blog/ in ranges of 24 posts.
    const share = playedShare(options);
    expect(walkFiles(site, { ...options, share }).files).toEqual(expected.files);
  }, 60_000);

  it('walks a skipped folder through a link to it, and a folder once through two links', async () => {
    const base = await mkdtemp(join(tmpdir(), 'sitemapkit-walk-'));
    made.push(base);
    const site = join(base, 'site');
    for (const folder of ['.hidden/deep', 'b', 'c', 'z'])
      await mkdir(join(site, folder), { recursive: true });
    for (const file of ['.hidden/deep/x.html', 'c/y.html', 'z/w.html'])
      await writeFile(join(site, file), '<p>');
    await symlink(join(site, '.hidden/deep'), join(site, 'b/deep'));
    await symlink(join(site, 'c'), join(site, 'b/see'));
    await symlink(join(site, 'z'), join(site, 'b/zed'));
    await symlink(join(site, 'b'), join(site, 'z/back'));
    const options: WalkOptions = {
      accept: (name) => name.endsWith('.html'),
      skipDir: (name) => name.startsWith('.'),
    };
    const expected = walkNotingEvery(site, options);
    expect(walkFiles(site, options).files).toEqual(expected.files);
    // Skipped where it lies, the folder is walked through its link; `c` and `z` are walked
    // through links in `b` before their places, and not again there (nor `b` through `z/back`).
    expect(expected.files).toEqual(['b/deep/x.html', 'b/see/y.html', 'b/zed/w.html']);
  });
});
