/**
 * Finds page sources under `sources` folders (touches disk) and keys each by the route it
 * renders: `{ dir: 'src/content/blog', route: '/blog/' }` maps `hello.md` to `/blog/hello`;
 * `index.*` maps to its folder; a frontmatter `slug` replaces the path within the folder.
 * Markdown frontmatter is read here, once, and only the block.
 */
import { statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type PageMeta, readPageMeta } from '../lastmod/frontmatter-fields.js';
import type { ResolvedSource } from '../options.js';
import { readFrontmatter } from './read-frontmatter.js';
import { walkFiles } from './walk-files.js';

const MARKDOWN = /\.(md|mdx|markdown|mdoc|markdoc)$/i;
const EXTENSION = /\.[^./]+$/;

export interface SourceFile {
  /** Absolute path. */
  path: string;
  /** Path relative to `root`, posix. */
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

/** The sources, keyed by route; `find` falls back to the lenient key. */
export interface SourceIndex {
  find(key: string): SourceFile | undefined;
  /** Every source found, in walk order. */
  files: SourceFile[];
  problems: string[];
}

/**
 * Finds the sources; the first folder listed wins when two sources render the same route.
 * Frontmatter is read (the block only) when `withFrontmatter` is set. Synchronous, like the
 * page walk: one stat per source and a few KiB read per Markdown file.
 */
export function findSources(
  sources: ResolvedSource[],
  root: string,
  withFrontmatter: boolean,
): SourceIndex {
  const byKey = new Map<string, SourceFile>();
  const all: SourceFile[] = [];
  const problems: string[] = [];
  const rootPrefix = `${root}/`;
  for (const source of sources) {
    let isDir = false;
    try {
      isDir = statSync(source.dir).isDirectory();
    } catch {
      /* reported below */
    }
    if (!isDir) {
      problems.push(`source folder ${relative(root, source.dir) || '.'} does not exist`);
      continue;
    }
    const walked = walkFiles(source.dir, {
      accept: acceptSource,
      skipDir: (name) => name.startsWith('.') || name.startsWith('_') || name === 'node_modules',
    });
    for (const p of walked.problems) problems.push(`${join(source.dir, p.path)}: ${p.message}`);
    for (const relPath of walked.files) {
      const path = `${source.dir}/${relPath}`;
      const file: SourceFile = {
        path,
        rel: path.startsWith(rootPrefix)
          ? path.slice(rootPrefix.length)
          : relative(root, path).replaceAll('\\', '/'),
        key: keyFor(source.route, relPath),
        mtimeMs: 0,
      };
      try {
        file.mtimeMs = statSync(path).mtimeMs;
        if (withFrontmatter && MARKDOWN.test(relPath)) {
          const fm = readFrontmatter(path);
          if (fm.ok) file.meta = readPageMeta(fm.data);
          else
            file.frontmatterError = { message: fm.message, ...(fm.line ? { line: fm.line } : {}) };
        }
      } catch (error) {
        problems.push(`${file.rel}: ${(error as Error).message}`);
        continue;
      }
      if (file.meta?.slug) {
        // As in Astro content collections, `slug` replaces the path within the folder.
        file.key = keyFor(source.route, `${file.meta.slug.replace(/^\/+|\/+$/g, '')}.md`);
      }
      all.push(file);
      if (!byKey.has(file.key)) byKey.set(file.key, file);
    }
  }
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
