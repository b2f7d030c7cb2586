/**
 * Reads only the frontmatter block of a Markdown source (touches disk), never the body, and
 * parses it with gray-matter. YAML is loaded with js-yaml's core schema, so dates stay the
 * strings the author wrote (js-yaml's default schema turns `2024-02-30` into March 1st) and
 * gray-matter's cache, which would keep every parsed file in memory, is not used.
 */
import matter from 'gray-matter';
import yaml from 'js-yaml';
import { readPrefix } from './read-prefix.js';

/** A frontmatter block larger than this is treated as unterminated. */
const BLOCK_BYTE_CAP = 1024 * 1024;
const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING = /\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

const MATTER_OPTIONS = {
  engines: {
    yaml: (text: string) => (yaml.load(text, { schema: yaml.CORE_SCHEMA }) ?? {}) as object,
  },
};

export type FrontmatterResult =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; message: string; line?: number };

/** Extracts the `---` block from the start of `text`: null when there is none (yet). */
export function frontmatterBlock(text: string): string | null {
  const open = OPENING.exec(text);
  if (!open) return null;
  const close = CLOSING.exec(text.slice(open[0].length - 1));
  if (!close) return null;
  return text.slice(0, open[0].length - 1 + close.index + close[0].length);
}

/** Parses a frontmatter block (pure). Line numbers count from the file's first line. */
export function parseFrontmatter(block: string): FrontmatterResult {
  try {
    const data = matter(block, MATTER_OPTIONS).data as unknown;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      return { ok: false, message: 'frontmatter is not a mapping of fields', line: 2 };
    }
    return { ok: true, data: data as Record<string, unknown> };
  } catch (error) {
    const mark = (error as { mark?: { line?: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    return {
      ok: false,
      message: `invalid YAML frontmatter: ${reason}`,
      ...(mark?.line !== undefined ? { line: mark.line + 2 } : {}),
    };
  }
}

/**
 * Reads and parses the frontmatter of the file at `path`; `{ ok: true, data: {} }` when none.
 * Only the block is read: a few KiB from the page cache.
 */
export function readFrontmatter(path: string): FrontmatterResult {
  const text = readPrefix(path, BLOCK_BYTE_CAP, (head) => {
    // The first line decides whether there is a block at all.
    if (head.includes('\n') && !OPENING.test(head)) return 0;
    const block = frontmatterBlock(head);
    return block === null ? null : block.length;
  });
  if (!OPENING.test(text)) return { ok: true, data: {} };
  const block = frontmatterBlock(text);
  if (block !== null) return parseFrontmatter(block);
  return { ok: false, message: 'frontmatter block opened with --- is never closed', line: 1 };
}
