/**
 * The head scanner: a tokenizer for the text of a page's head that finds what htmlparser2 finds
 * (its tokenizer's states, HTML mode, ported), without its cost. htmlparser2 reads a head char
 * by char and makes a string of every attribute and an object of every tag; over a million pages
 * that was most of the time and the garbage of a build reading heads. The scanner jumps from `<`
 * to `<` (and through quoted values, comments, scripts and styles) with `indexOf`, tells tag and
 * attribute names apart in place, and makes strings only of the values `HeadTags` asks for.
 *
 * It hands back (returns false, having fed `tags` part of the head) what it does not do, for the
 * caller to parse the head again with htmlparser2: a value with a character reference (`&amp;`)
 * that `HeadTags` asks for, SVG or MathML (foreign content, where htmlparser2 tokenizes
 * `<script>` and `<style>` as any tag), and `<plaintext>`. Agreement with htmlparser2 is tested
 * on heads made to reach every state (`test/unit/scan-head.test.ts`).
 */
/*!
 * The tokenizer states below follow htmlparser2's `Tokenizer` (https://github.com/fb55/htmlparser2),
 * under its license:
 *
 * Copyright 2010, 2011, Chris Winberry <chris@winberry.net>. All rights reserved.
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to
 * deal in the Software without restriction, including without limitation the
 * rights to use, copy, modify, merge, publish, distribute, sublicense, and/or
 * sell copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in
 * all copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
 * FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS
 * IN THE SOFTWARE.
 */
import { HEAD_ATTRIBUTES, HEAD_TAGS, type HeadTags, type TagAttributes } from './head-tags.js';

const TAB = 0x09;
const NEW_LINE = 0x0a;
const FORM_FEED = 0x0c;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const BANG = 0x21;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const DASH = 0x2d;
const SLASH = 0x2f;
const LT = 0x3c;
const EQ = 0x3d;
const GT = 0x3e;
const QUESTION = 0x3f;
const BRACKET = 0x5b;

/** The whitespace of htmlparser2's tokenizer (not `\v`). */
function isSpace(c: number): boolean {
  return c === SPACE || c === NEW_LINE || c === TAB || c === FORM_FEED || c === CARRIAGE_RETURN;
}

function isEndOfTagSection(c: number): boolean {
  return c === SLASH || c === GT || isSpace(c);
}

function endsAttributeName(c: number): boolean {
  return c === EQ || isEndOfTagSection(c);
}

function endsUnquotedValue(c: number): boolean {
  return c === GT || isSpace(c);
}

function isAsciiAlpha(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** Elements whose text is not markup, up to their end tag (`title` and `textarea` with references). */
const TEXT_ONLY: readonly string[] = [
  'script',
  'style',
  'title',
  'textarea',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
];
/** Where the scanner stops and htmlparser2 takes the head. */
const LEFT_TO_PARSER: readonly string[] = ['svg', 'math', 'plaintext'];
/** The tags the scanner tells apart; any other is just a tag to it. */
const KNOWN_TAGS: readonly string[] = [...new Set([...HEAD_TAGS, ...TEXT_ONLY, ...LEFT_TO_PARSER])];

/**
 * Which of `names` (lower case, ASCII) `html[start, end)` is once lower-cased as
 * htmlparser2 does (`toLowerCase`), or -1; no string is made. ASCII letters compare with their
 * case folded; a character beyond ASCII makes the name a string, lower-cased (only U+0130 and
 * U+212A lower-case to ASCII: `i` with a combining dot, and `k`).
 */
function nameIn(html: string, start: number, end: number, names: readonly string[]): number {
  const length = end - start;
  candidates: for (let n = 0; n < names.length; n++) {
    const name = names[n] as string;
    if (name.length !== length) continue;
    for (let k = 0; k < length; k++) {
      let c = html.charCodeAt(start + k);
      if (c >= 0x80) return names.indexOf(html.slice(start, end).toLowerCase());
      if (c >= 0x41 && c <= 0x5a) c |= 0x20;
      if (c !== name.charCodeAt(k)) continue candidates;
    }
    return n;
  }
  return -1;
}

/** What starts a character reference, which the scanner leaves to htmlparser2 to decode. */
const AMP = '&';

/** Thrown when `HeadTags` asks for a value with a character reference. */
const NEEDS_DECODING = Symbol('needs decoding');

const ATTRIBUTE_ROWS = new Map(HEAD_ATTRIBUTES.map((name, row) => [name, row]));

/** The attributes `HeadTags` reads of one start tag: where each value starts and ends. */
class ScannedAttributes implements TagAttributes {
  html = '';
  readonly #starts = new Int32Array(HEAD_ATTRIBUTES.length).fill(-1);
  readonly #ends = new Int32Array(HEAD_ATTRIBUTES.length);

  reset(html: string): void {
    this.html = html;
    this.#starts.fill(-1);
  }

  /** The value of attribute `row` of `HEAD_ATTRIBUTES`, unless the tag had one (the first counts). */
  add(row: number, start: number, end: number): void {
    if (this.#starts[row] !== -1) return;
    this.#starts[row] = start;
    this.#ends[row] = end;
  }

  #row(name: string): number {
    const row = ATTRIBUTE_ROWS.get(name);
    if (row === undefined) throw new Error(`scanHead: ${name} is not in HEAD_ATTRIBUTES`);
    return row;
  }

  has(name: string): boolean {
    return this.#starts[this.#row(name)] !== -1;
  }

  filled(name: string): boolean {
    const row = this.#row(name);
    const start = this.#starts[row] as number;
    return start !== -1 && (this.#ends[row] as number) > start;
  }

  get(name: string): string | undefined {
    const row = this.#row(name);
    const start = this.#starts[row] as number;
    if (start === -1) return undefined;
    const value = this.html.slice(start, this.#ends[row]);
    if (value.includes(AMP)) throw NEEDS_DECODING;
    return value;
  }
}

const attributes = new ScannedAttributes();

/**
 * Where the end tag of a text-only element starts (its `<`), from `from`; -1 when the text runs
 * to the end. `end` is `</` and the name, lower case. As htmlparser2: a character matches when
 * it does with bit 0x20 set, and outside `title` and `textarea` it jumps to the next `<`.
 */
function textEnd(html: string, from: number, end: string, references: boolean): number {
  const length = end.length;
  let matched = 0;
  for (let i = from; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (matched === length) {
      if (isEndOfTagSection(c)) return i - length;
      matched = 0;
    }
    if ((c | 0x20) === end.charCodeAt(matched)) matched++;
    else if (matched === 0) {
      if (references) continue;
      const next = html.indexOf('<', i + 1);
      if (next === -1) return -1;
      i = next;
      matched = 1;
    } else matched = c === LT ? 1 : 0;
  }
  return -1;
}

const COMMENT_END = '--!>';

/** Where text starts again after a comment whose text starts at `from` (`<!--` read); -1: none. */
function commentEnd(html: string, from: number): number {
  let matched = 0;
  for (let i = from; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (matched <= 1 && i === from + matched && c === GT) return i + 1;
    if (matched === 2 && c === GT) return i + 1;
    if (matched === 3 && c !== GT) matched = c === DASH ? 1 : 0;
    else if (c === COMMENT_END.charCodeAt(matched)) {
      if (++matched === COMMENT_END.length) return i + 1;
    } else if (matched === 0) {
      const dash = html.indexOf('-', i + 1);
      if (dash === -1) return -1;
      i = dash;
      matched = 1;
    } else if (c !== COMMENT_END.charCodeAt(matched - 1)) matched = 0;
  }
  return -1;
}

/** Where text starts again after the first `>` from `from`; -1: none. */
function afterGt(html: string, from: number): number {
  const gt = html.indexOf('>', from);
  return gt === -1 ? -1 : gt + 1;
}

const CDATA = 'CDATA[';

/** Where text starts again after `<!` at `bang - 1`: a comment, CDATA, a doctype, anything else. */
function afterMarkup(html: string, bang: number): number {
  const c = html.charCodeAt(bang + 1);
  if (c === BRACKET) {
    for (let k = 0; k < CDATA.length; k++) {
      const at = bang + 2 + k;
      if (at >= html.length) return -1;
      if (html.charCodeAt(at) !== CDATA.charCodeAt(k)) return afterGt(html, at);
    }
    const end = html.indexOf(']]>', bang + 2 + CDATA.length);
    return end === -1 ? -1 : end + 3;
  }
  if (c === GT) return bang + 2;
  if (c === DASH) {
    const d = html.charCodeAt(bang + 2);
    if (d === DASH) return commentEnd(html, bang + 3);
    if (d === GT) return bang + 3;
  }
  return afterGt(html, bang + 1);
}

/** Keeps the value of the attribute named `html[nameStart, nameEnd)` if `HeadTags` reads it. */
function take(html: string, nameStart: number, nameEnd: number, start: number, end: number): void {
  const row = nameIn(html, nameStart, nameEnd, HEAD_ATTRIBUTES);
  if (row !== -1) attributes.add(row, start, end);
}

/** Outcome of one start tag: where text starts again, -1 at the end, or the parser's turn. */
const TO_PARSER = -2;

/**
 * Reads the start tag whose name starts at `start`: gathers its attributes when `tags` reads
 * it, feeds it, and skips a text-only element's text.
 */
function startTag(html: string, start: number, tags: HeadTags): number {
  const length = html.length;
  let i = start + 1;
  while (i < length && !isEndOfTagSection(html.charCodeAt(i))) i++;
  if (i >= length) return -1;
  const known = nameIn(html, start, i, KNOWN_TAGS);
  const name = known === -1 ? '' : (KNOWN_TAGS[known] as string);
  if (LEFT_TO_PARSER.includes(name)) return TO_PARSER;
  const read = HEAD_TAGS.includes(name);
  if (read) attributes.reset(html);
  // Before an attribute's name (htmlparser2's BeforeAttributeName and InSelfClosingTag).
  for (;;) {
    if (i >= length) return -1;
    let c = html.charCodeAt(i);
    if (c === GT) break;
    if (isSpace(c) || c === SLASH) {
      if (c === SLASH && html.charCodeAt(i + 1) === GT) {
        i++;
        break;
      }
      i++;
      continue;
    }
    // The name: to `=`, whitespace, `/` or `>` (its first character may be `=`).
    const nameStart = i;
    i++;
    while (i < length && !endsAttributeName(html.charCodeAt(i))) i++;
    if (i >= length) return -1;
    const nameEnd = i;
    while (i < length && isSpace(html.charCodeAt(i))) i++;
    if (i >= length) return -1;
    if (html.charCodeAt(i) !== EQ) {
      // No value: `/`, `>` or the next name follows.
      if (read) take(html, nameStart, nameEnd, i, i);
      continue;
    }
    i++;
    while (i < length && isSpace(html.charCodeAt(i))) i++;
    if (i >= length) return -1;
    c = html.charCodeAt(i);
    let valueStart: number;
    let valueEnd: number;
    if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
      valueStart = i + 1;
      valueEnd = html.indexOf(c === DOUBLE_QUOTE ? '"' : "'", valueStart);
      if (valueEnd === -1) return -1;
      i = valueEnd + 1;
    } else {
      valueStart = i;
      while (i < length && !endsUnquotedValue(html.charCodeAt(i))) i++;
      if (i >= length) return -1;
      valueEnd = i;
    }
    if (read) take(html, nameStart, nameEnd, valueStart, valueEnd);
  }
  if (read) tags.openTag(name, attributes);
  const after = i + 1;
  if (!TEXT_ONLY.includes(name)) return after;
  const end = textEnd(html, after, `</${name}`, name === 'title' || name === 'textarea');
  if (tags.inJsonLd) tags.text(html.slice(after, end === -1 ? length : end));
  if (end === -1) return -1;
  tags.closeTag(name);
  return afterGt(html, end + name.length + 2);
}

/**
 * Feeds `tags` the head `html` holds, as htmlparser2 would (`decodeEntities`, lower-cased
 * names), and ends the elements still open; false when the head is left to htmlparser2.
 */
export function scanHead(html: string, tags: HeadTags): boolean {
  try {
    let lt = html.indexOf('<');
    while (lt !== -1 && lt + 1 < html.length) {
      const c = html.charCodeAt(lt + 1);
      let next: number;
      if (isAsciiAlpha(c)) {
        next = startTag(html, lt + 1, tags);
        if (next === TO_PARSER) return false;
      } else if (c === SLASH) {
        // An end tag outside a text-only element closes nothing `tags` reads.
        next = afterGt(html, lt + 2);
      } else if (c === BANG) {
        next = afterMarkup(html, lt + 1);
      } else if (c === QUESTION) {
        next = afterGt(html, lt + 2);
      } else {
        lt = html.indexOf('<', lt + 1);
        continue;
      }
      if (next === -1) break;
      lt = html.indexOf('<', next);
    }
    if (tags.inJsonLd) tags.closeTag('script');
    return true;
  } catch (error) {
    if (error === NEEDS_DECODING) return false;
    throw error;
  } finally {
    attributes.reset('');
  }
}
