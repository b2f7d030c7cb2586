/**
 * A push parser from sitemap XML text to entries with line numbers, plus the document-level
 * findings of the protocol (declaration, root, namespace, what sits directly in the root). Each
 * entry's children are checked by EntryBuilder. Built on saxes, fed in chunks: memory stays
 * bounded by the entries and findings not yet taken (and by the caps of bounds.ts). Pure.
 */

import type { SaxesTagNS } from 'saxes';
import { saxes as saxesLibrary } from '../dependencies.js';
import { SITEMAP_NS } from '../limits.js';
import { clip } from '../url/shorten.js';
import { MAX_EXTENSION_NAMES } from './bounds.js';
import {
  ENTRY_NAME,
  EntryBuilder,
  type ParsedEntry,
  type ParseFinding,
  type RootKind,
} from './entry-builder.js';
import { LineSpans } from './line-spans.js';
import type { RuleId } from './rules.js';
import { schemaLocationProblem } from './schema-location.js';

export type {
  Located,
  ParsedEntry,
  ParsedLink,
  ParseFinding,
  RootKind,
} from './entry-builder.js';

const POSITION = /^(\d+):\d+: /;

export class SitemapParser {
  root: RootKind | undefined;
  /** The root element and its namespace are the protocol's: the XSD pass can run. */
  rootOk = false;
  /** False from the first well-formedness error on; nothing after it is parsed. */
  wellFormed = true;
  /** The first well-formedness error, kept for the reader to report (or explain away). */
  firstError: { line: number; message: string } | undefined;
  entryCount = 0;
  /** Extension namespace -> names of its elements used directly in the root or an entry. */
  readonly extensions = new Map<string, Set<string>>();
  /** More extension names than MAX_EXTENSION_NAMES: `extensions` is incomplete. */
  extensionsOverflow = false;
  /**
   * Line spans (first, last) of the entries with a structural finding, and of an empty root: the
   * XSD pass reports the same problems at other lines of the span (a missing child at the end tag).
   */
  readonly spans = new LineSpans();

  private readonly saxes = new (saxesLibrary().SaxesParser)({ xmlns: true, position: true });
  private entries: ParsedEntry[] = [];
  private findings: ParseFinding[] = [];
  private ns = SITEMAP_NS;
  private declChecked = false;
  private depth = 0;
  private skipFrom: number | undefined;
  private tagLine = 1;
  private rootLine = 1;
  private strayReported = false;
  private entry: EntryBuilder | undefined;
  private extensionNames = 0;

  constructor() {
    const p = this.saxes;
    // No `xmldecl` handler: a seventh handler turns saxes' object into a slow dictionary-mode one
    // (parsing runs several times slower). The declaration is read from `xmlDecl` instead.
    p.on('opentagstart', () => {
      this.tagLine = p.line;
    });
    p.on('opentag', (tag) => this.guard(() => this.onOpen(tag)));
    p.on('closetag', () => this.guard(() => this.onClose()));
    p.on('text', (text) => this.guard(() => this.onText(text)));
    p.on('cdata', (text) => this.guard(() => this.onText(text)));
    p.on('error', (error) => this.onError(error));
  }

  write(text: string): void {
    if (this.wellFormed) this.saxes.write(text);
  }

  close(): void {
    if (this.wellFormed) this.saxes.close();
    this.checkDecl();
  }

  /** Entries completed since the last call. */
  takeEntries(): ParsedEntry[] {
    const taken = this.entries;
    this.entries = [];
    return taken;
  }

  /** Findings made since the last call. */
  takeFindings(): ParseFinding[] {
    const taken = this.findings;
    this.findings = [];
    return taken;
  }

  private guard(handler: () => void): void {
    if (this.wellFormed) handler();
  }

  private report(rule: RuleId, line: number, message: string): void {
    this.findings.push({ rule, line, message });
  }

  private onError(error: Error): void {
    if (!this.wellFormed) return;
    this.checkDecl();
    this.wellFormed = false;
    const match = POSITION.exec(error.message);
    const line = match ? Number(match[1]) : this.saxes.line;
    // saxes quotes names from the input (`unclosed tag: <name>`): clipped with them.
    this.firstError = { line, message: clip(error.message.replace(POSITION, '')) };
  }

  /**
   * The declaration's findings, once: when the root opens, or at an error or the end before it.
   * Returns whether there was a declaration.
   */
  private checkDecl(): boolean {
    const decl = this.saxes.xmlDecl;
    const saw =
      decl.version !== undefined || decl.encoding !== undefined || decl.standalone !== undefined;
    if (this.declChecked || !saw) return saw;
    this.declChecked = true;
    if (decl.version !== '1.0') {
      const version = clip(decl.version ?? '');
      this.report('xml-declaration', 1, `XML version ${version}: sitemaps are XML 1.0`);
    }
    if (decl.encoding === undefined) {
      this.report('xml-declaration', 1, 'the declaration names no encoding: add encoding="UTF-8"');
    } else if (decl.encoding.toLowerCase() !== 'utf-8') {
      const encoding = clip(decl.encoding);
      this.report('encoding-utf8', 1, `encoding="${encoding}" declared: sitemaps are UTF-8`);
    }
    return true;
  }

  private readonly useExtension = (tag: SaxesTagNS): void => {
    const names = this.extensions.get(tag.uri);
    if (names?.has(tag.local)) return;
    if (this.extensionNames >= MAX_EXTENSION_NAMES) {
      this.extensionsOverflow = true;
      return;
    }
    this.extensionNames++;
    if (names === undefined) this.extensions.set(tag.uri, new Set([tag.local]));
    else names.add(tag.local);
  };

  /** Ignores the element just opened, and everything in it. */
  private skip(): void {
    this.skipFrom = this.depth - 1;
  }

  private onOpen(tag: SaxesTagNS): void {
    const level = this.depth;
    this.depth++;
    if (this.skipFrom !== undefined) return;
    if (level === 0) this.openRoot(tag);
    else if (level === 1) this.openEntry(tag);
    else if (level === 2 && this.entry !== undefined) {
      if (this.entry.open(tag, this.tagLine, this.useExtension) === 'skip') this.skip();
    } else {
      this.entry?.nested(tag, this.tagLine);
      this.skip();
    }
  }

  private openRoot(tag: SaxesTagNS): void {
    if (!this.checkDecl()) {
      const message = 'no XML declaration: start with <?xml version="1.0" encoding="UTF-8"?>';
      this.report('xml-declaration', 1, message);
    }
    if (tag.local !== 'urlset' && tag.local !== 'sitemapindex') {
      const message = `root <${clip(tag.name)}>: a sitemap's root is <urlset> or <sitemapindex>`;
      this.report('root-element', this.tagLine, message);
      this.skip();
      return;
    }
    this.root = tag.local;
    this.rootLine = this.tagLine;
    this.ns = tag.uri;
    this.rootOk = tag.uri === SITEMAP_NS;
    if (!this.rootOk) {
      const found = tag.uri === '' ? 'no namespace' : `namespace ${clip(tag.uri)}`;
      const message = `<${tag.local}> in ${found}: use xmlns="${SITEMAP_NS}"`;
      this.report('namespace', this.tagLine, message);
    }
    const problem = schemaLocationProblem(tag);
    if (problem) this.report('schema-location', this.tagLine, problem);
  }

  private openEntry(tag: SaxesTagNS): void {
    const root = this.root as RootKind;
    const name = ENTRY_NAME[root];
    if (tag.uri === this.ns && tag.local === name) {
      this.entry = new EntryBuilder(root, this.ns, this.tagLine, this.findings);
      return;
    }
    if (tag.uri !== this.ns && tag.uri !== '') {
      this.useExtension(tag);
      if (this.entryCount > 0) {
        const message = `<${clip(tag.name)}> after the first <${name}>: extensions of <${root}> come before its entries`;
        this.report('element-order', this.tagLine, message);
      }
    } else {
      const other = root === 'urlset' ? 'sitemap' : 'url';
      const hint =
        tag.local === other ? `: a <${root}> holds <${name}> entries, not <${other}>` : '';
      this.report(
        'unknown-element',
        this.tagLine,
        `<${clip(tag.name)}> is not part of the protocol${hint}`,
      );
    }
    this.skip();
  }

  private onText(text: string): void {
    if (this.skipFrom !== undefined) return;
    if (this.entry !== undefined) {
      this.entry.text(text, this.saxes.line);
    } else if (this.depth === 1 && !this.strayReported && text.trim() !== '') {
      const message = `text "${text.trim().slice(0, 40)}" directly inside <${this.root}>`;
      this.report('unexpected-text', this.saxes.line, message);
      this.strayReported = true;
    }
  }

  private onClose(): void {
    this.depth--;
    const level = this.depth;
    if (this.skipFrom !== undefined) {
      if (level === this.skipFrom) this.skipFrom = undefined;
      return;
    }
    if (level === 2) {
      this.entry?.closeField();
    } else if (level === 1 && this.entry !== undefined) {
      const entry = this.entry.close();
      if (this.entry.structural) this.spans.add(entry.line, this.saxes.line);
      this.entries.push(entry);
      this.entryCount++;
      this.entry = undefined;
    } else if (level === 0 && this.entryCount === 0) {
      const root = this.root as RootKind;
      this.report('no-entries', this.rootLine, `<${root}> holds no <${ENTRY_NAME[root]}>`);
      this.spans.add(this.rootLine, this.saxes.line);
    }
  }
}
