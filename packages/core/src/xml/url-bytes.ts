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
const LOC_END_LASTMOD = Buffer.from('</loc><lastmod>');
/** The bytes of a lastmod's text at its longest (an instant). */
const LASTMOD_TEXT_BYTES = 20;

/** Tails kept at most, of each kind. */
const MAX_TAILS = 256;

/**
 * What follows the URL (`</loc>`) or the lastmod's text (`</lastmod>`) to the entry's end: the
 * changefreq and priority elements and `</url>`, by value. An entry is then four copies, not
 * eight; the last pair asked for is kept at hand (a site gives most pages one pair).
 */
class Tails {
  readonly #made = new Map<string, Buffer>();
  readonly #end: string;
  #changefreq: ChangeFreq | undefined;
  #priority: number | undefined;
  #last: Buffer | null = null;

  /** `end`: the close tag the tail starts with. */
  constructor(end: string) {
    this.#end = end;
  }

  get(changefreq: ChangeFreq | undefined, priority: number | undefined): Buffer {
    if (this.#last !== null && changefreq === this.#changefreq && priority === this.#priority)
      return this.#last;
    const often = changefreq ? `<changefreq>${changefreq}</changefreq>` : '';
    const weight = priority !== undefined ? `<priority>${formatPriority(priority)}</priority>` : '';
    const text = `${this.#end}${often}${weight}</url>\n`;
    let tail = this.#made.get(text);
    if (tail === undefined) {
      tail = Buffer.from(text);
      // Kept for the process's later builds too, so not without end (priorities are numbers).
      if (this.#made.size < MAX_TAILS) this.#made.set(text, tail);
    }
    this.#changefreq = changefreq;
    this.#priority = priority;
    this.#last = tail;
    return tail;
  }
}

const AFTER_URL = new Tails('</loc>');
const AFTER_LASTMOD = new Tails('</lastmod>');

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
  const dated = !Number.isNaN(lastmodCode);
  const tail = (dated ? AFTER_LASTMOD : AFTER_URL).get(changefreq, priority);
  into.room(LOC.length + url.length + LOC_END_LASTMOD.length + LASTMOD_TEXT_BYTES + tail.length);
  const out = into.bytes;
  let at = LOC.copy(out, 0);
  at += url.bytes.copy(out, at, 0, url.length);
  if (dated) {
    at += LOC_END_LASTMOD.copy(out, at);
    at += writeLastmod(lastmodCode, out, at);
  }
  at += tail.copy(out, at);
  into.length = at;
  return true;
}
