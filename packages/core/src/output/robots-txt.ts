/**
 * Adds `Sitemap:` lines to a robots.txt, and takes out the ones asked to go. Pure: never
 * duplicates a line, never touches the user's other lines; `robotsAppend` works on the file's bytes, so a file in Latin-1 or UTF-16
 * keeps every byte and gets its new lines in its own encoding.
 */

const SITEMAP_LINE = /^\s*sitemap\s*:\s*(\S+)\s*$/i;

/** The minimal allow-all robots.txt written when a site has none. */
export function minimalRobotsTxt(sitemapUrls: readonly string[]): string {
  return `User-agent: *\nAllow: /\n\n${sitemapUrls.map((u) => `Sitemap: ${u}\n`).join('')}`;
}

/**
 * Returns the new text, or null when every URL is already listed.
 * @example addSitemapLines('User-agent: *\nDisallow:\n', ['https://e.com/sitemap-index.xml'])
 *   // 'User-agent: *\nDisallow:\n\nSitemap: https://e.com/sitemap-index.xml\n'
 */
export function addSitemapLines(existing: string, sitemapUrls: readonly string[]): string | null {
  const added = linesToAdd(existing, sitemapUrls);
  return added === null ? null : existing + added;
}

/** The URLs of a robots.txt text's `Sitemap:` lines. */
function listedUrls(text: string): Set<string> {
  const listed = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const match = SITEMAP_LINE.exec(line);
    if (match) listed.add(match[1] as string);
  }
  return listed;
}

/** The text to append to `existing` so that it lists every URL; null when none is missing. */
function linesToAdd(existing: string, sitemapUrls: readonly string[]): string | null {
  const listed = listedUrls(existing);
  const missing = sitemapUrls.filter((u) => !listed.has(u));
  if (missing.length === 0) return null;
  const eol = existing.includes('\r\n') ? '\r\n' : '\n';
  let added = '';
  if (existing !== '' && !existing.endsWith('\n')) added += eol;
  if (existing !== '' && !/(\r?\n){2}$/.test(existing + added) && listed.size === 0) added += eol;
  return added + missing.map((u) => `Sitemap: ${u}${eol}`).join('');
}

type RobotsEncoding = 'latin1' | 'utf16le' | 'utf16be';

function encodingOf(bytes: Buffer): RobotsEncoding {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf16be';
  return 'latin1';
}

/**
 * The URLs a robots.txt (its bytes) lists in `Sitemap:` lines.
 * @example robotsSitemapUrls(Buffer.from('Sitemap: https://e.com/s.xml\n')) // Set { 'https://e.com/s.xml' }
 */
export function robotsSitemapUrls(bytes: Buffer): Set<string> {
  return listedUrls(decode(bytes, encodingOf(bytes)));
}

function swapBytes(bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes);
  return copy.swap16();
}

function decode(bytes: Buffer, encoding: RobotsEncoding): string {
  if (encoding === 'latin1') return bytes.toString('latin1');
  const body = bytes.subarray(2, bytes.length - (bytes.length % 2));
  return (encoding === 'utf16le' ? body : swapBytes(body)).toString('utf16le');
}

function encode(text: string, encoding: RobotsEncoding): Buffer {
  if (encoding === 'latin1') return Buffer.from(text, 'latin1');
  const bytes = Buffer.from(text, 'utf16le');
  return encoding === 'utf16le' ? bytes : swapBytes(bytes);
}

/**
 * The bytes to append to a robots.txt (its bytes `existing`) so that it lists every URL; null
 * when none is missing. A UTF-16 file (by its byte order mark) gets UTF-16 lines; any other is
 * read byte for byte (UTF-8, Latin-1 and ASCII agree on the ASCII a `Sitemap:` line is made of).
 * @example robotsAppend(Buffer.from('Disallow: /x'), ['https://e.com/s.xml']) // '\n\nSitemap: https://e.com/s.xml\n'
 */
export function robotsAppend(existing: Buffer, sitemapUrls: readonly string[]): Buffer | null {
  const encoding = encodingOf(existing);
  const added = linesToAdd(decode(existing, encoding), sitemapUrls);
  return added === null ? null : encode(added, encoding);
}

/**
 * The bytes of a robots.txt (its bytes `existing`) without the `Sitemap:` lines of `urls`, in
 * its own encoding and line ends; null when it has none of them.
 * @example robotsRemove(Buffer.from('Sitemap: https://e.com/old.xml\nAllow: /\n'), ['https://e.com/old.xml']) // 'Allow: /\n'
 */
export function robotsRemove(existing: Buffer, urls: readonly string[]): Buffer | null {
  const encoding = encodingOf(existing);
  const text = decode(existing, encoding);
  const gone = new Set(urls);
  const lines = text.split(/(?<=\n)/);
  const kept = lines.filter((line) => {
    const match = SITEMAP_LINE.exec(line.replace(/\r?\n$/, ''));
    return !(match && gone.has(match[1] as string));
  });
  if (kept.length === lines.length) return null;
  const body = encode(kept.join(''), encoding);
  if (encoding === 'latin1') return body;
  return Buffer.concat([existing.subarray(0, 2), body]);
}
