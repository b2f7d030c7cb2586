/**
 * Finds page sources under `sources` folders (touches disk) and keys each by the route it
 * renders: `{ dir: 'src/content/blog', route: '/blog/' }` maps `hello.md` to `/blog/hello`;
 * `index.*` maps to its folder; a frontmatter `slug` replaces the path within the folder.
 * Markdown frontmatter is read here, once, and only the block.
 */
import { stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { IO_CONCURRENCY, mapLimit } from '../concurrency.js';
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

/** Finds the sources; the first folder listed wins when two sources render the same route. */
export async function findSources(
  sources: ResolvedSource[],
  root: string,
): Promise<{
  byKey: Map<string, SourceFile>;
  byLooseKey: Map<string, SourceFile>;
  problems: string[];
}> {
  const byKey = new Map<string, SourceFile>();
  const byLooseKey = new Map<string, SourceFile>();
  const problems: string[] = [];
  for (const source of sources) {
    let isDir = false;
    try {
      isDir = (await stat(source.dir)).isDirectory();
    } catch {
      /* reported below */
    }
    if (!isDir) {
      problems.push(`source folder ${relative(root, source.dir) || '.'} does not exist`);
      continue;
    }
    const walked = await walkFiles(source.dir, {
      accept: acceptSource,
      skipDir: (name) => name.startsWith('.') || name.startsWith('_') || name === 'node_modules',
    });
    for (const p of walked.problems) problems.push(`${join(source.dir, p.path)}: ${p.message}`);
    walked.files.sort();
    const files = await mapLimit(walked.files, IO_CONCURRENCY, async (relPath) => {
      const path = join(source.dir, relPath);
      const file: SourceFile = {
        path,
        rel: relative(root, path).replaceAll('\\', '/'),
        key: keyFor(source.route, relPath),
        mtimeMs: 0,
      };
      try {
        file.mtimeMs = (await stat(path)).mtimeMs;
        if (MARKDOWN.test(relPath)) {
          const fm = await readFrontmatter(path);
          if (fm.ok) file.meta = readPageMeta(fm.data);
          else
            file.frontmatterError = { message: fm.message, ...(fm.line ? { line: fm.line } : {}) };
        }
      } catch (error) {
        problems.push(`${file.rel}: ${(error as Error).message}`);
        return null;
      }
      if (file.meta?.slug) {
        // As in Astro content collections, `slug` replaces the path within the folder.
        file.key = keyFor(source.route, `${file.meta.slug.replace(/^\/+|\/+$/g, '')}.md`);
      }
      return file;
    });
    for (const file of files) {
      if (!file) continue;
      if (!byKey.has(file.key)) byKey.set(file.key, file);
      const loose = looseKey(file.key);
      if (!byLooseKey.has(loose)) byLooseKey.set(loose, file);
    }
  }
  return { byKey, byLooseKey, problems };
}
