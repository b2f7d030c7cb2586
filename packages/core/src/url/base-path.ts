/**
 * Whether a `base` option can be the path of every URL of a sitemap: it goes into every `<loc>`
 * as given (percent-encoded), so anything that URL parsing would rewrite or cut off is refused
 * rather than written. Pure.
 */
import { hasControlCharacter, quoted } from './shorten.js';

/** Characters URL parsing reads as something other than a path: `\` as `/`, `?` and `#` end it. */
const NOT_PATH = /[\\?#]/;
/** A `.` or `..` segment, also percent-encoded (`%2e`): URL parsing resolves it away. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
/** A percent-encoded control character (`%00`-`%1F`, `%7F`). */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;
/** An encoded `/` inside a segment: servers read it as a separator, or refuse it. */
const ENCODED_SLASH = /%2f/i;

/**
 * Why `base` cannot be the path of the sitemap's URLs, as a line for the options error; null
 * when it can.
 * @example basePathProblem('/docs/') // null
 * @example basePathProblem('/../../') // '`base` must be a plain URL path such as /docs/; "/../../" has a `.` or `..` segment, which URLs resolve away'
 */
export function basePathProblem(base: string): string | null {
  const because = (why: string): string =>
    `\`base\` must be a plain URL path such as /docs/; ${quoted(base)} ${why}`;
  if (!base.isWellFormed()) return because('is not well-formed text');
  if (NOT_PATH.test(base)) {
    return because('holds `\\`, `?` or `#`, which URL parsing reads as `/`, a query or a fragment');
  }
  // Literal or percent-encoded, a control character names no folder a server is asked for.
  if (hasControlCharacter(base) || ENCODED_CONTROL.test(base)) {
    return because('holds control characters');
  }
  const segments = base.split('/');
  if (segments.some((segment) => DOT_SEGMENT.test(segment))) {
    return because('has a `.` or `..` segment, which URLs resolve away');
  }
  if (ENCODED_SLASH.test(base)) return because('holds an encoded `/` (%2F)');
  return null;
}
