/**
 * The helper thread (a large site's sources and heads read on two threads) and the git thread
 * (history read beside the walk) must not change a byte of the output. It runs only from the compiled package (the worker is `dist/…/*.js`), so
 * these tests import the build: `pnpm test` builds it first.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readFile, symlink, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { makeTree, page, type Tree } from '../helpers/fixture.js';
import { commitAll, git, gitInit } from '../helpers/git.js';

const DIST = new URL('../../dist/', import.meta.url);
const run = promisify(execFile);
if (!existsSync(new URL('parallel/helper-worker.js', DIST))) {
  throw new Error('packages/core/dist is missing or stale: build the core first (pnpm build)');
}
/** A module of the build, typed as its source. */
const load = async <T>(path: string): Promise<T> => (await import(new URL(path, DIST).href)) as T;
const core = await load<typeof import('../../src/index.js')>('index.js');
const helperModule = await load<typeof import('../../src/parallel/helper-thread.js')>(
  'parallel/helper-thread.js',
);
const sourcesModule = await load<typeof import('../../src/discover/find-sources.js')>(
  'discover/find-sources.js',
);
const headsModule =
  await load<typeof import('../../src/select/judge-heads.js')>('select/judge-heads.js');
const tableModule =
  await load<typeof import('../../src/columns/page-table.js')>('columns/page-table.js');
const discoverModule = await load<typeof import('../../src/parallel/discover-pages.js')>(
  'parallel/discover-pages.js',
);
const resolveModule = await load<typeof import('../../src/options/resolve-options.js')>(
  'options/resolve-options.js',
);
const listModule =
  await load<typeof import('../../src/columns/page-list.js')>('columns/page-list.js');
const walkModule =
  await load<typeof import('../../src/discover/walk-files.js')>('discover/walk-files.js');
const pageFilesModule =
  await load<typeof import('../../src/discover/page-files.js')>('discover/page-files.js');

const PAGES = 5_300; // above THREAD_FROM_PAGES (5,000)
const SECTIONS = ['blog', 'docs', 'products', 'de'];

function routeOf(i: number): string {
  return `${SECTIONS[i % SECTIONS.length]}/p-${i}`;
}

/** A site with every kind of page the head and frontmatter rules judge, spread over it. */
function largeSite(): { tree: Tree; mtimes: Array<[string, Date]> } {
  const tree: Tree = { 'dist/index.html': page(), 'dist/404.html': page() };
  const mtimes: Array<[string, Date]> = [];
  for (let i = 0; i < PAGES; i++) {
    const route = routeOf(i);
    let head = '';
    if (i % 37 === 0) head += '<meta name="robots" content="noindex">';
    if (i % 41 === 0)
      head += `<link rel="canonical" href="https://example.com/${routeOf(i + 1)}/">`;
    if (i % 53 === 0) {
      // Reciprocal for even i; one-way for odd i (a warning).
      head += `<link rel="alternate" hreflang="en" href="https://example.com/${route}/"><link rel="alternate" hreflang="de" href="https://example.com/${routeOf(i + 1)}/">`;
    }
    if (i % 53 === 1 && i % 2 === 1)
      head += `<link rel="alternate" hreflang="de" href="https://example.com/${route}/"><link rel="alternate" hreflang="en" href="https://example.com/${routeOf(i - 1)}/">`;
    if (i % 29 === 0)
      head += '<meta property="article:modified_time" content="2024-03-04T05:06:07Z">';
    if (i % 43 === 0) head += '<meta name="robots" content="index, bogus-directive">';
    if (i % 47 === 0) head += '<link rel="alternate" hreflang="not a tag" href="/elsewhere/">';
    // Heads the head scanner leaves to htmlparser2: SVG, a character reference it is asked for.
    if (i % 61 === 0) head += '<svg><title>logo</title></svg>';
    if (i % 67 === 0) head += '<meta name="robots" content="index&#44; follow">';
    tree[`dist/${route}/index.html`] = page(head);
    if (i % 3 === 0) continue; // no source
    const source = `src/content/${route}.md`;
    let fm = `title: Page ${i}\n`;
    if (i % 5 === 0) fm += `updatedDate: 2024-${String((i % 12) + 1).padStart(2, '0')}-15\n`;
    if (i % 97 === 0) fm += 'sitemap: false\n';
    if (i % 89 === 0) fm += 'lastmod: 2024-02-30\n';
    if (i % 101 === 0) fm += 'tags: [unclosed\n';
    if (i % 7 === 0) fm += 'sitemap:\n  changefreq: weekly\n  priority: 0.4\n';
    if (i % 11 === 0) fm += 'revised: 2024-12-01\n';
    tree[source] = `---\n${fm}---\n\n# Page ${i}\n`;
    mtimes.push([source, new Date(Date.UTC(2023, 0, 1) + i * 3_600_000)]);
  }
  return { tree, mtimes };
}

let site: Promise<string> | undefined;
/** One site for the file (8,800 files take a while to write), written in parallel. */
function makeLargeSite(): Promise<string> {
  site ??= (async () => {
    const { tree, mtimes } = largeSite();
    const root = await makeTree({});
    const entries = Object.entries(tree);
    await Promise.all(
      [...new Set(entries.map(([path]) => dirname(join(root, path))))].map((dir) =>
        mkdir(dir, { recursive: true }),
      ),
    );
    for (let i = 0; i < entries.length; i += 256) {
      await Promise.all(
        entries.slice(i, i + 256).map(([path, text]) => writeFile(join(root, path), text)),
      );
    }
    // A git history, read on the git thread in the threaded run: half the sources committed
    // early, the rest later, a few edited since.
    await writeFile(join(root, '.gitignore'), 'dist/\n');
    gitInit(root);
    git(root, ['add', '.gitignore', 'src/content/blog', 'src/content/docs']);
    git(root, ['commit', '-q', '-m', 'first half'], '2023-05-05T10:00:00Z');
    commitAll(root, 'the rest', '2024-05-05T10:00:00Z');
    await Promise.all(mtimes.map(([path, date]) => utimes(join(root, path), date, date)));
    for (const i of [4, 8, 13]) {
      const source = join(root, `src/content/${routeOf(i)}.md`);
      await writeFile(source, `${await readFile(source, 'utf8')}\nedited\n`);
      await utimes(source, new Date('2025-01-01T00:00:00Z'), new Date('2025-01-01T00:00:00Z'));
    }
    return root;
  })();
  return site;
}

/** Each source a table holds: its path and its file time. */
function sourceRows(sources: {
  size: number;
  has: (row: number) => boolean;
  rel: (row: number) => string;
  mtimeMs: (row: number) => number;
}): Array<[string, number]> {
  const rows: Array<[string, number]> = [];
  for (let row = 0; row < sources.size; row++)
    if (sources.has(row)) rows.push([sources.rel(row), sources.mtimeMs(row)]);
  return rows;
}

/** A folder whose `git` runs the real one two seconds late: put first on PATH. */
async function slowGit(): Promise<string> {
  const real = (await run('sh', ['-c', 'command -v git'])).stdout.trim();
  const dir = await makeTree({ git: `#!/bin/sh\nsleep 2\nexec '${real}' "$@"\n` });
  await chmod(join(dir, 'git'), 0o755);
  return dir;
}

/** The options the builds of the large site share. */
function buildOptions(root: string) {
  return {
    site: 'https://example.com',
    outDir: 'dist',
    root,
    sources: [{ dir: 'src/content' }],
    maxUrlsPerSitemap: 2_000,
  };
}

describe('threads', () => {
  it('writes the same bytes, records and warnings with and without the helper thread', async () => {
    const options = buildOptions(await makeLargeSite());
    const alone = await core.generateSitemaps({ ...options, threads: false });
    const bytes = await Promise.all(alone.files.map((f) => readFile(f.path)));
    expect(alone.files.length).toBeGreaterThan(3);
    expect(alone.pages.excluded.noindex).toBeGreaterThan(100);
    expect(alone.pages.excluded.canonical).toBeGreaterThan(100);
    expect(alone.pages.excluded.frontmatter).toBeGreaterThan(10);
    expect(alone.pages.dated.git).toBeGreaterThan(2_000);
    expect(alone.pages.dated.mtime).toBe(3);
    const codes = new Set(alone.warnings.map((w) => w.code));
    for (const code of ['invalid-frontmatter', 'invalid-date', 'hreflang-not-reciprocal'])
      expect(codes).toContain(code);

    const shared = await core.generateSitemaps({ ...options, threads: true });
    // Identical output: nothing is rewritten, and every byte matches.
    expect(shared.files.map((f) => f.changed)).toEqual(shared.files.map(() => false));
    expect(await Promise.all(shared.files.map((f) => readFile(f.path)))).toEqual(bytes);
    expect(shared.pages).toEqual(alone.pages);
    expect(shared.records).toEqual(alone.records);
    expect(shared.warnings).toEqual(alone.warnings);

    // A strict build fails on the first bad head in list order, whichever thread read it
    // (frontmatter off: its problems would fail the build before a head is read).
    const strict = { ...options, strict: true, frontmatter: false };
    const strictAlone = core.generateSitemaps({ ...strict, threads: false });
    await expect(strictAlone).rejects.toThrow(/not a tag/);
    const message = await strictAlone.catch((error: Error) => error.message);
    await expect(core.generateSitemaps({ ...strict, threads: true })).rejects.toThrow(message);
  });

  it('fails as one dependency-missing error when a thread cannot load a library', async () => {
    // The compiled core copied where no node_modules is found, and run in a child process of
    // its own (as a user's build runs it): its libraries cannot be loaded.
    const copy = await makeTree({});
    await cp(DIST, join(copy, 'core'), { recursive: true });
    const script = join(copy, 'build.mjs');
    // A build, or (`helpers`) only the heads read, on two helpers and none on this thread.
    await writeFile(
      script,
      `const core = await import('./core/index.js');
const { resolveOptions } = await import('./core/options/resolve-options.js');
const { discoverPages } = await import('./core/parallel/discover-pages.js');
const [root, given, helpers] = process.argv.slice(2);
const options = { ...JSON.parse(given), root, site: 'https://example.com', outDir: 'dist', sources: [{ dir: 'src/content' }], lastmodFrom: ['mtime'] };
try {
  if (helpers) {
    const resolved = resolveOptions(options);
    const found = await discoverPages(resolved, [], () => undefined, 1);
    const job = { outDir: resolved.outDir, ...found.pages.table.fileColumns(found.pages), rules: resolved.head };
    try { await found.readHeads(job, () => {}); } finally { found.stop(); }
  } else await core.generateSitemaps(options);
  console.log(JSON.stringify({ built: true }));
} catch (error) {
  console.log(JSON.stringify({ code: error.code, message: error.message }));
}`,
    );
    // pnpm's shims name its store in NODE_PATH, where every library would be found.
    const { NODE_PATH: _, ...bareEnv } = process.env;
    const root = await makeLargeSite();
    for (const [library, reads, helpers] of [
      ['htmlparser2', { head: true, frontmatter: false }, 'helpers'],
      ['htmlparser2', { head: true, frontmatter: false }, ''],
      ['js-yaml', { head: false, frontmatter: true }, ''],
    ] as const) {
      const args = [script, root, JSON.stringify(reads), helpers];
      const { stdout } = await run(process.execPath, args, { env: bareEnv });
      expect(JSON.parse(stdout)).toEqual({
        code: 'dependency-missing',
        message: expect.stringContaining(`the library ${library} could not be loaded`),
      });
    }
  });

  it('starts the helper where files are read (heads, frontmatter), not for stat calls alone on a site this size', async () => {
    const options = { ...buildOptions(await makeLargeSite()), lastmodFrom: ['mtime' as const] };
    const start = vi.spyOn(helperModule.HelperThread, 'start');
    try {
      const statOnly = await core.generateSitemaps({ ...options, head: false, frontmatter: false });
      expect(start).not.toHaveBeenCalled();
      expect(statOnly.pages.dated.mtime).toBeGreaterThan(3_000);
      await core.generateSitemaps({ ...options, head: true, frontmatter: false });
      expect(start).toHaveBeenCalledTimes(1);
      await core.generateSitemaps({ ...options, head: false, frontmatter: true });
      expect(start).toHaveBeenCalledTimes(2);
    } finally {
      start.mockRestore();
    }
  });

  it('on a larger site, scans the sources of a build that only stats them on a helper (beside git once it has read), to the same table', async () => {
    const resolved = resolveModule.resolveOptions({
      ...buildOptions(await makeLargeSite()),
      lastmodFrom: ['mtime'],
      head: false,
      frontmatter: false,
    });
    const start = vi.spyOn(helperModule.HelperThread, 'start');
    const shared = vi.spyOn(helperModule.HelperThread.prototype, 'shareFolder');
    const tables = [];
    const pageLists = [];
    try {
      // The default threshold (30,000 pages) is above this site; one of 1,000 pages is not. The
      // helper then walks a share of the sections after it started, to the same pages.
      for (const statsFrom of [undefined, 1_000]) {
        const found = await discoverModule.discoverPages(
          resolved,
          [],
          () => undefined,
          undefined,
          statsFrom,
        );
        found.stop();
        tables.push(sourceRows(found.sources));
        pageLists.push([...found.pages].map((page) => [page.file, page.url]));
        expect(start).toHaveBeenCalledTimes(statsFrom === undefined ? 0 : 1);
        expect(shared).toHaveBeenCalledTimes(statsFrom === undefined ? 0 : 3);
      }
      // A folder of 1,000 entries or more starts the helper when the walk meets it: the first
      // section, then shared with those after it.
      const atFolder = await discoverModule.discoverPages(
        resolved,
        [],
        () => undefined,
        undefined,
        undefined,
        1_000,
      );
      atFolder.stop();
      tables.push(sourceRows(atFolder.sources));
      pageLists.push([...atFolder.pages].map((page) => [page.file, page.url]));
      expect(start).toHaveBeenCalledTimes(2);
      expect(shared).toHaveBeenCalledTimes(3 + SECTIONS.length);
      expect(pageLists[0]?.length).toBe(PAGES + 2);
      for (const pages of pageLists.slice(1)) expect(pages).toEqual(pageLists[0]);
      // Beside git: none while its thread reads the history, which has the other core then
      // (git is made slow here, so the walk ends first)...
      const withGit = resolveModule.resolveOptions({
        ...buildOptions(await makeLargeSite()),
        lastmodFrom: ['git', 'mtime'],
        head: false,
        frontmatter: false,
      });
      const path = process.env.PATH;
      process.env.PATH = `${await slowGit()}:${path}`;
      try {
        const found = await discoverModule.discoverPages(
          withGit,
          [],
          () => undefined,
          undefined,
          1_000,
        );
        found.stop();
        tables.push(sourceRows(found.sources));
      } finally {
        process.env.PATH = path;
      }
      expect(start).toHaveBeenCalledTimes(2);
      // ...and once it is done (the walk held up at its first page until then), the helper
      // takes the scan from there.
      let first = true;
      const found = await discoverModule.discoverPages(
        withGit,
        [],
        () => {
          if (first) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3_000);
          first = false;
          return undefined;
        },
        undefined,
        1_000,
      );
      found.stop();
      tables.push(sourceRows(found.sources));
      expect(start).toHaveBeenCalledTimes(3);
    } finally {
      start.mockRestore();
      shared.mockRestore();
    }
    expect(tables[0]?.length).toBeGreaterThan(3_000);
    for (const table of tables.slice(1)) expect(table).toEqual(tables[0]);
  });

  it('shares the walk in a build that reads heads, not in one that reads frontmatter, to the same pages', async () => {
    const root = await makeLargeSite();
    const shared = vi.spyOn(helperModule.HelperThread.prototype, 'shareFolder');
    const pageLists = [];
    try {
      // A folder of 1,000 entries starts the helper when the walk meets it (the first section).
      for (const [frontmatter, calls] of [
        [false, SECTIONS.length],
        [true, 0],
      ] as const) {
        shared.mockClear();
        const resolved = resolveModule.resolveOptions({
          ...buildOptions(root),
          lastmodFrom: frontmatter ? ['frontmatter', 'mtime'] : ['mtime'],
          head: !frontmatter,
          frontmatter,
        });
        const found = await discoverModule.discoverPages(
          resolved,
          [],
          () => undefined,
          undefined,
          undefined,
          1_000,
        );
        found.stop();
        expect(shared).toHaveBeenCalledTimes(calls);
        pageLists.push([...found.pages].map((page) => [page.file, page.url]));
      }
    } finally {
      shared.mockRestore();
    }
    expect(pageLists[0]?.length).toBe(PAGES + 2);
    expect(pageLists[1]).toEqual(pageLists[0]);
  });

  it('reads the heads of a large site on two helpers and none here, to the same verdicts', async () => {
    const options = resolveModule.resolveOptions({
      ...buildOptions(await makeLargeSite()),
      lastmodFrom: ['mtime'],
    });
    const start = vi.spyOn(helperModule.HelperThread, 'start');
    const heads = vi.spyOn(helperModule.HelperThread.prototype, 'heads');
    // A threshold of one page: this small site's heads go to two helpers, as a large one's do.
    const found = await discoverModule.discoverPages(options, [], () => undefined, 1);
    try {
      const { pages } = found;
      const rules = options.head;
      if (!rules) throw new Error('heads are read by default');
      const job = { outDir: options.outDir, ...pages.table.fileColumns(pages), rules };
      const outcomes: unknown[] = [];
      await found.readHeads?.(job, (outcome, index) => {
        expect(index).toBe(outcomes.length);
        outcomes.push(outcome);
      });
      // The helper of the walk (the sources), and a second for the heads; none read here.
      expect(start).toHaveBeenCalledTimes(2);
      expect(heads).toHaveBeenCalledTimes(1);
      expect(heads.mock.calls[0]?.[2]).toEqual({ others: [expect.anything()], share: false });
      expect(heads.mock.contexts[0]).toBe(start.mock.results[0]?.value);
      expect(heads.mock.calls[0]?.[2]?.others?.[0]).toBe(start.mock.results[1]?.value);
      expect(await heads.mock.results[0]?.value).toBe(0);
      expect(outcomes.length).toBe(pages.length);
      expect(outcomes.filter((outcome) => outcome !== null).length).toBeGreaterThan(300);
      expect(outcomes).toEqual(headsModule.judgeHeadRange(job, 0, pages.length));
    } finally {
      found.stop();
      start.mockRestore();
      heads.mockRestore();
    }
  });

  it('shares the walk of folders of many subfolders with the helper, to the same files and problems', async () => {
    // Four sections of 400 posts; symlinks into a section from another, to a post later in its
    // own section, out of the tree, to nothing; a dot folder and a node_modules in a section.
    const tree: Tree = {};
    for (const section of ['a', 'b', 'c', 'd'])
      for (let i = 0; i < 400; i++) tree[`dist/${section}/p-${i}/index.html`] = '<p>';
    for (const file of ['dist/b/.hidden/x.html', 'dist/c/node_modules/y.html', 'out/z.html'])
      tree[file] = '<p>';
    const root = await makeTree(tree);
    const links: Array<[string, string]> = [
      ['dist/b/p-3', 'dist/a/link-to-b'],
      ['dist/c/p-7', 'dist/c/p-1/later'],
      ['dist/d/p-9/index.html', 'dist/d/p-2/same.html'],
      ['out', 'dist/b/p-5/outside'],
      ['nothing', 'dist/d/p-300/dangling.html'],
    ];
    for (const [target, link] of links) await symlink(join(root, target), join(root, link));
    const alone = walkModule.walkFiles(join(root, 'dist'), pageFilesModule.PAGE_FILES);
    // A folder reached through a link before its place is walked there, not again in place.
    expect(alone.files.length).toBe(1_600 + 1);
    expect(alone.files).toContain('a/link-to-b/index.html');
    expect(alone.files).not.toContain('b/p-3/index.html');
    expect(alone.files).toContain('c/p-1/later/index.html');
    expect(alone.files).not.toContain('c/p-7/index.html');
    expect(alone.problems.map((problem) => problem.path)).toEqual([
      'b/p-5/outside',
      'd/p-300/dangling.html',
    ]);
    const helper = helperModule.HelperThread.start([], root, null);
    if (!helper) throw new Error('the helper thread did not start');
    try {
      await helper.sources();
      let byHelper = 0;
      const share = (folder: Parameters<typeof helper.shareFolder>[0]) => {
        const walk = helper.shareFolder(folder);
        return {
          ...walk,
          part: (from: number, wait: boolean) => {
            const part = walk.part(from, wait);
            byHelper += part?.ends.length ?? 0;
            return part;
          },
        };
      };
      const shared = walkModule.walkFiles(join(root, 'dist'), {
        ...pageFilesModule.PAGE_FILES,
        share,
      });
      expect(shared).toEqual(alone);
      // The helper did walk a share of the sections.
      expect(byHelper).toBeGreaterThan(0);
    } finally {
      helper.stop();
    }
  });

  it('shares the source scan and the head reads between two threads, in list order', async () => {
    const root = await makeLargeSite();
    const sources = [{ dir: join(root, 'src/content'), route: '/' }];
    // The user's own date fields reach the helper thread as plain data.
    const FIELDS = { modified: ['revised'] };
    const helper = helperModule.HelperThread.start(sources, root, FIELDS);
    expect(helper).not.toBeNull();
    try {
      const table = await helper?.sources();
      const rows = Array.from({ length: table?.size ?? 0 }, (_, row) => table?.row(row));
      const alone = sourcesModule.scanSources(sources, root, FIELDS);
      expect(rows).toEqual(Array.from({ length: alone.size }, (_, row) => alone.row(row)));
      expect(table?.problems).toEqual(alone.problems);
      expect(rows.length).toBe(PAGES - Math.ceil(PAGES / 3));
      expect(rows.filter((f) => f?.meta?.modified?.field === 'revised').length).toBeGreaterThan(
        100,
      );

      const files = Array.from({ length: PAGES }, (_, i) => `${routeOf(i)}/index.html`);
      files[1234] = 'missing/index.html'; // an unreadable page: its error comes back in place
      // The pages as a build gives them: rows of a page table, in the list's order.
      const pages = new tableModule.PageTable('https://example.com/');
      for (const file of files)
        pages.add(file, `https://example.com/${file.replace(/index\.html$/, '')}`);
      const list = new listModule.PageList(pages, Uint32Array.from(files.keys()));
      const job = {
        outDir: join(root, 'dist'),
        ...pages.fileColumns(list),
        rules: { noindex: true, canonical: true, redirect: true, hreflang: true },
      };
      // Each outcome comes with its index, in list order, whichever thread read it.
      const outcomes: unknown[] = [];
      await helper?.heads(job, (outcome, index) => {
        expect(index).toBe(outcomes.length);
        outcomes.push(outcome);
      });
      expect(outcomes).toEqual(headsModule.judgeHeadRange(job, 0, files.length));
      expect(outcomes[1234]).toMatchObject({ error: expect.stringContaining('ENOENT') });
      expect(outcomes[37]).toMatchObject({ excluded: 'noindex' });

      // Two helpers and none of it here (a large site's heads): the same, in the same order.
      // Helpers of their own, which scan no sources: a read that fails leaves its helpers busy.
      const first = helperModule.HelperThread.start([], root, null);
      const second = helperModule.HelperThread.start([], root, null);
      expect(first && second).toBeTruthy();
      const two = { others: second ? [second] : [], share: false };
      try {
        const byHelpers: unknown[] = [];
        const judgedHere = await first?.heads(
          job,
          (outcome, index) => {
            expect(index).toBe(byHelpers.length);
            byHelpers.push(outcome);
          },
          two,
        );
        expect(byHelpers).toEqual(outcomes);
        expect(judgedHere).toBe(0);
        // A failure from either helper's part fails the read with its error; nothing after it
        // is taken, and the helpers are stopped (what they still post would be another read's).
        let took = 0;
        const stops = first?.heads(
          job,
          (_, index) => {
            took = index + 1;
            if (index === 2000) throw new Error('page 2000 is bad');
          },
          two,
        );
        await expect(stops).rejects.toThrow('page 2000 is bad');
        expect(took).toBe(2001);
        await expect(first?.heads(job, () => {}, two)).rejects.toThrow(/helper thread failed/);
      } finally {
        first?.stop();
        second?.stop();
      }

      // What throws as an outcome is taken (a bad page in a strict build) fails the read with
      // that error, wherever it came from, and no outcome after it is taken.
      let taken = 0;
      const failing = helper?.heads(job, (_, index) => {
        taken = index + 1;
        if (index === files.length - 3) throw new Error(`page ${index} is bad`);
      });
      await expect(failing).rejects.toThrow(`page ${files.length - 3} is bad`);
      expect(taken).toBe(files.length - 2);
    } finally {
      helper?.stop();
    }
  });
});

describe('the git thread', () => {
  it('reads the same history as this thread, and says why when there is none', async () => {
    const gitThread = (await import(
      new URL('parallel/git-thread.js', DIST).href
    )) as typeof import('../../src/parallel/git-thread.js');
    const root = await makeLargeSite();
    const request = { dirs: [join(root, 'src/content')], ignoreRevs: [], root };
    const threaded = gitThread.startGitDates(request, true);
    const here = gitThread.startGitDates(request, false);
    const [a, b] = await Promise.all([threaded.dates, here.dates]);
    threaded.stop();
    expect(a.dates.size).toBeGreaterThan(3_000);
    // The paths and times come across whole, in the order they were read.
    expect([...a.dates.entries()]).toEqual([...b.dates.entries()]);
    const cutOf = (dates: typeof a) =>
      Array.from({ length: dates.cut.size }, (_, row) => dates.cut.get(row));
    expect(cutOf(a)).toEqual(cutOf(b));
    expect({ ...a, dates: null, cut: null }).toEqual({ ...b, dates: null, cut: null });
    const outside = await makeTree({ 'content/a.md': 'a' });
    const none = gitThread.startGitDates(
      { dirs: [join(outside, 'content')], ignoreRevs: [], root: outside },
      true,
    );
    expect((await none.dates).unavailable).toBe('no source folder is inside a git repository');
  });
});
