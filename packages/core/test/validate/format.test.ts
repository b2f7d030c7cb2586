import { describe, expect, it } from 'vitest';
import { formatReport } from '../../src/validate/index.js';
import { emptyReport } from '../helpers/validate.js';

describe('formatReport', () => {
  it('writes one line per finding, the site, then the counts', () => {
    const text = formatReport(
      emptyReport({
        site: { url: 'https://e.com/', source: 'option' },
        files: [{ path: 'sitemap.xml', kind: 'urlset', urlCount: 1, bytes: 10, xmlBytes: 10 }],
        findings: [
          {
            rule: 'url-absolute',
            severity: 'error',
            file: 'sitemap.xml',
            line: 3,
            url: '/a',
            message: 'relative',
          },
          {
            rule: 'xsd-extension-not-checked',
            severity: 'warning',
            file: 'sitemap.xml',
            message: 'image',
          },
        ],
        errors: 1,
        warnings: 1,
        urlCount: 1,
      }),
      { prefix: 'dist/' },
    );
    expect(text).toBe(
      [
        'error   url-absolute              dist/sitemap.xml:3 /a relative',
        'warning xsd-extension-not-checked dist/sitemap.xml - image',
        'site: https://e.com/ (given with --site)',
        '1 file, 1 URL: 1 error, 1 warning',
        '',
      ].join('\n'),
    );
  });

  it('shows 20 findings of one rule per file, then how many more', () => {
    const findings = Array.from({ length: 25 }, (_, i) => ({
      rule: 'duplicate-url',
      severity: 'warning' as const,
      file: 's.xml',
      line: i + 1,
      message: 'twice',
    }));
    const lines = formatReport(emptyReport({ findings, warnings: 25 }))
      .trimEnd()
      .split('\n');
    expect(lines.filter((l) => l.startsWith('warning'))).toHaveLength(20);
    expect(lines.at(-2)).toBe(
      '… and 5 more duplicate-url findings in s.xml (--json lists them all)',
    );
    expect(lines.at(-1)).toBe('0 files, 0 URLs: 0 errors, 25 warnings');
  });

  it('says when the location rule could not be checked', () => {
    const files = [
      { path: 'sitemap.xml', kind: 'urlset' as const, urlCount: 2, bytes: 1, xmlBytes: 1 },
    ];
    expect(formatReport(emptyReport({ files, urlCount: 2 }))).toContain(
      'site: unknown, so the location rule was not checked (pass --site <url>)',
    );
  });
});
