/**
 * Finds the sitemaps to check from what the user named: a file is itself; in a folder, prefer
 * `sitemap-index.xml`, else `sitemap.xml` (each also as `.xml.gz`), else the `Sitemap:` lines of
 * `robots.txt`, else every top-level `*.xml` / `*.xml.gz` whose root is urlset or sitemapindex.
 * Reads the disk.
 */

import { realpathSync, statSync } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, resolve, sep } from 'node:path';
import { constants, gunzipSync } from 'node:zlib';
import { SitemapError } from '../errors.js';

export interface RobotsSitemap {
  url: string;
  line: number;
}

export interface FoundTarget {
  /** Absolute folder every file is relative to. */
  root: string;
  /** Files to start from, relative to `root`. */
  files: string[];
  /** `Sitemap:` lines of robots.txt, when the files were found that way. */
  robots?: RobotsSitemap[];
  /** How the files were found, for the report: `file`, `name`, `robots.txt` or `sniffed`. */
  how: 'file' | 'name' | 'robots.txt' | 'sniffed' | 'none';
}

const PREFERRED = ['sitemap-index.xml', 'sitemap-index.xml.gz', 'sitemap.xml', 'sitemap.xml.gz'];
const SITEMAP_LINE = /^\s*sitemap\s*:\s*(\S+)/i;
const SNIFF_BYTES = 65_536;

/**
 * The `Sitemap:` lines of a robots.txt text, with their line numbers. Pure.
 * @example robotsSitemaps('User-agent: *\nSitemap: https://e.com/s.xml\n') // [{ url: 'https://e.com/s.xml', line: 2 }]
 */
export function robotsSitemaps(text: string): RobotsSitemap[] {
  const found: RobotsSitemap[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const url = SITEMAP_LINE.exec(line)?.[1];
    if (url !== undefined) found.push({ url, line: i + 1 });
  });
  return found;
}

/**
 * The local name of the first element of an XML text's start, or undefined. Pure.
 * @example rootElementName('<?xml version="1.0"?><!-- hi --><ns:urlset>') // 'urlset'
 */
export function rootElementName(head: string): string | undefined {
  let text = head.replace(/^\uFEFF/, '');
  for (;;) {
    text = text.trimStart();
    const close = text.startsWith('<?')
      ? '?>'
      : text.startsWith('<!--')
        ? '-->'
        : text.startsWith('<!')
          ? '>'
          : '';
    if (close === '') break;
    const end = text.indexOf(close);
    if (end < 0) return undefined;
    text = text.slice(end + close.length);
  }
  const name = /^<([^\s/>]+)/.exec(text)?.[1];
  return name?.slice(name.indexOf(':') + 1);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

async function readHead(path: string): Promise<string> {
  const handle = await open(path, 'r');
  const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
  await handle.close();
  const bytes = buffer.subarray(0, bytesRead);
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  try {
    const text = gzip ? gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }) : bytes;
    return text.toString('utf8');
  } catch {
    return '';
  }
}

async function sniff(root: string): Promise<string[]> {
  const names = (await readdir(root)).filter((n) => /\.xml(\.gz)?$/i.test(n)).sort();
  const indexes: string[] = [];
  const urlsets: string[] = [];
  for (const name of names) {
    if (!(await exists(resolve(root, name)))) continue;
    const element = rootElementName(await readHead(resolve(root, name)));
    if (element === 'sitemapindex') indexes.push(name);
    if (element === 'urlset') urlsets.push(name);
  }
  // Indexes first, so the sitemaps they list are checked as listed (with their URL and lastmod).
  return [...indexes, ...urlsets];
}

/**
 * A test for "this path (relative to the folder) is a file in the folder": symlinks are followed,
 * and whatever they lead out of the folder to does not count.
 */
export function fileInFolder(root: string): (file: string) => boolean {
  const realRoot = realpathSync(root);
  return (file) => {
    try {
      const real = realpathSync(resolve(root, file));
      return statSync(real).isFile() && (real === realRoot || real.startsWith(realRoot + sep));
    } catch {
      return false;
    }
  };
}

/** Resolves the target to a folder and the files to start from. Throws when it does not exist. */
export async function findTarget(target: string): Promise<FoundTarget> {
  const path = resolve(target);
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) {
    throw new SitemapError('invalid-options', `target not found: ${target}`, {
      option: 'target',
      file: target,
    });
  }
  if (info.isFile()) return { root: dirname(path), files: [basename(path)], how: 'file' };
  if (!info.isDirectory()) {
    throw new SitemapError('invalid-options', `target is neither a file nor a folder: ${target}`, {
      option: 'target',
      file: target,
    });
  }
  for (const name of PREFERRED) {
    if (await exists(resolve(path, name))) return { root: path, files: [name], how: 'name' };
  }
  const robotsPath = resolve(path, 'robots.txt');
  if (await exists(robotsPath)) {
    const robots = robotsSitemaps(await readFile(robotsPath, 'utf8'));
    if (robots.length > 0) return { root: path, files: [], robots, how: 'robots.txt' };
  }
  const sniffed = await sniff(path);
  return { root: path, files: sniffed, how: sniffed.length > 0 ? 'sniffed' : 'none' };
}
