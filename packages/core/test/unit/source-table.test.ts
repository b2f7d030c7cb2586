import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MAPS_BLOCKS } from '../../src/columns/native-memory.js';
import { PageTable } from '../../src/columns/page-table.js';
import { PathColumn } from '../../src/columns/path-column.js';
import { LARGE_CHUNK, StringColumn } from '../../src/columns/string-column.js';
import { keyFor, type SourceList } from '../../src/discover/source-list.js';
import {
  NO_SOURCE,
  type SourceFile,
  type SourceScan,
  SourceTable,
} from '../../src/discover/source-table.js';

// `gc` for the test that a table is let go: exposed now, read from a new context.
setFlagsFromString('--expose-gc');

function source(rel: string, key: string, mtimeMs = 1): SourceFile {
  return { rel, key, mtimeMs, meta: undefined, frontmatterError: undefined };
}

describe('StringColumn', () => {
  it('gives back every row as it was pushed, across chunks, whatever its characters', () => {
    const column = new StringColumn();
    const values: string[] = [];
    // ~3 MiB of rows: several chunks, rows of 1 to 4 bytes a character.
    for (let i = 0; i < 60_000; i++) {
      const value = `blog/${i % 7 === 0 ? 'façade-日本語-😀' : 'post'}-${i}/${'x'.repeat(i % 40)}`;
      values.push(value);
      expect(column.push(value)).toBe(i);
    }
    const long = 'y'.repeat(2 ** 20 + 5); // larger than a chunk: a chunk of its own
    values.push(long);
    column.push(long);
    column.push('');
    values.push('');
    expect(column.size).toBe(values.length);
    values.forEach((value, row) => {
      expect(column.get(row)).toBe(value);
    });
  });

  it('ends each row where the next starts, at the edge of a full chunk too', () => {
    // A chunk below a block's size (`chunkSize`): 512 rows of 1 KiB fill it to its last byte;
    // then an empty row, a row, an empty row as the last.
    const column = new StringColumn({ shared: true, firstChunk: 2 ** 19 });
    const values = Array.from({ length: 512 }, (_, i) => String(i % 10).repeat(1024));
    values.push('', 'é', 'b'.repeat(1023), '');
    for (const value of values) column.push(value);
    for (const read of [column, StringColumn.fromData(structuredClone(column.toData()))]) {
      expect(read.size).toBe(values.length);
      values.forEach((value, row) => {
        expect(read.get(row)).toBe(value);
        const bytes = Buffer.from(value);
        expect(read.sameBytes(row, bytes, bytes.length)).toBe(true);
      });
      expect(read.sameRows(511, 501)).toBe(true);
      expect(read.sameRows(512, 515)).toBe(true);
      expect(read.sameRows(511, 512)).toBe(false);
    }
    expect(column.toData().ends).toEqual([2 ** 19, 2 + 1023]);
  });

  it('makes four chunks of a size, each size twice the last, then chunks of 32 MiB', () => {
    // Shared: its data holds the chunks themselves, whole.
    const column = new StringColumn({ shared: true, firstChunk: 1024 });
    const values = Array.from(
      { length: 500 },
      (_, i) => `${String(i).padStart(4, '0')}${'z'.repeat(96)}`,
    );
    for (const value of values) column.push(value);
    const sizes = column.toData().chunks.map((chunk) => chunk.byteLength);
    // 10 rows of 100 bytes a 1 KiB chunk, 20 a 2 KiB one, 40 a 4 KiB one, 81 an 8 KiB one.
    expect(sizes).toEqual([
      ...[1024, 1024, 1024, 1024],
      ...[2048, 2048, 2048, 2048],
      ...[4096, 4096, 4096, 4096],
      ...[8192, 8192, 8192],
    ]);
    values.forEach((value, row) => {
      expect(column.get(row)).toBe(value);
    });
    const large = new StringColumn({ shared: true, firstChunk: LARGE_CHUNK });
    large.push('blog/post/');
    expect(large.toData().chunks.map((chunk) => chunk.byteLength)).toEqual([2 ** 25]);
    // A chunk that would be a mapped block of its own (1 MiB, the default first, on 64-bit
    // Linux) is the largest.
    const block = MAPS_BLOCKS ? 2 ** 25 : 2 ** 20;
    const byDefault = new StringColumn({ shared: true });
    byDefault.push('blog/post/');
    expect(byDefault.toData().chunks.map((chunk) => chunk.byteLength)).toEqual([block]);
    const halfMiB = new StringColumn({ shared: true, firstChunk: 2 ** 19 });
    for (let i = 0; i < 5; i++) halfMiB.push('x'.repeat(2 ** 19));
    expect(halfMiB.toData().chunks.map((chunk) => chunk.byteLength)).toEqual([
      ...[2 ** 19, 2 ** 19, 2 ** 19, 2 ** 19],
      block,
    ]);
    expect(new StringColumn({ firstChunk: 2 ** 30 }).push('a')).toBe(0);
  });

  it('posts a copy of the bytes its chunks hold when not shared, its chunks when shared', () => {
    const values = ['blog/a/', 'blog/b/', 'über/'];
    const plain = new StringColumn();
    const shared = new StringColumn({ shared: true });
    for (const value of values) {
      plain.push(value);
      shared.push(value);
    }
    const bytes = Buffer.byteLength(values.join(''));
    const posted = structuredClone(plain.toData());
    expect(posted.chunks.map((chunk) => chunk.buffer.byteLength)).toEqual([bytes]);
    expect(structuredClone(shared.toData()).chunks[0]?.buffer).toBeInstanceOf(SharedArrayBuffer);
    for (const data of [posted, structuredClone(shared.toData())]) {
      const read = StringColumn.fromData(data);
      expect(values.map((_, row) => read.get(row))).toEqual(values);
    }
  });

  it('takes an empty string as its first row', () => {
    const column = new StringColumn();
    expect(column.push('')).toBe(0);
    expect(column.push('a')).toBe(1);
    expect([column.get(0), column.get(1)]).toEqual(['', 'a']);
  });

  it('is read by another thread from the same shared bytes when made shared', () => {
    const column = new StringColumn({ shared: true, firstChunk: 2 ** 16 });
    const values = Array.from({ length: 40_000 }, (_, i) => `docs/page-${i}/façade-${i % 13}.md`);
    for (const value of values) column.push(value);
    const data = structuredClone(column.toData());
    expect(data.chunks.length).toBeGreaterThan(1);
    for (const chunk of data.chunks) expect(chunk.buffer).toBeInstanceOf(SharedArrayBuffer);
    // Where rows start is shared too: a posted message holds no copy of it.
    expect(data.places.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(new StringColumn().toData().places.buffer).toBeInstanceOf(ArrayBuffer);
    const read = StringColumn.fromData(data);
    expect(read.size).toBe(values.length);
    values.forEach((value, row) => {
      expect(read.get(row)).toBe(value);
    });
  });

  it('compares rows by their bytes', () => {
    const column = new StringColumn();
    column.push('/a/é');
    column.push('/a/e');
    column.push('/a/é');
    expect(column.sameRows(0, 2)).toBe(true);
    expect(column.sameRows(0, 1)).toBe(false);
    expect(column.hashRow(0)).toBe(column.hashRow(2));
  });
});

describe('PathColumn', () => {
  it('gives back every path as a string column would, each folder kept once a run', () => {
    const paths = [
      'a.md',
      'blog/x.md',
      'blog/y.md',
      'blog/deep/z.md',
      'blog/w.md',
      'café/日本語/😀.md',
      '/lead.md',
      'two//slashes.md',
      '',
      'docs/a/index.md',
    ];
    for (let i = 0; i < 3000; i++) paths.push(`docs/area-${i % 7}/page-${i}.md`);
    const column = new PathColumn({ shared: true, firstChunk: 1024 });
    paths.forEach((path, row) => {
      expect(column.push(path)).toBe(row);
    });
    const copy = PathColumn.fromData(structuredClone(column.toData()));
    for (const read of [column, copy]) {
      expect(read.size).toBe(paths.length);
      const out = Buffer.alloc(64);
      paths.forEach((path, row) => {
        const bytes = Buffer.from(path);
        expect(read.get(row)).toBe(path);
        expect(read.byteLength(row)).toBe(bytes.length);
        expect(read.copyRow(row, out, 3)).toBe(bytes.length);
        expect(out.subarray(3, 3 + bytes.length).equals(bytes)).toBe(true);
      });
    }
    // A folder's path once for each run of its rows: `blog` twice (the walk came back to it).
    const data = column.toData();
    expect(data.folders.places.length).toBe(9 + 3000);
    expect(new Set(data.folderOf).size).toBe(data.folders.places.length);
    // Made shared, it is posted without a copy of any of its arrays.
    for (const array of [data.folderOf, data.folders.places, data.names.places])
      expect(array.buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});

/** A list of `files`, each `[folder, path in it]`, in folders `{ relDir, route }`. */
function listOf(
  folders: Array<{ relDir: string; route: string }>,
  files: Array<[number, string]>,
  problems: string[] = [],
): SourceList {
  const paths = new PathColumn();
  for (const [, path] of files) paths.push(path);
  return {
    folders: Uint32Array.from(files, ([folder]) => folder),
    relDirs: folders.map((f) => f.relDir),
    routes: folders.map((f) => f.route),
    paths,
    problems,
  };
}

/** What a scan of the list from `from` read: `mtimes` (NaN: unreadable), and the rest. */
function scanOf(from: number, mtimes: number[], rest: Partial<SourceScan> = {}): SourceScan {
  return {
    from,
    mtimes: Float64Array.from(mtimes),
    metas: new Map(),
    errors: new Map(),
    problems: [],
    ...rest,
  };
}

const SRC = { relDir: 'src', route: '/' };

describe('SourceTable', () => {
  it('finds a source by its route key; the first row with a key wins', () => {
    const list = listOf(
      [SRC, { relDir: 'other', route: '/' }],
      [
        [0, 'a.md'],
        [0, 'b/index.md'],
        [1, 'a.md'],
        [0, '日本.md'],
      ],
      ['listed'],
    );
    const table = new SourceTable(list);
    table.fill(scanOf(0, [10, 20, 30, 40], { problems: ['one'] }));
    table.appendNamed({ files: [source('late.md', '/late', 50)], problems: ['two'] });
    expect(table.size).toBe(5);
    expect(table.find('/a')).toBe(0);
    expect(table.find('/b')).toBe(1);
    expect(table.find('/日本')).toBe(3);
    expect(table.find('/late')).toBe(4);
    expect(table.find('/none')).toBe(NO_SOURCE);
    expect(table.find('/a/')).toBe(NO_SOURCE);
    // A key in bytes, within a larger buffer (a URL read from its column), as it is.
    const url = Buffer.from('https://e.com/日本/late/b/none');
    const at = (key: string) => url.indexOf(key);
    const bytes = (key: string) =>
      table.findExactBytes(url, at(key), at(key) + Buffer.byteLength(key));
    expect([bytes('/日本'), bytes('/late'), bytes('/b'), bytes('/none')]).toEqual([
      3,
      4,
      1,
      NO_SOURCE,
    ]);
    expect(table.rel(3)).toBe('src/日本.md');
    expect(table.rel(2)).toBe('other/a.md');
    expect(table.mtimeMs(2)).toBe(30);
    expect(table.problems).toEqual(['listed', 'one', 'two']);
  });

  it("gives each row's path in bytes as rel gives it, from a folder at the root too", () => {
    const list = listOf(
      [SRC, { relDir: '', route: '/' }],
      [
        [0, 'a.md'],
        [1, 'b/日本.md'],
        [0, `deep/${'x'.repeat(300)}.md`],
        [1, 'top.md'],
      ],
    );
    const table = new SourceTable(list);
    table.fill(scanOf(0, [10, 20, 30, 40]));
    table.appendNamed({ files: [source('pages/late.md', '/late', 50)], problems: [] });
    const rels = [
      'src/a.md',
      'b/日本.md',
      `src/deep/${'x'.repeat(300)}.md`,
      'top.md',
      'pages/late.md',
    ];
    rels.forEach((rel, row) => {
      expect(table.rel(row)).toBe(rel);
      expect(table.paths.relBytes(row).toString('utf8')).toBe(rel);
    });
  });

  it('tells every listed key from the path as keyFor does, over bytes or not', () => {
    const folders = [
      { relDir: 'src/content', route: '/' },
      { relDir: '', route: '/blog' },
      { relDir: 'docs', route: '/文档' },
    ];
    const paths = [
      'a.md',
      'index.md',
      'INDEX.MD',
      'Index.markdown',
      'x/index.md',
      'x/indexes.md',
      'x/y.en.md',
      'x/my index.md',
      'deep/a/b/c/index.mdx',
      'façade.md',
      'über/index.md',
      'e\u0301t\u00e9.md',
      'x..md',
      'in.dex/a.md',
    ];
    const files: Array<[number, string]> = [];
    for (let folder = 0; folder < folders.length; folder++)
      for (const path of paths) files.push([folder, path]);
    const table = new SourceTable(listOf(folders, files));
    table.fill(
      scanOf(
        0,
        files.map(() => 1),
      ),
    );
    files.forEach(([folder, path], row) => {
      const key = keyFor(folders[folder]?.route as string, path);
      expect(table.key(row)).toBe(key);
      // The first row with the key: the same path in an earlier folder may share it.
      expect(table.find(key)).toBe(
        files.findIndex(([f, p]) => keyFor(folders[f]?.route as string, p) === key),
      );
    });
    expect(table.find('/blog')).toBe(paths.length + 1);
    expect(table.find('/blog/x')).toBe(paths.length + 4);
  });

  it('finds no source that could not be read, and counts only those read', () => {
    const table = new SourceTable(
      listOf(
        [SRC, { relDir: 'more', route: '/' }],
        [
          [0, 'a.md'],
          [1, 'a.md'],
          [0, 'b.md'],
        ],
      ),
    );
    table.fill(scanOf(0, [Number.NaN, 2, Number.NaN], { problems: ['src/a.md: gone'] }));
    expect(table.size).toBe(3);
    expect(table.found).toBe(1);
    expect([table.has(0), table.has(1), table.has(2)]).toEqual([false, true, false]);
    expect(table.find('/a')).toBe(1);
    expect(table.find('/b')).toBe(NO_SOURCE);
  });

  it('leaves its paths to the pages and lets the rest go once they are linked', async () => {
    const pages = new PageTable('https://e.com/');
    const page = pages.add('a/index.html', 'https://e.com/a/');
    let table: SourceTable | undefined = new SourceTable(listOf([SRC], [[0, 'a.md']]));
    table.fill(scanOf(0, [1]));
    table.appendNamed({ files: [source('extra/b.md', '/b')], problems: [] });
    pages.linkSource(page.row, table.paths, table.find('/a'));
    const gone = new WeakRef(table);
    table = undefined;
    const gc = runInNewContext('gc') as () => void;
    for (let i = 0; i < 5 && gone.deref() !== undefined; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      gc();
    }
    expect(gone.deref()).toBeUndefined();
    expect(page.source).toBe('src/a.md');
    expect(pages.view(page.row).source).toBe('src/a.md');
  });

  it('falls back to the lenient key of a source a framework would slugify', () => {
    const table = new SourceTable(listOf([SRC], [[0, 'My Post.md']]));
    table.fill(scanOf(0, [1]));
    expect(table.find('/my-post')).toBe(0);
    expect(table.find('/my-other-post')).toBe(NO_SOURCE);
    const named = new SourceTable();
    named.appendNamed({ files: [source('src/Named Post.md', '/Named Post')], problems: [] });
    expect(named.find('/named-post')).toBe(0);
  });

  it('finds lenient keys as the rows are filled in, an exact key first', () => {
    const table = new SourceTable(
      listOf(
        [SRC],
        [
          [0, 'plain.md'],
          [0, 'Café Post.md'],
          [0, 'café-post.md'],
          [0, 'Late One.md'],
        ],
      ),
    );
    table.fill(scanOf(0, [1, 2, 3, 4]));
    expect(table.find('/plain')).toBe(0);
    expect(table.find('/café-post')).toBe(2);
    expect(table.find('/late-one')).toBe(3);
    expect(table.find('/cafe-post')).toBe(NO_SOURCE);
    // A row found unreadable later is found by no key, its lenient one included.
    table.fill(scanOf(3, [Number.NaN]));
    expect(table.find('/late-one')).toBe(NO_SOURCE);
    expect(table.find('/café-post')).toBe(2);
    table.releaseIndex();
    expect(table.find('/Late One')).toBe(NO_SOURCE);
  });

  it('keeps frontmatter only for the rows that have it, and reads a row back whole', () => {
    const meta = {
      exclude: false,
      problems: [],
      changefreq: 'daily' as const,
      modified: { value: '2024-05-01', field: 'updatedDate' },
      published: { value: '2023-01-02T10:00:00+02:00', field: 'pubDate' },
    };
    const dated = {
      exclude: false,
      problems: [],
      modified: { value: '2025-01-01', field: 'updatedDate' },
      override: { value: '2026-01-01', field: 'sitemap.lastmod' },
    };
    const bare = { exclude: false, problems: [] };
    const slugged = { ...bare, exclude: true, priority: 0.8, slug: 'x' };
    const names = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md', 'f.md'];
    const table = new SourceTable(
      listOf(
        [{ relDir: '', route: '/' }],
        names.map((n) => [0, n]),
      ),
    );
    table.fill(
      scanOf(0, [1, 1, 1, 1, 1, 1], {
        metas: new Map([
          [1, meta],
          [3, dated],
          [4, bare],
          [5, slugged],
        ]),
        errors: new Map([[2, { message: 'bad', line: 3 }]]),
      }),
    );
    expect(table.meta(0)).toBeUndefined();
    expect(table.meta(1)).toEqual(meta);
    expect(table.meta(3)).toEqual(dated);
    expect(table.meta(4)).toEqual(bare);
    expect(table.meta(5)).toEqual(slugged);
    expect(table.frontmatterError(2)).toEqual({ message: 'bad', line: 3 });
    expect(table.row(2)).toEqual({
      rel: 'c.md',
      key: '/c',
      mtimeMs: 1,
      meta: undefined,
      frontmatterError: { message: 'bad', line: 3 },
    });
    // A frontmatter `slug` gives the row its key.
    expect(table.key(5)).toBe('/x');
    expect(table.find('/x')).toBe(5);
    expect(table.find('/f')).toBe(NO_SOURCE);
  });

  it('finds every one of many keys, rows appended after a lookup included', () => {
    const count = 10_000;
    const files: Array<[number, string]> = Array.from({ length: count }, (_, i) => [0, `${i}.md`]);
    const table = new SourceTable(listOf([{ relDir: 'p', route: '/p' }], files));
    table.fill(
      scanOf(
        0,
        files.map((_, i) => i),
      ),
    );
    expect(table.find('/p/9999')).toBe(9999);
    table.appendNamed({
      files: Array.from({ length: count }, (_, i) => source(`q/${i}.md`, `/q/${i}`, i)),
      problems: [],
    });
    for (let i = 0; i < count; i += 7) {
      expect(table.find(`/p/${i}`)).toBe(i);
      expect(table.find(`/q/${i}`)).toBe(count + i);
    }
    expect(table.find('/p/20000')).toBe(NO_SOURCE);
  });

  it('takes the list once, before any named source', () => {
    const table = new SourceTable();
    table.appendNamed({ files: [source('a.md', '/a')], problems: [] });
    expect(() => table.setList(listOf([SRC], [[0, 'b.md']]))).toThrow(/list comes once/);
  });
});
