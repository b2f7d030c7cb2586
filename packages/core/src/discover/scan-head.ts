/**
 * The head scanner: a tokenizer for the text of a page's head that finds what htmlparser2 finds
 * (its tokenizer's states, HTML mode, ported), without its cost. htmlparser2 reads a head char
 * by char and makes a string of every attribute and an object of every tag; over a million pages
 * that was most of the time and the garbage of a build reading heads. The scanner jumps from `<`
 * to `<` (and through quoted values, comments, scripts and styles) with `indexOf`, and makes
 * strings only of the attributes of the tags `HeadTags` reads.
 *
 * It hands back (returns false, having fed `tags` part of the head) what it does not do, for the
 * caller to parse the head again with htmlparser2: a value with a character reference (`&amp;`)
 * that `HeadTags` asks for, SVG or MathML (foreign content, where htmlparser2 tokenizes
 * `<script>` and `<style>` as any tag), and `<plaintext>`. Agreement with htmlparser2 is tested
 * on heads made to reach every state (`test/unit/scan-head.test.ts`).
 */
import { HEAD_TAGS, type HeadTags, type TagAttributes } from './head-tags.js';

const TAB = 0x09;
const NEW_LINE = 0x0a;
const FORM_FEED = 0x0c;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const BANG = 0x21;
const DOUBLE_QUOTE = 0x22;
const AMP = '&';
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
const TEXT_ONLY = new Set([
  'script',
  'style',
  'title',
  'textarea',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
]);
/** Where the scanner stops and htmlparser2 takes the head. */
const LEFT_TO_PARSER = new Set(['svg', 'math', 'plaintext']);

/** Thrown when `HeadTags` asks for a value with a character reference. */
const NEEDS_DECODING = Symbol('needs decoding');

/** The attributes of one start tag: name, value start, value end, in the head's text. */
class ScannedAttributes implements TagAttributes {
  html = '';
  readonly names: string[] = [];
  readonly spans: number[] = [];

  reset(html: string): void {
    this.html = html;
    this.names.length = 0;
    this.spans.length = 0;
  }

  add(name: string, start: number, end: number): void {
    if (this.names.includes(name)) return;
    this.names.push(name);
    this.spans.push(start, end);
  }

  has(name: string): boolean {
    return this.names.includes(name);
  }

  filled(name: string): boolean {
    const at = this.names.indexOf(name);
    return at !== -1 && (this.spans[2 * at + 1] as number) > (this.spans[2 * at] as number);
  }

  get(name: string): string | undefined {
    const at = this.names.indexOf(name);
    if (at === -1) return undefined;
    const value = this.html.slice(this.spans[2 * at], this.spans[2 * at + 1]);
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
  const name = html.slice(start, i).toLowerCase();
  if (LEFT_TO_PARSER.has(name)) return TO_PARSER;
  const read = HEAD_TAGS.has(name);
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
      if (read) attributes.add(html.slice(nameStart, nameEnd).toLowerCase(), i, i);
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
    if (read) attributes.add(html.slice(nameStart, nameEnd).toLowerCase(), valueStart, valueEnd);
  }
  if (read) tags.openTag(name, attributes);
  const after = i + 1;
  if (!TEXT_ONLY.has(name)) return after;
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
