/**
 * Reads only the frontmatter block of a page source (touches disk), never the body, and parses
 * it. Three forms, as Hugo, Jekyll, Eleventy and Astro write them:
 * - YAML between `---` lines, parsed with js-yaml's core schema, so dates stay the strings the
 *   author wrote (js-yaml's default schema turns `2024-02-30` into March 1st). The YAML is cut
 *   from the block as gray-matter cuts it (`yamlOf`), so every file reads as it did when
 *   gray-matter cut it: a test holds the two to one answer. gray-matter itself is not used: it
 *   made a Buffer of each file it was given and an object of options each call, 4 µs a source
 *   (400 ms of CPU at 100,000 sources), and its cache would keep every parsed file;
 * - TOML between `+++` lines (smol-toml); its dates are handed on as the text they were written
 *   in, so a local date-time keeps no invented zone;
 * - a JSON object that opens the file and closes with `}` alone on a line (Hugo).
 */
import { jsYaml, smolToml } from '../dependencies.js';
import { isMissingDependency } from '../errors.js';
import { readPrefix } from './read-prefix.js';

/** A frontmatter block larger than this is treated as unterminated. */
const BLOCK_BYTE_CAP = 1024 * 1024;
const YAML_OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const YAML_CLOSING = /\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
const TOML_OPENING = /^\uFEFF?\+\+\+[ \t]*\r?\n/;
const TOML_CLOSING = /\r?\n\+\+\+[ \t]*(?:\r?\n|$)/;
const JSON_OPENING = /^\uFEFF?\{[ \t]*\r?\n/;
const JSON_CLOSING = /\r?\n\}[ \t]*(?:\r?\n|$)/;

type Format = 'YAML' | 'TOML' | 'JSON';

const FORMATS: ReadonlyArray<{ format: Format; opening: RegExp; closing: RegExp }> = [
  { format: 'YAML', opening: YAML_OPENING, closing: YAML_CLOSING },
  { format: 'TOML', opening: TOML_OPENING, closing: TOML_CLOSING },
  { format: 'JSON', opening: JSON_OPENING, closing: JSON_CLOSING },
];

/**
 * The YAML of a `---` block (from `frontmatterBlock`), as gray-matter cuts it: after the opening
 * `---` (and a byte order mark), up to the first `\n---`, or to the end. Error lines count from
 * the `---` line, as they did.
 * @example yamlOf('---\ntitle: x\n---\n') // '\ntitle: x'
 */
function yamlOf(block: string): string {
  const rest = block.slice(block.charCodeAt(0) === 0xfeff ? 4 : 3);
  const close = rest.indexOf('\n---');
  return close === -1 ? rest : rest.slice(0, close);
}

/**
 * Lines gray-matter took for comments, and the white space before them (JavaScript's, wider than
 * YAML's: a block of only these is `{}` even where js-yaml would refuse a character in it).
 */
const COMMENT_LINE = /^\s*#[^\n]+/gm;

/** The data of a `---` block: `{}` for one that holds only white space and comments. */
function yamlData(block: string): unknown {
  const yaml = yamlOf(block);
  if (yaml.replace(COMMENT_LINE, '').trim() === '') return {};
  return jsYaml().load(yaml, { schema: jsYaml().CORE_SCHEMA }) ?? {};
}

export type FrontmatterResult =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; message: string; line?: number };

function formatOf(text: string) {
  return FORMATS.find((f) => f.opening.test(text));
}

/**
 * Extracts the frontmatter block (`---`, `+++` or `{` form) from the start of `text`: null when
 * there is none (yet).
 * @example frontmatterBlock('+++\ntitle = "x"\n+++\nbody') // '+++\ntitle = "x"\n+++\n'
 */
export function frontmatterBlock(text: string): string | null {
  const form = formatOf(text);
  return form ? blockOf(form, text) : null;
}

/** The block of form `form` that opens `text`, or null when it is not closed (yet). */
function blockOf(form: (typeof FORMATS)[number], text: string): string | null {
  const open = form.opening.exec(text) as RegExpExecArray;
  const close = form.closing.exec(text.slice(open[0].length - 1));
  if (!close) return null;
  return text.slice(0, open[0].length - 1 + close.index + close[0].length);
}

/** TOML dates as the text they were written in (`2024-01-05`, `2024-01-05T10:00:00.000`). */
function tomlDatesAsText(value: unknown, depth = 0): unknown {
  if (value instanceof smolToml().TomlDate) return value.toISOString();
  if (depth < 2 && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = tomlDatesAsText(v, depth + 1);
    return out;
  }
  return value;
}

function parseBlock(format: Format, block: string): unknown {
  if (format === 'YAML') return yamlData(block);
  const body = block
    .replace(format === 'TOML' ? TOML_OPENING : /^\uFEFF?/, '')
    .replace(format === 'TOML' ? TOML_CLOSING : /$^/, '');
  if (format === 'JSON') return JSON.parse(body) as unknown;
  return tomlDatesAsText(smolToml().parse(body));
}

/** The line in the file of an error's mark, for each parser's way of saying it. */
function errorLine(format: Format, error: unknown): number | undefined {
  if (format === 'YAML') {
    const mark = (error as { mark?: { line?: number } }).mark;
    return mark?.line !== undefined ? mark.line + 2 : undefined;
  }
  if (format === 'TOML' && error instanceof smolToml().TomlError) return error.line + 1;
  return undefined;
}

/**
 * Parses a frontmatter block (pure). Line numbers count from the file's first line.
 * @example parseFrontmatter('---\ndate: 2024-01-05\n---\n') // { ok: true, data: { date: '2024-01-05' } }
 */
export function parseFrontmatter(
  block: string,
  /** The block's format, when the caller has told it already. */
  format: Format = formatOf(block)?.format ?? 'YAML',
): FrontmatterResult {
  try {
    const data = parseBlock(format, block);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      return { ok: false, message: 'frontmatter is not a mapping of fields', line: 2 };
    }
    return { ok: true, data: data as Record<string, unknown> };
  } catch (error) {
    if (isMissingDependency(error)) throw error;
    const reason =
      (error as { reason?: string }).reason ?? (error as Error).message.split('\n')[0] ?? '';
    const line = errorLine(format, error);
    return {
      ok: false,
      message: `invalid ${format} frontmatter: ${reason}`,
      ...(line !== undefined ? { line } : {}),
    };
  }
}

/**
 * Reads and parses the frontmatter of the file at `path`; `{ ok: true, data: {} }` when none.
 * Only the block is read: a few KiB from the page cache. `opened` sees the open file first.
 */
export function readFrontmatter(path: string, opened?: (fd: number) => void): FrontmatterResult {
  // The block as the read found it, so it is not looked for again in what was read.
  let found: { format: Format; block: string } | null = null;
  const text = readPrefix(
    path,
    BLOCK_BYTE_CAP,
    (head) => {
      const form = formatOf(head);
      // The first line decides whether there is a block at all.
      if (!form) return head.includes('\n') ? 0 : null;
      const block = blockOf(form, head);
      if (block === null) return null;
      found = { format: form.format, block };
      return block.length;
    },
    opened,
  );
  // Set in the callback, which the type checker does not follow.
  const known = found as { format: Format; block: string } | null;
  if (known !== null) return parseFrontmatter(known.block, known.format);
  const form = formatOf(text);
  if (!form) return { ok: true, data: {} };
  const block = frontmatterBlock(text);
  if (block !== null) return parseFrontmatter(block);
  const opener = form.format === 'YAML' ? '---' : form.format === 'TOML' ? '+++' : '{';
  return {
    ok: false,
    message: `frontmatter block opened with ${opener} is never closed`,
    line: 1,
  };
}
