/**
 * Finds the sitemaps to check from what the user named: a file is itself; in a folder, prefer
 * `sitemap-index.xml`, else `sitemap.xml` (each also as `.xml.gz`), else the `Sitemap:` lines of
 * `robots.txt`, else every top-level `*.xml` / `*.xml.gz` whose root is urlset or sitemapindex.
 * Only regular files are opened. Reads the disk.
 */

import { realpathSync, statSync } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, resolve, sep } from 'node:path';
import { createGunzip } from 'node:zlib';
import { SitemapError } from '../errors.js';
import { describeNotFile, kindOfPath, notFileMessage } from '../files/regular-file.js';
import { readStart } from '../files/write.js';
import { MAX_ROBOTS_BYTES } from './bounds.js';

export interface RobotsSitemap {
  url: string;
  line: number;
}

/** A path the folder's search met but could not use: reported as `file-unreadable`. */
export interface TargetProblem {
  /** Relative to `root`; `.` for the folder itself. */
  file: string;
  message: string;
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
  /** Sitemap names that are no regular file (a FIFO, a socket, ...), a folder that cannot be listed. */
  problems: TargetProblem[];
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

/** Whether a real path (no links in it) is the real folder or inside it. */
function inside(realRoot: string, real: string): boolean {
  return real === realRoot || real.startsWith(realRoot + sep);
}

/**
 * Reads at most `max` bytes from the start of a regular file in the folder; a problem when it is
 * none. A symlink is followed only while it stays in the folder (the folder is the boundary, for a
 * file's first bytes too); its real path, which holds no link, is what is read.
 */
async function readStartInFolder(
  root: string,
  file: string,
  max: number,
): Promise<Buffer | { problem: string }> {
  try {
    const real = await realpath(resolve(root, file));
    if (!inside(await realpath(root), real))
      return { problem: 'a symlink out of the folder: not opened' };
    const bytes = await readStart(real, max);
    return bytes ?? { problem: 'could not be opened (no permission, or no longer a regular file)' };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/** Inflates the start of a gzip stream, at most SNIFF_BYTES of it, whatever it would inflate to. */
async function inflateStart(bytes: Buffer): Promise<Buffer> {
  const gunzip = createGunzip();
  const out: Buffer[] = [];
  let size = 0;
  gunzip.end(bytes);
  try {
    for await (const chunk of gunzip) {
      out.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= SNIFF_BYTES) break;
    }
  } catch {
    // A cut-off stream (the rest of the file was not read): keep what inflated.
  }
  gunzip.destroy();
  return Buffer.concat(out).subarray(0, SNIFF_BYTES);
}

async function readHead(root: string, file: string): Promise<string> {
  const bytes = await readStartInFolder(root, file, SNIFF_BYTES);
  if (!Buffer.isBuffer(bytes)) return '';
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return (gzip ? await inflateStart(bytes) : bytes).toString('utf8');
}

async function sniff(root: string, problems: TargetProblem[]): Promise<string[]> {
  let all: string[];
  try {
    all = await readdir(root);
  } catch (error) {
    problems.push({
      file: '.',
      message: `the folder cannot be listed: ${(error as Error).message}`,
    });
    return [];
  }
  const names = all.filter((n) => /\.xml(\.gz)?$/i.test(n)).sort();
  const indexes: string[] = [];
  const urlsets: string[] = [];
  for (const name of names) {
    // Already reported under its preferred name.
    if (problems.some((p) => p.file === name)) continue;
    const kind = await kindOfPath(resolve(root, name));
    if (kind === 'missing' || kind === 'a folder') continue;
    if (kind !== 'file') {
      problems.push({ file: name, message: notFileMessage(kind) });
      continue;
    }
    const element = rootElementName(await readHead(root, name));
    if (element === 'sitemapindex') indexes.push(name);
    if (element === 'urlset') urlsets.push(name);
  }
  // Indexes first, so the sitemaps they list are checked as listed (with their URL and lastmod).
  return [...indexes, ...urlsets];
}

/**
 * The further index files of a set too large for one (`sitemap-index-1.xml`, ... beside
 * `sitemap-index.xml`), in number order: a set is checked whole.
 */
async function moreIndexes(root: string, first: string): Promise<string[]> {
  const match = /^(.*-index)(\.xml(?:\.gz)?)$/.exec(first);
  if (!match) return [];
  const [, stem, ext] = match;
  const more = /^(\d+)$/;
  const found: Array<[number, string]> = [];
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (!name.startsWith(`${stem}-`) || !name.endsWith(ext as string)) continue;
    const n = name.slice((stem as string).length + 1, name.length - (ext as string).length);
    if (more.test(n)) found.push([Number(n), name]);
  }
  return found.sort((a, b) => a[0] - b[0]).map(([, name]) => name);
}

/**
 * Whether a name in the folder is a regular file in the folder to use: a FIFO, socket, device or
 * folder under a sitemap's name, or a symlink that leads out of the folder, is a problem, never
 * opened.
 */
async function usable(root: string, name: string, problems: TargetProblem[]): Promise<boolean> {
  const kind = await kindOfPath(resolve(root, name));
  if (kind === 'missing') return false;
  if (kind !== 'file') {
    problems.push({ file: name, message: notFileMessage(kind) });
    return false;
  }
  const real = await realpath(resolve(root, name)).catch(() => null);
  if (real === null || !inside(await realpath(root), real)) {
    problems.push({ file: name, message: 'a symlink out of the folder: not opened' });
    return false;
  }
  return true;
}

/**
 * A test for "this path (relative to the folder) is a regular file in the folder": symlinks are
 * followed, and whatever they lead out of the folder to does not count (`false`). Something that
 * is there but no regular file (a FIFO, a folder) is named instead: `a FIFO (named pipe)`.
 * Nothing is opened.
 */
export function fileInFolder(root: string): (file: string) => boolean | string {
  const realRoot = realpathSync(root);
  return (file) => {
    try {
      const real = realpathSync(resolve(root, file));
      if (!inside(realRoot, real)) return false;
      return describeNotFile(statSync(real)) ?? true;
    } catch {
      return false;
    }
  };
}

/**
 * Resolves the target to a folder and the files to start from. Opens nothing that is not a
 * regular file; reads at most 500 KiB of robots.txt.
 * @throws {SitemapError} `invalid-options` when the target does not exist, or is neither a file
 *   nor a folder (a FIFO, a socket, a device).
 */
export async function findTarget(target: string): Promise<FoundTarget> {
  const path = resolve(target);
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) {
    throw new SitemapError('invalid-options', `target not found: ${target}`, {
      option: 'target',
      file: target,
    });
  }
  const problems: TargetProblem[] = [];
  if (info.isFile()) return { root: dirname(path), files: [basename(path)], how: 'file', problems };
  if (!info.isDirectory()) {
    const what = describeNotFile(info) ?? 'not a regular file';
    throw new SitemapError(
      'invalid-options',
      `target is ${what}, neither a file nor a folder: ${target}`,
      { option: 'target', file: target },
    );
  }
  for (const name of PREFERRED) {
    if (await usable(path, name, problems)) {
      return {
        root: path,
        files: [name, ...(await moreIndexes(path, name))],
        how: 'name',
        problems,
      };
    }
  }
  if (await usable(path, 'robots.txt', problems)) {
    const bytes = await readStartInFolder(path, 'robots.txt', MAX_ROBOTS_BYTES);
    if (Buffer.isBuffer(bytes)) {
      const robots = robotsSitemaps(bytes.toString('utf8'));
      if (robots.length > 0) return { root: path, files: [], robots, how: 'robots.txt', problems };
    } else {
      problems.push({ file: 'robots.txt', message: bytes.problem });
    }
  }
  const sniffed = await sniff(path, problems);
  return { root: path, files: sniffed, how: sniffed.length > 0 ? 'sniffed' : 'none', problems };
}
