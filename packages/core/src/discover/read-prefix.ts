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
): Prefix {
  const fd = openSync(path, 'r');
  try {
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
): string {
  return readPrefixOf(path, cap, endOf).text;
}
