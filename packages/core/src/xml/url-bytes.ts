/**
 * A `<url>` entry written as UTF-8 bytes, no string made: the entries a build writes by the
 * hundred thousand (a URL, its lastmod as a code, a changefreq and a priority; no alternates,
 * no images). The bytes are those `renderUrl` makes of the same entry; what this does not
 * write as they are (a URL with a character XML escapes or forbids, or one beyond ASCII) is
 * left to `renderUrl`.
 */
import type { ByteScratch } from '../columns/byte-scratch.js';
import { writeLastmod } from '../columns/lastmod-column.js';
import type { ChangeFreq } from '../types.js';
import { formatPriority } from './render.js';

const LOC = Buffer.from('<url><loc>');
const LOC_END = Buffer.from('</loc>');
const LASTMOD = Buffer.from('<lastmod>');
const LASTMOD_END = Buffer.from('</lastmod>');
const URL_END = Buffer.from('</url>\n');
/** The bytes of a lastmod element at its longest (an instant). */
const LASTMOD_BYTES = LASTMOD.length + 20 + LASTMOD_END.length;

/** The bytes of `<changefreq>...</changefreq>` and `<priority>...</priority>`, by value. */
const changefreqs = new Map<ChangeFreq, Buffer>();
const priorities = new Map<number, Buffer>();

function changefreqBytes(value: ChangeFreq): Buffer {
  let bytes = changefreqs.get(value);
  if (bytes === undefined) {
    bytes = Buffer.from(`<changefreq>${value}</changefreq>`);
    changefreqs.set(value, bytes);
  }
  return bytes;
}

function priorityBytes(value: number): Buffer {
  let bytes = priorities.get(value);
  if (bytes === undefined) {
    bytes = Buffer.from(`<priority>${formatPriority(value)}</priority>`);
    priorities.set(value, bytes);
  }
  return bytes;
}

/**
 * Whether `escapeXml` leaves the bytes as they are: printable ASCII but the five characters it
 * escapes.
 */
function keptAsIs(bytes: Uint8Array, length: number): boolean {
  for (let i = 0; i < length; i++) {
    const c = bytes[i] as number;
    if (c < 0x20 || c > 0x7e || c === 0x26 || c === 0x3c || c === 0x3e || c === 0x22 || c === 0x27)
      return false;
  }
  return true;
}

/**
 * Writes the entry of `url` (its bytes), lastmod `lastmodCode` (NaN: none), `changefreq` and
 * `priority` into `into`, as `renderUrl` writes it; false, with nothing to use written, when
 * the URL is not written as it is.
 */
export function renderUrlBytes(
  url: ByteScratch,
  lastmodCode: number,
  changefreq: ChangeFreq | undefined,
  priority: number | undefined,
  into: ByteScratch,
): boolean {
  if (!keptAsIs(url.bytes, url.length)) return false;
  const often = changefreq ? changefreqBytes(changefreq) : null;
  const weight = priority !== undefined ? priorityBytes(priority) : null;
  into.room(
    LOC.length +
      url.length +
      LOC_END.length +
      LASTMOD_BYTES +
      (often?.length ?? 0) +
      (weight?.length ?? 0) +
      URL_END.length,
  );
  const out = into.bytes;
  let at = LOC.copy(out, 0);
  at += url.bytes.copy(out, at, 0, url.length);
  at += LOC_END.copy(out, at);
  if (!Number.isNaN(lastmodCode)) {
    at += LASTMOD.copy(out, at);
    at += writeLastmod(lastmodCode, out, at);
    at += LASTMOD_END.copy(out, at);
  }
  if (often) at += often.copy(out, at);
  if (weight) at += weight.copy(out, at);
  at += URL_END.copy(out, at);
  into.length = at;
  return true;
}
