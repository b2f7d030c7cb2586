/**
 * RFC 3986 percent-encoding, and the dot-segment removal URL parsing does. Pure: no I/O.
 *
 * Unreserved characters and sub-delims stay as they are (`&` and `'` are then entity-escaped in
 * the XML), everything else is UTF-8 percent-encoded (ü -> %C3%BC, space -> %20), and an existing
 * valid `%XX` is kept, never double-encoded.
 */

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const SUB_DELIMS = /[!$&'()*+,;=]/;
const HEX2 = /^[0-9A-Fa-f]{2}$/;
const PLAIN_SEGMENT = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]*$/;
/**
 * An absolute http(s) URL that every normalisation here and in WHATWG parsing leaves unchanged:
 * lower-case scheme and host (a name, not an IPv4 number), no port or credentials, a path of
 * characters that stay as they are, and upper-case `%XX` escapes; no query or fragment.
 */
const PLAIN_URL =
  /^https?:\/\/(?:[a-z0-9-]+\.)*[a-z0-9-]*[a-z][a-z0-9-]*\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-F]{2})*$/;
/** A `.` or `..` segment (also as `%2E`), which URL parsing resolves away. */
const DOT_SEGMENT = /\/(?:\.|%2e)/i;
/** A whole segment that is `.` or `..`, written with dots or `%2E` (URL parsing reads both). */
const DOT_ONLY = /^(?:\.|%2e){1,2}$/i;
const ENCODED_DOT = /%2e/gi;

/**
 * Whether `encodeUrl` and WHATWG parsing (`new URL(url).href`) both return `url` unchanged: the
 * fast path for the URLs sitemapkit itself writes and most hrefs in heads.
 */
export function isPlainUrl(url: string): boolean {
  // `xn--` labels are checked as punycode by URL parsing, which may reject them.
  return PLAIN_URL.test(url) && !DOT_SEGMENT.test(url) && !url.includes('xn--');
}
const URL_PARTS = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/s;

/**
 * Resolves the `.` and `..` segments of an absolute path as URL parsing does (RFC 3986,
 * remove_dot_segments): the URL written is the one a crawler fetches, and a `..` cannot climb
 * out of the folder a sitemap may list.
 * @example removeDotSegments('/docs/../secret') // '/secret'
 * @example removeDotSegments('/a/.') // '/a/'
 */
export function removeDotSegments(path: string): string {
  if (!DOT_SEGMENT.test(path)) return path;
  const segments = path.split('/');
  const out: string[] = [];
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (DOT_ONLY.test(segment)) {
      if (segment.replace(ENCODED_DOT, '.') === '..') out.pop();
      // A dot segment at the end leaves its folder: `/a/b/..` is `/a/`.
      if (i === segments.length - 1) out.push('');
    } else out.push(segment);
  }
  return `/${out.join('/')}`;
}

function encodeChars(input: string, extraAllowed: string, keepPercent: boolean): string {
  let out = '';
  for (let i = 0; i < input.length; i++) {
    const c = input[i] as string;
    if (c === '%' && keepPercent && HEX2.test(input.slice(i + 1, i + 3))) {
      out += `%${input.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else if (UNRESERVED.test(c) || SUB_DELIMS.test(c) || extraAllowed.includes(c)) {
      out += c;
    } else {
      const code = input.codePointAt(i) as number;
      const char = String.fromCodePoint(code);
      if (code > 0xffff) i++;
      out += encodeURIComponent(char.isWellFormed() ? char : '\uFFFD');
    }
  }
  return out;
}

/**
 * Encodes one raw path segment, such as a file name: `%` is literal here.
 * @example encodePathSegment('über uns') // '%C3%BCber%20uns'
 * @example encodePathSegment('100%') // '100%25'
 */
export function encodePathSegment(segment: string): string {
  // Most names need nothing: ASCII is NFC already, and these characters stay as they are.
  if (PLAIN_SEGMENT.test(segment)) return segment;
  return encodeChars(segment.normalize('NFC'), ':@', false);
}

/**
 * Percent-encodes a URL path (slashes kept), keeping valid `%XX` escapes.
 * @example encodePath('/café/') // '/caf%C3%A9/'
 */
export function encodePath(path: string): string {
  return encodeChars(path.normalize('NFC'), ':@/', true);
}

/**
 * Normalises an absolute URL: lower-case scheme and host, IDN host to punycode, default port
 * dropped, `\\` in the path read as `/` and dot segments resolved (as URL parsing does), and
 * path/query/fragment percent-encoded per RFC 3986 without double-encoding.
 * Returns null when the input is not an absolute URL with an authority.
 * @example encodeUrl('https://Example.com:443/café?q=a b') // 'https://example.com/caf%C3%A9?q=a%20b'
 */
export function encodeUrl(input: string): string | null {
  if (isPlainUrl(input)) return input;
  const match = URL_PARTS.exec(input.trim());
  if (!match) return null;
  const [, scheme = '', authority = '', path = '', query, fragment] = match;
  let origin: string;
  try {
    origin = new URL(`${scheme}://${authority}/`).origin;
  } catch {
    return null;
  }
  if (origin === 'null') return null;
  const encodedPath = removeDotSegments(
    encodeChars(path.normalize('NFC').replaceAll('\\', '/'), ':@/', true),
  );
  const encodedQuery = query === undefined ? '' : `?${encodeChars(query.slice(1), ':@/?', true)}`;
  const encodedFragment =
    fragment === undefined ? '' : `#${encodeChars(fragment.slice(1), ':@/?', true)}`;
  return `${origin}${encodedPath || '/'}${encodedQuery}${encodedFragment}`;
}

/** Decodes percent-escapes where they form valid UTF-8, leaving the rest as is. */
export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
