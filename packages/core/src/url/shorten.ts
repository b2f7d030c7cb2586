/**
 * Input a message echoes (a URL, an href, a file name), made safe to print: cut to a length a
 * log line can carry, so one odd page cannot flood a log or a report, and with its control
 * characters escaped, so a file name holding a newline cannot break the line. Pure.
 */

/** The most characters of one input a message shows. */
export const MAX_ECHOED = 200;

/**
 * `text` as it is when short enough, else its start and its end around a `…`, `max` characters
 * in all: the end of a path or URL (`…/post/index.html`) names the page as much as its start
 * does. A surrogate pair is never split.
 * @example shorten(`dist/${'x'.repeat(300)}/index.html`) // 'dist/xxx…xxx/index.html' (200 characters)
 * @example shorten('/about/') // '/about/'
 */
export function shorten(text: string, max = MAX_ECHOED): string {
  if (text.length <= max) return text;
  let head = Math.ceil((max - 1) / 2);
  let tail = text.length - Math.floor((max - 1) / 2);
  if (isHighSurrogate(text.charCodeAt(head - 1))) head--;
  if (isHighSurrogate(text.charCodeAt(tail - 1))) tail++;
  return `${text.slice(0, head)}…${text.slice(tail)}`;
}

/**
 * `text`, or its first `max` characters, `…` and its full length: how `validate` quotes a value
 * from a sitemap (its findings point at the line, so the start is what identifies it).
 * @example clip('https://example.com/') // 'https://example.com/'
 * @example clip('x'.repeat(5_000), 3) // 'xxx… (5,000 characters)'
 */
export function clip(text: string, max = MAX_ECHOED): string {
  if (text.length <= max) return text;
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}… (${text.length.toLocaleString('en-US')} characters)`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * A file name or URL as a message shows it: shortened, control characters as `\uXXXX`.
 * @example echo('a\nb.html') // 'a\\u000ab.html'
 */
export function echo(text: string, max = MAX_ECHOED): string {
  const short = shorten(text, max);
  if (!hasControlCharacter(short)) return short;
  let out = '';
  for (const c of short) {
    out += isControl(c.charCodeAt(0)) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c;
  }
  return out;
}

function isControl(code: number): boolean {
  return code < 0x20 || code === 0x7f;
}

/**
 * Whether `text` holds a C0 control character or DEL.
 * @example hasControlCharacter('a\tb') // true
 */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
}

/**
 * A value as a message quotes it: `JSON.stringify` of the shortened text, so quotes and control
 * characters are escaped and an empty value is seen.
 * @example quoted('a"b') // '"a\\"b"'
 */
export function quoted(text: string, max = MAX_ECHOED): string {
  return JSON.stringify(shorten(text, max));
}
