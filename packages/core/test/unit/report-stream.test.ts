import { lstat, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { streamFileAtomic } from '../../src/files/write.js';
import { renderReport, reportHead, reportPage } from '../../src/output/report.js';
import type { GenerateResult, PageRecord } from '../../src/types.js';
import { makeTree } from '../helpers/fixture.js';

function resultWith(records: PageRecord[]): Omit<GenerateResult, 'reportPath'> {
  return {
    indexUrl: 'https://example.com/sitemap-index.xml',
    files: [
      {
        kind: 'index',
        path: '/ignored/sitemap-index.xml',
        url: 'https://example.com/sitemap-index.xml',
        urlCount: 1,
        bytes: 10,
        xmlBytes: 10,
        changed: true,
      },
    ],
    pages: { found: records.length, included: 1, excluded: {}, withoutLastmod: 0, dated: {} },
    records,
    removed: [],
    warnings: [{ code: 'x', message: 'a "quoted"\nmessage' }],
  };
}

/** What the report was before it was streamed: one JSON.stringify of the whole. */
function wholeReport(result: Omit<GenerateResult, 'reportPath'>, site: string): string {
  const report = { ...reportHead(result, site), pages: [...result.records].map(reportPage) };
  return `${JSON.stringify(report, null, 2)}\n`;
}

const RECORDS: PageRecord[] = [
  {
    file: 'index.html',
    url: 'https://example.com/',
    source: 'src/index.md',
    lastmod: '2024-01-02',
    lastmodFrom: 'frontmatter:updatedDate',
    candidates: [
      { from: 'frontmatter:updatedDate', value: '2024-01-02' },
      { from: 'mtime', value: '2023-01-01T00:00:00Z' },
    ],
    sitemap: 'sitemap-0.xml',
  },
  {
    file: 'façade/日本/index.html',
    url: 'https://example.com/fa%C3%A7ade/%E6%97%A5%E6%9C%AC/',
    lastmodFrom: 'none',
    excluded: 'canonical',
    excludedDetail: 'https://example.com/"other"/\n',
  },
  { file: null, url: 'https://example.com/custom', lastmodFrom: 'option', lastmod: '2024-05-05' },
];

describe('the report, streamed', () => {
  it('is piece by piece exactly the JSON it was as one string, with no page, one or many', () => {
    for (const records of [[], RECORDS.slice(0, 1), RECORDS]) {
      const result = resultWith(records);
      const pieces = [...renderReport(result, result.records, 'https://example.com/')];
      expect(pieces.length).toBe(records.length + 2);
      expect(pieces.join('')).toBe(wholeReport(result, 'https://example.com/'));
      expect(JSON.parse(pieces.join('')).pages).toHaveLength(records.length);
    }
  });
});

describe('streamFileAtomic', () => {
  async function folder(): Promise<string> {
    return makeTree({});
  }

  it('writes the pieces, in batches, and leaves no temporary file', async () => {
    const dir = await folder();
    const path = join(dir, 'report.json');
    const pieces = Array.from({ length: 5000 }, (_, i) => `piece ${i} é日😀\n`);
    expect(await streamFileAtomic(path, pieces)).toBe(true);
    expect(await readFile(path, 'utf8')).toBe(pieces.join(''));
    expect(await readdir(dir)).toEqual(['report.json']);
  });

  it('leaves a file that holds these bytes untouched, and replaces one that differs', async () => {
    const dir = await folder();
    const path = join(dir, 'report.json');
    await writeFile(path, 'same text');
    const before = await lstat(path);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await streamFileAtomic(path, ['same ', 'text'])).toBe(false);
    expect((await lstat(path)).mtimeMs).toBe(before.mtimeMs);
    expect(await streamFileAtomic(path, ['same ', 'size'])).toBe(true);
    expect(await readFile(path, 'utf8')).toBe('same size');
    expect(await readdir(dir)).toEqual(['report.json']);
  });

  it('never writes through a symlink or over a folder, and names the path', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'target'), 'keep');
    await symlink(join(dir, 'target'), join(dir, 'link.json'));
    await mkdir(join(dir, 'folder.json'));
    await expect(streamFileAtomic(join(dir, 'link.json'), ['x'])).rejects.toThrow(
      /link\.json is not a regular file/,
    );
    await expect(streamFileAtomic(join(dir, 'folder.json'), ['x'])).rejects.toThrow(
      /folder\.json is not a regular file/,
    );
    expect(await readFile(join(dir, 'target'), 'utf8')).toBe('keep');
    expect((await readdir(dir)).sort()).toEqual(['folder.json', 'link.json', 'target']);
  });

  it('removes its temporary file when a piece cannot be made', async () => {
    const dir = await folder();
    function* failing(): Generator<string> {
      yield 'x'.repeat(70_000);
      throw new Error('no more');
    }
    await expect(streamFileAtomic(join(dir, 'report.json'), failing())).rejects.toThrow(
      /cannot write .*report\.json: no more/,
    );
    expect(await readdir(dir)).toEqual([]);
  });
});
