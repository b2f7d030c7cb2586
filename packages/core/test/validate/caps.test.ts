/**
 * The caps of bounds.ts, module by module: clipped quotes, findings kept and counted, merged line
 * spans, the escape scanner's cap, the set checker's memory budget, the summary of what was
 * dropped, the caps on links and extension names per file, the part of robots.txt read.
 */

import { describe, expect, it } from 'vitest';
import { clip } from '../../src/url/shorten.js';
import { SetChecker, type SetFinding } from '../../src/validate/check-set.js';
import { checkUrl } from '../../src/validate/check-url.js';
import { findTarget } from '../../src/validate/find-target.js';
import { FindingLog } from '../../src/validate/finding-log.js';
import { type Finding, formatReport, validateSitemaps } from '../../src/validate/index.js';
import { LineSpans } from '../../src/validate/line-spans.js';
import { SitemapParser } from '../../src/validate/parse-sitemap.js';
import { EscapeScanner } from '../../src/validate/scan-escapes.js';
import { OwnErrorLines, xsdFinding } from '../../src/validate/xsd-findings.js';
import { makeTree } from '../helpers/fixture.js';
import { emptyReport } from '../helpers/validate.js';

const NOW = new Date('2025-01-01T00:00:00Z');
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function finding(i: number, rule = 'duplicate-url', file = 's.xml'): Finding {
  return { rule, severity: 'warning', file, line: i + 1, message: 'twice' };
}

describe('clip', () => {
  /** Input -> what a message quotes. */
  const CASES: [string, number, string][] = [
    ['https://example.com/', 200, 'https://example.com/'],
    ['x'.repeat(200), 200, 'x'.repeat(200)],
    ['x'.repeat(201), 200, `${'x'.repeat(200)}… (201 characters)`],
    ['x'.repeat(5_000_000), 3, 'xxx… (5,000,000 characters)'],
    // A surrogate pair is never cut in two.
    [`ab${'😀'.repeat(3)}`, 3, 'ab… (8 characters)'],
  ];
  for (const [text, max, expected] of CASES) {
    it(`${text.length} characters, at most ${max} -> ${expected.slice(0, 30)}`, () => {
      expect(clip(text, max)).toBe(expected);
    });
  }
});

describe('FindingLog', () => {
  it('keeps the first findings of a rule and file up to the cap, and counts the rest exactly', () => {
    const log = new FindingLog({ perRule: 3, perRun: 100 });
    for (let i = 0; i < 10; i++) log.add(finding(i));
    for (let i = 0; i < 2; i++) log.add(finding(i, 'duplicate-url', 't.xml'));
    log.add({ ...finding(0, 'url-absolute'), severity: 'error' });
    const out = log.finish((file) => (file === 's.xml' ? 0 : 1));
    expect(out.findings.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual([
      's.xml:1 duplicate-url',
      's.xml:1 url-absolute',
      's.xml:2 duplicate-url',
      's.xml:3 duplicate-url',
      't.xml:1 duplicate-url',
      't.xml:2 duplicate-url',
    ]);
    expect(out.dropped).toEqual([
      { rule: 'duplicate-url', severity: 'warning', file: 's.xml', count: 7 },
    ]);
    expect([out.errors, out.warnings]).toEqual([1, 12]);
  });

  it('keeps at most the run cap in all, and counts findings only counted elsewhere', () => {
    const log = new FindingLog({ perRule: 100, perRun: 5 });
    for (let i = 0; i < 8; i++) log.add(finding(i, i % 2 === 0 ? 'a' : 'b'));
    log.addDropped('s.xml', 'entity-escaping', 'warning', 40);
    const out = log.finish(() => 0);
    expect(out.findings).toHaveLength(5);
    expect(out.dropped.map((d) => [d.rule, d.count])).toEqual([
      ['a', 1],
      ['b', 2],
      ['entity-escaping', 40],
    ]);
    expect(out.warnings).toBe(48);
  });

  it('clips the URL and the message of what it keeps', () => {
    const log = new FindingLog();
    const url = `https://e.com/${'a'.repeat(10_000)}`;
    log.add({ ...finding(0), url, message: `x${'y'.repeat(5_000)}` });
    const [kept] = log.finish(() => 0).findings;
    expect(kept?.url).toBe(`${url.slice(0, 200)}… (10,014 characters)`);
    expect(kept?.message).toBe(`x${'y'.repeat(999)}… (5,001 characters)`);
  });
});

describe('LineSpans', () => {
  it('merges spans that touch or overlap, and finds lines by binary search', () => {
    const spans = new LineSpans();
    for (let line = 1; line <= 100_000; line++) spans.add(line, line);
    spans.add(100_002, 100_005);
    spans.add(100_004, 100_010);
    expect(spans.size).toBe(2);
    expect(
      [1, 50_000, 100_000, 100_001, 100_002, 100_010, 100_011].map((l) => spans.covers(l)),
    ).toEqual([true, true, true, false, true, true, false]);
  });
});

describe('EscapeScanner', () => {
  it('keeps the first 100 issues of a kind and counts the rest, one per line', () => {
    const scanner = new EscapeScanner();
    scanner.write("<a>it's</a>\n".repeat(150));
    scanner.write('<b>a & b & c</b>\n'.repeat(120));
    const issues = scanner.close();
    expect(issues.filter((i) => i.kind === 'unescaped')).toHaveLength(100);
    expect(issues.filter((i) => i.kind === 'ampersand')).toHaveLength(100);
    expect(scanner.dropped).toEqual({ unescaped: 50, ampersand: 20 });
    expect(issues.find((i) => i.kind === 'ampersand')?.count).toBe(2);
  });
});

describe('SetChecker', () => {
  it('remembers URLs within its budget, then compares without remembering, and says so once', () => {
    const notes: SetFinding[] = [];
    // Each URL of 14 characters costs 14 + 64 units: three fit in 240.
    const set = new SetChecker((note) => notes.push(note), 240);
    const urls = ['https://e.com/', 'https://e.com/a', 'https://e.com/b', 'https://e.com/c'];
    for (const [i, url] of urls.entries()) expect(set.addUrl(url, 's.xml', i + 1)).toBeUndefined();
    expect(notes.map((n) => [n.rule, n.line, n.url])).toEqual([
      ['duplicate-url', 4, 'https://e.com/c'],
    ]);
    expect(notes[0]?.message).toMatch(/^more URLs than the checks across the set remember/);
    expect(set.addUrl('https://e.com/a', 's.xml', 5)?.message).toBe(
      'URL listed twice: first at s.xml:2',
    );
    expect(set.addUrl('https://e.com/c', 's.xml', 6)).toBeUndefined();
    expect(set.addUrl('https://e.com/d', 's.xml', 7)).toBeUndefined();
    expect(notes).toHaveLength(1);
  });
});

describe('caps per URL and per file', () => {
  it('describes at most 5 encoding problems of one URL, then …', () => {
    const [problem] = checkUrl('https://e.com/ä ö"ü<é>ß{}');
    expect(problem?.message.split('; ')).toEqual([
      'raw non-ASCII "ä" (U+00E4) must be percent-encoded',
      'a space must be percent-encoded',
      'raw non-ASCII "ö" (U+00F6) must be percent-encoded',
      '""" must be percent-encoded',
      'raw non-ASCII "ü" (U+00FC) must be percent-encoded',
      '…',
    ]);
    expect(checkUrl('https://e.com/a b c d e f g h')[0]?.message).toBe(
      'a space must be percent-encoded',
    );
  });

  it('checks at most 1,000 <xhtml:link> of one <url>, and says so', () => {
    const link = '<xhtml:link rel="alternate" hreflang="de" href="https://e.com/de/"/>\n';
    const parser = new SitemapParser();
    parser.write(
      `${XML}<urlset ${NS} xmlns:xhtml="http://www.w3.org/1999/xhtml">\n<url><loc>https://e.com/</loc>\n${link.repeat(1_005)}</url></urlset>`,
    );
    parser.close();
    expect(parser.takeEntries()[0]?.links).toHaveLength(1_000);
    expect(parser.takeFindings()).toEqual([
      {
        rule: 'hreflang-link',
        line: 1_004,
        message: 'more than 1,000 <xhtml:link> in one <url>: the rest were not checked',
      },
    ]);
  });

  it('records at most 1,000 extension element names, and skips the XSD pass past them', async () => {
    const elements = Array.from({ length: 1_001 }, (_, i) => `<x:e${i}/>`).join('');
    const xml = `${XML}<urlset ${NS} xmlns:x="https://e.com/x">\n<url><loc>https://e.com/</loc>${elements}</url>\n</urlset>\n`;
    const root = await makeTree({ 'sitemap.xml': xml });
    const report = await validateSitemaps(root, { now: NOW });
    expect(report.findings.map((f) => [f.rule, f.message])).toEqual([
      [
        'xsd-extension-not-checked',
        'more than 1,000 extension element names: the file was not XSD-checked',
      ],
    ]);
  });
});

describe('caps on the reader and the target', () => {
  it('counts the escape issues past 100 per rule into the report', async () => {
    const urls = Array.from(
      { length: 150 },
      (_, i) => `<url><loc>https://e.com/it's-${i}</loc></url>\n`,
    );
    const root = await makeTree({
      'sitemap.xml': `${XML}<urlset ${NS}>\n${urls.join('')}</urlset>\n`,
    });
    const report = await validateSitemaps(root, { now: NOW, xsd: false });
    expect(report.findings.filter((f) => f.rule === 'entity-escaping')).toHaveLength(100);
    expect(report.dropped).toEqual([
      { rule: 'entity-escaping', severity: 'warning', file: 'sitemap.xml', count: 50 },
    ]);
    expect(report.warnings).toBe(150);
  });

  it('reads the first 500 KiB of robots.txt only', async () => {
    const late = `${'#'.repeat(600_000)}\nSitemap: https://e.com/s.xml\n`;
    const early = `Sitemap: https://e.com/s.xml\n${'#'.repeat(600_000)}\n`;
    expect((await findTarget(await makeTree({ 'robots.txt': late }))).how).toBe('none');
    expect((await findTarget(await makeTree({ 'robots.txt': early }))).how).toBe('robots.txt');
  });
});

describe('the XSD pass, against our own error lines', () => {
  it('leaves out an error our rule gave on its line, keeps any other', () => {
    const own = new OwnErrorLines();
    own.note('lastmod-format', 'error', 7);
    own.note('url-whitespace', 'warning', 8);
    const spans = new LineSpans();
    const message = (element: string) => `Element '${element}': This element is not expected.`;
    expect(xsdFinding('s.xml', { line: 7, message: message('lastmod') }, own, spans)).toBe(
      undefined,
    );
    expect(xsdFinding('s.xml', { line: 7, message: message('priority') }, own, spans)?.rule).toBe(
      'xsd',
    );
    expect(xsdFinding('s.xml', { line: 8, message: message('loc') }, own, spans)?.rule).toBe('xsd');
    // An element named like an Object.prototype member finds no rule list.
    expect(
      xsdFinding('s.xml', { line: 9, message: message('constructor') }, own, spans)?.rule,
    ).toBe('xsd');
  });
});

describe('formatReport with dropped findings', () => {
  it('says how many more of each rule there are, listed in the JSON or only counted', () => {
    const findings = Array.from({ length: 100 }, (_, i) => finding(i, 'lastmod-format'));
    const dropped = [
      { rule: 'lastmod-format', severity: 'warning' as const, file: 's.xml', count: 49_900 },
      { rule: 'duplicate-url', severity: 'warning' as const, file: 't.xml', count: 7 },
    ];
    const lines = formatReport(emptyReport({ findings, dropped, warnings: 50_007 })).split('\n');
    expect(lines.filter((l) => l.startsWith('… and'))).toEqual([
      '… and 49,980 more lastmod-format findings in s.xml (--json lists 100 of the 50,000)',
      '… and 7 more duplicate-url findings in t.xml (--json lists 0 of the 7)',
    ]);
  });

  it('formats half a million findings without spreading them into a call', () => {
    const one = finding(0);
    const findings = Array.from({ length: 500_000 }, () => one);
    expect(() => formatReport(emptyReport({ findings }))).not.toThrow();
  });
});
