/**
 * Reads only the start of a file (touches disk): chunk by chunk, decoded as UTF-8, until `endOf`
 * finds where the wanted part ends, the file ends, or `cap` bytes were read. Synchronous: the
 * files it reads were just written by the build and are in the page cache, where a plain read
 * is the floor.
 */
import { closeSync, openSync, readSync } from 'node:fs';

const CHUNK_BYTES = 8 * 1024;
const buffer = Buffer.allocUnsafe(CHUNK_BYTES);

/** What was read of a file's start. */
export interface Prefix {
  /** The text up to where `endOf` said the wanted part ends, or all that was read. */
  text: string;
  /** True when the read stopped at `cap` with no end found and the file goes on past it. */
  cut: boolean;
}

/**
 * Reads the start of the file at `path`; `endOf` sees the text so far, and the length it had
 * before the last chunk, to search only the new part.
 * @example readPrefixOf('dist/index.html', 512 * 1024, (text) => text.indexOf('</head>')) // { text: '<!doctype html>…', cut: false }
 */
export function readPrefixOf(
  path: string,
  cap: number,
  endOf: (text: string, before: number) => number | null,
  /** Called with the open file before it is read (its `fstat`, say: the path is not looked up again). */
  opened?: (fd: number) => void,
): Prefix {
  const fd = openSync(path, 'r');
  try {
    opened?.(fd);
    const decoder = new TextDecoder('utf-8');
    let text = '';
    let offset = 0;
    while (offset < cap) {
      const bytesRead = readSync(fd, buffer, 0, Math.min(CHUNK_BYTES, cap - offset), offset);
      if (bytesRead === 0) return { text: text + decoder.decode(), cut: false };
      offset += bytesRead;
      const before = text.length;
      text += decoder.decode(buffer.subarray(0, bytesRead), { stream: true });
      const end = endOf(text, before);
      if (end !== null) return { text: text.slice(0, end), cut: false };
    }
    // At the cap: the file goes on if one more byte can be read.
    const cut = readSync(fd, buffer, 0, 1, offset) > 0;
    return { text: text + decoder.decode(), cut };
  } finally {
    closeSync(fd);
  }
}

/**
 * The text `readPrefixOf` reads, for a caller that need not know whether the file went on.
 * @example readPrefix('src/post.md', 64 * 1024, (text) => (text.includes('\n---\n') ? text.indexOf('\n---\n') : null))
 */
export function readPrefix(
  path: string,
  cap: number,
  endOf: (text: string, before: number) => number | null,
  opened?: (fd: number) => void,
): string {
  return readPrefixOf(path, cap, endOf, opened).text;
}

/** Where the bytes read so far are kept: grown when a file's wanted part is longer. */
let bytes = Buffer.allocUnsafe(4 * CHUNK_BYTES);
const decoder = new TextDecoder('utf-8');

/**
 * `readPrefixOf`, with the end found in the bytes, before anything is decoded: `endOf` sees the
 * bytes read so far (`[0, to)`, the new ones from `before`) and returns the byte where the wanted
 * part ends. Only that part is made a string. A page's head is a tenth of what a chunk holds, and
 * decoding whole chunks was most of what a build reading heads allocated (8 KB a page).
 * @example readPrefixBytes('dist/index.html', 512 * 1024, (b, before, to) => { const at = b.indexOf('</head>', Math.max(0, before - 6)); return at >= 0 && at < to ? at : null; })
 */
export function readPrefixBytes(
  path: string,
  cap: number,
  endOf: (bytes: Buffer, before: number, to: number) => number | null,
): Prefix {
  const fd = openSync(path, 'r');
  try {
    let used = 0;
    while (used < cap) {
      if (bytes.length < used + CHUNK_BYTES) {
        const more = Buffer.allocUnsafe(Math.max(bytes.length * 2, used + CHUNK_BYTES));
        bytes.copy(more, 0, 0, used);
        bytes = more;
      }
      const bytesRead = readSync(fd, bytes, used, Math.min(CHUNK_BYTES, cap - used), used);
      if (bytesRead === 0) return { text: decoder.decode(bytes.subarray(0, used)), cut: false };
      const before = used;
      used += bytesRead;
      const end = endOf(bytes, before, used);
      if (end !== null) return { text: decoder.decode(bytes.subarray(0, end)), cut: false };
    }
    // At the cap: the file goes on if one more byte can be read.
    const cut = readSync(fd, buffer, 0, 1, used) > 0;
    return { text: decoder.decode(bytes.subarray(0, used)), cut };
  } finally {
    closeSync(fd);
  }
}
