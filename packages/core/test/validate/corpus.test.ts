/**
 * The hand-written corpus: one bad case per rule (each asserting exactly the rule ids it yields)
 * and good cases that must come back clean. Targets are files or folders under corpus/.
 */

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULE_IDS, type RuleId, validateSitemaps } from '../../src/validate/index.js';

const CORPUS = fileURLToPath(new URL('./corpus/', import.meta.url));
const NOW = new Date('2025-01-01T00:00:00Z');

interface Case {
  rules: RuleId[];
  site?: string;
}

/** Target (relative to corpus/) -> the rule ids it must yield, no more, no fewer. */
const RULE_CASES: Record<string, Case> = {
  'rules/no-sitemap': { rules: ['no-sitemap'] },
  'rules/file-unreadable.xml.gz': { rules: ['file-unreadable'] },
  'rules/encoding-utf8.xml': { rules: ['encoding-utf8'] },
  'rules/encoding-utf8-declared.xml': { rules: ['encoding-utf8'] },
  'rules/xml-declaration.xml': { rules: ['xml-declaration'] },
  'rules/xml-well-formed.xml': { rules: ['xml-well-formed'] },
  'rules/unescaped-ampersand.xml': { rules: ['unescaped-ampersand'] },
  'rules/entity-escaping.xml': { rules: ['entity-escaping'] },
  'rules/root-element.xml': { rules: ['root-element'] },
  'rules/namespace.xml': { rules: ['namespace'] },
  'rules/element-order.xml': { rules: ['element-order'] },
  'rules/element-order-root.xml': { rules: ['element-order', 'xsd-extension-not-checked'] },
  'rules/loc-count.xml': { rules: ['loc-count'] },
  'rules/loc-count-missing.xml': { rules: ['loc-count'] },
  'rules/unknown-element.xml': { rules: ['unknown-element'] },
  'rules/unexpected-text.xml': { rules: ['unexpected-text'] },
  'rules/no-entries.xml': { rules: ['no-entries'] },
  // hreflang="en_US" is not an xsd:language: only the schema catches it.
  'rules/xsd.xml': { rules: ['xsd'] },
  // 11 characters: under the XSD's minLength of 12 for <loc>, which no rule of ours asks for.
  'rules/xsd-min-length.xml': { rules: ['xsd'] },
  'rules/xsd-extension-not-checked.xml': { rules: ['xsd-extension-not-checked'] },
  'rules/xsd-extension-custom.xml': { rules: ['xsd-extension-not-checked'] },
  'rules/schema-location.xml': { rules: ['schema-location'] },
  'rules/url-absolute.xml': { rules: ['url-absolute'] },
  'rules/url-encoding.xml': { rules: ['url-encoding'] },
  // Exactly 2,048 characters: the XSD's maxLength allows it, the protocol's "fewer than" not.
  'rules/url-length.xml': { rules: ['url-length'] },
  'rules/url-whitespace.xml': { rules: ['url-whitespace'] },
  'rules/url-location.xml': { rules: ['url-location'], site: 'https://example.com/blog/' },
  'rules/lastmod-format.xml': { rules: ['lastmod-format'] },
  'rules/lastmod-format-no-zone.xml': { rules: ['lastmod-format'] },
  'rules/lastmod-future.xml': { rules: ['lastmod-future'] },
  'rules/changefreq-value.xml': { rules: ['changefreq-value'] },
  'rules/priority-value.xml': { rules: ['priority-value'] },
  'rules/hreflang-link.xml': { rules: ['hreflang-link'] },
  'rules/hreflang-self.xml': { rules: ['hreflang-self'] },
  'rules/index-same-site': { rules: ['index-same-site'] },
  'rules/index-nested': { rules: ['index-nested'] },
  'rules/sitemap-missing': { rules: ['sitemap-missing'] },
  'rules/sitemap-not-followed': {
    rules: ['sitemap-not-followed'],
    site: 'https://example.com/docs/',
  },
  'rules/index-lastmod-stale': { rules: ['index-lastmod-stale'] },
  'rules/duplicate-url.xml': { rules: ['duplicate-url'] },
  'rules/duplicate-url-across': { rules: ['duplicate-url'] },
  'rules/hreflang-return.xml': { rules: ['hreflang-return'] },
};

/** Rules whose cases are generated (files too big to hand-write): see limits.test.ts. */
const GENERATED: RuleId[] = ['limit-urls', 'limit-bytes', 'limit-sitemaps'];

const CLEAN_CASES: Record<string, { site?: string }> = {
  'clean/minimal.xml': {},
  // The protocol page's header, as it prints it (a line break inside the attribute).
  'clean/schema-location.xml': {},
  'clean/full.xml': {},
  'clean/index': {},
  'clean/site-path': { site: 'https://example.com/docs/' },
  'clean/robots': {},
  'clean/sniffed': {},
  // What @astrojs/sitemap 3.7 writes for a small site: index + one urlset declaring the news,
  // xhtml, image and video namespaces (declared, unused), all on one line.
  'clean/astro': {},
};

async function check(target: string, site: string | undefined) {
  return validateSitemaps(`${CORPUS}${target}`, { now: NOW, ...(site !== undefined && { site }) });
}

describe('one bad case per rule', () => {
  it('covers every rule', () => {
    const covered = new Set([...Object.values(RULE_CASES).flatMap((c) => c.rules), ...GENERATED]);
    expect(RULE_IDS.filter((rule) => !covered.has(rule))).toEqual([]);
  });

  for (const [target, { rules, site }] of Object.entries(RULE_CASES)) {
    it.concurrent(`${target} -> ${rules.join(', ')}`, async () => {
      const report = await check(target, site);
      const found = [...new Set(report.findings.map((f) => f.rule))].sort();
      expect(found, JSON.stringify(report.findings, null, 2)).toEqual([...rules].sort());
      const errors = report.findings.filter((f) => f.severity === 'error').length;
      expect(report.errors).toBe(errors);
    });
  }
});

describe('hreflang-self', () => {
  it('names each URL missing from its own set; an x-default to itself is not its language', async () => {
    const report = await check('rules/hreflang-self.xml', undefined);
    expect(
      report.findings.filter((f) => f.rule === 'hreflang-self').map((f) => [f.line, f.url]),
    ).toEqual([
      [5, 'https://example.com/en/'],
      [14, 'https://example.com/x/'],
    ]);
  });
});

describe('clean cases', () => {
  for (const [target, { site }] of Object.entries(CLEAN_CASES)) {
    it.concurrent(`${target} is clean`, async () => {
      const report = await check(target, site);
      expect(report.findings).toEqual([]);
      expect(report.urlCount).toBeGreaterThan(0);
    });
  }

  it('follows the Astro index and infers the site from it', async () => {
    const report = await check('clean/astro', undefined);
    expect(report.files.map((f) => [f.path, f.kind, f.urlCount, f.url])).toEqual([
      ['sitemap-index.xml', 'index', 1, 'https://example.com/sitemap-index.xml'],
      ['sitemap-0.xml', 'urlset', 3, 'https://example.com/sitemap-0.xml'],
    ]);
    expect(report.site).toEqual({
      url: 'https://example.com/',
      source: 'index',
      from: 'sitemap-index.xml',
    });
  });
});
