/**
 * A scan of the raw XML text for what an XML parser decodes away: a raw `&` that starts no entity
 * (not well-formed; the parser's own error for it lands far from the cause) and raw `'` `"` `>` in
 * text and attribute values (well-formed, but the protocol asks for every data value to be
 * entity-escaped). Comments, CDATA sections, processing instructions and the DOCTYPE are skipped.
 * Pure: fed text in chunks of any size, it finds the same issues. It keeps the first issues of
 * each kind (one per line) up to a cap, and counts the rest.
 */

import { MAX_FINDINGS_PER_RULE } from './bounds.js';

export interface EscapeIssue {
  kind: 'ampersand' | 'unescaped';
  line: number;
  /** The characters found raw on this line, in order of first appearance. */
  chars: string[];
  /** How many times on this line. */
  count: number;
  /** A few characters around the first one, on one line. */
  context: string;
  inAttribute: boolean;
}

type State = 'text' | 'tag' | 'comment' | 'cdata' | 'pi' | 'doctype';

/** Longest look-ahead a decision needs (an entity name, `<![CDATA[`). */
const LOOKAHEAD = 64;
const ENTITY = /&(?:#[0-9]+|#x[0-9A-Fa-f]+|[\p{L}_:][\p{L}\p{N}_.:\u00B7-]*);/uy;
/** Per state, the characters that can matter: everything between them is skipped at once. */
const NEXT: Record<State, RegExp> = {
  text: /[\n<&'">]/g,
  tag: /[\n"'>&]/g,
  comment: /[\n-]/g,
  cdata: /[\n\]]/g,
  pi: /[\n?]/g,
  doctype: /[\n[\]>]/g,
};

export class EscapeScanner {
  /** Issues of each kind found past the cap: counted, not kept. */
  readonly dropped: Record<EscapeIssue['kind'], number> = { ampersand: 0, unescaped: 0 };
  private buffer = '';
  private state: State = 'text';
  private quote = '';
  private doctypeDepth = 0;
  private line = 1;
  private readonly issues: EscapeIssue[] = [];
  /** The last line each kind was found on, and its issue when that one was kept. */
  private readonly lastOfKind = new Map<
    EscapeIssue['kind'],
    { line: number; issue?: EscapeIssue }
  >();
  private readonly keptOfKind: Record<EscapeIssue['kind'], number> = { ampersand: 0, unescaped: 0 };

  /** @param cap Issues kept per kind. */
  constructor(private readonly cap = MAX_FINDINGS_PER_RULE) {}

  write(chunk: string): void {
    this.buffer += chunk;
    this.scan(false);
  }

  /** Scans what is left and returns the issues kept, one per kind and line, in line order. */
  close(): EscapeIssue[] {
    this.scan(true);
    return this.issues;
  }

  /** The issues kept so far, without scanning the text held back (the input was cut short). */
  stop(): EscapeIssue[] {
    return this.issues;
  }

  private record(kind: EscapeIssue['kind'], char: string, at: number, inAttribute: boolean): void {
    const last = this.lastOfKind.get(kind);
    if (last !== undefined && last.line === this.line) {
      if (last.issue !== undefined) {
        if (!last.issue.chars.includes(char)) last.issue.chars.push(char);
        last.issue.count++;
      }
      return;
    }
    if (this.keptOfKind[kind] >= this.cap) {
      this.dropped[kind]++;
      this.lastOfKind.set(kind, { line: this.line });
      return;
    }
    this.keptOfKind[kind]++;
    const context = this.buffer
      .slice(Math.max(0, at - 24), at + 24)
      .replace(/\s+/g, ' ')
      .trim();
    const issue: EscapeIssue = {
      kind,
      line: this.line,
      chars: [char],
      count: 1,
      context,
      inAttribute,
    };
    this.issues.push(issue);
    this.lastOfKind.set(kind, { line: this.line, issue });
  }

  private checkAmpersand(at: number, inAttribute: boolean): void {
    ENTITY.lastIndex = at;
    if (!ENTITY.test(this.buffer)) this.record('ampersand', '&', at, inAttribute);
  }

  private scan(final: boolean): void {
    const text = this.buffer;
    const end = final ? text.length : text.length - LOOKAHEAD;
    let i = 0;
    while (i < end) {
      const next = NEXT[this.state];
      next.lastIndex = i;
      i = next.exec(text)?.index ?? end;
      if (i >= end) break;
      const c = text[i] as string;
      if (c === '\n') this.line++;
      switch (this.state) {
        case 'text':
          if (c === '<') {
            if (text.startsWith('<!--', i)) [this.state, i] = ['comment', i + 3];
            else if (text.startsWith('<![CDATA[', i)) [this.state, i] = ['cdata', i + 8];
            else if (text.startsWith('<!', i)) [this.state, this.doctypeDepth] = ['doctype', 0];
            else if (text.startsWith('<?', i)) [this.state, i] = ['pi', i + 1];
            else this.state = 'tag';
          } else if (c === '&') this.checkAmpersand(i, false);
          else if (c === "'" || c === '"' || c === '>') this.record('unescaped', c, i, false);
          break;
        case 'tag':
          if (this.quote === '') {
            if (c === '"' || c === "'") this.quote = c;
            else if (c === '>') this.state = 'text';
          } else if (c === this.quote) this.quote = '';
          else if (c === '&') this.checkAmpersand(i, true);
          else if (c === "'" || c === '"' || c === '>') this.record('unescaped', c, i, true);
          break;
        case 'comment':
          if (c === '-' && text.startsWith('-->', i)) [this.state, i] = ['text', i + 2];
          break;
        case 'cdata':
          if (c === ']' && text.startsWith(']]>', i)) [this.state, i] = ['text', i + 2];
          break;
        case 'pi':
          if (c === '?' && text[i + 1] === '>') [this.state, i] = ['text', i + 1];
          break;
        case 'doctype':
          if (c === '[') this.doctypeDepth++;
          else if (c === ']') this.doctypeDepth--;
          else if (c === '>' && this.doctypeDepth <= 0) this.state = 'text';
          break;
      }
      i++;
    }
    this.buffer = text.slice(Math.min(Math.max(i, end), text.length));
  }
}
