/**
 * One `<url>` or `<sitemap>` as the parser walks its children: collects loc, lastmod, changefreq,
 * priority and `<xhtml:link>`s with their lines, and checks the children against the XSD
 * sequence (loc, lastmod, changefreq, priority, then extensions; one loc; nothing unknown). Pure.
 */

import type { SaxesAttributeNS, SaxesTagNS } from 'saxes';
import { XHTML_NS } from '../limits.js';
import { clip } from '../url/shorten.js';
import { MAX_LINKS_PER_ENTRY } from './bounds.js';
import type { RuleId } from './rules.js';

export type RootKind = 'urlset' | 'sitemapindex';

export interface Located {
  value: string;
  line: number;
}

export interface ParsedLink {
  rel?: string;
  hreflang?: string;
  href?: string;
  line: number;
}

/** One `<url>` or `<sitemap>`, with the first of each of its fields. */
export interface ParsedEntry {
  line: number;
  loc?: Located;
  locCount: number;
  lastmod?: Located;
  changefreq?: Located;
  priority?: Located;
  /** `<xhtml:link>` children. */
  links: ParsedLink[];
}

export interface ParseFinding {
  rule: RuleId;
  line: number;
  message: string;
}

type Field = 'loc' | 'lastmod' | 'changefreq' | 'priority';

export const ENTRY_NAME: Record<RootKind, string> = { urlset: 'url', sitemapindex: 'sitemap' };
/** Position of each protocol child in the XSD sequence; extensions come last. */
const ORDER: Record<RootKind, Partial<Record<string, number>>> = {
  urlset: { loc: 0, lastmod: 1, changefreq: 2, priority: 3 },
  sitemapindex: { loc: 0, lastmod: 1 },
};
const EXTENSION = 4;
const STRUCTURAL = new Set<RuleId>([
  'element-order',
  'loc-count',
  'unknown-element',
  'unexpected-text',
]);

/**
 * A copy of a string that shares no memory with the parser's chunk: saxes hands out slices of its
 * 64 KiB input chunks, and one kept slice would keep its whole chunk alive.
 */
function detach(text: string): string {
  return ` ${text}`.slice(1);
}

function linkOf(tag: SaxesTagNS, line: number): ParsedLink {
  const link: ParsedLink = { line };
  for (const name of ['rel', 'hreflang', 'href'] as const) {
    const found: SaxesAttributeNS | undefined = tag.attributes[name];
    if (found !== undefined && found.uri === '') link[name] = detach(found.value);
  }
  return link;
}

export class EntryBuilder {
  readonly entry: ParsedEntry;
  /** A structural finding was made: the XSD's own complaints inside this entry are the same. */
  structural = false;
  private lastOrder = -1;
  private orderReported = false;
  private strayReported = false;
  private linksReported = false;
  /** "before <loc>", held until the entry shows whether it has a <loc> at all. */
  private pendingOrder: ParseFinding | undefined;
  private field: { name: Field; line: number; text: string } | undefined;

  constructor(
    private readonly kind: RootKind,
    /** The namespace of the protocol's elements (the root's, even when it is the wrong one). */
    private readonly ns: string,
    line: number,
    private readonly findings: ParseFinding[],
  ) {
    this.entry = { line, locCount: 0, links: [] };
  }

  private report(rule: RuleId, line: number, message: string): void {
    this.findings.push({ rule, line, message });
    if (STRUCTURAL.has(rule)) this.structural = true;
  }

  /**
   * A child element opens. Returns 'text' when its text is to be collected, 'skip' when it and
   * its content are to be ignored (extensions, unknown elements).
   */
  open(tag: SaxesTagNS, line: number, extensions: (tag: SaxesTagNS) => void): 'text' | 'skip' {
    const extension = tag.uri !== this.ns && tag.uri !== '';
    const order = extension ? EXTENSION : ORDER[this.kind][tag.local];
    const name = `<${clip(tag.name)}>`;
    if (order === undefined) {
      this.report('unknown-element', line, `${name} is not part of <${ENTRY_NAME[this.kind]}>`);
      return 'skip';
    }
    if (order === 0 && ++this.entry.locCount > 1) {
      this.report('loc-count', line, `a second <loc> in one <${ENTRY_NAME[this.kind]}>`);
    } else if (order === 0 && this.pendingOrder !== undefined) {
      this.report(this.pendingOrder.rule, this.pendingOrder.line, this.pendingOrder.message);
      this.pendingOrder = undefined;
    } else if (!this.orderReported) {
      const problem = this.orderProblem(order, name);
      if (problem !== undefined) {
        this.orderReported = true;
        if (this.entry.locCount === 0)
          this.pendingOrder = { rule: 'element-order', line, message: problem };
        else this.report('element-order', line, problem);
      }
    }
    this.lastOrder = Math.max(this.lastOrder, order);
    if (extension) {
      extensions(tag);
      if (tag.uri === XHTML_NS && tag.local === 'link') this.link(tag, line);
      return 'skip';
    }
    this.field = { name: tag.local as Field, line, text: '' };
    return 'text';
  }

  /** Keeps an `<xhtml:link>`, up to MAX_LINKS_PER_ENTRY; says once when there are more. */
  private link(tag: SaxesTagNS, line: number): void {
    if (this.entry.links.length < MAX_LINKS_PER_ENTRY) {
      this.entry.links.push(linkOf(tag, line));
    } else if (this.entry.links.length === MAX_LINKS_PER_ENTRY && !this.linksReported) {
      this.linksReported = true;
      this.report(
        'hreflang-link',
        line,
        `more than ${MAX_LINKS_PER_ENTRY.toLocaleString('en-US')} <xhtml:link> in one <${ENTRY_NAME[this.kind]}>: the rest were not checked`,
      );
    }
  }

  private orderProblem(order: number, name: string): string | undefined {
    if (order > 0 && this.entry.locCount === 0) return `${name} before <loc>: <loc> comes first`;
    if (order < this.lastOrder) {
      return `${name} out of order: loc, lastmod, changefreq, priority, then extensions`;
    }
    if (order === this.lastOrder && order !== EXTENSION) return `${name} repeated`;
    return undefined;
  }

  /** An element inside a field: fields hold text only. */
  nested(tag: SaxesTagNS, line: number): void {
    this.report(
      'unknown-element',
      line,
      `<${clip(tag.name)}> inside <${this.field?.name}>: it holds text only`,
    );
  }

  text(text: string, line: number): void {
    if (this.field !== undefined) {
      this.field.text += text;
    } else if (!this.strayReported && text.trim() !== '') {
      const inside = `<${ENTRY_NAME[this.kind]}>`;
      this.report(
        'unexpected-text',
        line,
        `text "${text.trim().slice(0, 40)}" directly inside ${inside}`,
      );
      this.strayReported = true;
    }
  }

  /** The open field closes: the first of each field is kept. */
  closeField(): void {
    if (this.field === undefined) return;
    const { name, line, text } = this.field;
    if (this.entry[name] === undefined) this.entry[name] = { value: detach(text), line };
    this.field = undefined;
  }

  /** The entry closes. */
  close(): ParsedEntry {
    if (this.entry.locCount === 0) {
      this.report('loc-count', this.entry.line, `<${ENTRY_NAME[this.kind]}> without <loc>`);
    }
    return this.entry;
  }
}
