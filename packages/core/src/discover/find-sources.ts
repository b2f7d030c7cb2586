/**
 * Finds page sources under `sources` folders (touches disk) and keys each by the route it
 * renders: `{ dir: 'src/content/blog', route: '/blog/' }` maps `hello.md` to `/blog/hello`;
 * `index.*` maps to its folder; a frontmatter `slug` replaces the path within the folder.
 * Markdown frontmatter is read here, once, and only the block.
 *
 * Three steps, so two threads can share the middle one: `listSources` walks the folders,
 * `scanSourceRange` stats (and reads the frontmatter of) a range of the list, `indexSources`
 * keys the result by route. `scanSources` runs the first two on one thread.
 */
import { statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { grown, StringColumn, type StringColumnData } from '../columns/string-column.js';
import {
  type DateFields,
  type FieldRoles,
  fieldRoles,
  readPageMeta,
} from '../dates/frontmatter-fields.js';
import type { PageSource, ResolvedSource } from '../options/resolve-options.js';
import { readFrontmatter } from './read-frontmatter.js';
import { type SourceFile, type SourceScan, SourceTable } from './source-table.js';
import { walkFiles } from './walk-files.js';

/** Sources whose first lines may hold frontmatter: Markdown, and templates that carry it (Eleventy, Jekyll, Hugo). */
const WITH_FRONTMATTER =
  /\.(md|mdx|markdown|mdoc|markdoc|njk|liquid|hbs|mustache|ejs|haml|pug|html?)$/i;
const EXTENSION = /\.[^./]+$/;

function keyFor(route: string, relPath: string): string {
  const parts = relPath.replace(EXTENSION, '').split('/');
  if (parts[parts.length - 1]?.toLowerCase() === 'index') parts.pop();
  const joined = [route === '/' ? '' : route, ...parts].join('/').normalize('NFC');
  return joined === '' ? '/' : joined.replace(/\/+$/, '') || '/';
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
  /** Index into the `sources` option of each file's folder. */
  folders: Uint32Array;
  /** Each folder of the `sources` option relative to root, posix: a source's `rel` is made from it. */
  relDirs: string[];
  /** Path of each file relative to its folder, posix, in walk order. */
  paths: StringColumn;
  problems: string[];
}

/** A source list as a thread posts it. */
export type SourceListData = Omit<SourceList, 'paths'> & { paths: StringColumnData };

export function sourceListData(list: SourceList): SourceListData {
  return { ...list, paths: list.paths.toData() };
}

export function sourceListFrom(data: SourceListData): SourceList {
  return { ...data, paths: StringColumn.fromData(data.paths) };
}

/** Walks the source folders: one `readdir` per folder, nothing read or stat'ed. */
export function listSources(sources: ResolvedSource[], root: string): SourceList {
  const relDirs = sources.map((s) => relative(root, s.dir).replaceAll('\\', '/'));
  const paths = new StringColumn({ shared: true });
  let folders = new Uint32Array(256);
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
  return { folders: folders.slice(0, paths.size), relDirs, paths, problems };
}

/**
 * Stats (and, given the date `fields` to read, reads the frontmatter block of) the listed files from
 * `from` up to `to`. Each file is on its own, so two threads can share a list by ranges.
 */
export function scanSourceRange(
  list: SourceList,
  sources: ResolvedSource[],
  fields: DateFields | null,
  from: number,
  to: number,
): SourceScan {
  const roles = fields && fieldRoles(fields);
  const files: SourceFile[] = [];
  const problems: string[] = [];
  for (let i = from; i < to; i++) {
    const folder = list.folders[i] as number;
    const source = sources[folder] as ResolvedSource;
    const relPath = list.paths.get(i);
    const path = `${source.dir}/${relPath}`;
    const relDir = list.relDirs[folder] as string;
    const file = readSource(
      path,
      relDir === '' ? relPath : `${relDir}/${relPath}`,
      keyFor(source.route, relPath),
      roles,
      problems,
    );
    if (!file) continue;
    if (file.meta?.slug) {
      // As in Astro content collections, `slug` replaces the path within the folder.
      file.key = keyFor(source.route, `${file.meta.slug.replace(/^\/+|\/+$/g, '')}.md`);
    }
    files.push(file);
  }
  return { files, problems };
}

/**
 * Stats (and reads the frontmatter block of) one source; null, with the problem noted, when it
 * cannot be read.
 */
function readSource(
  path: string,
  rel: string,
  key: string,
  roles: FieldRoles | null,
  problems: string[],
): SourceFile | null {
  const file: SourceFile = { rel, key, mtimeMs: 0, meta: undefined, frontmatterError: undefined };
  try {
    file.mtimeMs = statSync(path).mtimeMs;
    if (roles && WITH_FRONTMATTER.test(path)) {
      const fm = readFrontmatter(path);
      if (fm.ok) file.meta = readPageMeta(fm.data, roles);
      else file.frontmatterError = { message: fm.message, ...(fm.line ? { line: fm.line } : {}) };
    }
  } catch (error) {
    problems.push(`${rel}: ${(error as Error).message}`);
    return null;
  }
  return file;
}

/**
 * Reads the sources the caller named page by page (`pageSources`: an adapter that knows where
 * each page comes from). The key is the page's, as given: a frontmatter `slug` does not move it.
 */
export function scanPageSources(
  pages: readonly PageSource[],
  root: string,
  fields: DateFields | null,
): SourceScan {
  const roles = fields && fieldRoles(fields);
  const files: SourceFile[] = [];
  const problems: string[] = [];
  for (const { key, file } of pages) {
    const rel = relative(root, file).replaceAll('\\', '/');
    const source = readSource(file, rel, key, roles, problems);
    if (source) files.push(source);
  }
  return { files, problems };
}

/** Files scanned at a time on one thread: each range goes into the table as it is read. */
const RANGE = 1024;

/**
 * Lists and scans the sources on this thread, into a table a range at a time (never a list of
 * every source).
 */
export function scanSources(
  sources: ResolvedSource[],
  root: string,
  fields: DateFields | null,
): SourceTable {
  const list = listSources(sources, root);
  const table = new SourceTable();
  table.append({ files: [], problems: list.problems });
  for (let from = 0; from < list.paths.size; from += RANGE) {
    const to = Math.min(from + RANGE, list.paths.size);
    table.append(scanSourceRange(list, sources, fields, from, to));
  }
  return table;
}

/**
 * The sources as one table, looked up by route: the first folder listed wins when two sources
 * render the same route, and a folder of `sources` wins over a source named page by page (the
 * user's override). `folders`: the table of the folders' sources, which the pages' join.
 */
export function indexSources(
  folders: SourceTable,
  pages: SourceScan = { files: [], problems: [] },
): SourceTable {
  folders.append(pages);
  return folders;
}
