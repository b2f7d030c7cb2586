/**
 * Finds page sources under `sources` folders (touches disk) and keys each by the route it
 * renders: `{ dir: 'src/content/blog', route: '/blog/' }` maps `hello.md` to `/blog/hello`;
 * `index.*` maps to its folder; a frontmatter `slug` replaces the path within the folder.
 * Markdown frontmatter is read here, once, and only the block.
 *
 * Three steps, so two threads can share the middle one: `listSources` (`source-list.ts`) walks
 * the folders, `scanSourceRange` stats (and reads the frontmatter of) a range of the list, and
 * `indexSources` adds the sources named page by page; the table (`source-table.ts`) keys them
 * all by route. `scanSources` runs the first two on one thread.
 */
import { fstatSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import {
  type DateFields,
  type FieldRoles,
  fieldRoles,
  readPageMeta,
} from '../dates/frontmatter-fields.js';
import { isMissingDependency } from '../errors.js';
import type { PageSource, ResolvedSource } from '../options/resolve-options.js';
import { readFrontmatter } from './read-frontmatter.js';
import { listedRel, listSources, type SourceList } from './source-list.js';
import {
  type NamedSources,
  type SourceFile,
  type SourceScan,
  SourceTable,
} from './source-table.js';

/** Sources whose first lines may hold frontmatter: Markdown, and templates that carry it (Eleventy, Jekyll, Hugo). */
const WITH_FRONTMATTER =
  /\.(md|mdx|markdown|mdoc|markdoc|njk|liquid|hbs|mustache|ejs|haml|pug|html?)$/i;

/**
 * Stats (and, given the date `fields` to read, reads the frontmatter block of) the listed files from
 * `from` up to `to`. Each file is on its own, so two threads can share a list by ranges.
 * `intoTable`: the table the thread that scans keeps, to take each file's frontmatter as it is
 * read (by row, in any order), so none waits in the scan as a JS object: a range's objects, kept
 * until the range was done, outlived V8's young generation and grew it (at 1,000,000 sources,
 * to its largest). A thread that posts its scan gives none.
 */
export function scanSourceRange(
  list: SourceList,
  sources: ResolvedSource[],
  fields: DateFields | null,
  from: number,
  to: number,
  intoTable?: SourceTable,
): SourceScan {
  const roles = fields && fieldRoles(fields);
  const scan: SourceScan = {
    from,
    mtimes: new Float64Array(to - from),
    metas: new Map(),
    errors: new Map(),
    problems: [],
  };
  for (let i = from; i < to; i++) {
    const source = sources[list.folders[i] as number] as ResolvedSource;
    const read = readSource(`${source.dir}/${list.paths.get(i)}`, roles);
    const at = i - from;
    if ('problem' in read) {
      scan.mtimes[at] = Number.NaN;
      scan.problems.push(`${listedRel(list, i)}: ${read.problem}`);
      continue;
    }
    scan.mtimes[at] = read.mtimeMs;
    if (read.meta && intoTable) intoTable.setMeta(i, read.meta);
    else if (read.meta) scan.metas.set(at, read.meta);
    if (read.frontmatterError) scan.errors.set(at, read.frontmatterError);
  }
  return scan;
}

/** What reading one source gave: its time and frontmatter, or why it could not be read. */
type SourceRead = Omit<SourceFile, 'rel' | 'key'> | { problem: string };

/**
 * Stats (and reads the frontmatter block of) one source. A file read for its frontmatter is
 * stat'ed once it is open (`fstat`): its path is looked up once, not twice. One that cannot be
 * opened is stat'ed by its path, so what it says is what a stat says, as for any other.
 */
function readSource(path: string, roles: FieldRoles | null): SourceRead {
  try {
    if (!roles || !WITH_FRONTMATTER.test(path)) return { mtimeMs: statSync(path).mtimeMs };
    let mtimeMs = Number.NaN;
    let opened = false;
    let fm: ReturnType<typeof readFrontmatter>;
    try {
      fm = readFrontmatter(path, (fd) => {
        opened = true;
        mtimeMs = fstatSync(fd).mtimeMs;
      });
    } catch (error) {
      if (!opened) statSync(path);
      throw error;
    }
    const read: SourceRead = { mtimeMs };
    if (fm.ok) read.meta = readPageMeta(fm.data, roles);
    else read.frontmatterError = { message: fm.message, ...(fm.line ? { line: fm.line } : {}) };
    return read;
  } catch (error) {
    if (isMissingDependency(error)) throw error;
    return { problem: (error as Error).message };
  }
}

/**
 * Reads the sources the caller named page by page (`pageSources`: an adapter that knows where
 * each page comes from). The key is the page's, as given: a frontmatter `slug` does not move it.
 */
export function scanPageSources(
  pages: readonly PageSource[],
  root: string,
  fields: DateFields | null,
): NamedSources {
  const roles = fields && fieldRoles(fields);
  const named: NamedSources = { files: [], problems: [] };
  for (const { key, file } of pages) {
    const rel = relative(root, file).replaceAll('\\', '/');
    const read = readSource(file, roles);
    if ('problem' in read) named.problems.push(`${rel}: ${read.problem}`);
    else named.files.push({ rel, key, ...read });
  }
  return named;
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
  const table = new SourceTable(list);
  for (let from = 0; from < list.paths.size; from += RANGE) {
    const to = Math.min(from + RANGE, list.paths.size);
    table.fill(scanSourceRange(list, sources, fields, from, to, table));
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
  pages: NamedSources = { files: [], problems: [] },
): SourceTable {
  folders.appendNamed(pages);
  return folders;
}
