/**
 * The summary fits one screen on any site: on 30 sitemaps (`--max-urls 1`), the summary line,
 * the index and 7 sitemaps, and one line counting the rest; `--verbose` lists every file. Through
 * the built bin in a child process, then `pickFiles`' order as a unit.
 */
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_LINES, pickFiles } from '../../src/cli/summary.js';
import type { WrittenFile } from '../../src/types.js';
import { makeTree, page, type Tree } from '../helpers/fixture.js';

const BIN = new URL('../../dist/bin.js', import.meta.url).pathname;
const SITE = 'https://e.com';
const run = promisify(execFile);

async function thirtyPages(): Promise<string> {
  const tree: Tree = {};
  for (let i = 0; i < 30; i++) tree[`dist/p${i}/index.html`] = page();
  return makeTree(tree);
}

async function sitemapkit(args: string[]): Promise<{ stdout: string; stderr: string }> {
  const env = { ...process.env };
  delete env.FORCE_COLOR;
  return run(process.execPath, [BIN, ...args], { env });
}

describe('the summary on 30 sitemaps', () => {
  it('is at most 12 lines: the line, 8 files, and what the rest hold', async () => {
    const root = await thirtyPages();
    const out = join(root, 'dist');
    const { stdout } = await sitemapkit(['build', out, '--site', SITE, '--max-urls', '1']);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(12);
    expect(lines[0]).toMatch(/^sitemapkit: 30 pages found, 30 listed, .*; 31 files$/);
    expect(lines[1]).toMatch(/^ {2}https:\/\/e\.com\/sitemap-index\.xml +30 sitemaps +/);
    expect(lines.slice(1, -1)).toHaveLength(MAX_FILE_LINES);
    expect(lines.at(-1)).toMatch(
      /^ {2}… and 23 more sitemaps \(23 URLs, [\d.]+ kB\); --verbose lists every file, --report writes every page$/,
    );
  });

  it('--verbose lists every file written', async () => {
    const root = await thirtyPages();
    const out = join(root, 'dist');
    const { stdout } = await sitemapkit([
      'build',
      out,
      '--site',
      SITE,
      '--max-urls',
      '1',
      '--verbose',
    ]);
    const written = (await readdir(out)).filter((name) => name.startsWith('sitemap'));
    expect(written).toHaveLength(31);
    for (const name of written) expect(stdout).toContain(`${SITE}/${name} `);
    expect(stdout).not.toContain('more sitemaps');
    expect(stdout.trimEnd().split('\n')).toHaveLength(32);
  });

  it('names at most 3 stale files removed, and counts the rest', async () => {
    const root = await thirtyPages();
    const out = join(root, 'dist');
    await sitemapkit(['build', out, '--site', SITE, '--max-urls', '1', '--no-robots-txt']);
    // Another site: every URL changes, so every sitemap of the first build is stale.
    const { stdout } = await sitemapkit([
      'build',
      out,
      '--site',
      'https://other.example',
      '--max-urls',
      '1',
      '--no-robots-txt',
    ]);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(12);
    expect(lines.at(-1)).toMatch(
      /^ {2}removed stale: [^,]+\.xml, [^,]+\.xml, [^,]+\.xml and 27 more$/,
    );
  });
});

describe('pickFiles', () => {
  const file = (name: string, kind: WrittenFile['kind'], urlCount: number, changed = true) =>
    ({
      kind,
      url: `${SITE}/${name}`,
      path: `/out/${name}`,
      urlCount,
      bytes: 100 * urlCount,
      xmlBytes: 100 * urlCount,
      changed,
    }) satisfies WrittenFile;

  it('lists every file, in its order, when they fit', () => {
    const files = [file('a.xml', 'sitemap', 1), file('index.xml', 'index', 1)];
    expect(pickFiles(files, 8)).toEqual({ shown: files, hidden: [] });
  });

  it('else the index first, then changed sitemaps with the most URLs, ties in file order', () => {
    const files = [
      file('s0.xml', 'sitemap', 5),
      file('s1.xml', 'sitemap', 9, false),
      file('s2.xml', 'sitemap', 7),
      file('s3.xml', 'sitemap', 7),
      file('index.xml', 'index', 4),
    ];
    const { shown, hidden } = pickFiles(files, 3);
    expect(shown.map((f) => f.url.slice(SITE.length + 1))).toEqual([
      'index.xml',
      's2.xml',
      's3.xml',
    ]);
    expect(hidden.map((f) => f.url.slice(SITE.length + 1))).toEqual(['s0.xml', 's1.xml']);
  });
});
