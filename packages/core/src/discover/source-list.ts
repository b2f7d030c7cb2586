/**
 * The sources under the `sources` folders as a list (touches disk: one `readdir` a folder, no
 * stat), and the route key each renders, told by its path. The list is the sources' one copy of
 * their paths: the table of what a scan read (`source-table.ts`) tells a source's path and key
 * from it, so a million sources are their path bytes once, with no column of keys or of paths
 * relative to the root beside them.
 */
import { statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { grown, postedCopy } from '../columns/native-memory.js';
import { PathColumn, type PathColumnData } from '../columns/path-column.js';
import type { ResolvedSource } from '../options/resolve-options.js';
import { walkFiles } from './walk-files.js';

const EXTENSION = /\.[^./]+$/;

/**
 * The route key of the source at `relPath` (posix, relative to its folder) in a folder routed
 * at `route` (a route key: `/` or `/blog`): the path without its extension, `index` standing for
 * its folder.
 * @example keyFor('/blog', 'hello/index.md') // '/blog/hello'
 */
export function keyFor(route: string, relPath: string): string {
  const parts = relPath.replace(EXTENSION, '').split('/');
  if (parts[parts.length - 1]?.toLowerCase() === 'index') parts.pop();
  const joined = [route === '/' ? '' : route, ...parts].join('/').normalize('NFC');
  return joined === '' ? '/' : joined.replace(/\/+$/, '') || '/';
}

/** The key of a source whose frontmatter `slug` replaces its path within the folder, as in Astro. */
export function slugKey(route: string, slug: string): string {
  return keyFor(route, `${slug.replace(/^\/+|\/+$/g, '')}.md`);
}

function acceptSource(name: string): boolean {
  return (
    !name.startsWith('_') && !name.startsWith('.') && !name.includes('[') && EXTENSION.test(name)
  );
}

/**
 * The source files to scan, found by walking the folders (names only, no stat). Kept in
 * columns, its paths in shared memory: the helper thread that lists them and this one read the
 * same bytes (`SourceListData`).
 */
export interface SourceList {
  /** Index into the `sources` option of each file's folder (a byte each while they are few). */
  folders: Uint8Array | Uint16Array | Uint32Array;
  /** Each folder of the `sources` option relative to root, posix: a source's `rel` is made from it. */
  relDirs: string[];
  /** Each folder's route key (`/`, `/blog`): a source's key is made from it. */
  routes: string[];
  /** Path of each file relative to its folder, posix, in walk order (each subfolder's once). */
  paths: PathColumn;
  problems: string[];
}

/** A source list as a thread posts it. */
export type SourceListData = Omit<SourceList, 'paths'> & { paths: PathColumnData };

export function sourceListData(list: SourceList): SourceListData {
  return { ...list, paths: list.paths.toData() };
}

export function sourceListFrom(data: SourceListData): SourceList {
  return { ...data, paths: PathColumn.fromData(data.paths) };
}

/** Walks the source folders: one `readdir` per folder, nothing read or stat'ed. */
export function listSources(sources: ResolvedSource[], root: string): SourceList {
  const relDirs = sources.map((s) => relative(root, s.dir).replaceAll('\\', '/'));
  const paths = new PathColumn({ shared: true });
  let folders =
    sources.length <= 0x100
      ? new Uint8Array(256)
      : sources.length <= 0x10000
        ? new Uint16Array(256)
        : new Uint32Array(256);
  const problems: string[] = [];
  sources.forEach((source, index) => {
    let isDir = false;
    try {
      isDir = statSync(source.dir).isDirectory();
    } catch {
      /* reported below */
    }
    if (!isDir) {
      problems.push(`source folder ${relative(root, source.dir) || '.'} does not exist`);
      return;
    }
    const walked = walkFiles(source.dir, {
      accept: acceptSource,
      skipDir: (name) => name.startsWith('.') || name.startsWith('_') || name === 'node_modules',
      // Sources may link to one another inside the project, never out of it.
      boundary: root,
      onFile: (path) => {
        const row = paths.push(path);
        folders = grown(folders, row + 1);
        folders[row] = index;
      },
    });
    for (const p of walked.problems) problems.push(`${join(source.dir, p.path)}: ${p.message}`);
  });
  const routes = sources.map((s) => s.route);
  // In shared memory, as the paths are: the helper thread posts the list.
  return {
    folders: postedCopy(folders.subarray(0, paths.size), true),
    relDirs,
    routes,
    paths,
    problems,
  };
}

/** The path of listed source `row` relative to the root, posix. */
export function listedRel(list: SourceList, row: number): string {
  const relDir = list.relDirs[list.folders[row] as number] as string;
  const path = list.paths.get(row);
  return relDir === '' ? path : `${relDir}/${path}`;
}

const SLASH = 0x2f;
const DOT = 0x2e;

/**
 * What `writeListedKey` writes before a listed path: each folder's route as `keyFor` writes it
 * (`''` for `/`, Unicode normalised), in bytes; null when one is not ASCII (`keyFor` then says).
 */
export function keyPrefixes(list: SourceList): Buffer[] | null {
  const prefixes = list.routes.map((route) => keyFor(route, 'x.md').slice(0, -2));
  return prefixes.every((prefix) => Buffer.byteLength(prefix) === prefix.length)
    ? prefixes.map((prefix) => Buffer.from(prefix))
    : null;
}

/**
 * Writes the route key of listed source `row` (`keyFor` of its folder's route and its path) into
 * `out` from its start, as UTF-8, without making a string; returns where it ends, or -1 when
 * `out` is too short or the path has a character beyond ASCII (`keyFor` then says, as Unicode
 * normalisation may change its bytes). `routes`: the list's `keyPrefixes`.
 */
export function writeListedKey(
  list: SourceList,
  routes: readonly Buffer[],
  row: number,
  out: Buffer,
): number {
  const route = routes[list.folders[row] as number] as Buffer;
  const pathAt = route.length + 1;
  const pathLength = list.paths.byteLength(row);
  if (pathAt + pathLength > out.length) return -1;
  route.copy(out, 0);
  out[route.length] = SLASH;
  list.paths.copyRow(row, out, pathAt);
  const end = pathAt + pathLength;
  let slash = route.length;
  let dot = -1;
  for (let i = pathAt; i < end; i++) {
    const byte = out[i] as number;
    if (byte >= 0x80) return -1;
    if (byte === SLASH) {
      slash = i;
      dot = -1;
    } else if (byte === DOT) dot = i;
  }
  // Every listed name has an extension (`acceptSource`): the stem ends at its last dot.
  let stem = dot > slash + 1 ? dot : end;
  if (stem - slash - 1 === 5 && isIndex(out, slash + 1)) stem = slash;
  if (stem === 0) {
    out[0] = SLASH;
    return 1;
  }
  return stem;
}

/** Whether the 5 bytes at `at` spell `index`, in any case. */
function isIndex(bytes: Buffer, at: number): boolean {
  const word = 'index';
  for (let i = 0; i < 5; i++)
    if (((bytes[at + i] as number) | 0x20) !== word.charCodeAt(i)) return false;
  return true;
}
