import { describe, expect, it } from 'vitest';
import { StringColumn } from '../../src/columns/string-column.js';
import { NO_SOURCE, type SourceFile, SourceTable } from '../../src/discover/source-table.js';

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
    const column = new StringColumn({ shared: true });
    // 1,024 rows of 1 KiB fill the first chunk to its last byte; then an empty row, a row, an
    // empty row as the last.
    const values = Array.from({ length: 1024 }, (_, i) => String(i % 10).repeat(1024));
    values.push('', 'é', 'b'.repeat(1023), '');
    for (const value of values) column.push(value);
    for (const read of [column, StringColumn.fromData(structuredClone(column.toData()))]) {
      expect(read.size).toBe(values.length);
      values.forEach((value, row) => {
        expect(read.get(row)).toBe(value);
        const bytes = Buffer.from(value);
        expect(read.sameBytes(row, bytes, bytes.length)).toBe(true);
      });
      expect(read.sameRows(1023, 1013)).toBe(true);
      expect(read.sameRows(1024, 1027)).toBe(true);
      expect(read.sameRows(1023, 1024)).toBe(false);
    }
    expect(column.toData().ends).toEqual([2 ** 20, 2 + 1023]);
  });

  it('takes an empty string as its first row', () => {
    const column = new StringColumn();
    expect(column.push('')).toBe(0);
    expect(column.push('a')).toBe(1);
    expect([column.get(0), column.get(1)]).toEqual(['', 'a']);
  });

  it('is read by another thread from the same shared bytes when made shared', () => {
    const column = new StringColumn({ shared: true });
    const values = Array.from({ length: 40_000 }, (_, i) => `docs/page-${i}/façade-${i % 13}.md`);
    for (const value of values) column.push(value);
    const data = structuredClone(column.toData());
    expect(data.chunks.length).toBeGreaterThan(1);
    for (const chunk of data.chunks) expect(chunk.buffer).toBeInstanceOf(SharedArrayBuffer);
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

describe('SourceTable', () => {
  it('finds a source by its route key; the first row with a key wins', () => {
    const table = new SourceTable();
    table.append({
      files: [
        source('src/a.md', '/a', 10),
        source('src/b/index.md', '/b', 20),
        source('other/a.md', '/a', 30),
        source('src/日本.md', '/日本', 40),
      ],
      problems: ['one'],
    });
    table.append({ files: [source('late.md', '/late', 50)], problems: ['two'] });
    expect(table.size).toBe(5);
    expect(table.find('/a')).toBe(0);
    expect(table.find('/b')).toBe(1);
    expect(table.find('/日本')).toBe(3);
    expect(table.find('/late')).toBe(4);
    expect(table.find('/none')).toBe(NO_SOURCE);
    expect(table.find('/a/')).toBe(NO_SOURCE);
    expect(table.rel(3)).toBe('src/日本.md');
    expect(table.mtimeMs(2)).toBe(30);
    expect(table.problems).toEqual(['one', 'two']);
  });

  it('falls back to the lenient key of a source a framework would slugify', () => {
    const table = new SourceTable();
    table.append({ files: [source('src/My Post.md', '/My Post')], problems: [] });
    expect(table.find('/my-post')).toBe(0);
    expect(table.find('/my-other-post')).toBe(NO_SOURCE);
  });

  it('keeps frontmatter only for the rows that have it, and reads a row back whole', () => {
    const table = new SourceTable();
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
    table.append({
      files: [
        source('a.md', '/a'),
        { ...source('b.md', '/b'), meta },
        { ...source('c.md', '/c'), frontmatterError: { message: 'bad', line: 3 } },
        { ...source('d.md', '/d'), meta: dated },
        { ...source('e.md', '/e'), meta: bare },
        { ...source('f.md', '/f'), meta: { ...bare, exclude: true, priority: 0.8, slug: 'x' } },
      ],
      problems: [],
    });
    expect(table.meta(0)).toBeUndefined();
    expect(table.meta(1)).toEqual(meta);
    expect(table.meta(3)).toEqual(dated);
    expect(table.meta(4)).toEqual(bare);
    expect(table.meta(5)).toEqual({ ...bare, exclude: true, priority: 0.8, slug: 'x' });
    expect(table.frontmatterError(2)).toEqual({ message: 'bad', line: 3 });
    expect(table.row(2)).toEqual({
      rel: 'c.md',
      key: '/c',
      mtimeMs: 1,
      meta: undefined,
      frontmatterError: { message: 'bad', line: 3 },
    });
  });

  it('finds every one of many keys, rows appended after a lookup included', () => {
    const table = new SourceTable();
    const files = Array.from({ length: 20_000 }, (_, i) => source(`p/${i}.md`, `/p/${i}`, i));
    table.append({ files: files.slice(0, 10_000), problems: [] });
    expect(table.find('/p/9999')).toBe(9999);
    table.append({ files: files.slice(10_000), problems: [] });
    for (let i = 0; i < files.length; i += 7) expect(table.find(`/p/${i}`)).toBe(i);
    expect(table.find('/p/20000')).toBe(NO_SOURCE);
  });
});
