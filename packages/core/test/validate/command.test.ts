/** `sitemapkit validate` as a command: flags, exit codes, the human and the JSON output. */

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runValidate } from '../helpers/validate.js';

const CORPUS = fileURLToPath(new URL('./corpus/', import.meta.url));

describe('usage errors exit 2 and name the option', () => {
  /** Arguments -> what stderr must say. */
  const CASES: [string[], string][] = [
    [[], 'missing <target>'],
    [['a', 'b'], 'one <target> only, got also: b'],
    [[CORPUS, '--bogus'], 'unknown option --bogus'],
    [[CORPUS, '--no-xds'], 'validate: unknown option --no-xds; did you mean --no-xsd?'],
    [[CORPUS, '--site'], 'validate: --site needs a value'],
    [[CORPUS, '--json=yes'], 'validate: --json takes no value'],
    [
      [CORPUS, '--site', '-x'],
      'validate: --site needs a value; one that starts with a dash is written --site=-value',
    ],
    [[CORPUS, '--limits', 'huge'], '--limits must be seeds or current, got "huge"'],
    [
      [CORPUS, '--site', 'example.com'],
      '--site must be an absolute http(s) URL, got "example.com"',
    ],
    [[`${CORPUS}does-not-exist`], 'target not found'],
  ];
  for (const [args, message] of CASES) {
    it(`${args.map((a) => a.replace(CORPUS, 'corpus/')).join(' ') || '(nothing)'} -> ${message}`, async () => {
      const { code, stdout, stderr } = await runValidate(...args);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain(message);
      expect(stderr).toContain('sitemapkit validate --help');
    });
  }
});

describe('exit codes and output', () => {
  it('--help prints the usage and exits 0', async () => {
    const { code, stdout } = await runValidate('--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: sitemapkit validate <target>/);
    for (const flag of ['--site', '--limits', '--json', '--no-xsd']) expect(stdout).toContain(flag);
  });

  it('exits 0 on a clean set, with the summary line last', async () => {
    const { code, stdout } = await runValidate(`${CORPUS}clean/astro`);
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      '2 files (1 index), 3 URLs: 0 errors, 0 warnings',
    );
  });

  it('exits 0 on warnings only', async () => {
    const { code, stdout } = await runValidate(`${CORPUS}rules/url-whitespace.xml`);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^warning url-whitespace .*url-whitespace\.xml:4 https:\/\/example\.com\/ <loc>: whitespace around the URL$/m,
    );
  });

  it('exits 1 on an error, one line per finding: severity rule file:line url message', async () => {
    const { code, stdout } = await runValidate(
      `${CORPUS}rules/url-location.xml`,
      '--site',
      'https://example.com/blog/',
    );
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(
      lines.slice(0, 2).map((l) => l.replace(/ \S*url-location\.xml:/, ' url-location.xml:')),
    ).toEqual([
      'error   url-location url-location.xml:7 https://example.com/about/ not under https://example.com/blog/: a sitemap at https://example.com/blog/url-location.xml may list only URLs under its directory',
      'error   url-location url-location.xml:10 http://example.com/blog/other not under https://example.com/blog/: a sitemap at https://example.com/blog/url-location.xml may list only URLs under its directory',
    ]);
    expect(lines.slice(2)).toEqual([
      'site: https://example.com/blog/ (given with --site)',
      '1 file, 3 URLs: 2 errors, 0 warnings',
    ]);
  });

  it('--json prints the report', async () => {
    const { code, stdout } = await runValidate(
      `${CORPUS}rules/priority-value.xml`,
      '--json',
      '--no-xsd',
    );
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ errors: 1, warnings: 0, urlCount: 1, site: null });
    expect(report.findings).toEqual([
      {
        rule: 'priority-value',
        severity: 'error',
        file: 'priority-value.xml',
        line: 5,
        url: 'https://example.com/',
        message: '<priority> "1.5": a decimal from 0.0 to 1.0',
      },
    ]);
  });

  it('--no-xsd skips the XSD pass', async () => {
    expect((await runValidate(`${CORPUS}rules/xsd.xml`)).code).toBe(1);
    expect((await runValidate(`${CORPUS}rules/xsd.xml`, '--no-xsd')).code).toBe(0);
  });
});
