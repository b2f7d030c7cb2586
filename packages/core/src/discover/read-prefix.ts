/**
 * Reads only the start of a file (touches disk): chunk by chunk, decoded as UTF-8, until `endOf`
 * finds where the wanted part ends, the file ends, or `cap` bytes were read. Synchronous: the
 * files it reads were just written by the build and are in the page cache, where a plain read
 * is the floor.
 */
import { closeSync, openSync, readSync } from 'node:fs';

const CHUNK_BYTES = 8 * 1024;
const buffer = Buffer.allocUnsafe(CHUNK_BYTES);

/**
 * Returns the text up to the index `endOf` gives (it sees the text so far, and the length it had
 * before the last chunk, to search only the new part), or all that was read.
 */
export function readPrefix(
  path: string,
  cap: number,
  endOf: (text: string, before: number) => number | null,
): string {
  const fd = openSync(path, 'r');
  try {
    const decoder = new TextDecoder('utf-8');
    let text = '';
    let offset = 0;
    while (offset < cap) {
      const bytesRead = readSync(fd, buffer, 0, CHUNK_BYTES, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
      const before = text.length;
      text += decoder.decode(buffer.subarray(0, bytesRead), { stream: true });
      const end = endOf(text, before);
      if (end !== null) return text.slice(0, end);
    }
    return text + decoder.decode();
  } finally {
    closeSync(fd);
  }
}
