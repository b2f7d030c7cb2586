/**
 * Turns the XSD pass's errors into findings, leaving out those that say again what one of our own
 * rules already said on the same line (a bad lastmod is reported once, as `lastmod-format`, not
 * also as `xsd`). Our own errors are remembered per line as a few bits, not as findings, so the
 * check holds however many of them were dropped past the caps. Pure.
 */

import type { LineSpans } from './line-spans.js';
import type { RuleId, Severity } from './rules.js';
import type { Finding } from './types.js';
import type { XsdError } from './xsd.js';

const STRUCTURE: RuleId[] = [
  'element-order',
  'loc-count',
  'unknown-element',
  'unexpected-text',
  'no-entries',
];

/** Our rules that already cover an XSD complaint about an element, by its local name. */
const COVERED_BY: Partial<Record<string, RuleId[]>> = {
  loc: ['url-absolute', 'url-encoding', 'url-length', ...STRUCTURE],
  lastmod: ['lastmod-format', ...STRUCTURE],
  changefreq: ['changefreq-value', ...STRUCTURE],
  priority: ['priority-value', ...STRUCTURE],
};
const ELEMENT = /Element '(?:\{[^}]*\})?(?:[\w.-]+:)?([\w.-]+)'/;
const STRUCTURAL_MESSAGE = /Expected is|Missing child/;

/** One bit per rule that can cover an XSD complaint. */
const BIT = new Map<string, number>(
  [...new Set(Object.values(COVERED_BY).flat())].map((rule, i) => [rule as string, 1 << i]),
);
const maskOf = (rules: readonly RuleId[]): number =>
  rules.reduce((mask, rule) => mask | (BIT.get(rule) ?? 0), 0);
const STRUCTURE_MASK = maskOf(STRUCTURE);
/** A Map, not an object: an element named `constructor` must find nothing. */
const COVERED_MASK = new Map<string, number>(
  Object.entries(COVERED_BY).map(([element, rules]) => [element, maskOf(rules ?? [])]),
);

/** The lines of one file where our own rules reported an error the XSD pass may repeat. */
export class OwnErrorLines {
  private readonly lines = new Map<number, number>();

  /** Notes one of our findings (only errors of the covering rules, with a line, count). */
  note(rule: string, severity: Severity, line: number | undefined): void {
    const bit = BIT.get(rule);
    if (bit === undefined || severity !== 'error' || line === undefined) return;
    this.lines.set(line, (this.lines.get(line) ?? 0) | bit);
  }

  /** Whether one of `mask`'s rules reported an error on the line. */
  covers(line: number, mask: number): boolean {
    return ((this.lines.get(line) ?? 0) & mask) !== 0;
  }
}

/**
 * One XSD error of a file as a finding, or undefined when our own rules said it already.
 * @param own The file's own error lines.
 * @param spans Line spans of entries with a structural finding: structural XSD errors in them
 *   are the same problem seen from another line.
 * @example xsdFinding('s.xml', { line: 3, message: "Element 'foo': This element is not expected." },
 *   new OwnErrorLines(), new LineSpans())?.rule // 'xsd'
 */
export function xsdFinding(
  file: string,
  error: XsdError,
  own: OwnErrorLines,
  spans: LineSpans,
): Finding | undefined {
  const { line } = error;
  if (line !== undefined) {
    const element = ELEMENT.exec(error.message)?.[1] ?? '';
    const covering = COVERED_MASK.get(element) ?? STRUCTURE_MASK;
    if (own.covers(line, covering)) return undefined;
    const structural = covering === STRUCTURE_MASK || STRUCTURAL_MESSAGE.test(error.message);
    if (structural && spans.covers(line)) return undefined;
  }
  const finding: Finding = { rule: 'xsd', severity: 'error', file, message: error.message };
  if (line !== undefined) finding.line = line;
  return finding;
}
