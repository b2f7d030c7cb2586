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
import {
  type DateFields,
  type FieldRoles,
  fieldRoles,
  type PageMeta,
  readPageMeta,
} from '../dates/frontmatter-fields.js';
import { flat } from '../flat-string.js';
import type { PageSource, ResolvedSource } from '../options/resolve-options.js';
import { readFrontmatter } from './read-frontmatter.js';
import { walkFiles } from './walk-files.js';

/** Sources whose first lines may hold frontmatter: Markdown, and templates that carry it (Eleventy, Jekyll, Hugo). */
const WITH_FRONTMATTER =
  /\.(md|mdx|markdown|mdoc|markdoc|njk|liquid|hbs|mustache|ejs|haml|pug|html?)$/i;
const EXTENSION = /\.[^./]+$/;

export interface SourceFile {
  /** Path relative to `root`, posix (the absolute path is not kept: one string less a page). */
  rel: string;
  /** Route key: `/blog/hello` (decoded, no trailing slash; `/` for the root). */
  key: string;
  /** Modification time in ms. */
  mtimeMs: number;
  meta?: PageMeta;
  /** Why the frontmatter could not be read, with its line. */
  frontmatterError?: { message: string; line?: number };
}

/** A lenient key, for sources whose framework slugifies names (`My Post.md` -> `/my-post`). */
export function looseKey(key: string): string {
  return key
    .normalize('NFC')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}\-/_.~]/gu, '');
}

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

/** What a scan of the source folders found: plain data, so a worker thread can send it. */
export interface SourceScan {
  /** Every source found, in walk order. */
  files: SourceFile[];
  problems: string[];
}

/** The sources, keyed by route; `find` falls back to the lenient key. */
export interface SourceIndex extends SourceScan {
  find(key: string): SourceFile | undefined;
}

/** The source files to scan, found by walking the folders (names only, no stat). */
export interface SourceList {
  /** Index into the `sources` option of each file's folder. */
  folders: number[];
  /** Each folder of the `sources` option relative to root, posix: a source's `rel` is made from it. */
  relDirs: string[];
  /** Path of each file relative to its folder, posix, in walk order. */
  paths: string[];
  problems: string[];
}

/** Walks the source folders: one `readdir` per folder, nothing read or stat'ed. */
export function listSources(sources: ResolvedSource[], root: string): SourceList {
  const list: SourceList = {
    folders: [],
    relDirs: sources.map((s) => relative(root, s.dir).replaceAll('\\', '/')),
    paths: [],
    problems: [],
  };
  sources.forEach((source, index) => {
    let isDir = false;
    try {
      isDir = statSync(source.dir).isDirectory();
    } catch {
      /* reported below */
    }
    if (!isDir) {
      list.problems.push(`source folder ${relative(root, source.dir) || '.'} does not exist`);
      return;
    }
    const walked = walkFiles(source.dir, {
      accept: acceptSource,
      skipDir: (name) => name.startsWith('.') || name.startsWith('_') || name === 'node_modules',
      // Sources may link to one another inside the project, never out of it.
      boundary: root,
    });
    for (const p of walked.problems)
      list.problems.push(`${join(source.dir, p.path)}: ${p.message}`);
    for (const path of walked.files) {
      list.folders.push(index);
      list.paths.push(path);
    }
  });
  return list;
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
    const relPath = list.paths[i] as string;
    const path = `${source.dir}/${relPath}`;
    // Made from the folder's relative path, not sliced from the absolute one (a slice would keep
    // the whole path alive).
    const relDir = list.relDirs[folder] as string;
    const file = readSource(
      path,
      flat(relDir === '' ? relPath : `${relDir}/${relPath}`),
      flat(keyFor(source.route, relPath)),
      roles,
      problems,
    );
    if (!file) continue;
    if (file.meta?.slug) {
      // As in Astro content collections, `slug` replaces the path within the folder.
      file.key = flat(keyFor(source.route, `${file.meta.slug.replace(/^\/+|\/+$/g, '')}.md`));
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
  const file: SourceFile = {
    rel,
    key,
    mtimeMs: 0,
    // Named up front, so the object never grows (one per source, kept for the run).
    meta: undefined,
    frontmatterError: undefined,
  };
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
    const rel = flat(relative(root, file).replaceAll('\\', '/'));
    const source = readSource(file, rel, key, roles, problems);
    if (source) files.push(source);
  }
  return { files, problems };
}

/** Lists and scans the sources on this thread. */
export function scanSources(
  sources: ResolvedSource[],
  root: string,
  fields: DateFields | null,
): SourceScan {
  const list = listSources(sources, root);
  const scan = scanSourceRange(list, sources, fields, 0, list.paths.length);
  return { files: scan.files, problems: [...list.problems, ...scan.problems] };
}

/**
 * Indexes a scan by route; the first folder listed wins when two sources render the same route,
 * and a folder of `sources` wins over a source named page by page (the user's override).
 */
export function indexSources(
  { files: folders, problems }: SourceScan,
  pages: SourceScan = { files: [], problems: [] },
): SourceIndex {
  const all = pages.files.length === 0 ? folders : [...folders, ...pages.files];
  if (pages.problems.length > 0) problems = [...problems, ...pages.problems];
  const byKey = new Map<string, SourceFile>();
  for (const file of all) if (!byKey.has(file.key)) byKey.set(file.key, file);
  // Lenient keys matter only for sources whose names a framework would slugify (`My Post.md`):
  // index just those, so a page without a source costs one map lookup.
  let byLooseKey: Map<string, SourceFile> | undefined;
  return {
    files: all,
    problems,
    find(key) {
      const exact = byKey.get(key);
      if (exact) return exact;
      if (!byLooseKey) {
        byLooseKey = new Map();
        for (const file of all) {
          const loose = looseKey(file.key);
          if (loose !== file.key && !byLooseKey.has(loose)) byLooseKey.set(loose, file);
        }
      }
      return byLooseKey.size === 0 ? undefined : byLooseKey.get(looseKey(key));
    },
  };
}
