/**
 * Reads only a page's `<head>` (touches disk): stops at `</head>` or `<body>`, or at a byte cap
 * (and then says so, for a warning), and tokenizes it as an HTML parser does, never with
 * regexes: the head scanner (`scan-head.ts`), a port of htmlparser2's tokenizer for the tags a
 * head holds, and htmlparser2 itself for what the scanner leaves to it.
 */

import { htmlparser2 } from '../dependencies.js';
import { isMissingDependency } from '../errors.js';
import { type HeadInfo, HeadTags, type TagAttributes } from './head-tags.js';
import { readPrefixBytes } from './read-prefix.js';
import { scanHead } from './scan-head.js';

/** Heads larger than this (huge inline styles or scripts) are read only this far. */
export const HEAD_BYTE_CAP = 512 * 1024;
export const HEAD_END = /<\/head\s*>|<body[\s>]/i;

/** A tag's attributes as htmlparser2 gives them, for `HeadTags`. */
class ParsedAttributes implements TagAttributes {
  constructor(readonly attrs: Record<string, string>) {}
  get(name: string): string | undefined {
    return Object.hasOwn(this.attrs, name) ? this.attrs[name] : undefined;
  }
  has(name: string): boolean {
    return Object.hasOwn(this.attrs, name);
  }
  filled(name: string): boolean {
    return Boolean(this.get(name));
  }
}

/** `parseHead` with htmlparser2 doing all the tokenizing: for what the scanner leaves to it. */
export function parseHeadWithParser(html: string): HeadInfo {
  const tags = new HeadTags();
  const parser = new (htmlparser2().Parser)(
    {
      ontext: (text) => tags.text(text),
      onclosetag: (name) => tags.closeTag(name),
      onopentag: (name, attrs) => tags.openTag(name, new ParsedAttributes(attrs)),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return tags.finish();
}

/**
 * Parses the text of a head (pure): the head scanner reads it as htmlparser2 would, and leaves
 * to htmlparser2 what it does not read itself (`scan-head.ts`).
 */
export function parseHead(html: string): HeadInfo {
  const tags = new HeadTags();
  return scanHead(html, tags) ? tags.finish() : parseHeadWithParser(html);
}

export type HeadResult = HeadInfo | { error: string };

/** `readHead`, with a read error returned rather than thrown. */
export function readHeadSafely(path: string): HeadResult {
  try {
    return readHead(path);
  } catch (error) {
    if (isMissingDependency(error)) throw error;
    return { error: (error as Error).message };
  }
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;

/** `\t \n \v \f \r` and space: the ASCII whitespace `\s` matches. */
function isAsciiSpace(byte: number): boolean {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
}

/** Whether `bytes` at `at` hold the ASCII letters of `word` (lower case), in any case. */
function letters(bytes: Buffer, at: number, word: string, to: number): boolean {
  if (at + word.length > to) return false;
  for (let i = 0; i < word.length; i++)
    if (((bytes[at + i] as number) | 0x20) !== word.charCodeAt(i)) return false;
  return true;
}

/** Whether one of the four bytes of `word` is `<` (a zero byte of `word ^ 0x3c3c3c3c`). */
function holdsLt(word: number): boolean {
  const x = word ^ 0x3c3c3c3c;
  return ((x - 0x01010101) & ~x & 0x80808080) !== 0;
}

/**
 * Where `HEAD_END` first matches in the text of UTF-8 `bytes[0, to)`, found in the bytes: only
 * the head is then decoded. Its tags are ASCII, so a byte offset is where the text would be cut.
 * Where a character that is not ASCII follows the tag's name (`\s` matches some), the run of
 * them is decoded and `HEAD_END` decides. Reads ended at `before`: a tag the last read could not
 * decide ran to its end, so the search starts again at the last `<` before it (a tag's name and
 * whitespace hold none). The bytes are gone through four at a time to each `<`.
 */
export function headEnd(bytes: Buffer, before: number, to: number): number | null {
  const last = before > 0 ? bytes.lastIndexOf(LT, before - 1) : -1;
  const start = last === -1 ? before : last;
  // The bytes from the first one aligned to four in the buffer's memory, four at a time.
  const offset = bytes.byteOffset;
  const wordFrom = start + ((4 - ((offset + start) % 4)) % 4);
  const wordCount = Math.max(0, Math.floor((to - wordFrom) / 4));
  const words = wordCount > 8 ? new Uint32Array(bytes.buffer, offset + wordFrom, wordCount) : null;
  for (let at = start; at < to; at++) {
    if (words !== null && at >= wordFrom && ((at - wordFrom) & 3) === 0) {
      let word = (at - wordFrom) >> 2;
      while (word < wordCount && !holdsLt(words[word] as number)) word++;
      at = wordFrom + (word << 2);
      if (at >= to) break;
    }
    if (bytes[at] !== LT) continue;
    let next = -1;
    if (bytes[at + 1] === SLASH && letters(bytes, at + 2, 'head', to)) {
      let after = at + 6;
      while (after < to && isAsciiSpace(bytes[after] as number)) after++;
      next = after;
    } else if (letters(bytes, at + 1, 'body', to)) next = at + 5;
    if (next === -1 || next >= to) continue;
    const byte = bytes[next] as number;
    if (byte === GT || (next === at + 5 && isAsciiSpace(byte))) return at;
    if (byte >= 0x80) {
      // Whitespace beyond ASCII, maybe: up to the first ASCII byte that is not whitespace.
      let stop = next;
      while (stop < to && ((bytes[stop] as number) >= 0x80 || isAsciiSpace(bytes[stop] as number)))
        stop++;
      const window = bytes.toString('utf8', at, Math.min(to, stop + 1));
      if (HEAD_END.exec(window)?.index === 0) return at;
    }
  }
  return null;
}

/** Only a head that names one of these can hold anything `parseHead` looks for. */
const RELEVANT =
  /robots|googlebot|canonical|refresh|hreflang|modified_time|updated_time|published_time|datemodified|datepublished/i;

/**
 * Reads the head of the HTML file at `path` and parses it; a head longer than `HEAD_BYTE_CAP` is
 * read that far, and says so (`cutAt`). Synchronous: the build has just written the page, so it
 * is in the page cache, and a plain read is the floor. A head that names none of the relevant
 * attributes is not tokenized at all. On a large site the heads are shared with a helper thread
 * (`parallel/helper-thread.ts`), each thread reading and judging ranges of the list.
 */
export function readHead(path: string): HeadInfo {
  const { text, cut } = readPrefixBytes(path, HEAD_BYTE_CAP, headEnd);
  const info: HeadInfo = RELEVANT.test(text) ? parseHead(text) : { robots: [], alternates: [] };
  if (cut) info.cutAt = HEAD_BYTE_CAP;
  return info;
}
