/**
 * Turns the XSD pass's errors into findings, leaving out those that say again what one of our own
 * rules already said on the same line (a bad lastmod is reported once, as `lastmod-format`, not
 * also as `xsd`). Pure.
 */

import type { RuleId } from './rules.js';
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

/**
 * The XSD errors of one file as findings.
 * @param own The file's findings from our own rules, to leave out what they cover.
 * @param spans Line spans of entries with a structural finding: structural XSD errors in them
 *   are the same problem seen from another line.
 */
export function xsdFindings(
  file: string,
  errors: readonly XsdError[],
  own: readonly Finding[],
  spans: readonly (readonly [number, number])[] = [],
): Finding[] {
  const ownErrors = new Map<number, Set<string>>();
  for (const f of own) {
    if (f.file !== file || f.severity !== 'error' || f.line === undefined) continue;
    const rules = ownErrors.get(f.line) ?? new Set();
    rules.add(f.rule);
    ownErrors.set(f.line, rules);
  }
  const found: Finding[] = [];
  for (const error of errors) {
    if (error.line !== undefined) {
      const element = ELEMENT.exec(error.message)?.[1] ?? '';
      const covering = COVERED_BY[element] ?? STRUCTURE;
      const onLine = ownErrors.get(error.line);
      if (onLine !== undefined && covering.some((rule) => onLine.has(rule))) continue;
      const line = error.line;
      const structural = covering === STRUCTURE || /Expected is|Missing child/.test(error.message);
      if (structural && spans.some(([first, last]) => line >= first && line <= last)) continue;
    }
    const finding: Finding = { rule: 'xsd', severity: 'error', file, message: error.message };
    if (error.line !== undefined) finding.line = error.line;
    found.push(finding);
  }
  return found;
}
