import { describe, expect, it } from 'vitest';
import { PageList } from '../../src/columns/page-list.js';
import { PageTable, type PageView } from '../../src/columns/page-table.js';
import { StringColumn } from '../../src/columns/string-column.js';
import { headJobData, headJobFrom, judgeHeadRange } from '../../src/select/judge-heads.js';
import { naturalCompare, naturalCompareBytes } from '../../src/url/natural-compare.js';
import { makeTree, page } from '../helpers/fixture.js';

const sign = (n: number) => Math.sign(n);

/** Strings that stress the natural order: digit runs, leading zeros, ends, non-ASCII. */
function samples(): string[] {
  const parts = [
    '',
    'a',
    'b',
    'A',
    '-',
    '/',
    '.',
    '%2F',
    '0',
    '00',
    '007',
    '7',
    '10',
    '9',
    'é',
    '日',
    '😀',
    'z9',
  ];
  const out = new Set<string>([
    'https://e.com/',
    'https://e.com/page-2/',
    'https://e.com/page-10/',
  ]);
  // Every pair and some triples: small enough to compare every pair of them.
  for (const a of parts) for (const b of parts) out.add(a + b);
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed;
  };
  for (let i = 0; i < 400; i++) {
    let s = '';
    for (let k = next() % 5; k >= 0; k--) s += parts[next() % parts.length];
    out.add(s);
  }
  return [...out];
}

describe('naturalCompareBytes', () => {
  it('orders UTF-8 bytes as naturalCompare orders the strings, for every pair', () => {
    const values = samples();
    const bytes = values.map((v) => Buffer.from(v, 'utf8'));
    let pairs = 0;
    for (let i = 0; i < values.length; i++) {
      for (let j = 0; j < values.length; j++) {
        const a = bytes[i] as Buffer;
        const b = bytes[j] as Buffer;
        const expected = sign(naturalCompare(values[i] as string, values[j] as string));
        const got = sign(naturalCompareBytes(a, 0, a.length, b, 0, b.length));
        if (got !== expected)
          throw new Error(`${values[i]} vs ${values[j]}: ${got}, want ${expected}`);
        pairs++;
      }
    }
    expect(pairs).toBeGreaterThan(100_000);
  });

  it('reads a range in place, not the whole buffer', () => {
    const buffer = Buffer.from('xxpage-10yypage-9zz');
    expect(sign(naturalCompareBytes(buffer, 2, 9, buffer, 11, 17))).toBe(1);
    expect(naturalCompareBytes(buffer, 2, 6, buffer, 11, 15)).toBe(0);
  });
});

describe('PageTable', () => {
  it('reads back through a view what was written through it, field by field', () => {
    const table = new PageTable();
    const page = table.add('blog/façade/index.html', 'https://e.com/blog/fa%C3%A7ade/');
    expect(page.file).toBe('blog/façade/index.html');
    expect(page.url).toBe('https://e.com/blog/fa%C3%A7ade/');
    expect(page.lastmodFrom).toBe('none');
    expect(page.lastmod).toBeUndefined();
    page.source = 'src/content/blog/façade.md';
    page.lastmod = '2024-05-01';
    page.lastmodFrom = 'frontmatter:updatedDate';
    page.changefreq = 'weekly';
    page.priority = 0.7;
    page.links = [{ lang: 'fr', url: 'https://e.com/fr/' }];
    page.sitemap = 'sitemap-0-abc.xml';
    page.url = 'https://e.com/blog/other/';
    const again = table.view(page.row);
    expect(PageTable.record(again)).toEqual({
      file: 'blog/façade/index.html',
      url: 'https://e.com/blog/other/',
      source: 'src/content/blog/façade.md',
      lastmod: '2024-05-01',
      lastmodFrom: 'frontmatter:updatedDate',
      changefreq: 'weekly',
      priority: 0.7,
      links: [{ lang: 'fr', url: 'https://e.com/fr/' }],
      sitemap: 'sitemap-0-abc.xml',
    });
    // A field set to undefined is gone from the record, not there as undefined.
    again.lastmod = undefined;
    again.links = undefined;
    again.priority = undefined;
    const record = PageTable.record(again);
    expect(Object.keys(record)).not.toContain('lastmod');
    expect(Object.keys(record)).not.toContain('links');
    expect(Object.keys(record)).not.toContain('priority');
    // A page listed by URL has no file.
    expect(table.add(null, 'https://e.com/custom').file).toBeNull();
  });

  it('keeps each page its own values among many', () => {
    const table = new PageTable();
    const reasons = ['noindex', 'canonical', undefined] as const;
    for (let i = 0; i < 5_000; i++) {
      const page = table.add(`p/${i}.html`, `https://e.com/p/${i}`);
      page.excluded = reasons[i % 3];
      if (i % 5 === 0) page.lastmod = `2024-01-${String((i % 28) + 1).padStart(2, '0')}`;
    }
    for (let i = 0; i < 5_000; i++) {
      const page = table.view(i);
      expect(page.url).toBe(`https://e.com/p/${i}`);
      expect(page.excluded).toBe(reasons[i % 3]);
      expect(page.lastmod).toBe(
        i % 5 === 0 ? `2024-01-${String((i % 28) + 1).padStart(2, '0')}` : undefined,
      );
    }
  });

  it('keeps as many distinct values of a coded field as there are pages', () => {
    // A sitemap per page (one URL a file) and a priority per page: past one byte, and two.
    const table = new PageTable();
    const count = 70_000;
    for (let i = 0; i < count; i++) {
      const page = table.add(`${i}.html`, `https://e.com/${i}`);
      page.sitemap = `sitemap-${i}.xml`;
      page.priority = i / count;
    }
    for (const i of [0, 254, 255, 256, 65_535, 65_536, count - 1]) {
      expect(table.view(i).sitemap).toBe(`sitemap-${i}.xml`);
      expect(table.view(i).priority).toBe(i / count);
    }
  });

  it('orders its pages by URL, then by file, as the strings sort', () => {
    const table = new PageTable();
    const pages: Array<[string, string]> = [
      ['b/index.html', 'https://e.com/b/'],
      ['page-10.html', 'https://e.com/page-10'],
      ['page-9.html', 'https://e.com/page-9'],
      ['b.html', 'https://e.com/b/'],
      ['über/index.html', 'https://e.com/%C3%BCber/'],
      ['index.html', 'https://e.com/'],
    ];
    for (const [file, url] of pages) table.add(file, url);
    const expected = [...pages]
      .sort((a, b) => naturalCompare(a[1], b[1]) || naturalCompare(a[0], b[0]))
      .map(([file]) => file);
    expect(table.order().map((p) => p.file)).toEqual(expected);
    // Two files at one URL: the file order decides.
    expect(expected.indexOf('b.html')).toBe(expected.indexOf('b/index.html') - 1);
  });

  it('keeps the base URL once, and orders URLs with it and without it as their strings', () => {
    for (const base of ['https://e.com/', 'https://e.com/v2']) {
      const table = new PageTable(base);
      const pages: Array<[string | null, string]> = [
        ['b.html', 'https://e.com/b'],
        ['root.html', 'https://e.com'],
        ['a10.html', 'https://e.com/a-10'],
        ['a9.html', 'https://e.com/a-9'],
        ['v2.html', 'https://e.com/v2/x'],
        ['v10.html', 'https://e.com/v10/x'],
        ['out.html', 'https://other.org/x'],
      ];
      const views = pages.map(([file, url]) => table.add(file, url));
      // Set again out of order, and a page with no file: each field leaves its direct mode.
      (views[0] as PageView).url = 'https://e.com/a-09';
      pages[0] = ['b.html', 'https://e.com/a-09'];
      table.add(null, 'https://e.com/a-9');
      pages.push([null, 'https://e.com/a-9']);
      table.add('late.html', 'https://e.com/late');
      pages.push(['late.html', 'https://e.com/late']);
      pages.forEach(([file, url], row) => {
        expect(table.view(row).file).toBe(file);
        expect(table.view(row).url).toBe(url);
      });
      const expected = pages
        .map(([file, url], row) => ({ file, url, row }))
        .sort((a, b) => naturalCompare(a.url, b.url) || naturalCompare(a.file ?? '', b.file ?? ''))
        .map((p) => p.row);
      expect(table.order().map((p) => p.row)).toEqual(expected);
    }
  });

  it('sorts a list of pages over their bytes as the strings sort, pages at one URL in their order', () => {
    const table = new PageTable();
    const urls = [
      'https://e.com/x-10',
      'https://e.com/x-9',
      'https://e.com/x-09',
      'https://e.com/',
      'https://e.com/x-9',
    ];
    const list = new PageList(table);
    for (const [i, url] of urls.entries()) list.push(table.add(`${i}.html`, url));
    list.sortByUrl();
    expect([...list.urls]).toEqual([...urls].sort(naturalCompare));
    expect([...list.urls]).toEqual([
      'https://e.com/',
      'https://e.com/x-9',
      'https://e.com/x-9',
      'https://e.com/x-09',
      'https://e.com/x-10',
    ]);
    // Stable: of the two pages at one URL, the one listed first stays first.
    expect(list.map((page) => page.file)).toEqual([
      '3.html',
      '1.html',
      '4.html',
      '2.html',
      '0.html',
    ]);
  });

  it('gives a head job its own columns, in shared memory, until a URL is set again', async () => {
    const root = await makeTree({
      'a/index.html': page('<meta name="robots" content="noindex">'),
      'b/index.html': page('<link rel="canonical" href="https://e.com/b">'),
      'c/index.html': page('<link rel="alternate" hreflang="de" href="https://e.com/de/c/">'),
      'café/index.html': page('<meta name="robots" content="noindex">'),
      'd.html': page('<link rel="canonical" href="https://e.com/d">'),
      'e.html': page(),
    });
    const table = new PageTable('https://e.com/');
    const views = [
      ...['c', 'a', 'b'].map((name) => table.add(`${name}/index.html`, `https://e.com/${name}/`)),
      table.add('café/index.html', 'https://e.com/caf%C3%A9/'),
      table.add('d.html', 'https://e.com/d.html'),
      table.add('e.html', 'https://e.com/e'),
    ];
    const picked = new PageList(table, Uint32Array.from([2, 0, 1, 3, 4, 5]));
    const columns = table.fileColumns(picked);
    expect(columns.urlPrefix).toBe('https://e.com/');
    expect([...columns.rows]).toEqual([2, 0, 1, 3, 4, 5]);
    expect(columns.rows.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(columns.urls.get(2)).toBe('b/');
    // Files their URLs tell are a code each; only the one with an encoded character is kept.
    const files = columns.files;
    expect([...files.codes]).toEqual([1, 1, 1, 0, 3, 2]);
    expect(files.codes.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(files.kept.size).toBe(1);
    expect(views.map((view) => view.file)).toEqual([
      'c/index.html',
      'a/index.html',
      'b/index.html',
      'café/index.html',
      'd.html',
      'e.html',
    ]);
    const rules = { noindex: true, canonical: true, redirect: true, hreflang: true };
    // The same pages as plain strings, each file kept as it is: row i is page i.
    const kept = new StringColumn();
    const urls = new StringColumn();
    const places = Int32Array.from(picked.map((p) => kept.push(p.file as string) << 1));
    for (const p of picked) urls.push(p.url);
    const plain = {
      outDir: root,
      files: { kept, codes: new Uint8Array(6), places },
      urls,
      urlPrefix: '',
      rows: Uint32Array.from([0, 1, 2, 3, 4, 5]),
      rules,
    };
    const expected = judgeHeadRange(plain, 0, 6);
    expect(expected[2]).toMatchObject({ excluded: 'noindex' });
    expect(expected[1]).toMatchObject({ alternates: [{ lang: 'de', url: 'https://e.com/de/c/' }] });
    expect(expected[0]).toMatchObject({ canonicalForm: 'https://e.com/b' });
    expect(expected[3]).toMatchObject({ excluded: 'noindex' });
    expect(expected[4]).toMatchObject({ canonicalForm: 'https://e.com/d' });
    expect(expected[5]).toBeNull();
    expect(judgeHeadRange({ outDir: root, ...columns, rules }, 0, 6)).toEqual(expected);
    // Read by another thread: the job as it is posted, its columns' bytes not copied.
    const posted = structuredClone(headJobData({ outDir: root, ...columns, rules }));
    const chunk = posted.files.kept.chunks[0];
    expect(chunk?.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(judgeHeadRange(headJobFrom(posted), 1, 6)).toEqual(expected.slice(1));

    // A URL set again (a canonical rename): the table's column no longer says every page's URL.
    (views[1] as PageView).url = 'https://e.com/a-new/';
    const copied = table.fileColumns(picked);
    expect(copied.files.kept).not.toBe(columns.files.kept);
    expect([...copied.files.codes]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(copied.urlPrefix).toBe('');
    expect([...copied.rows].map((row) => copied.urls.get(row)).slice(0, 3)).toEqual([
      'https://e.com/b/',
      'https://e.com/c/',
      'https://e.com/a-new/',
    ]);
    expect(judgeHeadRange({ outDir: root, ...copied, rules }, 3, 6)).toEqual(expected.slice(3));
    // The file of a page renamed is still the one it was added with.
    expect((views[1] as PageView).file).toBe('a/index.html');
  });

  it('takes a subset as the list itself when every page is in it, else its rows alone', () => {
    const table = new PageTable('https://example.com/');
    for (const name of ['a', 'b', 'c', 'd'])
      table.add(`${name}/index.html`, `https://example.com/${name}/`);
    table.view(2).file = null;
    const shared = PageList.shared(table);
    for (let row = 0; row < 4; row++) shared.push(table.view(row));
    expect(shared.subset(() => true)).toBe(shared);
    const withFile = shared.subset((page) => page.hasFile);
    expect(Array.from(withFile.rows)).toEqual([0, 1, 3]);
    expect(withFile.rows.buffer).toBeInstanceOf(SharedArrayBuffer);
    const plain = new PageList(table, Uint32Array.from([3, 2, 1]));
    const odd = plain.subset((page) => page.row % 2 === 1);
    expect(Array.from(odd.rows)).toEqual([3, 1]);
    expect(odd.rows.buffer).not.toBeInstanceOf(SharedArrayBuffer);
  });
});
